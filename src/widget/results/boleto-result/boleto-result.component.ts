import { html, nothing, type TemplateResult } from 'lit';
import { formatTag, type SupportedLocale } from '../../i18n/locales.js';
import { RESULT_TEXTS } from '../../i18n/catalogue.js';
import { translate } from '../../i18n/translate.js';
import { CopyController, copyFieldStyles } from '../copy-button.js';
import { PayResultElement } from '../result-element.js';
import { rehearse, sampleTime } from '../rehearsal.js';
import { resultStyles } from '../result.styles.js';
import { boletoResultStyles } from './boleto-result.styles.js';
import { widgetTextStyles } from '../../styles/widget-text.styles.js';
import { formatDigitableLine, formatDueDate, slipHref } from './boleto-slip.js';

/**
 * @summary What a boleto buyer does next: the digitable line in its groups with a copy button,
 * the PDF, the due date, and how long a boleto takes to clear; then the payment confirmed.
 *
 * The copy button copies the line's digits only, which every bank app accepts.
 *
 * @event pay-result-action - `PayResultActionEvent`: `change-method`. `detail`: `{ action, order }`.
 *
 * @csspart base - The wrapper.
 * @csspart title - The heading (focused by `focus()`).
 * @csspart success-mark - Paid: the check mark beside the title.
 * @csspart message - Paid: what happens next (`paid-message`, or the default).
 * @csspart amount - The amount.
 * @csspart due-date - The due date.
 * @csspart copy-field - The line's label, field and button.
 * @csspart copy-label - Its label.
 * @csspart copy-input - The read-only field.
 * @csspart copy-button - The copy button.
 * @csspart pdf-link - The link to the slip's PDF (opens in a new tab).
 * @csspart clearing - The note that a boleto clears in 1 to 3 business days.
 * @csspart change-method-button - Leaves this order for another way to pay.
 * @csspart reference - The order's reference.
 *
 * @cssprop --pay-color-primary - Buttons, link and focus ring.
 * @cssprop --pay-color-on-primary - Text on the main button.
 * @cssprop --pay-color-text - Text.
 * @cssprop --pay-color-muted - Secondary text.
 * @cssprop --pay-color-background - Background of the secondary button.
 * @cssprop --pay-color-input-background - Background of the line's field.
 * @cssprop --pay-color-border - Borders.
 * @cssprop --pay-color-success - The check mark of a paid order.
 * @cssprop --pay-color-focus - Focus ring.
 * @cssprop --pay-radius - Corner radius.
 * @cssprop --pay-font-family - Font.
 * @cssprop --pay-spacing - Base spacing.
 */
export class PayBoletoResult extends PayResultElement {
  static override styles = [widgetTextStyles, resultStyles, copyFieldStyles, boletoResultStyles];
  static override texts = RESULT_TEXTS;

  private readonly copier = new CopyController(this, (message) => this.announce(message));

  /**
   * Draws the view once, unseen, with a sample slip (results/rehearsal.ts): the buyer's order is
   * then drawn sooner, its due date's formatter among what is made ahead. The checkout asks
   * while the buyer fills a boleto form, giving its shadow root as `place` (see the Pix view's);
   * answers the view drawn, or undefined when it was drawn before.
   */
  static rehearse(locale: string, place?: ParentNode): Promise<PayResultElement | undefined> {
    const boleto = { barcode: '1'.repeat(47), pdfUrl: 'https://example.com/', dueDate: sampleTime(0).slice(0, 10) };
    return rehearse(this, { paymentMethod: 'boleto', boleto }, locale, undefined, place);
  }

  private renderWaiting(locale: SupportedLocale): TemplateResult {
    const boleto = this.order?.boleto;
    const href = boleto ? slipHref(boleto.pdfUrl) : undefined;
    return html`
      ${this.renderHeading(translate(locale, 'boleto.title'))}
      ${this.renderAmount(locale, 'result.amountDue')}
      ${boleto
        ? html`
            <p part="due-date" class="due-date">${translate(locale, 'boleto.dueDate', { date: formatDueDate(boleto.dueDate, formatTag(this.locale, locale)) })}</p>
            ${this.copier.render(
              {
                id: 'boleto-line',
                label: 'boleto.line.label',
                shown: formatDigitableLine(boleto.barcode),
                text: boleto.barcode.replace(/\D/g, ''),
                groups: true,
                copyLabel: 'copy.copyLine',
              },
              locale,
            )}
            ${href
              ? html`<a part="pdf-link" class="pdf-link" href=${href} target="_blank" rel="noopener noreferrer">
                  ${translate(locale, 'boleto.pdf')} <span class="new-tab">${translate(locale, 'boleto.pdf.newTab')}</span>
                </a>`
              : nothing}
          `
        : nothing}
      <p>${translate(locale, 'boleto.howTo')}</p>
      <p part="clearing" class="muted">${translate(locale, 'boleto.clearing')}</p>
      <div class="actions">${this.renderChangeMethodButton(locale)}</div>
    `;
  }

  override render() {
    return this.renderView((locale) => (this.isPaid ? this.renderPaid(locale, 'payment.confirmed') : this.renderWaiting(locale)));
  }
}
