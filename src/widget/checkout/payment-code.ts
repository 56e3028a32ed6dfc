/**
 * The code of paying and of showing the order, which the script-tag build fetches as one chunk
 * once the buyer starts on the form (vite.build-cdn.config.ts, "payment"). Every loader imports it
 * through this one module, so the chunk's own exports answer the `import()`: split across several
 * modules' imports, each would need a module object built at run time, and the bundler's helper
 * for that would be one more file to fetch.
 */
export { OrderStatusController } from './order-status-controller.js';
export { PaymentAttempt } from './payment-attempt.js';
export { settleOutcome } from './payment-outcome.js';
