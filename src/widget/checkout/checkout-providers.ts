/**
 * The checkout's default providers, built from the relay's configuration when the page did not
 * plug its own: the API's card tokenizer (the config's `tokenization`), and the sandbox's
 * anti-fraud profiler and 3-D Secure provider when the config names the sandbox. A provider the
 * config does not describe is absent, and the methods that need it are not offered.
 */
import type { AntifraudProfiler } from '../providers/antifraud-profiler.js';
import { createSandboxAntifraudProfiler } from '../providers/antifraud-profiler.js';
import type { CardTokenizer } from '../providers/card-tokenizer-interface.js';
import { ThreeDSecureSessionError, type ThreeDSecureProvider } from '../three-d-secure/provider.js';
import { lazyCode } from '../on-demand-code.js';
import type { CheckoutConfig } from './relay-connection.js';

/** The setting `name` of a provider's `settings` when they name the sandbox and it is a non-empty string. */
function sandboxSetting(settings: Readonly<Record<string, unknown>> | null, name: string): string | undefined {
  const value = settings?.[name];
  return settings?.['provider'] === 'sandbox' && typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The API's card tokenizer's code: in the script-tag build it travels with the card form's, which is
 * on the page by the time a card is tokenized, and is imported as it is, through card-code.ts.
 */
const loadCardTokenizer = lazyCode(() => import('../card/card-code.js'));

/** The API's card tokenizer with the config's public client id. */
export function defaultCardTokenizer(config: CheckoutConfig): CardTokenizer {
  return {
    async tokenize(card, options) {
      const { createApiCardTokenizer } = await loadCardTokenizer();
      return createApiCardTokenizer(config.tokenization).tokenize(card, options);
    },
  };
}

/** The sandbox's profiler when the config's `antifraud` is `{ provider: 'sandbox', scriptUrl }`. */
export function defaultAntifraudProfiler(config: CheckoutConfig): AntifraudProfiler | undefined {
  const scriptUrl = sandboxSetting(config.antifraud, 'scriptUrl');
  return scriptUrl ? createSandboxAntifraudProfiler({ scriptUrl }) : undefined;
}

/** A provider of the checkout's own, whose code can be fetched ahead of its first authentication. */
export interface PreparedThreeDSecureProvider extends ThreeDSecureProvider {
  /** Starts fetching its code; a failure is forgotten, and `authenticate` fetches it again. */
  prepare(): void;
}

/**
 * The sandbox's 3DS provider when the config's `threeDSecure` is `{ provider: 'sandbox', sessionsUrl }`;
 * its challenge dialog goes into `host` (the checkout's shadow root), so the checkout's theme reaches it,
 * and speaks the checkout's language at the time (`locale`).
 * Its code is fetched by `prepare` (the checkout calls it as the buyer starts on a card form that goes
 * through 3-D Secure) or at the first authentication: a buyer who pays by Pix never downloads it, nor
 * does a buyer on a page with a provider of its own.
 */
export function defaultThreeDSecureProvider(config: CheckoutConfig, host: ShadowRoot, locale: () => string): PreparedThreeDSecureProvider | undefined {
  const sessionsUrl = sandboxSetting(config.threeDSecure, 'sessionsUrl');
  if (!sessionsUrl) return undefined;
  // The sandbox's 3-D Secure code, imported as its chunk's loaders all import it (three-d-secure-code.ts).
  const loadCode = lazyCode(() => import('../three-d-secure/three-d-secure-code.js'));
  return {
    prepare() {
      loadCode().catch(() => undefined);
    },
    async authenticate(input) {
      const { createSandboxThreeDSecureProvider } = await loadCode().catch((error: unknown) => {
        // Offline at that moment: the next attempt fetches it again.
        throw new ThreeDSecureSessionError('The 3-D Secure provider could not load.', {}, { cause: error });
      });
      return createSandboxThreeDSecureProvider({ sessionsUrl, host, locale: locale() }).authenticate(input);
    },
  };
}

/** The providers a configuration names, made while connected so the 3DS dialog has the shadow root to go into. */
export function defaultProviders(
  config: CheckoutConfig,
  host: ShadowRoot,
  locale: () => string,
): { profiler: AntifraudProfiler | undefined; threeDSecure: PreparedThreeDSecureProvider | undefined } {
  return { profiler: defaultAntifraudProfiler(config), threeDSecure: defaultThreeDSecureProvider(config, host, locale) };
}
