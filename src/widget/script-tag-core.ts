/**
 * What the script-tag entry (script-tag.ts) loads: the elements every form shows at once and the
 * on-demand registration of the others. It is the facade of the module build's first chunk
 * (`chunks/checkout-core-<hash>.js`), which the entry asks for with `import()` and whose exports
 * it does not read: an export here would cost a second file (the bundler's helper that builds the
 * module object). The 3-D Secure errors a page's own provider throws reach the entry as statics
 * of `<pay-checkout>`'s class instead, which the entry gets from `customElements.whenDefined`.
 */
import './checkout/checkout.js';
import { loadWhenUsed } from './on-demand-elements.js';
import { ThreeDSecureCanceledError, ThreeDSecureFailedError, ThreeDSecureSessionError } from './three-d-secure/provider.js';

Object.assign(customElements.get('pay-checkout')!, { ThreeDSecureCanceledError, ThreeDSecureFailedError, ThreeDSecureSessionError });
loadWhenUsed(document);
