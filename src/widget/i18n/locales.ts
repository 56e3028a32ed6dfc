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
