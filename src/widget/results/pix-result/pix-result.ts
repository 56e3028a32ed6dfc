import { PayPixResult } from './pix-result.component.js';

export { PayPixResult };

if (!customElements.get('pay-pix-result')) customElements.define('pay-pix-result', PayPixResult);

declare global {
  interface HTMLElementTagNameMap {
    'pay-pix-result': PayPixResult;
  }
}
