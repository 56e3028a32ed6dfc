import type { CheckoutOrder } from '../checkout/relay-connection.js';

/** What `pay-status-change` tells. */
export interface PayStatusChangeDetail {
  /** The order with its new `status`. */
  readonly order: CheckoutOrder;
  readonly status: string;
  readonly previousStatus: string;
}

/**
 * Fired when a created order's status changes after its creation (a Pix or boleto paid, a
 * pending 3DS charge settled), as the relay's event stream reports it.
 */
export class PayStatusChangeEvent extends Event {
  static readonly type = 'pay-status-change';

  readonly detail: PayStatusChangeDetail;

  constructor(detail: PayStatusChangeDetail) {
    super(PayStatusChangeEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-status-change': PayStatusChangeEvent;
  }
}
