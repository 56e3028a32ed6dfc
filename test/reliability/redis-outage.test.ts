/**
 * Redis fails under two relay instances while buyers pay. Redis runs as docs/relay.md
 * ("Running Redis for the relay") says: append-only file with `appendfsync everysec`,
 * `maxmemory-policy noeviction`. It is killed with SIGKILL mid-traffic and started again on the
 * same port and directory. Buyers retry as the widget does (the same `Idempotency-Key` after a
 * 503 or 502, after the `retryAfter` asked). Afterwards: no order lost (each reads back, Pix code
 * included, on both instances), none made twice (one order per attempt at the API), every buyer
 * with an order or a clear error. While Redis is down every route answers 503 within 3 s; an
 * open event stream stays open and delivers the status once Redis is back. Then Redis is
 * restarted without its data: every order still reads back, from the API, by its token.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELAY_ERROR_TYPES, type ChargeAnswer, type PublicOrder, type Relay } from '../../src/relay/index.js';
import { createRedisStore } from '../../src/store/redis-store.js';
import type { Store } from '../../src/store/store.js';
import { orderPath, pixChargeBody, relayInstanceOn, sandboxControl, WEBHOOK_SECRET } from '../relay/relay-harness.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { startRedisServer, type RunningRedis } from '../store/redis-server.js';

/** The settings docs/relay.md gives for the relay's Redis. */
const PERSISTENT = ['--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction', '--save', ''];
const BUYERS = 6;
const CHARGES_PER_BUYER = 6;
const BUYER_PAUSE_MS = 40;
/** Waits the relay asks for (`retryAfter`, whole seconds) pass this many times faster here. */
const WAIT_SCALE = 10;
/** Tries of one attempt before the buyer gives up with the last error. */
const MAX_TRIES = 40;
/** How long Redis stays down. */
const OUTAGE_MS = 1_500;
/** The widget's limit for a store failure's answer. */
const ANSWER_LIMIT_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How one payment attempt ended. */
type Checkout = { key: string; ip: string; tries: number } & ({ order: ChargeAnswer } | { errorType: string });

interface Answer {
  status: number;
  type?: string;
  retryAfter?: string | null;
  ms: number;
}

describe('two relays on a Redis killed with SIGKILL and started again', () => {
  let dir: string;
  let redis: RunningRedis;
  let running: RunningSandbox;
  const stores: Store[] = [];
  const relays: Relay[] = [];
  const reported: unknown[] = [];
  const checkouts: Checkout[] = [];

  function instance(): Relay {
    const store = createRedisStore({ url: redis.url, onError: (error) => reported.push(error) });
    stores.push(store);
    return relayInstanceOn(running.baseUrl, store, { onError: (error) => reported.push(error) });
  }

  async function call(relay: Relay, method: string, path: string, { body, headers = {}, ip = '198.51.100.200' }: { body?: unknown; headers?: Record<string, string>; ip?: string } = {}): Promise<Response> {
    const init: RequestInit = { method, headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers } };
    if (body !== undefined) init.body = JSON.stringify(body);
    return relay.fetch(new Request(`http://relay.test${path}`, init), { remoteAddress: ip });
  }

  async function answerOf(response: Promise<Response>): Promise<Answer> {
    const started = performance.now();
    const answered = await response;
    const ms = performance.now() - started;
    const text = await answered.text();
    const type = answered.status >= 400 ? (JSON.parse(text) as { error: { type: string } }).error.type : undefined;
    return { status: answered.status, ...(type ? { type } : {}), retryAfter: answered.headers.get('retry-after'), ms };
  }

  /** One payment attempt as the widget makes it: one key, tried again after a 503 or 502, or a wait it was asked for. */
  async function pay(buyer: number): Promise<Checkout> {
    const key = randomUUID();
    const ip = `198.51.100.${buyer + 1}`;
    const body = { ...pixChargeBody(), metadata: { utm_source: 'redis-outage', utm_content: key } };
    for (let tries = 1; ; tries += 1) {
      // A balancer in front: each try may reach either instance.
      const relay = relays[(buyer + tries) % relays.length]!;
      const response = await call(relay, 'POST', '/charges', { body, headers: { 'Idempotency-Key': key }, ip });
      if (response.status === 201) return { key, ip, tries, order: (await response.json()) as ChargeAnswer };
      const { error } = (await response.json()) as { error: { type: string; retryAfter?: number } };
      const retryable = response.status === 502 || response.status === 503 || error.retryAfter !== undefined;
      if (!retryable || tries === MAX_TRIES) return { key, ip, tries, errorType: error.type };
      await sleep(((error.retryAfter ?? 1) * 1000) / WAIT_SCALE);
    }
  }

  async function buyer(index: number): Promise<void> {
    for (let bought = 0; bought < CHARGES_PER_BUYER; bought += 1) {
      await sleep(BUYER_PAUSE_MS);
      checkouts.push(await pay(index));
    }
  }

  /** Until both instances say ready: their connections are back. */
  async function bothReady(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answers = await Promise.all(relays.map((relay) => call(relay, 'GET', '/readyz')));
      if (answers.every((answer) => answer.status === 200)) return;
      if (Date.now() > deadline) throw new Error('the relays did not become ready again');
      await sleep(50);
    }
  }

  const ordersAtApi = (key: string) => [...running.sandbox.world.orders.values()].filter((order) => order.metadata.utm_content === key);
  const created = () => checkouts.flatMap((checkout) => ('order' in checkout ? [checkout.order] : []));

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redis-outage-'));
    redis = await startRedisServer({ dir, persistence: PERSISTENT });
    running = await startSandbox();
    relays.push(instance(), instance());
  });
  after(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await running?.close();
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('loses no order, makes none twice, answers every route within 3 s while Redis is down, and resumes by itself', async () => {
    const [first, second] = relays as [Relay, Relay];
    // An order followed by an event stream on the first instance through the outage.
    const followedResponse = await call(first, 'POST', '/charges', { body: pixChargeBody(), headers: { 'Idempotency-Key': randomUUID() } });
    assert.equal(followedResponse.status, 201);
    const followed = (await followedResponse.json()) as ChargeAnswer;
    const stream = await call(first, 'GET', orderPath(followed, '/events'));
    assert.equal(stream.status, 200);
    let streamEnded = false;
    const streamText = stream.text().finally(() => (streamEnded = true));

    const buyers = Array.from({ length: BUYERS }, (_, index) => buyer(index));
    await sleep(250);
    const before = checkouts.length;
    await redis.kill();
    const killedAt = performance.now();

    // While Redis is down: every route of both instances answers, within the widget's limit.
    const delivery = { secret: WEBHOOK_SECRET, event: 'purchase_approved', data: { id: followed.id, status: 'paid' } };
    await sandboxControl(running, 'POST', `/__sandbox/orders/${followed.id}/pay`);
    const probes: Record<string, Answer> = {};
    for (const [name, relay] of [['first', first], ['second', second]] as const) {
      probes[`${name} config`] = await answerOf(call(relay, 'GET', '/config?offer=77BcHrY'));
      probes[`${name} charges`] = await answerOf(call(relay, 'POST', '/charges', { body: pixChargeBody(), headers: { 'Idempotency-Key': randomUUID() } }));
      probes[`${name} order`] = await answerOf(call(relay, 'GET', orderPath(followed)));
      probes[`${name} events`] = await answerOf(call(relay, 'GET', orderPath(followed, '/events')));
      probes[`${name} webhooks`] = await answerOf(call(relay, 'POST', '/webhooks', { body: delivery }));
    }
    for (const [name, answer] of Object.entries(probes)) {
      assert.equal(answer.status, 503, `${name}: ${JSON.stringify(answer)}`);
      assert.equal(answer.type, 'store_unavailable', name);
      assert.equal(answer.retryAfter, '2', name);
      assert.ok(answer.ms < ANSWER_LIMIT_MS, `${name} took ${Math.round(answer.ms)} ms`);
    }
    const readiness = await call(second, 'GET', '/readyz');
    assert.equal(readiness.status, 503);
    assert.deepEqual(await readiness.json(), { status: 'unready', reason: 'store_unavailable' });

    await sleep(Math.max(0, OUTAGE_MS - (performance.now() - killedAt)));
    assert.equal(streamEnded, false, 'the event stream stayed open through the outage');
    redis = await startRedisServer({ port: redis.port, dir, persistence: PERSISTENT });
    await Promise.all(buyers);
    assert.ok(checkouts.length > before, 'buyers were paying when Redis was killed');

    // The API delivers the webhook again; the stream on the other instance hears it.
    await bothReady();
    const redelivered = await call(second, 'POST', '/webhooks', { body: delivery });
    assert.equal(redelivered.status, 200);
    assert.match(await streamText, new RegExp(`event: status\ndata: ${JSON.stringify({ id: followed.id, status: 'paid' })}\n\n$`));

    // Every buyer ended with an order; the outage was seen, and waited out.
    assert.equal(checkouts.length, BUYERS * CHARGES_PER_BUYER);
    const failed = checkouts.filter((checkout) => !('order' in checkout));
    assert.deepEqual(failed, [], 'every buyer got an order after retrying');
    assert.ok(checkouts.some((checkout) => checkout.tries > 1), 'some buyers met the outage and tried again');
    for (const checkout of checkouts) {
      if ('errorType' in checkout) assert.ok((RELAY_ERROR_TYPES as readonly string[]).includes(checkout.errorType));
    }

    // 0 duplicates: one order at the API per attempt, the one its buyer got.
    for (const checkout of checkouts) {
      const atApi = ordersAtApi(checkout.key);
      assert.deepEqual(atApi.map((order) => order.id), 'order' in checkout ? [checkout.order.id] : atApi.length === 0 ? [] : [atApi[0]!.id], checkout.key);
    }

    // 0 lost: each order reads back from the store (with its Pix code, which only the store holds) on both instances.
    for (const order of created()) {
      for (const relay of relays) {
        const response = await call(relay, 'GET', orderPath(order));
        assert.equal(response.status, 200, order.id);
        const { orderToken, ...view } = order;
        assert.ok(orderToken);
        assert.deepEqual(await response.json(), view);
      }
    }
  });

  it('reads every order from the API by its token after Redis restarts without its data', async () => {
    const orders = created();
    assert.ok(orders.length > 0);
    await redis.kill();
    const emptyDir = await mkdtemp(join(tmpdir(), 'redis-outage-empty-'));
    try {
      redis = await startRedisServer({ port: redis.port, dir: emptyDir });
      await bothReady();
      for (const [index, order] of orders.entries()) {
        const response = await call(relays[index % relays.length]!, 'GET', orderPath(order));
        assert.equal(response.status, 200, order.id);
        const view = (await response.json()) as PublicOrder;
        assert.deepEqual(view, { id: order.id, refId: order.refId, status: 'waiting_payment', paymentMethod: 'pix', amount: order.amount, createdAt: order.createdAt });
      }
      // A retry of an attempt still makes no second order: the API's idempotency holds it, not Redis.
      const checkout = checkouts[0]!;
      const replay = await call(relays[0]!, 'POST', '/charges', {
        body: { ...pixChargeBody(), metadata: { utm_source: 'redis-outage', utm_content: checkout.key } },
        headers: { 'Idempotency-Key': checkout.key },
        ip: checkout.ip,
      });
      assert.equal(replay.status, 201);
      assert.equal(ordersAtApi(checkout.key).length, 1);
    } finally {
      await redis.stop();
      await rm(emptyDir, { recursive: true, force: true });
    }
  });
});
