import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import type { PayPixResult } from '../../../src/widget/results/pix-result/pix-result.component.js';
import {
  chargeRequests,
  fillCustomer,
  liveRegionText,
  pay,
  readyCheckout,
  recordFetch,
  relayRequests,
  resetSandbox,
  sandboxControl,
  testEnv,
  type TestEnv,
} from '../checkout/checkout-harness.js';
import { checkoutResult, viewText } from './results-harness.js';

/** Pays with Pix as a buyer does and answers the created order. */
async function payPix(el: PayCheckout): Promise<CheckoutOrder> {
  await fillCustomer(el);
  const created = oneEvent(el, 'pay-order-created');
  await pay(el);
  return (await created).detail.order;
}

/** The orders kept in the tab for a reload. */
function keptOrders(): string[] {
  return Object.keys(sessionStorage).filter((key) => key.startsWith('pay-checkout:order:'));
}

describe('<pay-checkout> follows the order it shows', () => {
  let env: TestEnv;
  let recording: ReturnType<typeof recordFetch>;
  let restoreEventSource: (() => void) | undefined;

  /** Puts `replacement` in place of the page's EventSource until the test ends. */
  function replaceEventSource(replacement: typeof EventSource | undefined): void {
    const original = window.EventSource;
    (window as { EventSource?: typeof EventSource }).EventSource = replacement;
    restoreEventSource = () => {
      window.EventSource = original;
    };
  }

  /** The reads of an order (`GET {relay}/orders/{id}`), the polling's requests. */
  function orderReads(orderId: string): number {
    return relayRequests(recording.requests, env).filter((request) => request.method === 'GET' && request.url.endsWith(`/orders/${orderId}`)).length;
  }

  before(async () => {
    env = await testEnv();
  });

  beforeEach(async () => {
    await resetSandbox();
    recording = recordFetch();
  });

  afterEach(() => {
    recording.restore();
    restoreEventSource?.();
    restoreEventSource = undefined;
  });

  it('turns the Pix view to paid by itself through the event stream, then closes it', async () => {
    const opened: string[] = [];
    const closed: string[] = [];
    const PageEventSource = window.EventSource;
    replaceEventSource(
      class extends PageEventSource {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          opened.push(String(url));
        }

        override close(): void {
          closed.push(this.url);
          super.close();
        }
      },
    );
    const el = await readyCheckout();
    const order = await payPix(el);
    const view = (await checkoutResult(el, 'pay-pix-result')) as PayPixResult;
    // The following starts once its code is there (fetched with the first order).
    await waitUntil(() => opened.length > 0, 'the event stream was not opened');
    // The stream carries the order's token in its query (an EventSource sends no headers); the page's events never do.
    const { orderToken } = chargeRequests(recording.requests, env)[0]!.answer as { orderToken: string };
    expect(orderToken).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(opened).to.deep.equal([`${env.pageOrigin}/relay/orders/${order.id}/events?token=${orderToken}`]);
    expect(order).to.not.have.property('orderToken');
    const paid = oneEvent(el, 'pay-paid');
    await sandboxControl(`orders/${order.id}/pay`, 'POST');
    expect((await paid).detail.order).to.include({ id: order.id, status: 'paid' });
    await view.updateComplete;
    expect(viewText(view)).to.contain('Pagamento confirmado!');
    await waitUntil(() => liveRegionText(el) === 'Pagamento confirmado!', 'the payment was not announced');
    expect(el.shadowRoot!.querySelector('[role="status"][aria-live="polite"]')).to.not.equal(null);
    expect(closed).to.deep.equal(opened);
    expect(orderReads(order.id)).to.equal(0);
    expect(keptOrders()).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('polls the order when the browser has no EventSource, and stops once paid', async () => {
    replaceEventSource(undefined);
    const el = await readyCheckout();
    const order = await payPix(el);
    const view = (await checkoutResult(el, 'pay-pix-result')) as PayPixResult;
    const paid = oneEvent(el, 'pay-paid');
    await sandboxControl(`orders/${order.id}/pay`, 'POST');
    await paid;
    await view.updateComplete;
    expect(viewText(view)).to.contain('Pagamento confirmado!');
    const reads = orderReads(order.id);
    expect(reads).to.be.greaterThan(0);
    // Each read carries the order's token in a header, never in its URL.
    const { orderToken } = chargeRequests(recording.requests, env)[0]!.answer as { orderToken: string };
    const orderReadRequests = relayRequests(recording.requests, env).filter((request) => request.url.includes(`/orders/${order.id}`));
    expect(orderReadRequests.map((request) => request.headers.get('Authorization'))).to.deep.equal(orderReadRequests.map(() => `Bearer ${orderToken}`));
    expect(orderReadRequests.every((request) => !request.url.includes(orderToken))).to.equal(true);
    // Final: no more reads, though the next one would have been due within seconds.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(orderReads(order.id)).to.equal(reads);
  });

  it('falls back to polling when the event stream cannot be opened', async () => {
    recording.restore();
    const PageEventSource = window.EventSource;
    // A proxy that refuses event streams: the stream's URL answers an error.
    replaceEventSource(
      class extends PageEventSource {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(String(url).replace('/events', '/no-such-stream'), init);
        }
      },
    );
    recording = recordFetch();
    const el = await readyCheckout();
    const order = await payPix(el);
    await checkoutResult(el, 'pay-pix-result');
    const paid = oneEvent(el, 'pay-paid');
    await sandboxControl(`orders/${order.id}/pay`, 'POST');
    await paid;
    expect(orderReads(order.id)).to.be.greaterThan(0);
  });

  describe('after a reload', () => {
    it('shows the same Pix code again, follows it, and forgets it once paid', async () => {
      const first = await readyCheckout();
      const order = await payPix(first);
      await checkoutResult(first, 'pay-pix-result');
      expect(keptOrders()).to.have.length(1);
      first.remove();

      const again = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
      const view = (await checkoutResult(again, 'pay-pix-result')) as PayPixResult;
      expect(view.order!.id).to.equal(order.id);
      expect(view.shadowRoot!.querySelector<HTMLTextAreaElement>('#pix-code')!.value).to.equal(order.pix!.qrCode);
      expect(again.shadowRoot!.querySelector('form')!.hidden).to.equal(true);
      expect(chargeRequests(recording.requests, env)).to.have.length(1);
      await expect(again).to.be.accessible();

      const paid = oneEvent(again, 'pay-paid');
      await sandboxControl(`orders/${order.id}/pay`, 'POST');
      await paid;
      await view.updateComplete;
      expect(viewText(view)).to.contain('Pagamento confirmado!');
      expect(keptOrders()).to.deep.equal([]);
    });

    it('says it is ready once the kept order is on screen again, not while it is looked up', async () => {
      const first = await readyCheckout();
      await payPix(first);
      await checkoutResult(first, 'pay-pix-result');
      first.remove();

      const seen: { result: string | null; loading: boolean }[] = [];
      const listener = (event: Event) => {
        const root = (event.target as PayCheckout).shadowRoot!;
        seen.push({ result: root.querySelector('[part="result"]')?.localName ?? null, loading: root.querySelector('[part="loading"]') !== null });
      };
      document.addEventListener('pay-ready', listener);
      try {
        const again = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
        await checkoutResult(again, 'pay-pix-result');
        await waitUntil(() => seen.length > 0, 'pay-ready never came', { timeout: 5000 });
        expect(seen).to.deep.equal([{ result: 'pay-pix-result', loading: false }]);
      } finally {
        document.removeEventListener('pay-ready', listener);
      }
    });

    it('keeps the order apart for another offer', async () => {
      const first = await readyCheckout();
      await payPix(first);
      first.remove();
      const other = await readyCheckout(html`<pay-checkout relay="/relay" offer="FOTOprm"></pay-checkout>`);
      expect(other.shadowRoot!.querySelector('[part="result"]')).to.equal(null);
      expect(other.shadowRoot!.querySelector('form')!.hidden).to.equal(false);
    });

    it('shows the form when the relay no longer knows the order', async () => {
      const first = await readyCheckout();
      await payPix(first);
      first.remove();
      const [key] = keptOrders();
      const kept = JSON.parse(sessionStorage.getItem(key!)!) as { order: CheckoutOrder };
      sessionStorage.setItem(key!, JSON.stringify({ ...kept, order: { ...kept.order, id: 'ord_ffffffffffffffff' } }));
      const again = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
      await waitUntil(() => again.shadowRoot!.querySelector('form')?.hidden === false, 'the form did not come back', { timeout: 8000 });
      expect(keptOrders()).to.deep.equal([]);
    });

    it('does not bring back a Pix code that has expired', async () => {
      const first = await readyCheckout();
      await payPix(first);
      first.remove();
      const [key] = keptOrders();
      const kept = JSON.parse(sessionStorage.getItem(key!)!) as { order: CheckoutOrder };
      const expired = { ...kept.order, pix: { ...kept.order.pix!, expirationDate: '2020-01-01 10:00:00-03:00' } };
      sessionStorage.setItem(key!, JSON.stringify({ ...kept, order: expired }));
      const again = await readyCheckout();
      expect(again.shadowRoot!.querySelector('[part="result"]')).to.equal(null);
      expect(keptOrders()).to.deep.equal([]);
    });
  });
});
