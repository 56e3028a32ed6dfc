/**
 * A result view drawn once before its first real order, where no one sees it. The first view a
 * page draws runs its code for the first time (interpreted), prepares its templates from their
 * markup and parses its styles, all between the charge's answer and the view on screen. Drawn
 * once while the buyer fills the form, in an idle moment, that work is done by the time the
 * answer comes (docs/performance.md, "Card form speed").
 *
 * The view is made with a sample order and drawn into its own shadow root without ever joining
 * the page: Lit draws an element once its `connectedCallback` has run, so that is called here by
 * hand, and `disconnectedCallback` once it is drawn, which stops what its controllers started
 * (the countdown's timer). Nothing is shown, announced, focused or sent, and no event of it
 * reaches the page.
 */
import type { CheckoutOrder } from '../checkout/relay-connection.js';
import { whenIdle } from '../idle.js';
import type { PayResultElement } from './result-element.js';

/** The view classes rehearsed, or being rehearsed, in this page: each once. */
const rehearsed = new WeakSet<object>();

/**
 * Draws a `View` (a registered result view class) in `locale` once the page is idle after `ready`,
 * with a sample order waiting to be paid whose method and method's details are `method`; answers
 * the view once drawn and let go, or undefined when `View` was rehearsed already or could not be
 * made (not registered).
 */
export function rehearse(
  View: new () => PayResultElement,
  method: Pick<CheckoutOrder, 'paymentMethod' | 'pix' | 'boleto'>,
  locale: string,
  ready: Promise<unknown> = Promise.resolve(),
): Promise<PayResultElement | undefined> {
  if (rehearsed.has(View)) return Promise.resolve(undefined);
  rehearsed.add(View);
  return ready
    .then(() => new Promise<void>((idle) => whenIdle(idle)))
    .then(async () => {
      const view = new View();
      view.locale = locale;
      view.order = { id: '', refId: '', status: 'waiting_payment', amount: '100.00', createdAt: new Date().toISOString(), ...method };
      view.connectedCallback();
      try {
        await view.updateComplete;
      } finally {
        view.disconnectedCallback();
      }
      return view;
    })
    .catch(() => undefined);
}

/** A time `ms` from now, as the API may write it (a Pix code's expiry), or its day (a boleto's due date). */
export function sampleTime(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
