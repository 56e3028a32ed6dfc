import { PayPrice } from './price.component.js';

export { PayPrice };

if (!customElements.get('pay-price')) customElements.define('pay-price', PayPrice);

declare global {
  interface HTMLElementTagNameMap {
    'pay-price': PayPrice;
  }
}
