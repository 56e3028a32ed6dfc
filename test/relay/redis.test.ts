import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { type ChargeAnswer, type PublicOrder, type Relay } from '../../src/relay/index.js';
import { createRedisStore } from '../../src/store/redis-store.js';
import type { Store } from '../../src/store/store.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { startRedisServer, type RunningRedis } from '../store/redis-server.js';
import {
  orderPath,
  BUYER_IP,
  pixChargeBody,
  relayInstanceOn,
  sandboxControl,
  serveOnLoopback,
  WEBHOOK_SECRET,
  type ServedRelayForTest,
} from './relay-harness.js';

describe('two relay instances on one Redis', () => {
  let redis: RunningRedis;
  let running: RunningSandbox;
  const stores: Store[] = [];
  const upstream: string[] = [];
  let first: Relay;
  let second: Relay;
  let secondServed: ServedRelayForTest;

  function instance(): Relay {
    const store = createRedisStore({ url: redis.url, keyPrefix: `relay-test-${process.pid}:` });
    stores.push(store);
    return relayInstanceOn(running.baseUrl, store, {
      fetch: (input, init) => {
        const request = new Request(input, init);
        upstream.push(new URL(request.url).pathname);
        return fetch(request);
      },
    });
  }

  const count = (path: string) => upstream.filter((seen) => seen === path).length;
  const call = (relay: Relay, path: string, init: RequestInit = {}) =>
    relay.fetch(new Request(`http://relay.test${path}`, init), { remoteAddress: BUYER_IP });

  before(async () => {
    redis = await startRedisServer();
    running = await startSandbox();
    first = instance();
    second = instance();
    secondServed = await serveOnLoopback(second);
  });
  after(async () => {
    await secondServed.close();
    for (const store of stores) await store.close();
    await running.close();
    await redis.stop();
  });

  it('share the access token and the config cache', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(first, '/config?offer=77BcHrY')));
    assert.deepEqual([...new Set(answers.map((response) => response.status))], [200]);
    const fromSecond = await Promise.all(Array.from({ length: 10 }, () => call(second, '/config?offer=77BcHrY')));
    assert.deepEqual([...new Set(fromSecond.map((response) => response.status))], [200]);
    assert.equal(count('/public_api/token/'), 1);
    assert.equal(count('/public_api/fees/'), 1);
    assert.equal(count('/public_api/offers/'), 1);
  });

  it('share the orders, their status and the event fan-out', async () => {
    const createdResponse = await call(first, '/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(pixChargeBody()),
    });
    assert.equal(createdResponse.status, 201);
    const order = (await createdResponse.json()) as ChargeAnswer;
    assert.equal(count('/public_api/token/'), 1, 'the charge used the shared token');

    const onSecond = await call(second, orderPath(order));
    assert.equal(onSecond.status, 200, 'the other instance knows the order');

    // A stream on the first instance; the webhook reaches the second.
    const stream = await call(first, orderPath(order, '/events'));
    const text = stream.text();
    await sandboxControl(running, 'POST', '/__sandbox/webhooks', { url: `${secondServed.url}/webhooks`, secret: WEBHOOK_SECRET, events: ['purchase_approved'] });
    await sandboxControl(running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const events = (await text).split('\n\n').filter((block) => block.startsWith('event: status'));
    assert.deepEqual(events, [
      `event: status\ndata: ${JSON.stringify({ id: order.id, status: 'waiting_payment' })}`,
      `event: status\ndata: ${JSON.stringify({ id: order.id, status: 'paid' })}`,
    ]);
    assert.equal(((await (await call(first, orderPath(order))).json()) as PublicOrder).status, 'paid');
    // One read, the second instance confirming the webhook's `paid`; no instance polled the API.
    assert.equal(count(`/public_api/orders/${order.id}/`), 1, 'the status came through the webhook, not a poll of the API');

    // The second instance marked the delivery; the first sees it as a duplicate.
    const repeated = await call(first, '/webhooks', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ secret: WEBHOOK_SECRET, event: 'purchase_approved', data: { id: order.id, status: 'paid' } }),
    });
    assert.deepEqual(await repeated.json(), { received: true, duplicate: true });
  });

  it('keep a paid status that one instance writes while another writes a late waiting one, whichever lands last', async () => {
    // A sandbox of the test's own, which sends no webhook: the test delivers each itself.
    const sandbox = await startSandbox();
    try {
      const plainStore = createRedisStore({ url: redis.url, keyPrefix: `relay-test-${process.pid}:` });
      const store = createRedisStore({ url: redis.url, keyPrefix: `relay-test-${process.pid}:` });
      stores.push(plainStore, store);
      const prompt = relayInstanceOn(sandbox.baseUrl, plainStore);
      // An instance whose write of the order's status waits until the other has stored the paid one.
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const hold = async <T>(key: string, write: () => Promise<T>): Promise<T> => {
        if (key.startsWith('relay:order-status:')) {
          holding();
          await released;
        }
        return write();
      };
      const late = relayInstanceOn(sandbox.baseUrl, {
        ...store,
        set: (key, value, options) => hold(key, () => store.set(key, value, options)),
        setRanked: (key, value, rank, options) => hold(key, () => store.setRanked(key, value, rank, options)),
      });
      const createdResponse = await call(prompt, '/charges', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(pixChargeBody()),
      });
      const order = (await createdResponse.json()) as ChargeAnswer;
      await sandboxControl(sandbox, 'POST', `/__sandbox/orders/${order.id}/pay`);
      const webhook = (relay: Relay, event: string, status: string) =>
        call(relay, '/webhooks', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ secret: WEBHOOK_SECRET, event, data: { id: order.id, status } }),
        });
      // A retry of the order's pix_gerado comes late to one instance, its purchase_approved to the other.
      const lateAnswer = webhook(late, 'pix_gerado', 'waiting_payment');
      await held;
      assert.equal((await webhook(prompt, 'purchase_approved', 'paid')).status, 200);
      release();
      assert.equal((await lateAnswer).status, 200);
      for (const relay of [prompt, late]) {
        assert.equal(((await (await call(relay, orderPath(order))).json()) as PublicOrder).status, 'paid');
      }
    } finally {
      await sandbox.close();
    }
  });

  it('share the caps on open event streams: the order\'s sixth stream is refused on either instance', async () => {
    const createdResponse = await call(second, '/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(pixChargeBody()),
    });
    const order = (await createdResponse.json()) as ChargeAnswer;
    const open: ReadableStreamDefaultReader<Uint8Array>[] = [];
    try {
      for (let index = 0; index < 5; index += 1) {
        const response = await call(index % 2 === 0 ? first : second, orderPath(order, '/events'));
        assert.equal(response.status, 200);
        const reader = response.body!.getReader();
        open.push(reader);
        await reader.read();
      }
      for (const relay of [first, second]) {
        const refused = await call(relay, orderPath(order, '/events'));
        assert.equal(refused.status, 429);
        assert.equal(((await refused.json()) as { error: { type: string } }).error.type, 'rate_limited');
      }
      await open.shift()!.cancel();
      const again = await call(second, orderPath(order, '/events'));
      assert.equal(again.status, 200, 'a stream that ended gave its place back');
      open.push(again.body!.getReader());
    } finally {
      await Promise.all(open.map((reader) => reader.cancel()));
    }
  });
});
