import { html, type TemplateResult } from 'lit';
import type { SupportedLocale } from '../../i18n/locales.js';
import { translate } from '../../i18n/translate.js';
import { PayResultElement } from '../result-element.js';
import { resultStyles } from '../result.styles.js';
import { cardResultStyles } from './card-result.styles.js';
import { widgetTextStyles } from '../../styles/widget-text.styles.js';

/**
 * @summary The outcome of a card payment (`credit_card`, `threeDs`) by `order.status`: `paid`,
 * `declined` (the issuing bank refused: try another card), `refused` (a technical failure: try
 * again) or `pending` (the bank is still confirming; the checkout follows the status).
 *
 * @event pay-result-action - `PayResultActionEvent`: `another-card` (declined), `retry` or `change-method` (refused). `detail`: `{ action, order }`.
 *
 * @csspart base - The wrapper.
 * @csspart title - The heading (focused by `focus()`).
 * @csspart success-mark - Paid: the check mark beside the title.
 * @csspart message - What happened and what the buyer can do; once paid, what happens next (`paid-message`, or the default).
 * @csspart amount - The amount paid.
 * @csspart spinner - The indicator while the bank confirms.
 * @csspart another-card-button - Declined: back to the form with the card cleared.
 * @csspart try-again-button - Refused: tries again.
 * @csspart change-method-button - Refused: back to the form to choose another way to pay.
 * @csspart reference - The order's reference.
 *
 * @cssprop --pay-color-primary - Buttons, progress and focus ring.
 * @cssprop --pay-color-on-primary - Text on the main button.
 * @cssprop --pay-color-text - Text.
 * @cssprop --pay-color-muted - Secondary text.
 * @cssprop --pay-color-background - Background of the secondary button.
 * @cssprop --pay-color-error - The title of a payment that did not go through.
 * @cssprop --pay-color-success - The check mark of a paid order.
 * @cssprop --pay-color-focus - Focus ring.
 * @cssprop --pay-radius - Corner radius.
 * @cssprop --pay-font-family - Font.
 * @cssprop --pay-spacing - Base spacing.
 */
export class PayCardResult extends PayResultElement {
  static override styles = [widgetTextStyles, resultStyles, cardResultStyles];

  private renderOutcome(status: string, locale: SupportedLocale): TemplateResult {
    switch (status) {
      case 'paid':
        return this.renderPaid(locale, 'payment.paid');
      case 'declined':
        return html`
          ${this.renderHeading(translate(locale, 'card.declined.title'), 'title failed')}
          <p part="message">${translate(locale, 'payment.declined')}</p>
          <div class="actions">
            <button part="another-card-button" class="primary" type="button" @click=${() => this.requestAction('another-card')}>${translate(locale, 'card.declined.action')}</button>
          </div>
        `;
      case 'refused':
        return html`
          ${this.renderHeading(translate(locale, 'card.refused.title'), 'title failed')}
          <p part="message">${translate(locale, 'payment.refused')}</p>
          <div class="actions">
            <button part="try-again-button" class="primary" type="button" @click=${() => this.requestAction('retry')}>${translate(locale, 'checkout.retry')}</button>
            <button part="change-method-button" class="secondary" type="button" @click=${() => this.requestAction('change-method')}>${translate(locale, 'result.changeMethod')}</button>
          </div>
        `;
      case 'pending':
        return html`
          ${this.renderHeading(translate(locale, 'card.pending.title'))}
          <div class="pending">
            <span part="spinner" class="spinner" aria-hidden="true"></span>
            <p part="message">${translate(locale, 'payment.pending')}</p>
          </div>
        `;
      default:
        return html`
          ${this.renderHeading(translate(locale, 'order.status.other'))}
          <p part="message">${translate(locale, 'payment.pending')}</p>
        `;
    }
  }

  override render() {
    return this.renderView((locale) => this.renderOutcome(this.order!.status, locale));
  }
}
