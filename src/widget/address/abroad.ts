/**
 * What a foreign-currency offer's billing address adds, fetched only for such an offer: the
 * country select and the two fields that differ abroad. The API takes the same fields for every
 * country (public-api.md, request body `address.*`): `country` ISO 3166-1 alpha-2, `state` a
 * two-letter code, `zipcode` digits only.
 */
import { digitsOf } from '../fields/mask.js';
import type { FieldSpec } from '../customer/field-group.js';
import type { AddressFieldName } from './address-field-specs.js';

/**
 * An address abroad: the postal code as the buyer writes it, as long as the API can take it
 * (digits, spaced or hyphenated as people write them); the state as its two-letter code.
 */
export const ABROAD_SPECS: Readonly<Partial<Record<AddressFieldName, FieldSpec>>> = {
  zipcode: {
    label: 'field.postalCode.foreignLabel',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'postal-code',
    maxLength: 16,
    check: (raw) => (!raw.trim() ? 'field.error.required' : /^[\d\s-]+$/.test(raw.trim()) && digitsOf(raw) ? undefined : 'field.postalCode.error.digits'),
  },
  state: {
    label: 'field.state.label',
    hint: 'field.state.codeHint',
    type: 'text',
    autocomplete: 'address-level1',
    maxLength: 2,
    mask: (raw) => raw.toUpperCase(),
    check: (raw) => (/^[A-Za-z]{2}$/.test(raw.trim()) ? undefined : 'field.state.error.code'),
  },
};

/**
 * The regions the browser names that are no ISO 3166-1 country: the EU, the UN, the eurozone,
 * Ascension and the other CLDR-only territories, pseudo-locales, the unknown region.
 */
const NOT_ISO_COUNTRIES = 'AC CP CQ DG EA EU EZ IC QO TA UN XA XB XK ZZ';

let options: { locale: string; list: readonly (readonly [string, string])[] } | undefined;

/**
 * `[code, name]` of every country, by name in `locale`'s order, the names from the browser's
 * own `Intl.DisplayNames`: no list of names travels with the widget. The codes are the
 * two-letter regions the browser knows, without the old ones it maps to a new code (`UK` →
 * `GB`) and without those above.
 */
export function countryOptions(locale: string): readonly (readonly [string, string])[] {
  if (options?.locale !== locale) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    const list: [string, string][] = [];
    for (let first = 65; first <= 90; first += 1) {
      for (let second = 65; second <= 90; second += 1) {
        const code = String.fromCharCode(first, second);
        const name = names.of(code);
        if (name && !NOT_ISO_COUNTRIES.includes(code) && Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`) list.push([code, name]);
      }
    }
    options = { locale, list: list.sort((a, b) => a[1].localeCompare(b[1], locale)) };
  }
  return options.list;
}
