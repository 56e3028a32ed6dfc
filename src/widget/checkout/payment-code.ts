/**
 * The code of paying and of showing the order, which the script-tag build fetches as one chunk
 * once the buyer starts on the form (vite.build-cdn.config.ts, "payment"). Every loader imports it
 * through this one module, so the chunk builds one module object for the `import()` (the chunk
 * also holds what the card, 3-D Secure and result views' chunks share, so its own exports cannot
 * answer it), not one per module imported.
 */
export { OrderStatusController } from './order-status-controller.js';
export { PaymentAttempt } from './payment-attempt.js';
export { settleOutcome } from './payment-outcome.js';
