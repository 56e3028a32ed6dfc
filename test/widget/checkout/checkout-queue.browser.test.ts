import { expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import {
  bannerText,
  chargeRequests,
  customerFieldsOf,
  fillCustomer,
  methodPickerOf,
  pay,
  readyCheckout,
  recordFetch,
  sandboxSuite,
  submitOf,
  textOf,
} from './checkout-harness.js';

// The relay answers a buyer it puts in its line of charges 429 with `retryAfter` and
// `queuePosition` (docs/relay.md), and a buyer it cannot serve while its store is down 503
// store_unavailable. Both are played here by the page's fetch in front of the test page's relay;
// the charge that follows goes to that relay and the sandbox for real.

const isChargePost = (url: string, method: string) => method === 'POST' && new URL(url).pathname === '/relay/charges';

/** A JSON error answer of the relay, with its `Retry-After` header. */
function relayError(status: number, error: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(error['retryAfter']) },
  });
}

const queued = (retryAfter: number, queuePosition: number) =>
  relayError(429, { type: 'rate_limited', message: 'Queued for a charge slot.', retryAfter, queuePosition });

/** Answers the first charge posts with `answers`, in order; the later ones reach the relay. */
function relayAnswering(answers: (() => Response)[]): Parameters<typeof recordFetch>[0] {
  return (request) => {
    if (!isChargePost(request.url, request.method)) return undefined;
    const answer = answers.shift();
    return answer && Promise.resolve(answer());
  };
}

const progressOf = (el: PayCheckout) => textOf(el.shadowRoot!.querySelector('[part="progress"]'));

/**
 * Every text the polite live region takes, in order, the empty one included: an announcement
 * empties the region first, so the same text said twice shows here twice.
 */
function recordAnnouncements(el: PayCheckout): { texts: string[]; stop: () => void } {
  const region = el.shadowRoot!.querySelector('[role="status"][aria-live="polite"]')!;
  const texts: string[] = [];
  const observer = new MutationObserver(() => {
    const text = textOf(region);
    if (text !== texts.at(-1)) texts.push(text);
  });
  observer.observe(region, { childList: true, characterData: true, subtree: true });
  return { texts, stop: () => observer.disconnect() };
}

describe('<pay-checkout> when the relay is busy or its store is down', () => {
  const suite = sandboxSuite();

  describe('when the relay puts the buyer in its line of charges', () => {
    it('shows the wait, keeps the form and tries again by itself with the same key until the order shows', async () => {
      suite.record(relayAnswering([() => queued(1, 2), () => queued(1, 1)]));
      const el = await readyCheckout();
      await fillCustomer(el);
      const announcements = recordAnnouncements(el);
      const created = oneEvent(el, 'pay-order-created');
      await pay(el);
      await waitUntil(() => progressOf(el).startsWith('Muitas compras'), 'no wait was shown', { interval: 10 });
      expect(progressOf(el)).to.equal('Muitas compras agora. Sua vez em cerca de 1 s.');
      // The request is fixed while the buyer waits: the form stays filled in and locked.
      expect(methodPickerOf(el).disabled).to.equal(true);
      expect(customerFieldsOf(el).disabled).to.equal(true);
      expect(bannerText(el)).to.equal('');
      await expect(el).to.be.accessible();

      // No click: the order comes from the third request.
      const { order } = (await created).detail;
      announcements.stop();
      const charges = chargeRequests(suite.recording.requests, suite.env);
      expect(charges).to.have.length(3);
      const key = charges[0]!.headers.get('Idempotency-Key');
      expect(key).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(charges.map((request) => request.headers.get('Idempotency-Key'))).to.deep.equal([key, key, key]);
      expect(new Set(charges.map((request) => request.body)).size).to.equal(1);
      expect(charges[2]!.status).to.equal(201);
      expect((charges[2]!.answer as { id: string }).id).to.equal(order.id);
      // Said once when the wait starts, not again on the second answer in line.
      expect(announcements.texts.filter((text) => text.startsWith('Muitas compras'))).to.deep.equal([
        'Muitas compras agora. Sua vez em cerca de 1 s.',
      ]);
    });

    for (const { locale, text } of [
      { locale: 'es', text: 'Muchas compras en este momento. Tu turno en alrededor de 2 s.' },
      { locale: 'en', text: 'Lots of orders right now. Your turn in about 2 s.' },
    ]) {
      it(`says the wait in ${locale}`, async () => {
        suite.record(relayAnswering([() => queued(2, 5)]));
        const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" locale=${locale}></pay-checkout>`);
        await fillCustomer(el);
        const created = oneEvent(el, 'pay-order-created');
        await pay(el);
        await waitUntil(() => progressOf(el) === text, `the wait was not shown in ${locale}: "${progressOf(el)}"`, { timeout: 3000, interval: 10 });
        await created;
        expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(2);
      });
    }
  });

  it('offers to try again when the relay\'s store is down (503 store_unavailable), and the retry keeps the key', async () => {
    suite.record(relayAnswering([() => relayError(503, { type: 'store_unavailable', message: 'The store did not answer.', retryAfter: 2 })]));
    const el = await readyCheckout();
    await fillCustomer(el);
    await pay(el);
    await waitUntil(() => bannerText(el) !== '', 'no error was shown');
    expect(bannerText(el)).to.equal(
      'O serviço de pagamento não respondeu agora. Seus dados estão guardados: tente novamente em instantes. Tentar de novo não gera cobrança em dobro.',
    );
    expect(textOf(submitOf(el))).to.equal('Tentar novamente');
    expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(1);
    await expect(el).to.be.accessible();

    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    const { order } = (await created).detail;
    const [first, second] = chargeRequests(suite.recording.requests, suite.env);
    expect(second!.headers.get('Idempotency-Key')).to.equal(first!.headers.get('Idempotency-Key'));
    expect(second!.body).to.equal(first!.body);
    expect((second!.answer as { id: string }).id).to.equal(order.id);
  });
});
