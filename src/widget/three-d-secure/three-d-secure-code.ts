/**
 * The 3-D Secure path's code, which the script-tag build fetches as one chunk (vite.build-cdn.config.ts,
 * "three-d-secure"): the sandbox's provider, its challenge dialog and the billing address's fields.
 * Every loader imports it through this one module, for the reason card-code.ts gives.
 */
export { createSandboxThreeDSecureProvider } from './sandbox-provider.js';
export { PayThreeDSecureDialog } from './three-d-secure-dialog.js';
export { PayAddressFields } from '../address/address-fields.js';
