/**
 * The entry of the classic script-tag build (`dist/cdn/pay-checkout.classic.js`): one file, the
 * module build's first chunk and on-demand chunks inlined, whose exports the classic script puts
 * on `window.PayCheckout`.
 */
import './script-tag-core.js';

export { ThreeDSecureCanceledError, ThreeDSecureFailedError, ThreeDSecureSessionError } from './three-d-secure/provider.js';
