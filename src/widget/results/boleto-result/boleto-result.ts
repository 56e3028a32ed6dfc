import { PayBoletoResult } from './boleto-result.component.js';

export { PayBoletoResult };

if (!customElements.get('pay-boleto-result')) customElements.define('pay-boleto-result', PayBoletoResult);

declare global {
  interface HTMLElementTagNameMap {
    'pay-boleto-result': PayBoletoResult;
  }
}
