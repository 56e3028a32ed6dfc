/**
 * The widget's classes, events and provider interfaces, without registering any element:
 * import `define.js` for that, or register the classes under names of your own.
 */
export { PayCheckout } from './checkout/checkout.component.js';
export { PayMethodPicker } from './method-picker/method-picker.component.js';
export { PayCustomerFields } from './customer/customer-fields.component.js';
export { PayAddressFields } from './address/address-fields.component.js';
export type { BillingAddressDetails, CustomerDetails, CustomerPrefill } from './customer/customer-fields.component.js';
export { PayCardFields } from './card/card-fields.component.js';
export { PayThreeDSecureDialog } from './three-d-secure/three-d-secure-dialog.component.js';
export { PayPrice } from './price/price.component.js';
export { PayPixResult } from './results/pix-result/pix-result.component.js';
export { PayBoletoResult } from './results/boleto-result/boleto-result.component.js';
export { PayCardResult } from './results/card-result/card-result.component.js';

export { PayReadyEvent, type PayReadyDetail } from './events/ready-event.js';
export { PayMethodChangeEvent, type PayMethodChangeDetail } from './events/method-change-event.js';
export { PayBeforeSubmitEvent, type PayBeforeSubmitDetail } from './events/before-submit-event.js';
export { PayOrderCreatedEvent, type PayOrderCreatedDetail } from './events/order-created-event.js';
export { PayPaidEvent, type PayPaidDetail } from './events/paid-event.js';
export { PayFailedEvent, type PayFailedDetail, type PayFailedReason } from './events/failed-event.js';
export { PayStatusChangeEvent, type PayStatusChangeDetail } from './events/status-change-event.js';
export { PayAntifraudFallbackEvent, type PayAntifraudFallbackDetail } from './events/antifraud-fallback-event.js';
export { PayCardChangeEvent, type CardChangeDetail } from './events/card-change-event.js';
export { PayThreeDSecureCancelEvent } from './events/three-d-secure-cancel-event.js';
export { PayResultActionEvent, type PayResultAction, type PayResultActionDetail } from './events/result-action-event.js';

export {
  createApiCardTokenizer,
  CardTokenizationError,
  CardTokenFieldError,
  CardTokenNetworkError,
  CardTokenRateLimitError,
  CardTokenServiceError,
  CARD_TOKEN_TTL_MS,
  type ApiCardTokenizerSettings,
  type CardDetails,
  type CardToken,
  type CardTokenizer,
} from './providers/card-tokenizer.js';
export {
  createSandboxAntifraudProfiler,
  ANTIFRAUD_COMPLETE_TIMEOUT_MS,
  type AntifraudFallbackReason,
  type AntifraudProfile,
  type AntifraudProfiler,
  type SandboxAntifraudProfilerSettings,
} from './providers/antifraud-profiler.js';
export {
  ThreeDSecureCanceledError,
  ThreeDSecureFailedError,
  ThreeDSecureSessionError,
  type ThreeDSecureInput,
  type ThreeDSecureProvider,
  type ThreeDSecureResult,
} from './three-d-secure/provider.js';
export { createSandboxThreeDSecureProvider, type SandboxThreeDSecureSettings } from './three-d-secure/sandbox-provider.js';

export type { CheckoutConfig, CheckoutOrder } from './checkout/relay-connection.js';
