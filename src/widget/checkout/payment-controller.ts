/**
 * The checkout's payment, from "Pay" to the created order: runs a `PaymentAttempt`, keeps it
 * for a retry with the same key after an interruption, turns each outcome into what the buyer
 * sees (a phase, a banner) and the events the page gets, and hands the created order to the
 * checkout's result view (order-status-controller.ts follows it from there). A move in the DOM
 * keeps a payment going; removing the element aborts it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PayFailedEvent, type PayFailedReason } from '../events/failed-event.js';
import { PayOrderCreatedEvent } from '../events/order-created-event.js';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { refusalMessage } from './checkout-messages.js';
import { progressText, type PaymentBanner } from './checkout-views.js';
import { lazyCode } from './lazy-code.js';
import type { AttemptOutcome, AttemptStep, PaymentAttempt, PaymentRequest, PaymentServices } from './payment-attempt.js';
import type { CheckoutOrder, CreatedOrder } from './relay-connection.js';

/** Where the buyer is: filling in the form, paying, asked to try again, or looking at the created order's result. */
export type PaymentPhase = 'form' | 'paying' | 'interrupted' | 'created';

/** The element the controller belongs to: it is updated, and it fires the payment's events. */
export type PaymentHost = ReactiveControllerHost & EventTarget & { readonly isConnected: boolean };

/** What the controller needs from the checkout's form and screen. */
export interface PaymentView {
  /** The language of announcements. */
  locale(): SupportedLocale;
  /** Says `text` in the polite live region. */
  announce(text: string): void;
  /** Puts a refusal's messages on the form's fields; answers the paths it placed. */
  showFieldErrors(fields: Readonly<Record<string, readonly string[]>>): Set<string>;
  /** Puts the API's card messages (by card field) on the card form. */
  showCardErrors(fields: Readonly<Record<string, readonly string[]>>): void;
  /**
   * Shows the created order's result; `receivedAtMs` is the buyer's clock when the relay's answer
   * came, `orderToken` what reads the order's status.
   */
  showOrder(order: CheckoutOrder, receivedAtMs: number, orderToken: string | undefined): void;
}

/**
 * The attempt's code (with the card tokenizer it uses): not fetched with the form, since a
 * buyer who only looks never needs it, but as soon as they start on the form (`prepare`), so it
 * is there by "Pay".
 */
const loadAttemptCode = lazyCode(() => import('./payment-code.js'));

export class PaymentController implements ReactiveController {
  phase: PaymentPhase = 'form';
  step: AttemptStep | undefined;
  banner: PaymentBanner | undefined;

  private readonly host: PaymentHost;
  private readonly view: PaymentView;
  /** The attempt that may be run again (same key) after an interruption. */
  private attempt: PaymentAttempt | undefined;
  private abort: AbortController | undefined;

  constructor(host: PaymentHost, view: PaymentView) {
    this.host = host;
    this.view = view;
    host.addController(this);
  }

  /** True while the form's request is fixed: an attempt runs or waits to be tried again. */
  get locked(): boolean {
    return this.phase === 'paying' || this.phase === 'interrupted';
  }

  /** True when "Pay" should run the interrupted attempt again rather than start a new one. */
  get canRetry(): boolean {
    return this.phase === 'interrupted' && this.attempt !== undefined;
  }

  hostDisconnected(): void {
    // A move in the DOM reconnects in the same task; only a removal ends the payment in progress.
    queueMicrotask(() => {
      if (!this.host.isConnected) this.abort?.abort();
    });
  }

  /** Fetches the attempt's code ahead of "Pay"; a failure here is tried again by `start`. */
  prepare(): void {
    loadAttemptCode().catch(() => undefined);
  }

  /** Starts a new attempt for `request`. */
  start(request: PaymentRequest, services: Omit<PaymentServices, 'onStep'>): void {
    this.attempt = undefined;
    void this.run(async () => {
      const { PaymentAttempt } = await loadAttemptCode();
      this.attempt = new PaymentAttempt(request, { ...services, onStep: (step) => this.handleStep(step) });
      return this.attempt;
    });
  }

  /** Runs the interrupted attempt again, with its key and body. */
  retry(): void {
    const { attempt } = this;
    if (attempt) void this.run(() => attempt);
  }

  /** Back to the form after a result (which never comes with a banner): the buyer will pay again, with a new attempt. */
  reset(): void {
    if (this.phase !== 'created') return;
    this.phase = 'form';
    this.host.requestUpdate();
  }

  private handleStep(step: AttemptStep): void {
    const last = this.step;
    this.step = step;
    this.host.requestUpdate();
    // In the relay's line the attempt tries again every few seconds: the wait is said when it
    // starts, and again only if it doubles (a shorter one is the line moving, as said).
    if (step.step === 'queued' && last?.step === 'queued' && step.seconds < 2 * last.seconds) return;
    // A wait and the 3-D Secure challenge are said aloud; the other steps are quick enough to only show.
    if (step.step !== 'charging' && step.step !== 'tokenizing') this.view.announce(progressText(step, this.view.locale()));
  }

  private async run(attemptToRun: () => PaymentAttempt | Promise<PaymentAttempt>): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    this.phase = 'paying';
    // No step to clear: every run ends with none.
    this.banner = undefined;
    this.host.requestUpdate();
    this.view.announce(translate(this.view.locale(), 'checkout.submitting'));
    let outcome: AttemptOutcome;
    let attempt: PaymentAttempt | undefined;
    try {
      attempt = await attemptToRun();
      outcome = await attempt.run(abort.signal);
    } catch {
      // No attempt: its code could not be fetched, nothing was sent, and "Pay" fetches it again.
      outcome = attempt ? { outcome: 'refused', errorType: 'unknown', fields: {} } : { outcome: 'interrupted', waitSeconds: undefined, cause: 'offline' };
    }
    if (this.abort === abort) this.abort = undefined;
    this.step = undefined;
    this.settle(outcome);
    this.host.requestUpdate();
  }

  /** What the buyer sees after a run of the attempt. */
  private settle(outcome: AttemptOutcome): void {
    if (outcome.outcome !== 'interrupted') this.attempt = undefined;
    this.phase = 'form';
    switch (outcome.outcome) {
      case 'created':
        this.handleOrder(outcome.order);
        return;
      case 'interrupted': {
        const { waitSeconds: wait, cause } = outcome;
        this.phase = 'interrupted';
        this.showBanner((locale) =>
          wait !== undefined
            ? translate(locale, 'error.rateLimitedWait', { count: wait })
            : translate(locale, cause === 'offline' ? 'error.network' : 'error.serviceUnavailable'),
        );
        return;
      }
      case 'refused':
        this.showRefusal(outcome.errorType, outcome.fields);
        return;
      case 'card-not-accepted':
        this.view.showCardErrors(outcome.fields);
        this.showBanner((locale) => translate(locale, 'error.cardNotAccepted'), outcome.fields['card'] ?? []);
        this.fail('card-not-accepted');
        return;
      case 'three-d-secure-canceled':
        // The buyer chose to stop: no alert, their data stays as it was.
        this.view.announce(translate(this.view.locale(), 'threeDs.cancelled'));
        return;
      case 'three-d-secure-failed':
        this.showBanner((locale) => translate(locale, 'threeDs.failed'));
        this.fail('three-d-secure-failed');
        return;
      case 'aborted':
        return;
    }
  }

  private showBanner(text: PaymentBanner['text'], details: readonly string[] = []): void {
    this.banner = { text, details };
  }

  /** The refusal's messages beside their fields where the form has them; the rest, and a summary, in the banner. */
  private showRefusal(errorType: string, given: Readonly<Record<string, readonly string[]>>): void {
    // The API explains an unavailable method to the producer (its account, internal method
    // ids); the buyer gets the widget's own words on the method choice instead.
    const fields =
      errorType === 'payment_method_unavailable' && given['paymentMethod'] !== undefined
        ? { ...given, paymentMethod: [translate(this.view.locale(), 'error.methodUnavailableHere')] }
        : given;
    const placed = this.view.showFieldErrors(fields);
    const others = Object.entries(fields).flatMap(([path, messages]) => (placed.has(path) ? [] : messages));
    const message = refusalMessage(errorType, placed.size > 0);
    this.showBanner((locale) => translate(locale, message), others);
    this.fail('request-refused', errorType);
  }

  /** A failure before any order exists; the failures of a created order are its result's (order-status-controller.ts). */
  private fail(reason: PayFailedReason, errorType?: string): void {
    this.host.dispatchEvent(new PayFailedEvent({ reason, order: undefined, errorType }));
  }

  /** The token stays with the result view: the page's events get the order without it. */
  private handleOrder({ orderToken, ...order }: CreatedOrder): void {
    const receivedAtMs = Date.now();
    this.host.dispatchEvent(new PayOrderCreatedEvent({ order }));
    // Every created order has a result to show, a declined or refused card included: its view
    // says what the buyer can do (another card, another try), and leads back to the form.
    this.phase = 'created';
    this.view.showOrder(order, receivedAtMs, orderToken);
  }
}
