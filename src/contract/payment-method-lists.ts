/**
 * Payment method identifiers (public-api.md, "POST /public_api/payments/" and "Fees response")
 * as plain lists and checks: payment-methods.ts builds its schema on them and re-exports them;
 * the browser uses them directly.
 */

/** The methods a charge can be created with, in the spec's order. */
export const CHARGE_METHODS = ['pix', 'pix_auto', 'boleto', 'credit_card', 'threeDs'] as const;
export type ChargeMethod = (typeof CHARGE_METHODS)[number];

/** Card methods: need `card.token` and the anti-fraud reference, take `installments`, skip the banking-account rule. */
export const CARD_METHODS = ['credit_card', 'threeDs'] as const satisfies readonly ChargeMethod[];
export type CardMethod = (typeof CARD_METHODS)[number];

/** Methods that settle into the producer's banking account and so need it (the banking-account prerequisite). */
export const BANK_SETTLED_METHODS = ['pix', 'pix_auto', 'boleto'] as const satisfies readonly ChargeMethod[];

/** Pix methods: answer with a `pix` block and take `pixExpiresIn`. */
export const PIX_METHODS = ['pix', 'pix_auto'] as const satisfies readonly ChargeMethod[];

/** True for one of the methods a charge can be created with. */
export function isChargeMethod(method: unknown): method is ChargeMethod {
  return (CHARGE_METHODS as readonly unknown[]).includes(method);
}

export function isCardMethod(method: string): method is CardMethod {
  return (CARD_METHODS as readonly string[]).includes(method);
}

export function isPixMethod(method: string): method is (typeof PIX_METHODS)[number] {
  return (PIX_METHODS as readonly string[]).includes(method);
}

/**
 * The fees table lists every supported method, always all of them, always in this order.
 * The last identifier is `openfinance_<bank>`, the bank's name replaced by a neutral word.
 */
export const FEE_METHOD_ORDER = [
  'pix',
  'pix_auto',
  'boleto',
  'credit_card',
  'threeDs',
  'picpay',
  'pagaleve',
  'googlepay',
  'applepay',
  'openfinance_<bank>',
] as const;

/** Matches an `openfinance_<bank>` identifier (the word after the underscore varies). */
export const OPEN_FINANCE_METHOD_PATTERN = /^openfinance_[a-z0-9]+$/;
