import { PayPixResult } from './pix-result.component.js';

export { PayPixResult };

if (!customElements.get('pay-pix-result')) customElements.define('pay-pix-result', PayPixResult);

// The view is fetched before the order it shows (while the buyer fills the form): its QR encoder comes
// with it, rather than once the order is there to draw. A failed fetch is tried again by the view.
import('../qr-encoder.js').catch(() => undefined);

declare global {
  interface HTMLElementTagNameMap {
    'pay-pix-result': PayPixResult;
  }
}
