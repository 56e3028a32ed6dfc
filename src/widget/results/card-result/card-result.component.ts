import { html, nothing, type TemplateResult } from 'lit';
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
 * @csspart message - What happened and what the buyer can do.
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
        return html`
          <h3 part="title" id="title" class="title" tabindex="-1">${translate(locale, 'payment.paid')}</h3>
          <p part="message">${translate(locale, 'card.paid.text')}</p>
          <p part="amount" class="amount">${translate(locale, 'result.amountPaid', { amount: this.formattedAmount })}</p>
        `;
      case 'declined':
        return html`
          <h3 part="title" id="title" class="title failed" tabindex="-1">${translate(locale, 'card.declined.title')}</h3>
          <p part="message">${translate(locale, 'payment.declined')}</p>
          <div class="actions">
            <button part="another-card-button" class="primary" type="button" @click=${() => this.requestAction('another-card')}>${translate(locale, 'card.declined.action')}</button>
          </div>
        `;
      case 'refused':
        return html`
          <h3 part="title" id="title" class="title failed" tabindex="-1">${translate(locale, 'card.refused.title')}</h3>
          <p part="message">${translate(locale, 'payment.refused')}</p>
          <div class="actions">
            <button part="try-again-button" class="primary" type="button" @click=${() => this.requestAction('retry')}>${translate(locale, 'checkout.retry')}</button>
            <button part="change-method-button" class="secondary" type="button" @click=${() => this.requestAction('change-method')}>${translate(locale, 'result.changeMethod')}</button>
          </div>
        `;
      case 'pending':
        return html`
          <h3 part="title" id="title" class="title" tabindex="-1">${translate(locale, 'card.pending.title')}</h3>
          <div class="pending">
            <span part="spinner" class="spinner" aria-hidden="true"></span>
            <p part="message">${translate(locale, 'payment.pending')}</p>
          </div>
        `;
      default:
        return html`
          <h3 part="title" id="title" class="title" tabindex="-1">${translate(locale, 'order.status.other')}</h3>
          <p part="message">${translate(locale, 'payment.pending')}</p>
        `;
    }
  }

  override render() {
    const locale = this.resolvedLocale;
    const order = this.order;
    if (!order || !this.localeController.ready) return nothing;
    return html`
      <section part="base" class="base" lang=${locale} aria-labelledby="title">
        ${this.renderOutcome(order.status, locale)}
        <p part="reference" class="reference muted">${translate(locale, 'order.reference', { reference: order.refId })}</p>
      </section>
      ${this.renderLiveRegion()}
    `;
  }
}
