/**
 * Two relay instances on one Redis Cluster of three masters, in front of a real sandbox: they
 * share one access token, make one order of an attempt submitted to both at once, pace their
 * charges together under the API's limits (scaled to a second), and a status stream open on
 * one sees the webhook the other received. Every request that reaches the sandbox goes
 * through one counting `fetch`, so the counts below are the sandbox's.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '../../src/client/index.js';
import { type ChargeAnswer, type PublicOrder, type Relay } from '../../src/relay/index.js';
import { createClusterRedisStore } from '../../examples/relay/redis-set-ups.js';
import type { Store } from '../../src/store/store.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { keysByNode, startRedisCluster, type RunningRedisCluster } from '../store/redis-cluster.js';
import {
  BUYER_IP,
  CLIENT_ID,
  CLIENT_SECRET,
  orderPath,
  pixChargeBody,
  relayInstanceOn,
  sandboxControl,
  serveOnLoopback,
  WEBHOOK_SECRET,
  type ServedRelayForTest,
} from './relay-harness.js';

/** The API's two charge limits, scaled from a minute to a second; the relays pace by the same. */
const CHARGES_PER_SECOND = 4;

interface SentRequest {
  method: string;
  path: string;
  status: number;
  /** When it left for the sandbox (performance.now()). */
  sentAt: number;
}

describe('two relay instances on a Redis Cluster', () => {
  /** examples/relay/redis-set-ups.ts's; the cluster is this file's alone. */
  const keyPrefix = 'shop-checkout:';
  let cluster: RunningRedisCluster;
  let running: RunningSandbox;
  const stores: Store[] = [];
  const sent: SentRequest[] = [];
  const announced: PublicOrder[] = [];
  let first: Relay;
  let second: Relay;
  let secondServed: ServedRelayForTest;

  const countingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const sentAt = performance.now();
    const response = await fetch(request);
    sent.push({ method: request.method, path: new URL(request.url).pathname, status: response.status, sentAt });
    return response;
  };
  const count = (method: string, path: string) => sent.filter((request) => request.method === method && request.path === path).length;

  /** One instance: its own connections to the cluster (given one node, a different one each), its own API client. */
  function instance(node: string): Relay {
    const store = createClusterRedisStore({ REDIS_CLUSTER_NODES: node });
    stores.push(store);
    // The API counts in fixed windows from a window's first arrival, and the sandbox runs in this
    // process: on a loaded machine a charge may leave well over a second after its slot, open a
    // window of its own, and share it with the next batch. A window three times the API's
    // (3.5 s with the client's margin) keeps the test about sharing, not about the machine's load.
    const window = { limit: CHARGES_PER_SECOND, windowMs: 3_000 };
    const client = createClient({
      baseUrl: running.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      store,
      fetch: countingFetch,
      pacing: { chargesPerIp: window, chargesPerToken: window, maxWaitMs: 10_000 },
    });
    return relayInstanceOn(running.baseUrl, store, { client, onOrder: (order) => void announced.push(order) });
  }

  const call = (relay: Relay, path: string, init: RequestInit = {}, remoteAddress = BUYER_IP) =>
    relay.fetch(new Request(`http://relay.test${path}`, init), { remoteAddress });
  const postCharge = (relay: Relay, key: string, remoteAddress: string) =>
    call(relay, '/charges', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(pixChargeBody()) }, remoteAddress);

  async function created(response: Response): Promise<ChargeAnswer> {
    const text = await response.text();
    assert.equal(response.status, 201, text);
    return JSON.parse(text) as ChargeAnswer;
  }

  before(async () => {
    // One after the other: a cluster that fails to start must not leave a sandbox nobody closes.
    running = await startSandbox();
    cluster = await startRedisCluster();
    first = instance(cluster.urls[0]!);
    second = instance(cluster.urls[1]!);
    secondServed = await serveOnLoopback(second);
  });
  after(async () => {
    await secondServed?.close();
    await Promise.all(stores.map((store) => store.close()));
    await running?.close();
    await cluster?.stop();
  });

  it('share one access token for the whole cluster', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => call(index % 2 === 0 ? first : second, '/config?offer=77BcHrY')));
    assert.deepEqual([...new Set(answers.map((response) => response.status))], [200]);
    assert.equal(count('POST', '/public_api/token/'), 1);
  });

  it('make one order of an attempt submitted to both instances at once, from two networks', async () => {
    const key = randomUUID();
    const ordersBefore = running.sandbox.world.orders.size;
    const announcedBefore = announced.length;
    const [onFirst, onSecond] = await Promise.all([
      created(await postCharge(first, key, '203.0.113.10')),
      created(await postCharge(second, key, '198.51.100.20')),
    ]);
    assert.equal(onSecond.id, onFirst.id);
    assert.equal(running.sandbox.world.orders.size, ordersBefore + 1, 'one order at the API');
    assert.equal(announced.length, announcedBefore + 1, 'onOrder once, on one instance');
    assert.equal(count('POST', '/public_api/token/'), 1);
  });

  it('stream on one instance the webhook the other received', async () => {
    const order = await created(await postCharge(first, randomUUID(), BUYER_IP));
    const stream = await call(first, orderPath(order, '/events'));
    assert.equal(stream.status, 200);
    const text = stream.text();
    await sandboxControl(running, 'POST', '/__sandbox/webhooks', { url: `${secondServed.url}/webhooks`, secret: WEBHOOK_SECRET, events: ['purchase_approved'] });
    await sandboxControl(running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const events = (await text).split('\n\n').filter((block) => block.startsWith('event: status'));
    assert.deepEqual(events, [
      `event: status\ndata: ${JSON.stringify({ id: order.id, status: 'waiting_payment' })}`,
      `event: status\ndata: ${JSON.stringify({ id: order.id, status: 'paid' })}`,
    ]);
    // The second instance read the order once to confirm the webhook; the first never polled.
    assert.equal(count('GET', `/public_api/orders/${order.id}/`), 1);
  });

  it(`pace their charges together: 8 at once on two instances, ${CHARGES_PER_SECOND} a second at the API, no 429`, async () => {
    const limit = { limit: CHARGES_PER_SECOND, windowSeconds: 1 };
    await sandboxControl(running, 'PUT', '/__sandbox/limits', { limits: { chargesPerIp: limit, chargesPerToken: limit } });
    try {
      const sentBefore = sent.length;
      const orders = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => created(await postCharge(index % 2 === 0 ? first : second, randomUUID(), `203.0.113.${100 + index}`))),
      );
      assert.equal(new Set(orders.map((order) => order.id)).size, 8);
      const charges = sent.slice(sentBefore).filter((request) => request.path === '/public_api/payments/');
      const refused = charges.filter((request) => request.status !== 201);
      assert.deepEqual(refused.map((request) => request.status), [], 'no charge was refused by the API');
      assert.equal(charges.length, 8, 'each charge went once');
      // Alone, each instance would have sent its 4 at once: 8 in the first second.
      const times = charges.map((request) => request.sentAt).sort((a, b) => a - b);
      const busiest = Math.max(...times.map((from) => times.filter((at) => at >= from && at < from + 1_000).length));
      assert.ok(busiest <= CHARGES_PER_SECOND, `${busiest} charges left within one second`);
    } finally {
      await sandboxControl(running, 'PUT', '/__sandbox/limits', { limits: { chargesPerIp: null, chargesPerToken: null } });
    }
    assert.deepEqual(sent.filter((request) => request.status === 429), [], 'no request was refused by the API\'s limits');
  });

  it('keep their keys on more than one of the cluster\'s masters', async () => {
    const placed = await keysByNode(cluster, keyPrefix);
    const counts = cluster.ports.map((port) => placed.get(port)!.length);
    assert.ok(counts.filter((found) => found > 0).length >= 2, `keys by master: ${counts.join(', ')}`);
    assert.ok(counts.reduce((sum, found) => sum + found, 0) >= 20, `keys by master: ${counts.join(', ')}`);
  });
});
