import { LitElement, html, nothing } from 'lit';
import { isCurrency, type Currency } from '../../contract/currency-codes.js';
import { formatAmount } from '../i18n/format-amount.js';
import { priceStyles } from './price.styles.js';

/**
 * @summary An amount of money as the buyer's region writes it, exact to the cent.
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

  /** A BCP 47 tag, `pt-BR` by default: its region sets separators and symbol (`es-MX`: `$1,234.50`); a language other than pt, es and en writes as pt-BR. */
  locale = 'pt-BR';

  /** The formatted text, or `undefined` while the amount or currency is not valid. */
  get formatted(): string | undefined {
    if (!isCurrency(this.currency)) return undefined;
    return formatAmount(this.amount, this.currency, this.locale);
  }

  override render() {
    const text = this.formatted;
    return text === undefined ? nothing : html`<span part="amount">${text}</span>`;
  }
}
