import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { PublicOrder } from '../../src/relay/index.js';
import { ATTEMPT_TRIES_PER_MINUTE } from '../../src/relay/charges-route.js';
import {
  BUYER_IP,
  cardChargeBody,
  failCharges,
  failedCharge as failed,
  pixChargeBody,
  postCharge,
  refusal,
  sandboxControl,
  singleAttemptClient,
  startRelay,
  startRelayTryingOnce,
  TEST_CARDS,
  tokenizeCard,
  type RelayUnderTest,
} from './relay-harness.js';
import { countingStore } from './counting-store.js';

const PUBLIC_ORDER_KEYS = ['amount', 'createdAt', 'id', 'orderToken', 'paymentMethod', 'refId', 'status'];

async function created(response: Response): Promise<PublicOrder> {
  const text = await response.text();
  assert.equal(response.status, 201, text);
  return JSON.parse(text) as PublicOrder;
}

describe('POST charges: a charge per method, end to end', () => {
  let relay: RelayUnderTest;
  const announced: PublicOrder[] = [];
  before(async () => {
    relay = await startRelay({ onOrder: (order) => void announced.push(order) });
  });
  after(() => relay.close());

  it('pix: waiting_payment with the QR code, and the buyer IP on the order', async () => {
    const order = await created(await postCharge(relay, pixChargeBody()));
    assert.deepEqual(Object.keys(order).sort(), [...PUBLIC_ORDER_KEYS, 'pix'].sort());
    assert.equal(order.status, 'waiting_payment');
    assert.equal(order.paymentMethod, 'pix');
    assert.equal(order.amount, '97.00');
    assert.match(order.pix!.qrCode, /^000201/);
    assert.equal(order.pix!.user_journey, null);
    assert.equal(relay.running.sandbox.world.orders.get(order.id)?.customer.ip, BUYER_IP);
    const { orderToken, ...shown } = order as typeof order & { orderToken: string };
    assert.deepEqual(announced.at(-1), shown, 'onOrder gets the same public view, without the buyer\'s token');
  });

  it('pix_auto: the journey the acquirer chose', async () => {
    const order = await created(await postCharge(relay, { ...pixChargeBody(), paymentMethod: 'pix_auto' }));
    assert.equal(order.status, 'waiting_payment');
    assert.equal(order.pix!.user_journey, 'JORNADA_4');
  });

  it('boleto: the slip without the hosted checkout or the fees', async () => {
    const order = await created(await postCharge(relay, { ...pixChargeBody(), paymentMethod: 'boleto' }));
    assert.deepEqual(Object.keys(order).sort(), [...PUBLIC_ORDER_KEYS, 'boleto'].sort());
    assert.match(order.boleto!.barcode, /^[\d.\s]+$/);
    assert.match(order.boleto!.dueDate, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(order.boleto!.pdfUrl.startsWith(relay.running.baseUrl));
  });

  it('credit_card: paid with a token made in the browser', async () => {
    const token = await tokenizeCard(relay.running);
    const order = await created(await postCharge(relay, cardChargeBody('credit_card', token)));
    assert.deepEqual(Object.keys(order).sort(), PUBLIC_ORDER_KEYS);
    assert.equal(order.status, 'paid');
  });

  it('threeDs: the outcome of the authenticated card', async () => {
    const token = await tokenizeCard(relay.running, TEST_CARDS.challenge);
    const threeDSecure = { cavv: 'AAABBB', eci: '05', xid: 'xid-1', referenceId: randomUUID(), version: '2.2.0' };
    const paid = await created(await postCharge(relay, cardChargeBody('threeDs', token, { threeDSecure })));
    assert.equal(paid.status, 'paid');
    const declinedToken = await tokenizeCard(relay.running, TEST_CARDS.declined);
    const declined = await created(await postCharge(relay, cardChargeBody('threeDs', declinedToken, { threeDSecure })));
    assert.equal(declined.status, 'declined');
  });

  it('a retried attempt (same Idempotency-Key) gets the same order, created once and announced once', async () => {
    const key = randomUUID();
    const ordersBefore = relay.running.sandbox.world.orders.size;
    const announcedBefore = announced.length;
    const first = await created(await postCharge(relay, pixChargeBody(), { key }));
    const second = await created(await postCharge(relay, pixChargeBody(), { key }));
    assert.equal(second.id, first.id);
    assert.equal(relay.running.sandbox.world.orders.size, ordersBefore + 1);
    assert.equal(announced.length, announcedBefore + 1);
  });
});

describe('POST charges: refusals before anything reaches the API', () => {
  let relay: RelayUnderTest;
  before(async () => {
    relay = await startRelay({ maxBodyBytes: 2048 });
  });
  after(() => relay.close());
  let chargesBefore = 0;
  beforeEach(() => {
    chargesBefore = relay.upstreamCount('/public_api/payments/');
  });
  const nothingSent = () => assert.equal(relay.upstreamCount('/public_api/payments/'), chargesBefore, 'no charge went upstream');

  it('415 unsupported_media_type for a body that is not JSON', async () => {
    const response = await relay.call('POST', '/charges', {
      body: undefined,
      headers: { 'Content-Type': 'text/plain', 'Idempotency-Key': randomUUID() },
    });
    assert.equal((await refusal(response, 415)).type, 'unsupported_media_type');
    const form = await relay.relay.fetch(
      new Request('http://relay.test/charges', { method: 'POST', body: new URLSearchParams({ a: '1' }), headers: { 'Idempotency-Key': 'k' } }),
    );
    assert.equal((await refusal(form, 415)).type, 'unsupported_media_type');
    nothingSent();
  });

  it('413 payload_too_large past the body limit', async () => {
    const response = await postCharge(relay, { ...pixChargeBody(), coupon: 'x'.repeat(3000) });
    assert.equal((await refusal(response, 413)).type, 'payload_too_large');
    nothingSent();
  });

  it('400 invalid_json for malformed JSON', async () => {
    const response = await relay.call('POST', '/charges', { body: '{"paymentMethod": ', headers: { 'Idempotency-Key': randomUUID() } });
    assert.equal((await refusal(response, 400)).type, 'invalid_json');
  });

  it('400 invalid_request naming unknown and invalid fields', async () => {
    const body = { ...pixChargeBody(), customer: { ...pixChargeBody().customer, phone: '+55 11 98765' }, giftWrap: true };
    const error = await refusal(await postCharge(relay, body), 400);
    assert.equal(error.type, 'invalid_request');
    assert.deepEqual(Object.keys(error.fields ?? {}).sort(), ['customer.phone', 'giftWrap']);
    nothingSent();
  });

  it('400 invalid_request for the camelCase anti-fraud field', async () => {
    const body = { ...cardChargeBody('credit_card', 'tok_x'), antifraudProfilingAttemptReference: randomUUID() };
    const error = await refusal(await postCharge(relay, body), 400);
    assert.equal(error.type, 'invalid_request');
    assert.deepEqual(Object.keys(error.fields ?? {}), ['antifraudProfilingAttemptReference']);
    nothingSent();
  });

  it('400 invalid_request for customer.ip, which only the relay sets', async () => {
    const body = { ...pixChargeBody(), customer: { ...pixChargeBody().customer, ip: '198.51.100.1' } };
    const error = await refusal(await postCharge(relay, body), 400);
    assert.deepEqual(Object.keys(error.fields ?? {}), ['customer.ip']);
    nothingSent();
  });

  it('400 card_data_refused for card data anywhere in the body, never echoing it', async () => {
    const nested = { ...cardChargeBody('credit_card', 'tok_x'), metadata: { utm_content: '4111 1111 1111 1111' } };
    const first = await refusal(await postCharge(relay, nested), 400);
    assert.equal(first.type, 'card_data_refused');
    assert.deepEqual(Object.keys(first.fields ?? {}), ['metadata.utm_content']);
    assert.doesNotMatch(JSON.stringify(first), /4111/);

    const keyed = { ...pixChargeBody(), items: [{ offerId: '77BcHrY', card: { cvv: '123', expMonth: '12' } }] };
    const second = await refusal(await postCharge(relay, keyed), 400);
    assert.equal(second.type, 'card_data_refused');
    assert.deepEqual(Object.keys(second.fields ?? {}).sort(), ['items.0.card.cvv', 'items.0.card.expMonth']);
    nothingSent();
  });

  it('400 idempotency_key_required without a key of 1 to 255 characters', async () => {
    const keyHeaders: Record<string, string>[] = [{}, { 'Idempotency-Key': '' }, { 'Idempotency-Key': 'k'.repeat(256) }];
    for (const headers of keyHeaders) {
      const response = await relay.call('POST', '/charges', { body: pixChargeBody(), headers });
      assert.equal((await refusal(response, 400)).type, 'idempotency_key_required');
    }
    nothingSent();
  });

  it('403 offer_not_allowed for an offer this relay does not sell', async () => {
    const body = { ...pixChargeBody(), items: [{ offerId: 'ENGLusd' }] };
    const error = await refusal(await postCharge(relay, body), 403);
    assert.equal(error.type, 'offer_not_allowed');
    nothingSent();
  });

  it('405 for another method, with Allow', async () => {
    const response = await relay.call('GET', '/charges');
    assert.equal((await refusal(response, 405)).type, 'method_not_allowed');
    assert.equal(response.headers.get('Allow'), 'POST');
  });
});

describe('POST charges: the per-buyer rate limit', () => {
  it('answers 429 with Retry-After past the limit of one address, and serves other buyers', async () => {
    const relay = await startRelay({ chargeRateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.20' }));
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.20' }));
      const response = await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.20' });
      const error = await refusal(response, 429);
      assert.equal(error.type, 'rate_limited');
      assert.ok(error.retryAfter! >= 1 && error.retryAfter! <= 60, String(error.retryAfter));
      assert.equal(response.headers.get('Retry-After'), String(error.retryAfter));
      assert.equal(relay.upstreamCount('/public_api/payments/'), 2);
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.21' }));
    } finally {
      await relay.close();
    }
  });

  it('writes nothing to the store for a refused request: 300 refusals leave its keys and writes as they were', async () => {
    const counted = countingStore();
    const relay = await startRelay({ store: counted.store, chargeRateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.30' }));
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.30' }));
      const keysBefore = counted.keys.size;
      const writesBefore = counted.writes;
      for (let index = 0; index < 300; index += 1) {
        assert.equal((await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.30' })).status, 429);
      }
      assert.equal(counted.keys.size, keysBefore, `new keys such as ${[...counted.keys].slice(keysBefore, keysBefore + 2).join(', ')}`);
      assert.equal(counted.writes, writesBefore);
    } finally {
      await relay.close();
    }
  });

  it('never refuses nor counts a retry of an admitted attempt (same Idempotency-Key) as a new attempt, from any address; counts it as a retry of its first address', async () => {
    const relay = await startRelayTryingOnce({ chargeRateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      // The API fails every charge: no attempt gets an answer, so each retry goes to the API again.
      await failCharges(relay, 100);
      const first = randomUUID();
      await failed(postCharge(relay, pixChargeBody(), { key: first, remoteAddress: '198.51.100.40' }));
      await failed(postCharge(relay, pixChargeBody(), { key: first, remoteAddress: '198.51.100.40' }));
      await failed(postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.40' }));
      await failed(postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.40' }));
      assert.equal((await refusal(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.40' }), 429)).type, 'rate_limited');
      // The window of new attempts is full now; the attempt's retries still go through, also from another address.
      await failed(postCharge(relay, pixChargeBody(), { key: first, remoteAddress: '198.51.100.40' }));
      await failed(postCharge(relay, pixChargeBody(), { key: first, remoteAddress: '198.51.100.41' }));
      // Those were the first address's three retries of the window, wherever they came from; the other address's windows are untouched.
      const refused = await refusal(await postCharge(relay, pixChargeBody(), { key: first, remoteAddress: '198.51.100.41' }), 429);
      assert.match(refused.message, /retries of payment attempts from this address/);
      await failed(postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.41' }));
      assert.equal(relay.charges(), 7, 'every try that was not refused reached the API');
    } finally {
      await relay.close();
    }
  });

  it('answers a retry of an attempt the API answered from the store: no call to the API, no retry counted, even while the API is down', async () => {
    const announced: PublicOrder[] = [];
    const relay = await startRelayTryingOnce({ chargeRateLimit: { limit: 2, windowMs: 60_000 }, onOrder: (order) => void announced.push(order) });
    try {
      const key = randomUUID();
      const order = await created(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.45' }));
      await failCharges(relay, 100);
      // More retries than the address's retries and the attempt's own tries allow, from two networks.
      for (let retry = 0; retry < ATTEMPT_TRIES_PER_MINUTE + 2; retry += 1) {
        const again = await created(await postCharge(relay, pixChargeBody(), { key, remoteAddress: `198.51.100.${45 + (retry % 2)}` }));
        assert.deepEqual(again, order, 'the first answer, with its Pix code and the same order token');
      }
      assert.equal(relay.charges(), 1);
      assert.equal(announced.length, 1, 'onOrder ran once');
      // Another payload under the key is the API's to answer: the relay does not take it for a retry.
      await failed(postCharge(relay, { ...pixChargeBody(), coupon: 'DESCONTO10' }, { key, remoteAddress: '198.51.100.45' }));
      assert.equal(relay.charges(), 2);
    } finally {
      await relay.close();
    }
  });

  it('bounds the tries of one admitted attempt, so a replayed key cannot spend the shop\'s charge budget', async () => {
    // The address may retry more than one attempt may be tried: the attempt's own bound is what refuses.
    const relay = await startRelayTryingOnce({ chargeRateLimit: { limit: 2 * ATTEMPT_TRIES_PER_MINUTE, windowMs: 60_000 } });
    try {
      // The API fails every charge, so no try of the attempt has an answer to give from the store.
      await failCharges(relay, 100);
      const key = randomUUID();
      await failed(postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.50' }));
      for (let retry = 0; retry < ATTEMPT_TRIES_PER_MINUTE; retry += 1) {
        await failed(postCharge(relay, pixChargeBody(), { key, remoteAddress: `198.51.100.${60 + retry}` }));
      }
      assert.equal(relay.charges(), 1 + ATTEMPT_TRIES_PER_MINUTE);
      const refused = await refusal(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.99' }), 429);
      assert.equal(refused.type, 'rate_limited');
      assert.ok(refused.retryAfter! >= 1 && refused.retryAfter! <= 60, String(refused.retryAfter));
      assert.equal(relay.charges(), 1 + ATTEMPT_TRIES_PER_MINUTE, 'the refused try never reached the API');
      // The address's own window still has room for a new attempt.
      await failCharges(relay, 0);
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.50' }));
    } finally {
      await relay.close();
    }
  });

  it('limits an IPv6 buyer per /64, and still sends the API the full address', async () => {
    const relay = await startRelay({ chargeRateLimit: { limit: 1, windowMs: 60_000 } });
    try {
      const order = await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '2001:db8:1:2:aaaa::1' }));
      assert.equal(relay.running.sandbox.world.orders.get(order.id)?.customer.ip, '2001:db8:1:2:aaaa::1');
      assert.equal((await refusal(await postCharge(relay, pixChargeBody(), { remoteAddress: '2001:db8:1:2:bbbb::9' }), 429)).type, 'rate_limited');
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '2001:db8:1:3::1' }));
    } finally {
      await relay.close();
    }
  });
});

describe('POST charges: what the API refuses, as the widget sees it', () => {
  let relay: RelayUnderTest;
  before(async () => {
    relay = await startRelay((running) => ({ client: singleAttemptClient(running) }));
  });
  after(() => relay.close());
  beforeEach(() => sandboxControl(relay.running, 'POST', '/__sandbox/reset'));

  it('400 invalid_request with the API\'s field messages', async () => {
    const body = { ...pixChargeBody(), items: [{ offerId: 'BOLEplan' }], pixExpiresIn: 601 };
    const error = await refusal(await postCharge(relay, body), 400);
    assert.equal(error.type, 'invalid_request');
    assert.deepEqual(Object.keys(error.fields ?? {}), ['pixExpiresIn']);
    assert.match(error.fields!['pixExpiresIn']![0]!, /600/);
  });

  it('keeps the buyer IP of an attempt\'s first try: a retry from a new network gets the one order', async () => {
    const key = randomUUID();
    await sandboxControl(relay.running, 'PUT', '/__sandbox/faults', {
      rules: [{ method: 'POST', path: '/public_api/payments/', phase: 'after', status: 502, count: 1 }],
    });
    const ordersBefore = relay.running.sandbox.world.orders.size;
    const lost = await postCharge(relay, pixChargeBody(), { key, remoteAddress: '203.0.113.7' });
    assert.equal(lost.status, 502);
    const retry = await created(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.20' }));
    assert.equal(relay.running.sandbox.world.orders.size, ordersBefore + 1);
    assert.equal(relay.running.sandbox.world.orders.get(retry.id)?.customer.ip, '203.0.113.7');
  });

  it('409 idempotency_conflict for a key reused with another body', async () => {
    const key = randomUUID();
    await created(await postCharge(relay, pixChargeBody(), { key }));
    const error = await refusal(await postCharge(relay, { ...pixChargeBody(), coupon: 'DESCONTO10' }, { key }), 409);
    assert.equal(error.type, 'idempotency_conflict');
  });

  it('422 payment_method_unavailable when the producer cannot take Pix', async () => {
    await sandboxControl(relay.running, 'PUT', '/__sandbox/account', { bankingAccount: 'closure_requested' });
    const error = await refusal(await postCharge(relay, pixChargeBody()), 422);
    assert.equal(error.type, 'payment_method_unavailable');
    assert.deepEqual(Object.keys(error.fields ?? {}), ['paymentMethod']);
  });

  it('429 rate_limited with the API\'s wait', async () => {
    await sandboxControl(relay.running, 'PUT', '/__sandbox/limits', { limits: { chargesPerToken: { limit: 1 } } });
    await created(await postCharge(relay, pixChargeBody()));
    const response = await postCharge(relay, pixChargeBody());
    const error = await refusal(response, 429);
    assert.equal(error.type, 'rate_limited');
    assert.ok(error.retryAfter! >= 1);
    assert.equal(response.headers.get('Retry-After'), String(error.retryAfter));
  });

  it('502 upstream_unavailable for a 5xx or a dropped connection', async () => {
    await sandboxControl(relay.running, 'PUT', '/__sandbox/faults', { rules: [{ method: 'POST', path: '/public_api/payments/', status: 502, body: 'html', count: 1 }] });
    assert.equal((await refusal(await postCharge(relay, pixChargeBody()), 502)).type, 'upstream_unavailable');
    // Twice: a charge that a kept connection drops unanswered is sent once more on a new one at once.
    await sandboxControl(relay.running, 'PUT', '/__sandbox/faults', { rules: [{ method: 'POST', path: '/public_api/payments/', drop: true, count: 2 }] });
    assert.equal((await refusal(await postCharge(relay, pixChargeBody()), 502)).type, 'upstream_unavailable');
  });
});

describe('POST charges: a relay with the wrong credentials', () => {
  it('answers 500 internal without details', async () => {
    const relay = await startRelay({ clientSecret: 'not-the-secret' });
    try {
      const error = await refusal(await postCharge(relay, pixChargeBody()), 500);
      assert.deepEqual(error, { type: 'internal', message: 'The relay could not complete the request.' });
      assert.equal(relay.reported.length, 1, 'the merchant is told');
    } finally {
      await relay.close();
    }
  });
});
