/**
 * What the development builds tell the merchant's developer about a `<pay-checkout>` set up
 * wrong, where the checkout itself carries on in silence: it waits without a relay or an offer,
 * leaves methods out, drops metadata keys, falls back to pt-BR, shows the buyer a generic error.
 * Each warning says what is wrong and what to do, in English: it is for a developer, never shown
 * to the buyer, so it is not in the catalogues. Called only behind `if (DEV_MODE)` (dev-mode.ts).
 */
import { METADATA_KEYS } from '../../contract/charge-request-rules.js';
import { CHARGE_METHODS, isCardMethod, isChargeMethod } from '../../contract/payment-method-lists.js';
import { warnOnce } from '../dev-mode.js';
import { resolveLocale, SUPPORTED_LOCALES } from '../i18n/locales.js';
import type { AntifraudProfiler } from '../providers/antifraud-profiler.js';
import type { ThreeDSecureProvider } from '../three-d-secure/provider.js';
import { chargeMetadata, methodNames, parseMethodList } from './checkout-offer.js';
import { RelayAnswerError, RelayConnection, RelayUnreachableError, type CheckoutConfig } from './relay-connection.js';

/** What the page sets on a `<pay-checkout>`; an attribute the page removed is `null`. */
export interface CheckoutSettings {
  relay: string | null;
  offer: string | null;
  methods: string | null;
  locale: string | null;
  metadata: Readonly<Record<string, unknown>> | undefined;
}

/** The providers the card methods need, the page's or the relay's configuration's. */
export interface CardProviders {
  profiler: AntifraudProfiler | undefined;
  threeDSecure: ThreeDSecureProvider | undefined;
}

const list = (names: readonly string[]) => names.join(', ');

const languageOf = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0];

/** The attributes and properties the checkout reads without a word when they are wrong. */
export function warnAboutSettings(checkout: CheckoutSettings): void {
  if (!checkout.relay) {
    warnOnce(checkout, '<pay-checkout> has no relay attribute, so it loads nothing and stays in its loading state: set it to where your relay is mounted (relay="/checkout").');
  }
  if (!checkout.offer) {
    warnOnce(checkout, '<pay-checkout> has no offer attribute, so it loads nothing and stays in its loading state: set it to the id of the offer to sell.');
  }
  const unknown = [...new Set(methodNames(checkout.methods ?? undefined).filter((name) => name !== '' && !isChargeMethod(name)))];
  if (unknown.length > 0) {
    warnOnce(checkout, `methods="${checkout.methods}" names ${list(unknown)}, which the checkout does not know and leaves out: use ${list(CHARGE_METHODS)}.`);
  }
  const resolved = resolveLocale(checkout.locale);
  if (checkout.locale && languageOf(checkout.locale) !== languageOf(resolved)) {
    warnOnce(checkout, `locale "${checkout.locale}" is not supported, so the checkout speaks ${resolved}: use ${list(SUPPORTED_LOCALES)}.`);
  }
  // What the charge keeps of the property alone (no page address, so no tags from the URL).
  const kept = chargeMetadata(checkout.metadata, '');
  const dropped = Object.keys(checkout.metadata ?? {}).filter((key) => !(key in kept));
  if (dropped.length > 0) {
    warnOnce(checkout, `metadata keys ${list(dropped)} are not sent with the charge: only ${list(METADATA_KEYS)} with a non-empty text value are kept.`);
  }
}

/**
 * The methods the checkout does not show, once the relay's configuration is here: those of the
 * `methods` attribute the offer does not take, and the card methods without the provider they need
 * (offeredMethods in checkout-offer.ts drops both).
 */
export function warnAboutLeftOutMethods(checkout: CheckoutSettings, config: CheckoutConfig, providers: CardProviders): void {
  const taken = config.paymentMethods;
  const wanted = parseMethodList(checkout.methods ?? undefined);
  const notTaken = wanted?.filter((method) => !taken.includes(method)) ?? [];
  if (notTaken.length > 0) {
    warnOnce(checkout, `methods="${checkout.methods}" names ${list(notTaken)}, which offer ${config.offer.id} does not take and the checkout leaves out: the offer takes ${list(taken)}.`);
  }
  const shown = wanted?.filter((method) => taken.includes(method)) ?? taken;
  const cards = shown.filter(isCardMethod);
  if (cards.length > 0 && !providers.profiler) {
    warnOnce(checkout, `the checkout leaves out ${list(cards)} because there is no anti-fraud profiler: give the relay an antifraud setting ({ provider: 'sandbox', scriptUrl }) or set the element's antifraudProfiler property.`);
  } else if (cards.includes('threeDs') && !providers.threeDSecure) {
    // With `credit_card` beside it the buyer still has the card choice, only without 3-D Secure.
    const what = cards.includes('credit_card') ? 'charges cards as credit_card, without 3-D Secure,' : 'leaves out threeDs';
    warnOnce(checkout, `the checkout ${what} because there is no 3-D Secure provider: give the relay a threeDSecure setting ({ provider: 'sandbox', sessionsUrl }) or set the element's threeDSecureProvider property.`);
  }
}

/** Why the configuration could not be loaded, which the buyer only sees as a generic error. */
export function warnAboutLoadFailure(checkout: CheckoutSettings, error: unknown): void {
  if (!(error instanceof RelayAnswerError || error instanceof RelayUnreachableError)) return;
  const url = new RelayConnection({ relay: checkout.relay ?? '' }).url('config');
  if (error instanceof RelayUnreachableError) {
    warnOnce(checkout, `the relay could not be reached at ${url}: check the relay attribute, that the relay runs, and that a relay on another origin lists this page's origin in allowedOrigins.`);
    return;
  }
  // The relay's own messages are written for the developer: they say what to change (allowedOrigins, the offers it may sell).
  const hint = error.type === 'unknown' ? ` Is relay="${checkout.relay}" where your relay is mounted?` : '';
  warnOnce(checkout, `the configuration of offer ${checkout.offer} could not be loaded: ${url} gave HTTP ${error.status} ${error.type}: ${error.message}${hint}`);
}
