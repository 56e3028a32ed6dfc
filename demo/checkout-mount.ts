/**
 * The `<pay-checkout>` of the demo page: made from the QA panel's settings and replaced
 * whenever they change (a fresh element loads its offer again), with a listener for every
 * event the widget documents (docs/widget.md, "Events").
 */
import {
  PayAntifraudFallbackEvent,
  PayBeforeSubmitEvent,
  PayCardChangeEvent,
  PayFailedEvent,
  PayMethodChangeEvent,
  PayOrderCreatedEvent,
  PayPaidEvent,
  PayReadyEvent,
  PayStatusChangeEvent,
  PayThreeDSecureCancelEvent,
  type PayCheckout,
} from '../src/widget/index.js';
import { offersEveryMethod, type DemoSettings } from './demo-settings.js';

/** Every event `<pay-checkout>` and its inner elements fire, by the names their classes declare. */
export const CHECKOUT_EVENT_TYPES: readonly string[] = [
  PayReadyEvent.type,
  PayMethodChangeEvent.type,
  PayBeforeSubmitEvent.type,
  PayOrderCreatedEvent.type,
  PayPaidEvent.type,
  PayFailedEvent.type,
  PayStatusChangeEvent.type,
  PayAntifraudFallbackEvent.type,
  PayCardChangeEvent.type,
  PayThreeDSecureCancelEvent.type,
];

/** The attributes the demo gives the checkout, in the order a shop would write them. */
export function checkoutAttributes(relay: string, settings: DemoSettings): [string, string][] {
  const attributes: [string, string][] = [
    ['relay', relay],
    ['offer', settings.offer],
    ['locale', settings.locale],
  ];
  if (!offersEveryMethod(settings)) attributes.push(['methods', settings.methods.join(',')]);
  return attributes;
}

/** The element as a shop writes it, e.g. `<pay-checkout relay="/checkout" offer="77BcHrY" locale="pt-BR">`. */
export function checkoutMarkup(relay: string, settings: DemoSettings): string {
  const attributes = checkoutAttributes(relay, settings).map(([name, value]) => ` ${name}="${value}"`);
  return `<pay-checkout${attributes.join('')}></pay-checkout>`;
}

function matches(element: Element, attributes: [string, string][]): boolean {
  const wanted = new Map(attributes);
  const present = element.getAttributeNames().filter((name) => name !== 'id');
  return present.length === wanted.size && present.every((name) => wanted.get(name) === element.getAttribute(name));
}

/** Holds the page's one checkout element and reports its events. */
export class CheckoutMount {
  private readonly slot: HTMLElement;
  private readonly relay: string;
  private readonly onEvent: (event: Event) => void;
  private current: PayCheckout | undefined;

  /**
   * @param slot where the checkout lives; a `<pay-checkout>` already in it is adopted when its
   *   attributes are the ones asked for.
   * @param onEvent called with every documented event of the checkout.
   */
  constructor(slot: HTMLElement, relay: string, onEvent: (event: Event) => void) {
    this.slot = slot;
    this.relay = relay;
    this.onEvent = onEvent;
  }

  get element(): PayCheckout | undefined {
    return this.current;
  }

  /**
   * Shows a checkout with these settings: a new element, so it loads the offer again and
   * starts a new payment attempt. The page's own element is kept on the first call when it
   * already has these attributes.
   */
  show(settings: DemoSettings): PayCheckout {
    const attributes = checkoutAttributes(this.relay, settings);
    const existing = this.current === undefined ? this.slot.querySelector('pay-checkout') : null;
    if (existing && matches(existing, attributes)) return this.adopt(existing);
    const element = document.createElement('pay-checkout');
    element.id = 'checkout';
    for (const [name, value] of attributes) element.setAttribute(name, value);
    this.slot.replaceChildren(element);
    return this.adopt(element);
  }

  private adopt(element: PayCheckout): PayCheckout {
    element.id = 'checkout';
    for (const type of CHECKOUT_EVENT_TYPES) element.addEventListener(type, this.onEvent);
    this.current = element;
    return element;
  }
}
