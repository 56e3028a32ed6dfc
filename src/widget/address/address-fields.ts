import { PayAddressFields } from './address-fields.component.js';

export { PayAddressFields };

if (!customElements.get('pay-address-fields')) customElements.define('pay-address-fields', PayAddressFields);

declare global {
  interface HTMLElementTagNameMap {
    'pay-address-fields': PayAddressFields;
  }
}
