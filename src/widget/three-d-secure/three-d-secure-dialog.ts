import { PayThreeDSecureDialog } from './three-d-secure-dialog.component.js';

export { PayThreeDSecureDialog };

if (!customElements.get('pay-3ds-dialog')) customElements.define('pay-3ds-dialog', PayThreeDSecureDialog);

declare global {
  interface HTMLElementTagNameMap {
    'pay-3ds-dialog': PayThreeDSecureDialog;
  }
}
