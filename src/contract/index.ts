/**
 * The Public API contract: every resource, request, response, rule and limit of
 * public-api.md (and the supplement's facts) as zod/mini schemas with inferred types.
 * Shared by the widget, the relay, the client and the sandbox.
 */
export * from './analytics.js';
export * from './auth.js';
export * from './card-tokens.js';
export * from './charge-request.js';
export * from './charge-response.js';
export * from './checkouts.js';
export * from './constants.js';
export * from './currencies.js';
export * from './errors.js';
export * from './fees.js';
export * from './formats.js';
export * from './interest-report.js';
export * from './lists.js';
export * from './money.js';
export * from './offers.js';
export * from './orders.js';
export * from './payment-methods.js';
export * from './products.js';
export * from './three-d-secure.js';
export * from './webhooks.js';
