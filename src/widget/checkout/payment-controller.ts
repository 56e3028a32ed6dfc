/**
 * The checkout's payment, from "Pay" to the created order: runs a `PaymentAttempt`, keeps it
 * for a retry with the same key after an interruption, turns each outcome into what the buyer
 * sees (a phase, a banner) and the events the page gets (payment-outcome.ts, which comes with
 * the attempt's code), and hands the created order to the checkout's result view
 * (order-status-controller.ts follows it from there). A move in the DOM keeps a payment going;
 * removing the element aborts it.
 */
import type { ReactiveController } from 'lit';
import type { ChargeMethod } from '../../contract/payment-method-lists.js';
import { PayAntifraudFallbackEvent } from '../events/antifraud-fallback-event.js';
import { PayBeforeSubmitEvent } from '../events/before-submit-event.js';
import { RESULT_TEXTS } from '../i18n/catalogue.js';
import { translate } from '../i18n/translate.js';
import { loadElement } from '../on-demand-elements.js';
import { progressText, resultTagOfMethod, type PaymentBanner } from './checkout-views.js';
import { loadPaymentCode } from './lazy-code.js';
import type { AttemptOutcome, AttemptStep, PaymentAttempt, PaymentRequest, PaymentServices } from './payment-attempt.js';
import type { PaymentHost, PaymentPhase, PaymentView } from './payment-outcome.js';

export type { PaymentHost, PaymentPhase, PaymentView } from './payment-outcome.js';

export class PaymentController implements ReactiveController {
  phase: PaymentPhase = 'form';
  step: AttemptStep | undefined;
  banner: PaymentBanner | undefined;

  readonly host: PaymentHost;
  readonly view: PaymentView;
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

  /**
   * Fetches the attempt's code ahead of "Pay": not with the form, since a buyer who only looks
   * never needs it, but as soon as they start on the form, so it is there by "Pay" (the checkout
   * also fetches it beside the card form, whose code imports it in the script-tag build). So is
   * the result view of the `method` they fill the form for (with the QR encoder for Pix), so the
   * order is drawn as soon as the relay answers, and for a Pix or boleto view its own texts,
   * fetched beside its code rather than after it; once both are here, a Pix or boleto view is
   * drawn and laid out once where no one sees it, in the checkout, so its first real drawing is
   * quicker. A failure here is forgotten: "Pay" asks again, and shows the error if it fails then.
   */
  prepare(method?: ChargeMethod): void {
    loadPaymentCode().catch(() => undefined);
    if (!method) return;
    const tag = resultTagOfMethod(method);
    const locale = this.view.locale();
    const view = loadElement(tag);
    Promise.all([view, tag !== 'pay-card-result' && RESULT_TEXTS.load(locale)]).then(
      () => (customElements.get(tag) as { rehearse?(locale: string, place: ParentNode): unknown } | undefined)?.rehearse?.(locale, this.host.renderRoot),
      () => undefined,
    );
  }

  /**
   * Starts a new attempt for `request`, `amount` being what the buyer pays, unless the page cancels
   * `pay-before-submit`; answers whether it started.
   */
  start(request: PaymentRequest, amount: string, services: Omit<PaymentServices, 'onStep' | 'onAntifraudFallback'>): boolean {
    const beforeSubmit = new PayBeforeSubmitEvent({
      method: request.method,
      offerId: request.offerId,
      amount,
      currency: request.currency,
      installments: request.card?.installments,
    });
    this.host.dispatchEvent(beforeSubmit);
    if (beforeSubmit.defaultPrevented) return false;
    this.attempt = undefined;
    void this.run(async () => {
      const { PaymentAttempt } = await loadPaymentCode();
      this.attempt = new PaymentAttempt(request, {
        ...services,
        onStep: (step) => this.handleStep(step),
        onAntifraudFallback: (reference, reason) => this.host.dispatchEvent(new PayAntifraudFallbackEvent({ reference, reason })),
      });
      return this.attempt;
    });
    return true;
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
    // The run's first step, its request on its way: the paying state is drawn and said now (see run).
    if (!last) this.view.announce(translate(this.view.locale(), 'checkout.submitting'));
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
    // The paying state is drawn and said at the attempt's first step, once its request is on its way
    // (handleStep), so the request does not wait on the form's re-render; drawn at once while the
    // attempt's code is still to come, so "Pay" always shows it was heard.
    if (!loadPaymentCode.value) this.host.requestUpdate();
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
    // The progress said last ("Processando o pagamento…") is no longer true: what the outcome says, if anything, follows.
    this.view.announce('');
    this.settle(outcome);
    this.host.requestUpdate();
  }

  /** What the buyer sees after a run of the attempt. */
  private settle(outcome: AttemptOutcome): void {
    this.phase = 'form';
    if (outcome.outcome !== 'interrupted') {
      this.attempt = undefined;
      // An outcome but an interruption came from an attempt, whose code is here.
      loadPaymentCode.value?.settleOutcome(this, outcome);
      return;
    }
    const { waitSeconds: wait, cause } = outcome;
    this.phase = 'interrupted';
    this.banner = {
      text: (locale) =>
        wait !== undefined
          ? translate(locale, 'error.rateLimitedWait', { count: wait })
          : translate(locale, cause === 'offline' ? 'error.network' : 'error.serviceUnavailable'),
      details: [],
    };
  }
}
