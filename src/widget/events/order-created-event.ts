import type { CheckoutOrder } from '../checkout/relay-connection.js';

/** What `pay-order-created` tells: the order as the relay answered it. */
export interface PayOrderCreatedDetail {
  readonly order: CheckoutOrder;
}

/**
 * Fired once per order, when the relay answered 201: the charge exists (a Pix code or boleto
 * to pay, or a card result in `order.status`).
 */
export class PayOrderCreatedEvent extends Event {
  static readonly type = 'pay-order-created';

  readonly detail: PayOrderCreatedDetail;

  constructor(detail: PayOrderCreatedDetail) {
    super(PayOrderCreatedEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-order-created': PayOrderCreatedEvent;
  }
}
