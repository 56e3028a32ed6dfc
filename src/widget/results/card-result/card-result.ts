import { PayCardResult } from './card-result.component.js';

export { PayCardResult };

if (!customElements.get('pay-card-result')) customElements.define('pay-card-result', PayCardResult);

declare global {
  interface HTMLElementTagNameMap {
    'pay-card-result': PayCardResult;
  }
}
