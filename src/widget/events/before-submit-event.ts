import type { ChargeMethod } from '../../contract/payment-methods.js';
import type { Currency } from '../../contract/currencies.js';

/** What `pay-before-submit` tells: the payment about to start. Nothing about the card. */
export interface PayBeforeSubmitDetail {
  /** The method charged: for a card, `threeDs` or `credit_card`, as the checkout's setup decides. */
  readonly method: ChargeMethod;
  readonly offerId: string;
  /** What the buyer will pay, a decimal string (the instalment plan's total for cards). */
  readonly amount: string;
  readonly currency: Currency;
  /** Card methods only: the number of instalments chosen. */
  readonly installments: number | undefined;
}

/**
 * Fired when the buyer asks to pay and the form is valid, before anything is sent.
 * Cancelable: `event.preventDefault()` stops the payment (the form stays as it is).
 */
export class PayBeforeSubmitEvent extends Event {
  static readonly type = 'pay-before-submit';

  readonly detail: PayBeforeSubmitDetail;

  constructor(detail: PayBeforeSubmitDetail) {
    super(PayBeforeSubmitEvent.type, { bubbles: true, composed: true, cancelable: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-before-submit': PayBeforeSubmitEvent;
  }
}
