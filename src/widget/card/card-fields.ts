import { PayCardFields } from './card-fields.component.js';

export { PayCardFields };

if (!customElements.get('pay-card-fields')) customElements.define('pay-card-fields', PayCardFields);

declare global {
  interface HTMLElementTagNameMap {
    'pay-card-fields': PayCardFields;
  }
}
