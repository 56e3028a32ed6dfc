import type { CheckoutOrder } from '../checkout/relay-connection.js';

/**
 * Why a payment failed:
 * - `declined`: the issuer refused the card (limit, block, fraud); `order` is set.
 * - `refused`: a technical failure at the acquirer; `order` is set.
 * - `three-d-secure-failed`: the issuer did not authenticate the buyer.
 * - `card-not-accepted`: the card could not be tokenized (the API refused its data).
 * - `request-refused`: the relay or the API refused the charge (`errorType` says how).
 */
export type PayFailedReason = 'declined' | 'refused' | 'three-d-secure-failed' | 'card-not-accepted' | 'request-refused';

/** What `pay-failed` tells. */
export interface PayFailedDetail {
  readonly reason: PayFailedReason;
  /** The order, when one was created (`declined`, `refused`). */
  readonly order: CheckoutOrder | undefined;
  /** The relay's `error.type` for `request-refused` (`invalid_request`, `payment_method_unavailable`, ...). */
  readonly errorType: string | undefined;
}

/**
 * Fired when a payment attempt ends without a payment. A network failure or a rate limit is not
 * a failure (the widget offers to try again), nor is the buyer canceling the 3DS challenge.
 */
export class PayFailedEvent extends Event {
  static readonly type = 'pay-failed';

  readonly detail: PayFailedDetail;

  constructor(detail: PayFailedDetail) {
    super(PayFailedEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-failed': PayFailedEvent;
  }
}
