import type { ChargeMethod } from '../../contract/payment-methods.js';

/** What `pay-method-change` tells. */
export interface PayMethodChangeDetail {
  /** The method chosen; for the one card choice, the method the card is charged with (`threeDs` or `credit_card`). */
  readonly method: ChargeMethod;
  /** The method chosen before, if any. */
  readonly previous: ChargeMethod | undefined;
}

/** Fired when the buyer picks another payment method (never when a property changes it). */
export class PayMethodChangeEvent extends Event {
  static readonly type = 'pay-method-change';

  readonly detail: PayMethodChangeDetail;

  constructor(detail: PayMethodChangeDetail) {
    super(PayMethodChangeEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-method-change': PayMethodChangeEvent;
  }
}
