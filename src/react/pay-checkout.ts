'use client';
/**
 * `<PayCheckout>`: the `<pay-checkout>` element as a React component, for React 18 and 19, rendered
 * on the client or on the server and then hydrated. The element is the product; this maps props
 * onto it and nothing else:
 * - the element's string and boolean properties become their attributes (`paidMessage` is
 *   `paid-message`), so the server's HTML already says which relay and offer to load;
 * - its object properties (`customer`, `metadata`, the providers) are set on the element itself,
 *   in a layout effect, before its first update. React 18 would write them as attributes
 *   (`[object Object]`), and neither React sets them while hydrating a custom element;
 * - each `pay-*` event calls the `on…` callback of the same name, through a listener this component
 *   adds itself, so callbacks work after hydration too.
 */
import {
  createElement,
  forwardRef,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type ForwardedRef,
  type HTMLAttributes,
  type ReactElement,
} from 'react';
import '../widget/checkout/checkout.js';
import type { PayCheckout as PayCheckoutElement } from '../widget/checkout/checkout.component.js';

/**
 * The element's string and boolean properties, each with the attribute it is rendered as. React 18
 * would write `paidMessage` as an attribute of that name, which HTML reads as `paidmessage`.
 */
export const PAY_CHECKOUT_ATTRIBUTES = {
  relay: 'relay',
  offer: 'offer',
  locale: 'locale',
  methods: 'methods',
  askBirthDate: 'ask-birth-date',
  paidMessage: 'paid-message',
  inlineConfig: 'inline-config',
} as const;

/** The element's object properties: set on the element, never rendered as attributes. */
export const PAY_CHECKOUT_PROPERTIES = ['customer', 'metadata', 'cardTokenizer', 'antifraudProfiler', 'threeDSecureProvider'] as const;

/** Each callback prop and the event of the element it is called with. */
export const PAY_CHECKOUT_EVENTS = {
  onReady: 'pay-ready',
  onMethodChange: 'pay-method-change',
  onBeforeSubmit: 'pay-before-submit',
  onOrderCreated: 'pay-order-created',
  onPaid: 'pay-paid',
  onFailed: 'pay-failed',
  onStatusChange: 'pay-status-change',
  onAntifraudFallback: 'pay-antifraud-fallback',
  onResultAction: 'pay-result-action',
} as const;

type PayCheckoutEvents = typeof PAY_CHECKOUT_EVENTS;
type PayCheckoutProperty = (typeof PAY_CHECKOUT_PROPERTIES)[number];
type PayCheckoutAttributeProperty = keyof typeof PAY_CHECKOUT_ATTRIBUTES;

/** The callbacks: `onPaid(event)` gets the element's `PayPaidEvent`, and so on. */
export type PayCheckoutCallbacks = {
  [Callback in keyof PayCheckoutEvents]?: (event: GlobalEventHandlersEventMap[PayCheckoutEvents[Callback]]) => void;
};

/** The element's own properties, typed as the element declares them. */
export type PayCheckoutElementProps = Partial<Pick<PayCheckoutElement, PayCheckoutAttributeProperty | PayCheckoutProperty>>;

/** Props of {@link PayCheckout}: the element's properties, its callbacks, and any HTML attribute. */
export type PayCheckoutProps = PayCheckoutElementProps &
  PayCheckoutCallbacks &
  Omit<HTMLAttributes<PayCheckoutElement>, keyof PayCheckoutElementProps | keyof PayCheckoutCallbacks>;

// React warns about useLayoutEffect during server rendering (React 18); on the server neither runs.
const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function PayCheckoutRender(props: PayCheckoutProps, forwardedRef: ForwardedRef<PayCheckoutElement>): ReactElement {
  const { customer, metadata, cardTokenizer, antifraudProfiler, threeDSecureProvider } = props;
  const attributes: Record<string, unknown> = { ...props };
  for (const name of [...Object.keys(PAY_CHECKOUT_EVENTS), ...PAY_CHECKOUT_PROPERTIES, ...Object.keys(PAY_CHECKOUT_ATTRIBUTES)]) delete attributes[name];
  for (const [property, attribute] of Object.entries(PAY_CHECKOUT_ATTRIBUTES)) {
    const value = props[property as PayCheckoutAttributeProperty];
    // A boolean attribute is present when true: React 18 would write `true` as the text "true".
    attributes[attribute] = typeof value === 'boolean' ? (value ? '' : undefined) : value;
  }

  const elementRef = useRef<PayCheckoutElement | null>(null);
  const callbacksRef = useRef<PayCheckoutCallbacks>(props);
  callbacksRef.current = props;

  const ref = useCallback(
    (element: PayCheckoutElement | null) => {
      elementRef.current = element;
      if (typeof forwardedRef === 'function') forwardedRef(element);
      else if (forwardedRef) forwardedRef.current = element;
    },
    [forwardedRef],
  );

  const properties = { customer, metadata, cardTokenizer, antifraudProfiler, threeDSecureProvider };
  useClientLayoutEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    for (const name of PAY_CHECKOUT_PROPERTIES) {
      if (element[name] !== properties[name]) (element as unknown as Record<string, unknown>)[name] = properties[name];
    }
  });

  // One listener per event for the element's lifetime; it calls whichever callback the latest render passed.
  useClientLayoutEffect(() => {
    const element = elementRef.current;
    if (!element) return undefined;
    const listeners = Object.entries(PAY_CHECKOUT_EVENTS).map(([callback, type]) => {
      const listener = (event: Event) => (callbacksRef.current[callback as keyof PayCheckoutCallbacks] as ((event: Event) => void) | undefined)?.(event);
      element.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) element.removeEventListener(type, listener);
    };
  }, []);

  return createElement('pay-checkout', { ...attributes, ref });
}

/** The checkout; `ref` is the `<pay-checkout>` element. */
export const PayCheckout = forwardRef<PayCheckoutElement, PayCheckoutProps>(PayCheckoutRender);
PayCheckout.displayName = 'PayCheckout';
