import { LitElement, html, nothing } from 'lit';
import { isCurrency, type Currency } from '../../contract/currency-codes.js';
import { formatAmount } from '../i18n/format-amount.js';
import { resolveLocale } from '../i18n/locales.js';
import { priceStyles } from './price.styles.js';

/**
 * @summary An amount of money in the buyer's language, exact to the cent.
 *
 * @csspart amount - The formatted amount.
 */
export class PayPrice extends LitElement {
  static override styles = priceStyles;
  // Declared here rather than with decorators, so the script-tag build carries no decorator runtime.
  static override properties = { amount: {}, currency: {}, locale: {} };

  /** The amount as the API writes it: a decimal string such as `104.70`. */
  amount = '';

  /** ISO 4217 code of one of the API's ten currencies. */
  currency: Currency = 'BRL';

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these. */
  locale = 'pt-BR';

  /** The formatted text, or `undefined` while the amount or currency is not valid. */
  get formatted(): string | undefined {
    if (!isCurrency(this.currency)) return undefined;
    return formatAmount(this.amount, this.currency, resolveLocale(this.locale));
  }

  override render() {
    const text = this.formatted;
    return text === undefined ? nothing : html`<span part="amount">${text}</span>`;
  }
}
