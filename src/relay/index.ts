/**
 * `pay-checkout/relay`: the merchant relay the widget talks to. One fetch handler
 * (`createRelay`) and the Node adapter (`toNodeHandler`).
 */
export { createRelay, type Relay } from './relay.js';
export { toNodeHandler } from './node.js';
export type {
  ChargeRateLimit,
  OfferAllowance,
  RelayEventStreamOptions,
  RelayOptions,
  WidgetSettings,
} from './options.js';
export type { ChargeQueueOptions } from './charge-queue-options.js';
export type { RelayRequestInfo } from './context.js';
export type { RelayErrorDetails } from './options.js';
export { createRelayMetrics, type RelayMetrics, type RelayMetricsOptions } from './operations/metrics.js';
export { createRelayLogger, LOG_FORMATS, LOG_LEVELS, type LogDestination, type LogFormat, type LogLevel, type RelayLogger, type RelayLoggerOptions } from './operations/logger.js';
export type { RelayObserver, RequestEvent, ChargeEvent, UpstreamEvent, QueueEvent, StoreEvent, WebhookResult } from './operations/observer.js';
export type { RelayCloseOptions } from './operations/operated-relay.js';
export { REQUEST_ID_HEADER } from './operations/request-id.js';
export type { ChargeAnswer } from './charges-route.js';
export type { PublicOrder, RelayWebhookEvent, StatusChange } from './order-book.js';
export type { WidgetConfig, WidgetInstallmentOption, WidgetRecurrence } from './config-route.js';
export { RELAY_ERROR_TYPES, type RelayErrorBody, type RelayErrorType } from './errors.js';
export { UnconfirmedWebhookError, type UnconfirmedWebhook } from './webhook-confirmation.js';
export { WebhookRefusedError } from './webhooks-route.js';
export { OrderRefreshBudgetSpentError } from './order-book.js';
export { findCardData, looksLikeCardNumber } from './card-data.js';
export { buyerIp } from './buyer-ip.js';
export { widgetChargeRequestSchema, WIDGET_IDEMPOTENCY_HEADER, type WidgetChargeRequest } from './widget-request.js';
export { sandboxAddressLookup, viaCepAddressLookup, VIACEP_BASE_URL, type AddressLookup, type LookedUpAddress, type ViaCepLookupOptions, type HttpAddressLookupOptions } from './address-lookups.js';
export type { AddressAnswer } from './address-route.js';
export { checkoutConfigSnapshot, inlineCheckoutConfig, type InlineCheckoutConfig, type InlineCheckoutConfigOptions } from './inline-config.js';
export { widgetPreloadLinks, type WidgetPreloadManifest, type WidgetPreloadOptions } from './preload-links.js';
