/**
 * Fired by `<pay-3ds-dialog>` when the buyer closes the bank's challenge without answering it
 * (the cancel button, Escape, or any other way the modal dialog closes on its own).
 * It carries no `detail`.
 */
export class PayThreeDSecureCancelEvent extends Event {
  static readonly type = 'pay-3ds-cancel';

  constructor() {
    super(PayThreeDSecureCancelEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-3ds-cancel': PayThreeDSecureCancelEvent;
  }
}
