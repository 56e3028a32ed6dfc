/**
 * The checkout's place for an order, in the core chunk while the order's controller
 * (order-status-controller.ts) comes with the payment's code: it makes that controller once the
 * code is here, and brings back an order the tab keeps for the checkout's relay and offer
 * (src/widget/results/kept-order.ts). Only whether one is kept is checked before the form; while
 * its code comes, the checkout stays in its loading state rather than show a form the order replaces.
 */
import { hasKeptOrder, resumeKey } from '../results/kept-order.js';
import { loadPaymentCode } from './lazy-code.js';
import type { OrderStatusController, OrderStatusHost, OrderStatusView } from './order-status-controller.js';
import type { CheckoutOrder } from './relay-connection.js';

export class OrderSlot {
  /** The order's controller, once there was an order to show. */
  status: OrderStatusController | undefined;
  /** The kept order's code is on its way. */
  resuming = false;

  private readonly host: OrderStatusHost;
  private readonly view: OrderStatusView;
  /** A kept order to look for once the buyer's texts are here, so that its announcements are in their language. */
  private resumePending = false;

  constructor(host: OrderStatusHost, view: OrderStatusView) {
    this.host = host;
    this.view = view;
  }

  /** Shows the order the relay just created: it comes from an attempt, whose code brought the order's controller. */
  show(order: CheckoutOrder, receivedAtMs: number, orderToken: string | undefined): void {
    this.make()?.show(order, receivedAtMs, orderToken);
  }

  /** The order's controller, made once the payment's code is here. */
  private make(): OrderStatusController | undefined {
    const code = loadPaymentCode.value;
    return (this.status ??= code && new code.OrderStatusController(this.host, this.view));
  }

  /**
   * Another relay or offer: the order on screen is not theirs (it stays kept for them), and the one
   * kept for the new ones, if any, comes back. Answers whether an order was on screen.
   */
  sourceChanged(): boolean {
    const { status } = this;
    const shown = status?.order !== undefined;
    if (shown) status!.release();
    const source = this.view.source();
    this.resumePending = !!source && hasKeptOrder(resumeKey(source.relay, source.offer));
    if (this.resumePending) loadPaymentCode().catch(() => undefined);
    return shown;
  }

  /** Brings the kept order back once the buyer's texts are here (`textsReady`). */
  resumeWhen(textsReady: boolean): void {
    if (!this.resumePending || !textsReady) return;
    this.resumePending = false;
    this.resuming = true;
    loadPaymentCode()
      .then(() => this.make()?.resume())
      // Offline: the payment's code, or the reader of the kept order, could not come; the form shows.
      .catch(() => undefined)
      .finally(() => {
        this.resuming = false;
        this.host.requestUpdate();
      });
  }
}
