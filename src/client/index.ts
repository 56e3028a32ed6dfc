/**
 * `pay-checkout/client`: the server-side client of the Public API. `createClient` gives a typed
 * method per endpoint with the token cache, the retries and the pacing built in; every failure
 * is a `PayApiError` subclass made by `errorFromResponse`.
 */
export { createClient, type PayClient, type RequestOptions } from './client.js';
export { DEFAULT_INTEREST_REPORT_PATH, DEFAULT_REQUEST_TIMEOUT_MS, type ClientOptions } from './client-options.js';
export {
  AccountError,
  ApiServerError,
  AuthenticationError,
  ConnectionError,
  errorFromResponse,
  IdempotencyConflictError,
  InvalidRequestError,
  NotFoundError,
  PayApiError,
  PermissionError,
  RateLimitError,
  type AccountErrorReason,
  type IdempotencyConflictKind,
  type PayApiErrorInit,
} from './errors.js';
export { DEFAULT_PACING_LIMITS, type PacingLimits, type PacingWindow } from './pacing.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
// The contract's types the methods take and answer, so callers import them from one place.
export type { AnalyticsQuery, AnalyticsResponse } from '../contract/analytics.js';
export type { CardTokenRequest } from '../contract/card-tokens.js';
export type { ChargeRequestInput } from '../contract/charge-request.js';
export type { ChargeResponse } from '../contract/charge-response.js';
export type { Checkout } from '../contract/checkouts.js';
export type { AdditionalInterestConfig, FeesResponse } from '../contract/fees.js';
export type { InterestReportQuery, InterestReportResponse } from '../contract/interest-report.js';
export type { Offer, OfferFilters, OfferList } from '../contract/offers.js';
export type { OrderRecord } from '../contract/orders.js';
export type { Product, ProductList } from '../contract/products.js';
export type { WebhookEventName } from '../contract/webhooks.js';
