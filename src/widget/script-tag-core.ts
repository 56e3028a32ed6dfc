/**
 * What the script-tag entry (script-tag.ts) loads: the elements every form shows at once and the
 * on-demand registration of the others. It is the facade of the module build's first chunk
 * (`chunks/checkout-core-<hash>.js`), which the entry asks for with `import()` without reading
 * what it answers: reading it made the bundler add its helper that builds the module object (a
 * second file), and awaiting it at the entry's top level split this chunk in two. So the 3-D
 * Secure errors a page's own provider throws reach the entry as statics of `<pay-checkout>`'s
 * class, which the entry gets from `customElements.whenDefined`.
 */
import './checkout/checkout.js';
import { loadWhenUsed } from './on-demand-elements.js';
import { ThreeDSecureCanceledError, ThreeDSecureFailedError, ThreeDSecureSessionError } from './three-d-secure/provider.js';

Object.assign(customElements.get('pay-checkout')!, { ThreeDSecureCanceledError, ThreeDSecureFailedError, ThreeDSecureSessionError });
loadWhenUsed(document);
