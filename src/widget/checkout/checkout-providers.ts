/**
 * The checkout's default providers, built from the relay's configuration when the page did not
 * plug its own: the API's card tokenizer (the config's `tokenization`), and the sandbox's
 * anti-fraud profiler and 3-D Secure provider when the config names the sandbox. A provider the
 * config does not describe is absent, and the methods that need it are not offered.
 */
import type { AntifraudProfiler } from '../providers/antifraud-profiler.js';
import { createSandboxAntifraudProfiler } from '../providers/antifraud-profiler.js';
import { createApiCardTokenizer, type CardTokenizer } from '../providers/card-tokenizer.js';
import type { ThreeDSecureProvider } from '../three-d-secure/provider.js';
import { createSandboxThreeDSecureProvider } from '../three-d-secure/sandbox-provider.js';
import type { CheckoutConfig } from './relay-connection.js';

const SANDBOX_PROVIDER = 'sandbox';

function stringSetting(settings: Readonly<Record<string, unknown>> | null, name: string): string | undefined {
  const value = settings?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The API's card tokenizer with the config's public client id. */
export function defaultCardTokenizer(config: CheckoutConfig): CardTokenizer {
  return createApiCardTokenizer(config.tokenization);
}

/** The sandbox's profiler when the config's `antifraud` is `{ provider: 'sandbox', scriptUrl }`. */
export function defaultAntifraudProfiler(config: CheckoutConfig): AntifraudProfiler | undefined {
  const scriptUrl = stringSetting(config.antifraud, 'scriptUrl');
  if (stringSetting(config.antifraud, 'provider') !== SANDBOX_PROVIDER || !scriptUrl) return undefined;
  return createSandboxAntifraudProfiler({ scriptUrl });
}

/**
 * The sandbox's 3DS provider when the config's `threeDSecure` is `{ provider: 'sandbox', sessionsUrl }`;
 * its challenge dialog goes into `host` (the checkout's shadow root), so the checkout's theme reaches it.
 */
export function defaultThreeDSecureProvider(config: CheckoutConfig, host: ShadowRoot, locale: string): ThreeDSecureProvider | undefined {
  const sessionsUrl = stringSetting(config.threeDSecure, 'sessionsUrl');
  if (stringSetting(config.threeDSecure, 'provider') !== SANDBOX_PROVIDER || !sessionsUrl) return undefined;
  return createSandboxThreeDSecureProvider({ sessionsUrl, host, locale });
}
