/**
 * What the checkout offers and charges, worked out from the relay's configuration and the
 * page's attributes: which methods, in which order; what the buyer pays for the instalments
 * chosen; and the charge's `metadata`.
 */
import type { ChargeMetadata } from '../../contract/charge-request.js';
import { METADATA_KEYS } from '../../contract/charge-request-rules.js';
import { isChargeMethod, type ChargeMethod } from '../../contract/payment-method-lists.js';
import { captureUtmMetadata } from '../attempt/utm.js';
import type { CheckoutConfig } from './relay-connection.js';

/** The names the `methods` attribute lists, separated by commas or spaces; some may be empty. */
export const methodNames = (attribute: string | undefined): string[] => (attribute ?? '').split(/[\s,]+/);

/**
 * The methods of the `methods` attribute (`"pix,credit_card,boleto"`), in its order, without
 * repeats and unknown names; undefined when the attribute names none (all methods are offered).
 */
export function parseMethodList(attribute: string | undefined): ChargeMethod[] | undefined {
  const names = methodNames(attribute).filter(isChargeMethod);
  return names.length === 0 ? undefined : [...new Set(names)];
}

/**
 * The methods to show: those the offer takes (the config), narrowed and ordered by the page's
 * list, and only those the checkout can complete (`canPay`: a card needs a profiler, 3DS a provider).
 * Pix Automático authorizes recurring charges (public-api.md, "Payment method behaviour"): a
 * one-time offer (`recurrence` null) offers it only when the page's list names it.
 *
 * The buyer gets one card choice: how a card is charged is the merchant's call, never the buyer's.
 * When `threeDs` and `credit_card` both remain, the card goes as `threeDs` (public-api.md: the card
 * is authenticated before the charge) and `credit_card` is left out; a page that wants cards without
 * 3-D Secure leaves `threeDs` out of its list (docs/widget.md, "One card choice").
 */
export function offeredMethods(
  config: CheckoutConfig,
  wanted: readonly ChargeMethod[] | undefined,
  canPay: (method: ChargeMethod) => boolean,
): ChargeMethod[] {
  const enabled = config.paymentMethods;
  const ordered = (wanted ? wanted.filter((method) => enabled.includes(method)) : enabled.filter((method) => method !== 'pix_auto' || config.recurrence !== null)).filter(canPay);
  // The one card choice stands where the page's list names a card first.
  return ordered.includes('threeDs') ? [...new Set(ordered.map((method) => (method === 'credit_card' ? 'threeDs' : method)))] : ordered;
}

/** What the buyer pays: the instalment plan's total for a card (interest included), else the offer's price. */
export function payableAmount(config: CheckoutConfig, installments: number | undefined): string {
  if (installments === undefined) return config.offer.price;
  return config.installments.find((option) => option.installments === installments)?.total ?? config.offer.price;
}

/**
 * The charge's `metadata`: the traffic-source tags of the page URL, then the page's own
 * `metadata` property over them. Only the keys the API accepts, with text values, are kept
 * (supplement, "Known behaviour": any other key is refused).
 */
export function chargeMetadata(given: Readonly<Record<string, unknown>> | undefined, href?: string): ChargeMetadata {
  const metadata: ChargeMetadata = captureUtmMetadata(href);
  for (const key of METADATA_KEYS) {
    const value = given?.[key];
    if (typeof value === 'string' && value.trim() !== '') metadata[key] = value.trim();
  }
  return metadata;
}
