import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { parseApiDateTime } from '../../../contract/format-checks.js';
import type { WidgetRecurrence } from '../../../relay/config-route.js';
import { RESULT_TEXTS, type MessageKey } from '../../i18n/catalogue.js';
import type { SupportedLocale } from '../../i18n/locales.js';
import { translate } from '../../i18n/translate.js';
import { CopyController, copyFieldStyles } from '../copy-button.js';
import { PixCountdownController } from '../countdown.js';
import { preloadQrEncoder, QrCodeLoader, qrCodeSvg, qrEncoderWarm } from '../qr-code.js';
import { rehearse, sampleTime } from '../rehearsal.js';
import { PayResultElement } from '../result-element.js';
import { resultStyles } from '../result.styles.js';
import { authorizesByRequest, journeyText, paysFirstChargeNow } from './pix-journeys.js';
import { pixResultStyles } from './pix-result.styles.js';
import { recurrenceTerms } from './pix-terms.js';
import { widgetTextStyles } from '../../styles/widget-text.styles.js';

/** A text of a Pix code's length and kind of characters (a QR symbol in byte mode, as a real code), for a rehearsal. */
const SAMPLE_CODE = 'br.gov.bcb.pix'.repeat(13);

/**
 * @summary What a Pix or Pix Automático buyer does next: the QR code drawn in the browser, the
 * copy-and-paste code, the amount, the time left, the steps in a bank app; then the code's
 * expiry, or the payment confirmed.
 *
 * A Pix Automático order (`paymentMethod` `pix_auto`) also says what the buyer authorizes,
 * according to `pix.user_journey`, and that access comes once the authorization is confirmed;
 * it reads as paid only when `order.status` is `paid`. With `JORNADA_1` the authorization comes
 * as a request in the bank app, so there is no code to show. Given the offer's `recurrence`, it
 * lists before the code the terms the buyer authorizes: the amount of each charge, how often,
 * the first charge's date and how many charges.
 *
 * @event pay-result-action - `PayResultActionEvent`: `new-charge` (the code expired) or `change-method`. `detail`: `{ action, order }`.
 *
 * @csspart base - The wrapper.
 * @csspart title - The heading (focused by `focus()`).
 * @csspart amount - The amount.
 * @csspart journey - Pix Automático: what the buyer authorizes, and when access comes.
 * @csspart terms - Pix Automático: the recurrence's terms (amount, frequency, first charge, number of charges).
 * @csspart success-mark - Paid: the check mark beside the title.
 * @csspart message - Paid: what happens next (`paid-message`, or the default).
 * @csspart qr - The QR code's box.
 * @csspart qr-code - The QR code's `<svg>`.
 * @csspart copy-field - The copy-and-paste code's label, field and button.
 * @csspart copy-label - Its label.
 * @csspart copy-input - The read-only field.
 * @csspart copy-button - The copy button.
 * @csspart countdown - The time left.
 * @csspart steps - How to pay in a bank app.
 * @csspart waiting - The note that the page confirms by itself.
 * @csspart new-charge-button - After expiry: makes a new code.
 * @csspart change-method-button - Leaves this order for another way to pay.
 * @csspart reference - The order's reference.
 *
 * @cssprop --pay-color-primary - Buttons and focus ring.
 * @cssprop --pay-color-on-primary - Text on the main button.
 * @cssprop --pay-color-text - Text.
 * @cssprop --pay-color-muted - Secondary text.
 * @cssprop --pay-color-background - Background of the secondary button.
 * @cssprop --pay-color-input-background - Background of the code's field.
 * @cssprop --pay-color-border - Borders.
 * @cssprop --pay-color-success - The check mark of a paid order.
 * @cssprop --pay-color-focus - Focus ring.
 * @cssprop --pay-radius - Corner radius.
 * @cssprop --pay-font-family - Font.
 * @cssprop --pay-spacing - Base spacing.
 */
export class PayPixResult extends PayResultElement {
  static override styles = [widgetTextStyles, resultStyles, copyFieldStyles, pixResultStyles];
  static override texts = RESULT_TEXTS;
  static override properties: PropertyDeclarations = {
    clockOffset: { type: Number, attribute: 'clock-offset' },
    recurrence: { attribute: false },
    recurringAmount: { attribute: false },
  };

  /** Fetches the QR encoder ahead of the order, so the code is drawn with the view's first render. */
  static preloadQr(): void {
    preloadQrEncoder();
  }

  /**
   * Draws the view once, unseen, with a sample code, once the QR encoder is here and warmed up
   * (results/rehearsal.ts): the buyer's order is then drawn sooner. The checkout asks while the
   * buyer fills a Pix form, giving its shadow root as `place`, where the view is also laid out,
   * hidden; answers the view drawn, or undefined when it was drawn before.
   */
  static rehearse(locale: string, place?: ParentNode): Promise<PayResultElement | undefined> {
    // An hour left: the view shows the code, not its expiry.
    const pix = { qrCode: SAMPLE_CODE, expirationDate: sampleTime(3_600_000), user_journey: null };
    return rehearse(this, { paymentMethod: 'pix', pix }, locale, qrEncoderWarm(), place);
  }

  private readonly qr = new QrCodeLoader(this);
  private readonly countdown = new PixCountdownController(this, {
    onMark: (seconds) => this.announce('pix.countdown.mark', { count: seconds / 60 }),
    onExpire: () => this.handleExpiry(),
  });
  private readonly copier = new CopyController(this, (message) => this.announce(message));

  /**
   * Milliseconds the API's clock is ahead of the buyer's (negative when behind), so the
   * countdown ends when the API says the code expires. `<pay-checkout>` measures it from the
   * order's `createdAt`.
   */
  clockOffset = 0;

  /**
   * Pix Automático: the offer's recurrence, as the relay's config gives it
   * (`{ recurrence_period, quantity_recurrences, trial_days }`); no terms are listed without it.
   */
  declare recurrence: WidgetRecurrence | null | undefined;

  /** Pix Automático: the amount of each recurring charge (the offer's price, a decimal string). */
  declare recurringAmount: string | undefined;

  private get isAutomatic(): boolean {
    return this.order?.paymentMethod === 'pix_auto';
  }

  private get showsCode(): boolean {
    return !(this.isAutomatic && authorizesByRequest(this.order?.pix?.user_journey));
  }

  /** True once the code expired unpaid. */
  get expired(): boolean {
    return this.showsCode && !this.isPaid && this.countdown.expired;
  }

  private handleExpiry(): void {
    if (this.isPaid) return;
    this.keepFocusAfterChange();
    this.announce('pix.expired.title');
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const pix = this.order?.pix;
    super.willUpdate(changed);
    if (!pix) return;
    if (this.showsCode && !this.isPaid) this.qr.show(pix.qrCode);
    this.countdown.set(pix.expirationDate, this.clockOffset);
  }

  private renderQr(locale: SupportedLocale): TemplateResult {
    const { modules } = this.qr;
    return html`<div part="qr" class="qr">
      ${modules
        ? qrCodeSvg(modules, translate(locale, 'pix.qr.label', { amount: this.formattedAmount }))
        : html`<p class="qr-status muted">${translate(locale, this.qr.failed ? 'pix.qr.failed' : 'pix.qr.loading')}</p>`}
    </div>`;
  }

  private renderTerms(locale: SupportedLocale): TemplateResult | typeof nothing {
    const startMs = parseApiDateTime(this.order?.createdAt ?? '')?.getTime() ?? Number.NaN;
    const paidNow = paysFirstChargeNow(this.order?.pix?.user_journey);
    const terms = recurrenceTerms(this.recurrence, this.recurringAmount, this.currency, startMs, locale, this.locale, paidNow);
    if (terms.length === 0) return nothing;
    return html`
      <div part="terms" class="terms">
        <h4>${translate(locale, 'pixAuto.terms.title')}</h4>
        <dl>${terms.map(({ label, value }) => html`<div><dt>${translate(locale, label)}</dt><dd>${value}</dd></div>`)}</dl>
      </div>
    `;
  }

  private renderSteps(locale: SupportedLocale): TemplateResult {
    const keys: MessageKey[] = this.showsCode
      ? ['pix.steps.openApp', 'pix.steps.scan', this.isAutomatic ? 'pixAuto.steps.review' : 'pix.steps.confirm']
      : ['pixAuto.steps.request', 'pixAuto.steps.review'];
    return html`
      <div part="steps" class="steps">
        <h4>${translate(locale, 'pix.steps.title')}</h4>
        <ol>${keys.map((key) => html`<li>${translate(locale, key)}</li>`)}</ol>
      </div>
    `;
  }

  private renderWaiting(locale: SupportedLocale): TemplateResult {
    const pix = this.order?.pix;
    const automatic = this.isAutomatic;
    return html`
      ${this.renderHeading(translate(locale, automatic ? 'pixAuto.title' : 'pix.title'))}
      ${this.renderAmount(locale, 'result.amountDue')}
      ${automatic
        ? html`
            <div part="journey" class="journey">
              <p>${translate(locale, journeyText(pix?.user_journey))}</p>
              <p><strong>${translate(locale, 'pixAuto.access')}</strong></p>
            </div>
            ${this.renderTerms(locale)}
          `
        : nothing}
      ${this.showsCode && pix
        ? html`
            ${this.renderQr(locale)}
            ${this.copier.render(
              { id: 'pix-code', label: 'pix.code.label', shown: pix.qrCode, text: pix.qrCode, copyLabel: 'copy.copyCode' },
              locale,
            )}
            ${this.countdown.seconds === undefined
              ? nothing
              : html`<p part="countdown" class="countdown">
                  ${translate(locale, 'pix.countdown.label')} <span role="timer">${this.countdown.text}</span>
                </p>`}
          `
        : nothing}
      ${this.renderSteps(locale)}
      <p part="waiting" class="muted">${translate(locale, automatic ? 'pixAuto.waiting' : 'pix.waiting')}</p>
      <div class="actions">${this.renderChangeMethodButton(locale)}</div>
    `;
  }

  private renderExpired(locale: SupportedLocale): TemplateResult {
    return html`
      ${this.renderHeading(translate(locale, 'pix.expired.title'))}
      <p>${translate(locale, 'pix.expired.text')}</p>
      <div class="actions">
        <button part="new-charge-button" class="primary" type="button" @click=${() => this.requestAction('new-charge')}>
          ${translate(locale, 'pix.expired.newCharge')}
        </button>
        ${this.renderChangeMethodButton(locale)}
      </div>
    `;
  }

  private renderContent(locale: SupportedLocale): TemplateResult {
    if (this.isPaid && this.isAutomatic) return this.renderPaid(locale, 'pixAuto.confirmed.title', 'pixAuto.confirmed.text');
    if (this.isPaid) return this.renderPaid(locale, 'payment.confirmed');
    return this.expired ? this.renderExpired(locale) : this.renderWaiting(locale);
  }

  override render() {
    return this.renderView((locale) => this.renderContent(locale));
  }
}
