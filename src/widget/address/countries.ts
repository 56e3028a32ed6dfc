/**
 * The countries a billing address may name, as `address.country` takes them (ISO 3166-1
 * alpha-2, public-api.md), with their names in the buyer's language from the browser's own
 * `Intl.DisplayNames`: no list of names travels with the widget. The codes are the two-letter
 * regions the browser knows, without the old ones it maps to a new code (`UK` → `GB`) and
 * without the few regions that are no ISO 3166-1 country (the EU, the UN, the eurozone,
 * Ascension and the other CLDR-only territories, pseudo-locales, the unknown region).
 */
const NOT_ISO_COUNTRIES = 'AC CP CQ DG EA EU EZ IC QO TA UN XA XB XK ZZ';

const byLocale = new Map<string, readonly (readonly [string, string])[]>();

/** `[code, name]` of every country, by name in `locale`'s order. */
export function countryOptions(locale: string): readonly (readonly [string, string])[] {
  let options = byLocale.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    const found: [string, string][] = [];
    for (let first = 65; first <= 90; first += 1) {
      for (let second = 65; second <= 90; second += 1) {
        const code = String.fromCharCode(first, second);
        const name = names.of(code);
        if (name && !NOT_ISO_COUNTRIES.includes(code) && Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`) found.push([code, name]);
      }
    }
    const collator = new Intl.Collator(locale);
    options = found.sort((a, b) => collator.compare(a[1], b[1]));
    byLocale.set(locale, options);
  }
  return options;
}
