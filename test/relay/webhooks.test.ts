import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WebhookRefusedError, type PublicOrder, type RelayWebhookEvent } from '../../src/relay/index.js';
import type { RunningSandbox } from '../sandbox/harness.js';
import {
  pixChargeBody,
  postCharge,
  refusal,
  sandboxControl,
  serveOnLoopback,
  signedOrderPath,
  startRelay,
  WEBHOOK_SECRET,
  type RelayUnderTest,
  type ServedRelayForTest,
} from './relay-harness.js';

interface SandboxDelivery {
  event: string;
  orderId: string | null;
  body: unknown;
  attempts: { status: number | null }[];
  state: string;
}

async function deliveries(running: RunningSandbox, event: string): Promise<SandboxDelivery[]> {
  const response = await fetch(`${running.baseUrl}/__sandbox/webhooks/deliveries?event=${event}`);
  return ((await response.json()) as { results: SandboxDelivery[] }).results;
}

/** Waits until the sandbox has made `attempts` attempts of the `event` delivery of `orderId`. */
async function attemptsOf(running: RunningSandbox, event: string, orderId: string, attempts: number): Promise<SandboxDelivery> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const delivery = (await deliveries(running, event)).find((candidate) => candidate.orderId === orderId);
    if (delivery && delivery.attempts.length >= attempts) return delivery;
    if (Date.now() > deadline) throw new Error(`no ${attempts} attempt(s) of ${event} for ${orderId}: ${JSON.stringify(delivery)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until `count` deliveries of `event` for `orderId` exist and each was attempted. */
async function allAttempted(running: RunningSandbox, event: string, orderId: string, count: number): Promise<SandboxDelivery[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = (await deliveries(running, event)).filter((candidate) => candidate.orderId === orderId);
    if (found.length >= count && found.every((candidate) => candidate.attempts.length > 0)) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} attempted ${event} deliveries for ${orderId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function pixOrder(relay: RelayUnderTest): Promise<PublicOrder> {
  const response = await postCharge(relay, pixChargeBody());
  assert.equal(response.status, 201);
  return (await response.json()) as PublicOrder;
}

async function storedStatus(relay: RelayUnderTest, id: string): Promise<string> {
  const response = await relay.call('GET', await signedOrderPath(id));
  assert.equal(response.status, 200);
  return ((await response.json()) as PublicOrder).status;
}

describe('POST webhooks with the sandbox\'s real deliveries', () => {
  let relay: RelayUnderTest;
  let served: ServedRelayForTest;
  let events: RelayWebhookEvent[];
  let failNext: number;

  beforeEach(async () => {
    events = [];
    failNext = 0;
    // A status read never falls back to the API here: what GET orders answers came from webhooks.
    relay = await startRelay({
      orderRefreshMs: 3_600_000,
      onEvent: (event) => {
        events.push(event);
        if (failNext > 0) {
          failNext -= 1;
          throw new Error('the merchant\'s database is down');
        }
      },
    });
    served = await serveOnLoopback(relay.relay);
  });
  afterEach(async () => {
    await served.close();
    await relay.close();
  });

  function register(secret: string): Promise<Response> {
    return sandboxControl(relay.running, 'POST', '/__sandbox/webhooks', {
      url: `${served.url}/webhooks`,
      secret,
      events: ['pix_gerado', 'purchase_approved'],
    });
  }

  it('stores the paid status, tells onEvent once, and answers 200', async () => {
    await register(WEBHOOK_SECRET);
    const order = await pixOrder(relay);
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const delivery = await attemptsOf(relay.running, 'purchase_approved', order.id, 1);
    assert.deepEqual(delivery.attempts.map((attempt) => attempt.status), [200]);
    assert.equal(await storedStatus(relay, order.id), 'paid');
    const approved = events.filter((event) => event.event === 'purchase_approved');
    assert.equal(approved.length, 1);
    assert.equal(approved[0]!.data.id, order.id);
    assert.equal(approved[0]!.data.status, 'paid');
    assert.equal('secret' in approved[0]!, false, 'onEvent never sees the secret');
  });

  it('answers a repeated delivery 200 without calling onEvent again', async () => {
    await register(WEBHOOK_SECRET);
    const order = await pixOrder(relay);
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const delivery = await attemptsOf(relay.running, 'purchase_approved', order.id, 1);
    const again = await relay.call('POST', '/webhooks', { body: delivery.body });
    assert.equal(again.status, 200);
    assert.deepEqual(await again.json(), { received: true, duplicate: true });
    // Resending access fires purchase_approved again for the same order and status.
    await relay.running.api('POST', `/public_api/orders/${order.id}/resend_access/`);
    const resent = await allAttempted(relay.running, 'purchase_approved', order.id, 2);
    assert.deepEqual(resent.map((candidate) => candidate.attempts.map((attempt) => attempt.status)), [[200], [200]]);
    assert.equal(events.filter((event) => event.event === 'purchase_approved').length, 1);
  });

  it('answers 401 to a wrong secret and changes nothing', async () => {
    await register('not-the-relay-secret');
    const order = await pixOrder(relay);
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const delivery = await attemptsOf(relay.running, 'purchase_approved', order.id, 1);
    assert.deepEqual(delivery.attempts.map((attempt) => attempt.status), [401]);
    assert.equal(await storedStatus(relay, order.id), 'waiting_payment');
    assert.deepEqual(events, []);
    // The merchant hears of it, once however many come, for alerting.
    assert.equal((await relay.call('POST', '/webhooks', { body: { ...(delivery.body as object) } })).status, 401);
    const told = relay.reported.filter((error) => error instanceof WebhookRefusedError);
    assert.deepEqual(told.map((error) => [error.type, error.reason]), [['webhook_refused', 'secret_mismatch']]);
    assert.doesNotMatch(String(told[0]), /not-the-relay-secret/, 'the secret a delivery sent is never written');
    // No de-duplication mark was left: the genuine delivery of the same event still counts.
    const genuine = { ...(delivery.body as object), secret: WEBHOOK_SECRET };
    assert.equal((await relay.call('POST', '/webhooks', { body: genuine })).status, 200);
    assert.equal(await storedStatus(relay, order.id), 'paid');
    assert.equal(events.length, 1);
  });

  it('answers 500 when onEvent throws, and the API\'s retry then processes the event', async () => {
    await register(WEBHOOK_SECRET);
    const order = await pixOrder(relay);
    await attemptsOf(relay.running, 'pix_gerado', order.id, 1);
    failNext = 1;
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const failed = await attemptsOf(relay.running, 'purchase_approved', order.id, 1);
    assert.deepEqual(failed.attempts.map((attempt) => attempt.status), [500]);
    assert.equal(relay.reported.length, 1, 'the failure is reported to the merchant');

    await sandboxControl(relay.running, 'POST', '/__sandbox/clock', { advanceSeconds: 5 });
    const retried = await attemptsOf(relay.running, 'purchase_approved', order.id, 2);
    assert.deepEqual(retried.attempts.map((attempt) => attempt.status), [500, 200]);
    assert.equal(retried.state, 'delivered');
    const approved = events.filter((event) => event.event === 'purchase_approved');
    assert.equal(approved.length, 2, 'called again on the retry, which succeeded');
    assert.equal(await storedStatus(relay, order.id), 'paid');
  });

  it('refuses a malformed delivery with the right secret as 400, and any delivery that is not JSON as 415', async () => {
    const error = await refusal(await relay.call('POST', '/webhooks', { body: { secret: WEBHOOK_SECRET, event: 'nope', data: {} } }), 400);
    assert.equal(error.type, 'invalid_request');
    assert.deepEqual(Object.keys(error.fields ?? {}).sort(), ['data.id', 'data.status', 'event']);
    const text = await relay.call('POST', '/webhooks', { headers: { 'Content-Type': 'text/plain' } });
    assert.equal((await refusal(text, 415)).type, 'unsupported_media_type');
  });
});

describe('POST webhooks while the first copy is still being processed', () => {
  it('answers a repeat 409 so the API keeps it, and a copy after a failure does the work', async () => {
    let release: (outcome: 'ok' | 'fail') => void = () => undefined;
    const calls: string[] = [];
    const relay = await startRelay({
      onEvent: (event) =>
        new Promise<void>((resolve, reject) => {
          calls.push(event.event);
          release = (outcome) => (outcome === 'ok' ? resolve() : reject(new Error('the merchant\'s database is down')));
        }),
    });
    try {
      // Paid at the API, so the delivery is confirmed and reaches onEvent.
      const order = await pixOrder(relay);
      await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
      const delivery = { secret: WEBHOOK_SECRET, event: 'purchase_approved', data: { id: order.id, status: 'paid' } };
      const first = relay.call('POST', '/webhooks', { body: delivery });
      while (calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const repeat = await refusal(await relay.call('POST', '/webhooks', { body: delivery }), 409);
      assert.equal(repeat.type, 'in_processing');
      release('fail');
      assert.equal((await first).status, 500);

      const retry = relay.call('POST', '/webhooks', { body: delivery });
      while (calls.length === 1) await new Promise((resolve) => setTimeout(resolve, 5));
      release('ok');
      assert.equal((await retry).status, 200);
      const afterwards = await relay.call('POST', '/webhooks', { body: delivery });
      assert.deepEqual(await afterwards.json(), { received: true, duplicate: true });
      assert.deepEqual(calls, ['purchase_approved', 'purchase_approved']);
    } finally {
      await relay.close();
    }
  });
});

describe('POST webhooks without a webhook secret', () => {
  it('is off, says so, and tells onError once that deliveries come to it', async () => {
    const relay = await startRelay({ webhookSecret: undefined });
    try {
      for (let delivery = 0; delivery < 3; delivery += 1) {
        const response = await relay.call('POST', '/webhooks', { body: { secret: 'whsec', event: 'purchase_approved', data: { id: 'x', status: 'paid' } } });
        const { type, message } = await refusal(response, 404);
        assert.deepEqual([type, message], ['not_found', 'Webhooks are off: this relay was given no webhookSecret.']);
      }
      const told = relay.reported.filter((error) => error instanceof WebhookRefusedError);
      assert.deepEqual(told.map((error) => error.reason), ['no_secret']);
      assert.match(String(told[0]), /PAY_CHECKOUT_WEBHOOK_SECRET/);
    } finally {
      await relay.close();
    }
  });
});
