/**
 * A relay on a Redis Cluster with a replica for each master, in front of a real sandbox, when
 * the master holding an order's status dies in the middle of its payment. Once the cluster
 * takes the master for failed, it serves no key until the replica takes over (held back here
 * until the test has sent what it sends meanwhile), and the relay refuses as unavailable: a
 * charge gets 503 without reaching the API, and the paid order's webhook gets 503, so the API
 * delivers it again. Then the buyer's retry of the same attempt makes one
 * order, and the webhook's next delivery reaches the status stream the buyer opened before the
 * master died.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createClusterRedisStore } from '../../examples/relay/redis-set-ups.js';
import type { ChargeAnswer, Relay } from '../../src/relay/index.js';
import type { Store } from '../../src/store/store.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { masterAndReplicaOf, startRedisCluster, type RunningRedisCluster } from '../store/redis-cluster.js';
import { orderPath, pixChargeBody, refusal, relayInstanceOn, sandboxControl, serveOnLoopback, WEBHOOK_SECRET, type ServedRelayForTest } from './relay-harness.js';

/** examples/relay/redis-set-ups.ts's prefix, before every key the relay writes. */
const KEY_PREFIX = 'shop-checkout:';
/** The cluster's node timeout is 1 s: a replica let take over does within a few seconds. */
const FAILOVER_TIMEOUT_MS = 30_000;

describe('a relay on a Redis Cluster with replicas, when the master holding an order dies', () => {
  let cluster: RunningRedisCluster;
  let running: RunningSandbox;
  let store: Store;
  let relay: Relay;
  let served: ServedRelayForTest;

  before(async () => {
    running = await startSandbox();
    cluster = await startRedisCluster({ replicas: 1 });
    store = createClusterRedisStore({ REDIS_CLUSTER_NODES: cluster.urls[0] });
    relay = relayInstanceOn(running.baseUrl, store);
    served = await serveOnLoopback(relay);
  });
  after(async () => {
    await served?.close();
    await store?.close();
    await running?.close();
    await cluster?.stop();
  });

  const postCharge = (key: string) =>
    fetch(`${served.url}/charges`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(pixChargeBody()) });
  const ordersAtApi = () => running.sandbox.world.orders.size;

  /** Waits until the node on `port` says the cluster's state is `state`. */
  async function clusterState(port: number, state: 'ok' | 'fail'): Promise<void> {
    const node = new Redis({ host: '127.0.0.1', port });
    try {
      for (const started = Date.now(); !String(await node.cluster('INFO')).includes(`cluster_state:${state}`); ) {
        if (Date.now() - started > FAILOVER_TIMEOUT_MS) assert.fail(`the cluster's state was not ${state} within ${FAILOVER_TIMEOUT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      node.disconnect();
    }
  }

  /** A fresh attempt's key whose first key in the store (its buyer's address) is served by the master on `port`. */
  async function keyServedBy(port: number): Promise<string> {
    for (let tries = 0; tries < 200; tries += 1) {
      const key = randomUUID();
      if ((await masterAndReplicaOf(cluster, `${KEY_PREFIX}relay:attempt-ip:${key}`)).master === port) return key;
    }
    throw new Error(`no key of 200 fell on the master on port ${port}`);
  }

  it('refuses what needs it while its replica takes over, then makes one order of the retried attempt and streams the paid webhook', async () => {
    await sandboxControl(running, 'POST', '/__sandbox/webhooks', { url: `${served.url}/webhooks`, secret: WEBHOOK_SECRET, events: ['purchase_approved'] });
    const first = await postCharge(randomUUID());
    assert.equal(first.status, 201, await first.clone().text());
    const order = (await first.json()) as ChargeAnswer;
    const statusKey = `${KEY_PREFIX}relay:order-status:${order.id}`;
    const { master, replica, replicaHolds, holdPromotion } = await masterAndReplicaOf(cluster, statusKey);
    await replicaHolds();
    await holdPromotion(true);
    const attempt = await keyServedBy(master);

    const stream = await fetch(`${served.url}${orderPath(order, '/events')}`);
    assert.equal(stream.status, 200);
    const streamed = stream.text();

    await cluster.kill(master);
    // Once the other masters take it for failed (after the 1 s node timeout), the cluster serves no key at all.
    await clusterState(cluster.ports.find((port) => port !== master && port !== replica)!, 'fail');
    const before = ordersAtApi();
    const refused = await postCharge(attempt);
    assert.equal((await refusal(refused, 503)).type, 'store_unavailable');
    assert.equal(ordersAtApi(), before, 'no charge reached the API');
    // The order is paid at the API while its status cannot be written: its webhook is refused, for the API to send again.
    await sandboxControl(running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const attempts = () => running.sandbox.world.deliveries.filter((delivery) => delivery.orderId === order.id).flatMap((delivery) => delivery.attempts.map((tried) => tried.status));
    for (const started = Date.now(); attempts().length === 0; ) {
      if (Date.now() - started > FAILOVER_TIMEOUT_MS) assert.fail('the webhook was never delivered');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.deepEqual(attempts(), [503], 'the delivery was refused while the status could not be written');
    await holdPromotion(false);

    // Once the replica serves the order's status, the buyer's retry of the attempt goes through.
    let retried: Response | undefined;
    for (const started = Date.now(); retried === undefined; ) {
      const response = await postCharge(attempt);
      if (response.status === 201) retried = response;
      else {
        assert.equal((await refusal(response, 503)).type, 'store_unavailable');
        if (Date.now() - started > FAILOVER_TIMEOUT_MS) assert.fail(`the store was still unavailable after ${FAILOVER_TIMEOUT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const retriedOrder = (await retried.json()) as ChargeAnswer;
    assert.equal(ordersAtApi(), before + 1, 'one order at the API for the attempt');
    const again = (await (await postCharge(attempt)).json()) as ChargeAnswer;
    assert.equal(again.id, retriedOrder.id);

    // The API's next delivery, 5 s of its time later, is applied and reaches the stream opened before the master died.
    await sandboxControl(running, 'POST', '/__sandbox/clock', { advanceSeconds: 5 });
    const events = (await streamed).split('\n\n').filter((block) => block.startsWith('event: status'));
    assert.deepEqual(events, [
      `event: status\ndata: ${JSON.stringify({ id: order.id, status: 'waiting_payment' })}`,
      `event: status\ndata: ${JSON.stringify({ id: order.id, status: 'paid' })}`,
    ]);
    assert.deepEqual(attempts(), [503, 200]);
  });
});
