/**
 * The few texts the checkout shows before any catalogue is on the page, in every language and
 * in the first chunk: every catalogue, pt-BR's included, is fetched on demand, so the checkout
 * needs these to speak the buyer's language while theirs is on its way, or when it cannot come.
 */
import type { SupportedLocale } from './locales.js';

/** "Loading…", said while the buyer's catalogue (and the configuration) load. */
export const LOADING_TEXTS: Readonly<Record<SupportedLocale, string>> = {
  'pt-BR': 'Carregando…',
  es: 'Cargando…',
  en: 'Loading…',
};

/** The error state when the buyer's catalogue could not be fetched (the buyer is offline), and its retry button. */
export const CATALOGUE_FAILURE_TEXTS: Readonly<Record<SupportedLocale, { readonly message: string; readonly retry: string }>> = {
  'pt-BR': {
    message: 'Não foi possível carregar o pagamento. Verifique sua conexão e tente novamente.',
    retry: 'Tentar novamente',
  },
  es: {
    message: 'No se pudo cargar el pago. Revisa tu conexión e inténtalo de nuevo.',
    retry: 'Intentar de nuevo',
  },
  en: {
    message: 'We could not load the payment. Check your connection and try again.',
    retry: 'Try again',
  },
};
