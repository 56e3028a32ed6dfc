/**
 * A result view drawn once before its first real order, where no one sees it. The first view a
 * page draws runs its code for the first time (interpreted), prepares its templates from their
 * markup and parses its styles, all between the charge's answer and the view on screen. Drawn
 * once while the buyer fills the form, in an idle moment, that work is done by the time the
 * answer comes (docs/performance.md, "Card form speed").
 *
 * The view is made with a sample order. Given the `place` it will be shown in (the checkout's
 * shadow root), it is drawn there, at its end, in a block of no height that is hidden, inert
 * and out of the accessibility tree, then laid out once and taken away: where the real view will
 * be, with the same width and theme. Laying it out picks and shapes its fonts (the code's
 * monospace one among them), a large part of what was left between the answer and the view on
 * screen. The block has no height and is hidden, so nothing after it moves and nothing of it is
 * seen; drawing, layout and removal follow one another with no task in between, so it is gone
 * before the next frame. Without a place, the view is drawn into its own shadow root without
 * ever joining the page, and not laid out: Lit draws an element once its `connectedCallback` has
 * run, so that is called here by hand. Either way `disconnectedCallback` runs once it is drawn,
 * which stops what its controllers started (the countdown's timer). Nothing is shown, announced,
 * focused or sent, and no event of it reaches the page.
 *
 * A rehearsed view is one of an order that waits to be paid (a Pix code, a boleto), which the
 * checkout follows once shown: the code that follows it (order-following.ts) is fetched with the
 * rehearsal, so the order's events are asked for as soon as the view shows, not a round trip later.
 * It is the module `loadFollowing` of order-status-controller.ts loads, by the same name, so one
 * fetch serves both. It is asked for here, in the chunk only the Pix and boleto views share,
 * rather than in the checkout's `prepare`, whose bytes would be on every path, card paths included.
 */
import type { CheckoutOrder } from '../checkout/relay-connection.js';
import { whenIdle } from '../idle.js';
import type { PayResultElement } from './result-element.js';

/** The view classes rehearsed, or being rehearsed, in this page: each once. */
const rehearsed = new WeakSet<object>();

/**
 * Draws a `View` (a registered result view class) in `locale` once the page is idle after `ready`,
 * with a sample order waiting to be paid whose method and method's details are `method`, and lays
 * it out hidden in `place` when there is one; answers the view once drawn and let go, or
 * undefined when `View` was rehearsed already or could not be made (not registered).
 */
export function rehearse(
  View: new () => PayResultElement,
  method: Pick<CheckoutOrder, 'paymentMethod' | 'pix' | 'boleto'>,
  locale: string,
  ready: Promise<unknown> = Promise.resolve(),
  place?: ParentNode,
): Promise<PayResultElement | undefined> {
  if (rehearsed.has(View)) return Promise.resolve(undefined);
  rehearsed.add(View);
  import('./order-following.js').catch(() => undefined);
  return ready
    .then(() => new Promise<void>((idle) => whenIdle(idle)))
    .then(async () => {
      const view = new View();
      view.locale = locale;
      view.order = { id: '', refId: '', status: 'waiting_payment', amount: '100.00', createdAt: new Date().toISOString(), ...method };
      let stage: HTMLDivElement | undefined;
      if (place) {
        stage = document.createElement('div');
        stage.style.cssText = 'height:0;overflow:hidden;visibility:hidden';
        stage.inert = true;
        stage.ariaHidden = 'true';
        stage.append(view);
        place.append(stage);
      } else view.connectedCallback();
      try {
        await view.updateComplete;
        // Read a size: the layout is done now, not at the next frame, when the block is gone.
        if (stage) view.getBoundingClientRect();
      } finally {
        if (stage) stage.remove();
        else view.disconnectedCallback();
      }
      return view;
    })
    .catch(() => undefined);
}

/** A time `ms` from now, as the API may write it (a Pix code's expiry), or its day (a boleto's due date). */
export function sampleTime(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
