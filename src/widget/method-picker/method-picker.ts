import { PayMethodPicker } from './method-picker.component.js';

export { PayMethodPicker };

if (!customElements.get('pay-method-picker')) customElements.define('pay-method-picker', PayMethodPicker);

declare global {
  interface HTMLElementTagNameMap {
    'pay-method-picker': PayMethodPicker;
  }
}
