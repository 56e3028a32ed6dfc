import type { SupportedLocale } from './locales.js';

/**
 * "Loading…" in every language, in the first chunk even though es and en are not: the
 * checkout says it while the buyer's catalogue is still on its way, so an es or en buyer
 * never reads pt-BR first.
 */
export const LOADING_TEXTS: Readonly<Record<SupportedLocale, string>> = {
  'pt-BR': 'Carregando…',
  es: 'Cargando…',
  en: 'Loading…',
};
