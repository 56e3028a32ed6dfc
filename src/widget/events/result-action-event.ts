import type { CheckoutOrder } from '../checkout/relay-connection.js';

/**
 * What the buyer asked for from a result view:
 * - `new-charge`: the Pix code expired; make a new charge (a new attempt, a new idempotency key).
 * - `another-card`: the bank declined the card; back to the form with the card fields cleared.
 * - `retry`: a technical failure refused the card; try again (a new attempt).
 * - `change-method`: leave this order and choose another way to pay.
 */
export type PayResultAction = 'new-charge' | 'another-card' | 'retry' | 'change-method';

/** What `pay-result-action` tells. */
export interface PayResultActionDetail {
  readonly action: PayResultAction;
  /** The order the view showed. */
  readonly order: CheckoutOrder;
}

/**
 * Fired by `<pay-pix-result>`, `<pay-boleto-result>` and `<pay-card-result>` when the buyer
 * presses one of their buttons. `<pay-checkout>` acts on it; a page using a result view alone
 * listens for it.
 */
export class PayResultActionEvent extends Event {
  static readonly type = 'pay-result-action';

  readonly detail: PayResultActionDetail;

  constructor(detail: PayResultActionDetail) {
    super(PayResultActionEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-result-action': PayResultActionEvent;
  }
}
