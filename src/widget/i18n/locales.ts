/** The widget's languages: pt-BR by default, Spanish and English beside it. */
export const SUPPORTED_LOCALES = ['pt-BR', 'es', 'en'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'pt-BR';

/**
 * The supported locale closest to a BCP 47 tag: an exact match first (case-insensitive),
 * then the same language (`pt-PT` → `pt-BR`, `es-MX` → `es`, `en-GB` → `en`), else pt-BR.
 */
export function resolveLocale(tag: string | null | undefined): SupportedLocale {
  if (!tag) return DEFAULT_LOCALE;
  const wanted = tag.trim().toLowerCase();
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0];
  return SUPPORTED_LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? DEFAULT_LOCALE;
}

/**
 * The tag amounts and dates are written in: the tag the page asked for when it is a valid BCP 47
 * tag of the language the texts are in (`es-MX` gives Spanish texts and `$1,234.50`), else that
 * language itself. The catalogues are per language, but separators, the currency's symbol and
 * the order of a date are the region's: a Mexican buyer reads `$1,234.50` where Spain writes
 * `1234,50 MXN`. A tag of another language (the texts fell back to pt-BR) or an unreadable one
 * (`es-`) formats in the texts' language, so an amount never reads in a language its
 * sentence is not in.
 */
export function formatTag(tag: string, language: SupportedLocale = resolveLocale(tag)): string {
  // A language's own tag is its canonical form already: no `Intl.Locale` (about 50 µs a call at
  // 4x CPU, a few ms now and then) for the default `pt-BR`, which every render asks for.
  if (tag === language) return tag;
  try {
    const asked = new Intl.Locale(tag.replace('_', '-'));
    // `es_MX` reads as `es-MX`, as in `resolveLocale`. `asked.language` has no region, so
    // `pt-BR` starts with it only when it is `pt`.
    if (language.startsWith(asked.language)) return asked.baseName;
  } catch {
    // Not a well-formed tag: Intl would refuse it too.
  }
  return language;
}
