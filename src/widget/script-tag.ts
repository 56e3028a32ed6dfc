/**
 * The entry of the script-tag build (`dist/cdn/pay-checkout.js`). Loading it registers the
 * elements every form shows at once (`<pay-checkout>`, `<pay-method-picker>`,
 * `<pay-customer-fields>`, `<pay-price>`) and the others when first needed: the card form
 * (`<pay-card-fields>`), the result views (`<pay-pix-result>`, `<pay-boleto-result>`,
 * `<pay-card-result>`) and the 3-D Secure dialog (`<pay-3ds-dialog>`) come in their own chunks,
 * fetched by the checkout when its offer takes a card, a payment starts or a challenge opens,
 * or as soon as the page puts one in the document itself.
 *
 * It exports the classes of the elements it registers at once, the events, the sandbox's
 * anti-fraud profiler and the 3-D Secure errors; an on-demand element's class is
 * `customElements.get(tag)` once `customElements.whenDefined(tag)` resolves. The card tokenizer
 * comes with the payment's own chunk, fetched when the buyer starts on the form. The npm
 * package's `widget/define` registers every element at once and exports everything instead: a
 * shop's own bundler splits it as it likes.
 */
import './checkout/checkout.js';
import { loadWhenUsed } from './on-demand-elements.js';

loadWhenUsed(document);

export { PayCheckout } from './checkout/checkout.js';
export { PayMethodPicker } from './method-picker/method-picker.js';
export { PayCustomerFields } from './customer/customer-fields.js';
export { PayPrice } from './price/price.js';
export { loadElement, ON_DEMAND_TAGS, type OnDemandTag } from './on-demand-elements.js';

export { PayReadyEvent } from './events/ready-event.js';
export { PayMethodChangeEvent } from './events/method-change-event.js';
export { PayBeforeSubmitEvent } from './events/before-submit-event.js';
export { PayOrderCreatedEvent } from './events/order-created-event.js';
export { PayPaidEvent } from './events/paid-event.js';
export { PayFailedEvent } from './events/failed-event.js';
export { PayStatusChangeEvent } from './events/status-change-event.js';
export { PayAntifraudFallbackEvent } from './events/antifraud-fallback-event.js';
export { PayCardChangeEvent } from './events/card-change-event.js';
export { PayThreeDSecureCancelEvent } from './events/three-d-secure-cancel-event.js';
export { PayResultActionEvent } from './events/result-action-event.js';

export { createSandboxAntifraudProfiler } from './providers/antifraud-profiler.js';
export { ThreeDSecureCanceledError, ThreeDSecureFailedError, ThreeDSecureSessionError } from './three-d-secure/provider.js';
