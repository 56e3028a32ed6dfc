import type { ChargeMethod } from '../../contract/payment-methods.js';
import type { Currency } from '../../contract/currencies.js';

/** What `pay-ready` tells: the offer on sale and the methods the buyer can choose from. */
export interface PayReadyDetail {
  readonly offer: { readonly id: string; readonly name: string; readonly price: string };
  readonly currency: Currency;
  /** The methods shown, in the order shown. */
  readonly methods: readonly ChargeMethod[];
}

/** Fired by `<pay-checkout>` once its configuration is loaded and the form is on screen. */
export class PayReadyEvent extends Event {
  static readonly type = 'pay-ready';

  readonly detail: PayReadyDetail;

  constructor(detail: PayReadyDetail) {
    super(PayReadyEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-ready': PayReadyEvent;
  }
}
