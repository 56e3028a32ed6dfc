import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createMemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { AuthenticationError } from '../../src/client/index.js';
import { createRelayMetrics, type PublicOrder, type RelayMetrics } from '../../src/relay/index.js';
import { orderPath, pixChargeBody, postCharge, sandboxControl, startRelay, TEST_CARDS, WEBHOOK_SECRET, type RelayUnderTest } from './relay-harness.js';

async function charged(relay: RelayUnderTest): Promise<PublicOrder & { orderToken: string }> {
  const response = await postCharge(relay, pixChargeBody());
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as PublicOrder & { orderToken: string };
}

/** The value of one sample line of the exposition, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe('healthz, readyz and request ids', () => {
  let relay: RelayUnderTest;
  before(async () => {
    relay = await startRelay({ chargeRateLimit: { limit: 1, windowMs: 60_000 } });
  });
  after(() => relay.close());

  it('healthz and readyz answer 200, never cached, without CORS, and not against the buyer limit', async () => {
    for (let index = 0; index < 5; index += 1) {
      for (const path of ['/healthz', '/readyz']) {
        const response = await relay.call('GET', path, { headers: { Origin: 'https://shop.example' } });
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        assert.equal(response.headers.get('access-control-allow-origin'), null);
      }
    }
    assert.deepEqual(await (await relay.call('GET', '/readyz')).json(), { status: 'ready' });
    // The one charge this buyer may start is still there.
    assert.equal((await postCharge(relay, pixChargeBody())).status, 201);
    assert.equal((await relay.call('POST', '/healthz')).status, 405);
  });

  it('keeps a proxy\'s plausible X-Request-Id and replaces anything else', async () => {
    const kept = await relay.call('GET', '/config?offer=77BcHrY', { headers: { 'X-Request-Id': 'lb-7f3a.21:9', Origin: 'https://shop.example' } });
    assert.equal(kept.headers.get('x-request-id'), 'lb-7f3a.21:9');
    assert.equal(kept.headers.get('access-control-expose-headers'), 'Retry-After, X-Request-Id', 'the shop\'s page may read it');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const hostile of ['a'.repeat(129), 'id with spaces', '<script>', TEST_CARDS.approved, `${TEST_CARDS.approved.slice(0, 8)}-${TEST_CARDS.approved.slice(8)}`]) {
      const response = await relay.call('GET', '/healthz', { headers: { 'X-Request-Id': hostile } });
      assert.match(response.headers.get('x-request-id') ?? '', uuid, hostile);
    }
    const fresh = await relay.call('GET', '/nowhere');
    assert.match(fresh.headers.get('x-request-id') ?? '', uuid);
  });
});

describe('readyz when a dependency is down', () => {
  it('answers 503 store_unavailable when the store fails, and api_unavailable when no token can be had', async () => {
    const store = createMemoryStore();
    let storeDown = false;
    const flaky: Store = { ...store, get: (key) => (storeDown ? Promise.reject(new Error('connection lost')) : store.get(key)) };
    const relay = await startRelay({ store: flaky });
    try {
      assert.equal((await relay.call('GET', '/readyz')).status, 200);
      storeDown = true;
      const down = await relay.call('GET', '/readyz');
      assert.equal(down.status, 503);
      assert.deepEqual(await down.json(), { status: 'unready', reason: 'store_unavailable' });
      assert.equal((await relay.call('GET', '/healthz')).status, 200, 'the process itself is alive');
    } finally {
      await relay.close();
    }
    const noApi = await startRelay({ apiBaseUrl: 'http://127.0.0.1:9', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    try {
      const down = await noApi.call('GET', '/readyz');
      assert.deepEqual([down.status, await down.json()], [503, { status: 'unready', reason: 'api_unavailable' }]);
    } finally {
      await noApi.close();
    }
  });

  it('answers 503 api_credentials_refused when the API refuses the client secret, and tells onError once, not on every probe', async () => {
    const relay = await startRelay({ clientSecret: 'not-the-secret' });
    try {
      for (let probe = 0; probe < 3; probe += 1) {
        const refused = await relay.call('GET', '/readyz');
        assert.deepEqual([refused.status, await refused.json()], [503, { status: 'unready', reason: 'api_credentials_refused' }]);
      }
      assert.equal(relay.reported.length, 1);
      assert.ok(relay.reported[0] instanceof AuthenticationError, String(relay.reported[0]));
      assert.match(String(relay.reported[0]), /401/);
    } finally {
      await relay.close();
    }
  });
});

describe('close(): the drain', () => {
  it('turns readyz 503 first, tells open event streams to reconnect, and waits for the charge in flight', async () => {
    let holding = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => undefined;
    const atApi = new Promise<void>((resolve) => (arrived = resolve));
    const relay = await startRelay({
      fetch: async (input, init) => {
        if (holding && String(input instanceof Request ? input.url : input).endsWith('/public_api/payments/')) {
          arrived();
          await gate;
        }
        return fetch(input, init);
      },
    });
    try {
      const order = await charged(relay);
      const stream = await relay.call('GET', orderPath(order, '/events'));
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      assert.match(decoder.decode((await reader.read()).value), /event: status/);

      holding = true;
      const inFlight = postCharge(relay, pixChargeBody());
      await atApi;
      let drained = false;
      const closing = relay.relay.close({ graceMs: 100, timeoutMs: 20_000 }).then(() => (drained = true));
      const during = await relay.call('GET', '/readyz');
      assert.deepEqual([during.status, await during.json()], [503, { status: 'unready', reason: 'draining' }]);

      let rest = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        rest += decoder.decode(value);
      }
      assert.match(rest, /retry: 1000\n\n$/, 'the stream ends with a reconnect hint');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(drained, false, 'close() waits for the charge in flight');
      release();
      assert.equal((await inFlight).status, 201, 'the charge in flight is answered');
      await closing;
      assert.equal(drained, true);
    } finally {
      release();
      await relay.close();
    }
  });
});

describe('metrics', () => {
  let relay: RelayUnderTest;
  let metrics: RelayMetrics;
  before(async () => {
    metrics = await createRelayMetrics({ processMetrics: false });
    relay = await startRelay({ metrics });
  });
  after(() => relay.close());

  it('are not served by the widget-facing handler', async () => {
    assert.equal((await relay.call('GET', '/metrics')).status, 404);
  });

  it('count charges, refusals, upstream exchanges, pacing waits, webhooks, streams and store operations', async () => {
    const scrape = async () => {
      const response = await metrics.fetch();
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      return response.text();
    };
    const before = await scrape();
    const order = await charged(relay);
    const refused = await postCharge(relay, { ...pixChargeBody(), card: { number: TEST_CARDS.approved } });
    assert.equal(refused.status, 400);
    const stream = await relay.call('GET', orderPath(order, '/events'));
    const reader = stream.body!.getReader();
    await reader.read();
    const open = await scrape();
    assert.equal(sample(open, 'pay_checkout_relay_event_streams_open'), 1);

    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const delivery = { secret: WEBHOOK_SECRET, event: 'purchase_approved', data: { id: order.id, status: 'paid' } };
    assert.equal((await relay.call('POST', '/webhooks', { body: delivery })).status, 200);
    assert.equal((await relay.call('POST', '/webhooks', { body: delivery })).status, 200);
    while (!(await reader.read()).done);
    const unconfirmed = await charged(relay);
    const forged = { secret: WEBHOOK_SECRET, event: 'purchase_approved', data: { id: unconfirmed.id, status: 'paid' } };
    assert.equal((await relay.call('POST', '/webhooks', { body: forged })).status, 200);

    const text = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => sample(text, name, labels) - sample(before, name, labels);
    assert.equal(moved('pay_checkout_relay_charges_total', { method: 'pix', outcome: 'waiting_payment' }), 2);
    assert.equal(moved('pay_checkout_relay_charges_total', { method: 'unknown', outcome: 'card_data_refused' }), 1);
    assert.equal(moved('pay_checkout_relay_refusals_total', { type: 'card_data_refused' }), 1);
    assert.equal(moved('pay_checkout_relay_upstream_requests_total', { endpoint: '/public_api/payments/', status: '201' }), 2);
    assert.ok(moved('pay_checkout_relay_upstream_duration_seconds_count', { endpoint: '/public_api/payments/' }) >= 2);
    assert.equal(moved('pay_checkout_relay_queue_wait_seconds_count', { request: 'charge' }), 2, 'each charge took a pacing slot');
    assert.equal(moved('pay_checkout_relay_webhook_deliveries_total', { result: 'applied' }), 1);
    assert.equal(moved('pay_checkout_relay_webhook_deliveries_total', { result: 'duplicate' }), 1);
    assert.equal(moved('pay_checkout_relay_webhook_deliveries_total', { result: 'unconfirmed' }), 1);
    assert.equal(sample(text, 'pay_checkout_relay_event_streams_open'), 0);
    assert.ok(moved('pay_checkout_relay_store_operations_total', { operation: 'setIfAbsent', result: 'ok' }) >= 2);
    assert.ok(moved('pay_checkout_relay_requests_total', { route: '/charges', status: '201' }) === 2);
    assert.ok(moved('pay_checkout_relay_requests_total', { route: '/orders/{id}/events', status: '200' }) === 1);
    assert.equal(moved('pay_checkout_relay_errors_total'), 1, 'the unconfirmed webhook was reported');
    assert.ok(!text.includes(order.id), 'no order id is a label value');
  });

  it('count store failures and tell onError the request id', async () => {
    const store = createMemoryStore();
    const failing: Store = { ...store, setIfAbsent: () => Promise.reject(new Error('store down')) };
    const reported: { requestId?: string }[] = [];
    const own = await createRelayMetrics({ processMetrics: false, prefix: 'shop_' });
    const broken = await startRelay({ store: failing, metrics: own, onError: (_error, details) => void reported.push(details ?? {}) });
    try {
      const requestId = `lb-${randomUUID()}`;
      const response = await postCharge(broken, pixChargeBody(), { headers: { 'X-Request-Id': requestId } });
      assert.equal(response.status, 500);
      assert.equal(response.headers.get('x-request-id'), requestId);
      assert.deepEqual(reported, [{ requestId }]);
      const text = await (await own.fetch()).text();
      assert.equal(sample(text, 'shop_store_operations_total', { operation: 'setIfAbsent', result: 'error' }), 1);
      assert.equal(sample(text, 'shop_charges_total', { method: 'pix', outcome: 'internal' }), 1);
    } finally {
      await broken.close();
    }
  });
});
