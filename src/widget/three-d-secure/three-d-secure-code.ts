/**
 * The sandbox's 3-D Secure code, which the script-tag build fetches as one chunk (vite.build-cdn.config.ts,
 * "three-d-secure"): its provider and its challenge dialog. A shop with a 3-D Secure provider of its own
 * never fetches it; the billing address, which every provider needs, comes with the card form
 * (card/card-code.ts). Every loader imports this code through this one module, for the reason
 * card-code.ts gives.
 */
export { createSandboxThreeDSecureProvider } from './sandbox-provider.js';
export { PayThreeDSecureDialog } from './three-d-secure-dialog.js';
