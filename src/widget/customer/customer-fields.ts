import { PayCustomerFields } from './customer-fields.component.js';

export { PayCustomerFields };

if (!customElements.get('pay-customer-fields')) customElements.define('pay-customer-fields', PayCustomerFields);

declare global {
  interface HTMLElementTagNameMap {
    'pay-customer-fields': PayCustomerFields;
  }
}
