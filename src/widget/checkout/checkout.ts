import '../customer/customer-fields.js';
import '../method-picker/method-picker.js';
import '../price/price.js';
import { PayCheckout } from './checkout.component.js';

export { PayCheckout };

if (!customElements.get('pay-checkout')) customElements.define('pay-checkout', PayCheckout);

declare global {
  interface HTMLElementTagNameMap {
    'pay-checkout': PayCheckout;
  }
}
