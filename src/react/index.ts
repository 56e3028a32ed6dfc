/**
 * `pay-checkout/react`: `<PayCheckout>`, the checkout element as a React component (React 18 and 19,
 * client-rendered or server-rendered and hydrated). docs/widget.md, "React", shows it in use.
 */
export {
  PayCheckout,
  PAY_CHECKOUT_ATTRIBUTES,
  PAY_CHECKOUT_EVENTS,
  PAY_CHECKOUT_PROPERTIES,
  type PayCheckoutCallbacks,
  type PayCheckoutElementProps,
  type PayCheckoutProps,
} from './pay-checkout.js';
