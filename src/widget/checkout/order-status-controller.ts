/**
 * The checkout's order once the relay created it: the one its result view shows, followed live
 * until final (src/widget/results/live-status.ts: the relay's event stream, else polling), and
 * kept in the tab's session storage while it waits, so that a reload shows it again
 * (src/widget/results/order-keeping.ts writes it, order-resume.ts reads it back). Each change
 * of status is announced and fires `pay-status-change`, then `pay-paid` or `pay-failed`. A move
 * in the DOM keeps the following; a removal stops it, and the next connection starts it again.
 * The result view's buttons leave the order for the form, and focus goes where the buyer
 * carries on.
 *
 * It comes with the payment's code (payment-code.ts), not with the form: the checkout makes it
 * with the first order it shows, or when the tab keeps one (src/widget/results/kept-order.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isFinalChargeStatus } from '../../contract/charge-statuses.js';
import { isCardMethod } from '../../contract/payment-method-lists.js';
import { PayFailedEvent } from '../events/failed-event.js';
import { PayPaidEvent } from '../events/paid-event.js';
import type { PayResultAction } from '../events/result-action-event.js';
import { PayStatusChangeEvent } from '../events/status-change-event.js';
import type { MessageKey } from '../i18n/catalogue.js';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { loadElement } from '../on-demand-elements.js';
import { estimateClockOffset } from '../results/clock-offset.js';
import { resumeKey } from '../results/kept-order.js';
import type { LiveOrderStatus } from '../results/live-status.js';
import { forgetOrder, keepOrder } from '../results/order-keeping.js';
import { orderStatusMessage } from './checkout-messages.js';
import { resultTagOf } from './checkout-views.js';
import { lazyCode } from '../on-demand-code.js';
import type { CheckoutOrder, RelayConnection } from './relay-connection.js';

/** The element the controller belongs to: it is updated, fires the order's events, and holds the form and the result view. */
export type OrderStatusHost = ReactiveControllerHost & EventTarget & { readonly isConnected: boolean; readonly renderRoot: ParentNode };

/** What the controller needs from the checkout. */
export interface OrderStatusView {
  /** The language of announcements. */
  locale(): SupportedLocale;
  /** Says `text` in the checkout's polite live region. */
  announce(text: string): void;
  /** The relay and offer of the checkout: where orders are read, and what the order in progress is kept under. */
  source(): { relay: RelayConnection; offer: string } | undefined;
  /** The form is shown again for a new payment; `newCard`: with a new, empty card form. */
  backToForm(newCard: boolean): void;
}

/** How long to wait before fetching the following's code again when it could not be (the buyer is offline). */
const LIVE_STATUS_RETRY_MS = 5_000;

/**
 * The following's code and the reader of the order kept for a reload (order-following.ts), fetched for
 * an order whose status may still change (a Pix code, a boleto, a pending card) or for one kept before
 * a reload: a card paid at once has nothing to follow nor to read back, and its buyer never fetches them.
 */
const loadFollowing = lazyCode(() => import('../results/order-following.js'));

/**
 * What the buyer hears when the order is paid: a card approved, a Pix or boleto confirmed, a Pix
 * Automático authorized. The card's text is in the form part of the catalogue, which every buyer
 * has; the others are their views' titles, in the results part, on the page with their view.
 */
export function paidMessage(order: CheckoutOrder): MessageKey {
  if (order.paymentMethod === 'pix_auto') return 'pixAuto.confirmed.title';
  return isCardMethod(order.paymentMethod) ? 'payment.paid' : 'payment.confirmed';
}

export class OrderStatusController implements ReactiveController {
  /** The order on screen, with its latest status. */
  order: CheckoutOrder | undefined;
  /** Milliseconds the API's clock is ahead of the buyer's, for the Pix countdown. */
  clockOffsetMs = 0;
  /** True when the order came back from the tab's storage rather than from a payment on this page. */
  resumed = false;

  private readonly host: OrderStatusHost;
  private readonly view: OrderStatusView;
  /** The order's storage key, its token and its following, once the following's code is there. */
  private followed: { key: string; orderToken: string; live: LiveOrderStatus | undefined } | undefined;

  constructor(host: OrderStatusHost, view: OrderStatusView) {
    this.host = host;
    this.view = view;
    host.addController(this);
  }

  hostConnected(): void {
    // A final status needs no following: the live status itself starts nothing for one.
    const { order, followed } = this;
    if (order && followed?.live?.transport === 'stopped') followed.live.start(order.status);
  }

  hostDisconnected(): void {
    // A move in the DOM reconnects in the same task; only a removal stops the following.
    queueMicrotask(() => {
      if (!this.host.isConnected) this.followed?.live?.stop();
    });
  }

  /** Shows the order the relay just created (`receivedAtMs`: the buyer's clock when its answer came). */
  show(order: CheckoutOrder, receivedAtMs: number, orderToken = ''): void {
    this.open(order, estimateClockOffset(order.createdAt, receivedAtMs), false, orderToken);
    const locale = this.view.locale();
    const { status } = order;
    let text: string;
    if (status === 'paid') text = translate(locale, paidMessage(order));
    else if (status === 'declined' || status === 'refused') text = translate(locale, status === 'declined' ? 'card.declined.title' : 'card.refused.title');
    else text = `${translate(locale, 'order.created.title')}. ${translate(locale, 'order.status', { status: translate(locale, orderStatusMessage(status)) })}`;
    this.view.announce(text);
    this.fireOutcome(order);
    this.focusResult();
  }

  /**
   * Shows the order in progress kept for this relay and offer, if there is one that may still be
   * paid; rejects when the code that reads it back cannot be fetched.
   */
  async resume(): Promise<void> {
    const source = this.view.source();
    if (!source || this.order) return;
    const { OrderResumeStore } = await loadFollowing();
    // A charge request kept on its way is sent again (order-resume.ts) before its order shows.
    const stored = await new OrderResumeStore().load(resumeKey(source.relay, source.offer), source.relay);
    const now = this.view.source();
    // The relay or the offer may have changed, or an order been shown, while that code came.
    if (this.order || now?.relay !== source.relay || now.offer !== source.offer) return;
    if (stored) this.open(stored.order, stored.clockOffsetMs, true, stored.orderToken);
  }

  /** Stops showing and following the order, and forgets it: the buyer left it for another payment. */
  clear(): void {
    if (this.followed) forgetOrder(this.followed.key);
    this.release();
  }

  /** Stops showing and following the order, keeping it for a later resume (the checkout moved to another relay or offer). */
  release(): void {
    this.followed?.live?.stop();
    this.followed = undefined;
    this.order = undefined;
    this.resumed = false;
    this.clockOffsetMs = 0;
    this.host.requestUpdate();
  }

  private open(order: CheckoutOrder, clockOffsetMs: number, resumed: boolean, orderToken: string): void {
    this.release();
    this.order = order;
    this.clockOffsetMs = clockOffsetMs;
    this.resumed = resumed;
    const source = this.view.source();
    if (source) {
      const { relay } = source;
      const followed: NonNullable<OrderStatusController['followed']> = { key: resumeKey(relay, source.offer), orderToken, live: undefined };
      this.followed = followed;
      this.keep();
      const follow = (): void => {
        loadFollowing().then(
          ({ LiveOrderStatus }) => {
            // Another order, or none, may be on screen by now.
            if (this.followed !== followed) return;
            followed.live = new LiveOrderStatus({
              eventsUrl: relay.orderEventsUrl(order.id, orderToken),
              readOrder: (signal) => relay.getOrder(order.id, { orderToken, signal }),
              onStatus: (status) => this.handleStatus(status),
              onGone: () => this.clear(),
            });
            if (this.host.isConnected) followed.live.start(this.order?.status ?? order.status);
          },
          () => {
            if (this.followed === followed) setTimeout(follow, LIVE_STATUS_RETRY_MS);
          },
        );
      };
      // A final status (a card paid at once, declined or refused) has nothing to follow.
      if (!isFinalChargeStatus(order.status)) follow();
    }
    this.host.requestUpdate();
  }

  /** The result view's buttons: each leads back to the form, some straight into a new attempt. */
  async handleAction(action: PayResultAction): Promise<void> {
    const { resumed, host } = this;
    this.clear();
    this.view.backToForm(action === 'another-card');
    await host.updateComplete;
    const { renderRoot } = host;
    const find = <T extends HTMLElement>(selector: string) => renderRoot.querySelector<T>(selector) ?? undefined;
    if ((action === 'new-charge' || action === 'retry') && !resumed) {
      // A new attempt (a new idempotency key) with the form as the buyer left it.
      find<HTMLFormElement>('form')?.requestSubmit();
    } else if (action === 'another-card') {
      const cardFields = find<HTMLElement & { updateComplete: Promise<unknown> }>('pay-card-fields');
      await cardFields?.updateComplete;
      cardFields?.focus();
    } else {
      // A resumed order came without the buyer's details: the form is filled in again.
      find(action === 'change-method' ? 'pay-method-picker' : 'pay-customer-fields')?.focus();
    }
  }

  /** Moves focus to the result view's title once drawn. */
  focusResult(): void {
    const { host } = this;
    void host.updateComplete.then(async () => {
      const { order } = this;
      // A view that could not be fetched leaves its error and retry button on screen instead.
      if (!order || !(await loadElement(resultTagOf(order)).then(() => true, () => false))) return;
      await host.updateComplete;
      const result = host.renderRoot.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>('[part~="result"]');
      await result?.updateComplete;
      result?.focus();
    });
  }

  /**
   * Keeps the order for a reload while it waits, forgets it once final. Written at once, so that a
   * reload right after the order appears finds it; one past its time (an expired Pix code) is
   * dropped when it is read back (order-resume.ts).
   */
  private keep(): void {
    const { order, followed } = this;
    if (!order || !followed) return;
    if (isFinalChargeStatus(order.status)) forgetOrder(followed.key);
    else keepOrder(followed.key, { order, clockOffsetMs: this.clockOffsetMs, orderToken: followed.orderToken });
  }

  private handleStatus(status: string): void {
    const previous = this.order;
    if (!previous) return;
    const order = { ...previous, status };
    this.order = order;
    this.keep();
    this.host.requestUpdate();
    const locale = this.view.locale();
    const text =
      status === 'paid'
        ? translate(locale, paidMessage(order))
        : translate(locale, 'order.statusChanged', { status: translate(locale, orderStatusMessage(status)) });
    this.view.announce(text);
    this.host.dispatchEvent(new PayStatusChangeEvent({ order, status, previousStatus: previous.status }));
    this.fireOutcome(order);
  }

  /** `pay-paid` for a paid order, `pay-failed` for a declined or refused card; nothing for a status still on its way. */
  private fireOutcome(order: CheckoutOrder): void {
    const { status } = order;
    if (status === 'paid') this.host.dispatchEvent(new PayPaidEvent({ order }));
    if (status === 'declined' || status === 'refused') this.host.dispatchEvent(new PayFailedEvent({ reason: status, order, errorType: undefined }));
  }
}
