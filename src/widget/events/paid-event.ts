import type { CheckoutOrder } from '../checkout/relay-connection.js';

/** What `pay-paid` tells. */
export interface PayPaidDetail {
  /** The order, its `status` `paid`. */
  readonly order: CheckoutOrder;
}

/** Fired when the order is paid: at once for an approved card, later for Pix, boleto and a pending 3DS charge. */
export class PayPaidEvent extends Event {
  static readonly type = 'pay-paid';

  readonly detail: PayPaidDetail;

  constructor(detail: PayPaidDetail) {
    super(PayPaidEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-paid': PayPaidEvent;
  }
}
