/**
 * Instances come and go: three `pay-checkout relay` processes on one redis-server, behind a
 * plain round-robin balancer (round-robin-proxy.ts), in front of the sandbox. Buyers pay through
 * the balancer with the widget's own payment code (widget-buyer.ts) while one instance is killed
 * with SIGKILL (no drain: a crash, an OOM kill, a lost machine) and started again on its port.
 *
 * Every Pix charge's answer is held back 450 ms by the sandbox after the order was made (a
 * fault in the `after` phase), so the kill cuts charges whose order already exists: the buyer
 * gets a 502 from the balancer and tries again with the same key on another instance. A buyer
 * whose status stream was on the killed instance has their order paid while it is dead.
 *
 * Afterwards: no order lost (each reads back with its token from every instance), none made
 * twice (one order per attempt key at the sandbox), every checkout in a known state, and the
 * paid order's webhook reached its buyer's stream on another instance.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../../src/client/abortable-wait.js';
import { RELAY_ERROR_TYPES } from '../../src/relay/index.js';
import { scopedIdempotencyKey } from '../../src/sandbox/api/idempotency.js';
import { MAIN_ACCOUNT_ID } from '../../src/sandbox/world/fixture.js';
import type { PaymentRequest } from '../../src/widget/checkout/payment-attempt.js';
import type { CreatedOrder } from '../../src/widget/checkout/relay-connection.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { control } from '../sandbox/controls-requests.js';
import { startRedisServer, type RunningRedis } from '../store/redis-server.js';
import { CLIENT_ID, CLIENT_SECRET, PUBLIC_CLIENT_ID, WEBHOOK_SECRET } from './checkout-stack.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { ORDER_GONE, SERVED_BY_HEADER, WidgetBuyer, type BuyerCheckout, type FollowedOrder } from './widget-buyer.js';

const bin = fileURLToPath(new URL('../../bin/pay-checkout.js', import.meta.url));
const OFFER = '77BcHrY';
const CHARGE_PATH = '/public_api/payments/';
/** How long the sandbox holds each charge's answer after making the order. */
const CHARGE_ANSWER_DELAY_MS = 450;
/**
 * The API takes 60 charges a minute from the relays' one egress address, and the relays' own
 * pacing keeps them under it. The checkouts before the restart, those after it, the watcher's
 * one and the tries the kill cuts stay under 60, so what is measured is the kill and never the
 * limit.
 */
const BUYERS = 8;
/** Under the relay's 10 a minute per buyer address. */
const CHECKOUTS_PER_BUYER = 6;
const CHECKOUTS_BEFORE_RESTART = 24;
const CHECKOUTS_AFTER_RESTART = 12;
const BUYER_PAUSE_MS = 700;
/** How long the balancer leaves an instance out after a failed connection. */
const FAIL_TIMEOUT_MS = 5_000;
/** Generous: on a busy 2-core machine a relay process takes seconds to load its sources. */
const STARTUP_TIMEOUT_MS = 45_000;

interface RelayProcess {
  port: number;
  child: ChildProcess;
  /** What it wrote on standard error, shown when the test fails. */
  stderr: string[];
}

/** Starts `pay-checkout relay` on `port` (0: a free one) and resolves once it listens. */
async function startRelay(port: number, apiUrl: string, redisUrl: string): Promise<RelayProcess> {
  const args = ['relay', '--api', apiUrl, '--client-id', CLIENT_ID, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', OFFER];
  args.push('--port', String(port), '--redis', redisUrl, '--trust-proxy', '1');
  const child = spawn(process.execPath, [bin, ...args], {
    env: { ...process.env, PAY_CHECKOUT_CLIENT_SECRET: CLIENT_SECRET, PAY_CHECKOUT_WEBHOOK_SECRET: WEBHOOK_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const lines = createInterface({ input: child.stdout! });
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`relay did not start within ${STARTUP_TIMEOUT_MS} ms:\n${stderr.join('\n')}`)), STARTUP_TIMEOUT_MS);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`relay exited with ${code}:\n${stderr.join('\n')}`));
    });
  });
  try {
    const match = /listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(await listening);
    assert.ok(match, 'the relay prints its URL');
    return { port: Number(match[1]), child, stderr };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

async function kill(relay: RelayProcess): Promise<void> {
  if (relay.child.exitCode !== null || relay.child.signalCode !== null) return;
  const exited = once(relay.child, 'exit');
  relay.child.kill('SIGKILL');
  await exited;
}

/** Polls `condition` every 20 ms; rejects naming `what` when it does not hold within `timeoutMs`. */
async function until(what: string, timeoutMs: number, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await waitFor(20);
  }
}

/** What `promise` resolves with, or `fallback` after `timeoutMs`. */
async function within<T>(promise: Promise<T>, timeoutMs: number, fallback: T): Promise<T> {
  const timeUp = new AbortController();
  try {
    return await Promise.race([promise, waitFor(timeoutMs, timeUp.signal).then(() => fallback)]);
  } finally {
    timeUp.abort();
  }
}

/** One buyer's Pix checkout, tagged with `checkoutId` (in `metadata.utm_content`), which finds its orders at the sandbox. */
function pixRequest(checkoutId: string, buyer: number): PaymentRequest {
  return {
    method: 'pix',
    offerId: OFFER,
    customer: {
      name: 'Ana Souza',
      email: `buyer${buyer}@example.com`,
      phone: '5511987654321',
      fingerprint: `device-${buyer}`,
      docType: 'cpf',
      docNumber: '52998224725',
    },
    metadata: { utm_source: 'instances', utm_content: checkoutId },
    amountInCents: 9700,
    currency: 'BRL',
  };
}

/** One checkout and what its buyer saw afterwards. */
interface CheckoutRecord {
  checkoutId: string;
  result?: BuyerCheckout;
  /** `GET orders/{id}` with the token right after the order came: its status, or the error. */
  readBack?: string;
  /** The status following ended with after the buyer paid (`order_not_found` when the relay lost it). */
  followed?: string | undefined;
}

describe('instances come and go: three relays behind a round-robin balancer, one killed and started again', () => {
  let redis: RunningRedis;
  let running: RunningSandbox;
  const relays: RelayProcess[] = [];
  let proxy: RoundRobinProxy;

  before(async () => {
    [redis, running] = await Promise.all([startRedisServer(), startSandbox()]);
    const faults = await control(running.baseUrl, 'PUT', '/__sandbox/faults', {
      rules: [{ method: 'POST', path: CHARGE_PATH, phase: 'after', delayMs: CHARGE_ANSWER_DELAY_MS }],
    });
    assert.equal(faults.status, 200);
    const started = await Promise.allSettled([0, 0, 0].map(() => startRelay(0, running.baseUrl, redis.url)));
    for (const start of started) if (start.status === 'fulfilled') relays.push(start.value);
    const failed = started.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    proxy = await startRoundRobinProxy(
      relays.map((relay) => relay.port),
      { failTimeoutMs: FAIL_TIMEOUT_MS },
    );
    const app = await control(running.baseUrl, 'POST', '/__sandbox/webhooks', { url: `${proxy.url}/webhooks`, secret: WEBHOOK_SECRET, events: ['purchase_approved'] });
    assert.equal(app.status, 201);
  });

  after(async () => {
    await Promise.all(relays.map(kill));
    await proxy?.close();
    await running?.close();
    await redis?.stop();
  });

  it('loses no order, makes none twice, ends every checkout in a known state, and streams a payment made while an instance is dead', { timeout: 150_000 }, async (t) => {
    let checked = false;
    t.after(() => {
      if (!checked) relays.forEach((relay) => console.log(`relay on ${relay.port}:\n${relay.stderr.join('\n')}`));
    });
    const { world } = running.sandbox;
    const pay = async (order: CreatedOrder) => assert.equal((await control(running.baseUrl, 'POST', `/__sandbox/orders/${order.id}/pay`)).status, 200);
    const records: CheckoutRecord[] = [];
    const keyRecord = (key: string) => world.idempotency.get(scopedIdempotencyKey(MAIN_ACCOUNT_ID, key));

    // The watcher: a Pix order whose status stream is open before the traffic starts.
    const watcher = new WidgetBuyer({ relay: proxy.url, address: '127.0.0.9', patience: 8, retryPauseMs: 300 });
    const watchedRecord: CheckoutRecord = { checkoutId: `instances-watch-${randomUUID()}` };
    records.push(watchedRecord);
    watchedRecord.result = await watcher.checkout(pixRequest(watchedRecord.checkoutId, 9));
    assert.equal(watchedRecord.result.end.end, 'order', 'the watcher has an order');
    const watched = watchedRecord.result.end.order;
    const following: FollowedOrder = watcher.follow(watched);
    let watchedEnd: string | undefined;
    void following.done.then((status) => (watchedEnd = status));
    await until('the watcher\'s stream', 5_000, () => following.streamServedBy !== null || watchedEnd !== undefined);
    assert.notEqual(watchedEnd, ORDER_GONE, 'the instance the watcher\'s stream went to knows the order');
    const victim = relays.find((relay) => String(relay.port) === following.streamServedBy)!;

    // Checkouts are handed out in two waves, so some are left for the instance started again.
    let buying = true;
    let handedOut = 0;
    let allowed = CHECKOUTS_BEFORE_RESTART;
    const nextCheckout = async (): Promise<boolean> => {
      while (buying && handedOut >= allowed && allowed === CHECKOUTS_BEFORE_RESTART) await waitFor(50);
      if (!buying || handedOut >= allowed) return false;
      handedOut += 1;
      return true;
    };
    const runBuyer = async (index: number) => {
      const buyer = new WidgetBuyer({ relay: proxy.url, address: `127.0.0.${10 + index}`, patience: 8, retryPauseMs: 300 });
      await waitFor((BUYER_PAUSE_MS * index) / BUYERS);
      for (let bought = 0; bought < CHECKOUTS_PER_BUYER && (await nextCheckout()); bought += 1) {
        const record: CheckoutRecord = { checkoutId: `instances-${index}-${bought}-${randomUUID()}` };
        records.push(record);
        record.result = await buyer.checkout(pixRequest(record.checkoutId, index));
        if (record.result.end.end !== 'order') continue;
        const { order } = record.result.end;
        record.readBack = await buyer.readOrder(order).then(
          (read) => (read.id === order.id ? read.status : `another order ${read.id}`),
          (error: Error) => `${error.name}: ${error.message}`,
        );
        // The buyer pays the Pix in their bank's app and watches the checkout say so.
        await pay(order);
        const followed = buyer.follow(order);
        record.followed = await within(followed.done, 15_000, 'no final status within 15 s');
        followed.stop();
        await waitFor(BUYER_PAUSE_MS);
      }
    };
    const buyers = Array.from({ length: BUYERS }, (_, index) => runBuyer(index));

    const watchedDeliveries = () => world.deliveries.filter((delivery) => delivery.orderId === watched.id && delivery.event === 'purchase_approved');

    // The kill: when a charge whose order the sandbox already made is in flight on the watcher's instance.
    const cutAfterOrder = new Set<string>();
    let killedAt = 0;
    let restartedAt = 0;
    let restartMs = 0;
    try {
      await until('a charge in flight on the watcher\'s instance after its order was made', 10_000, () => {
        // Made less than 300 ms ago: its answer is still held back at the sandbox for 150 ms or more.
        const recent = (key: string | undefined) => {
          const stored = key === undefined ? undefined : keyRecord(key);
          return stored?.state === 'done' && running.sandbox.clock.now() - stored.storedAt < CHARGE_ANSWER_DELAY_MS - 150;
        };
        const inFlight = proxy.log.filter((entry) => entry.port === victim.port && entry.path === '/charges' && entry.outcome === 'open' && recent(entry.idempotencyKey));
        inFlight.forEach((entry) => cutAfterOrder.add(entry.idempotencyKey!));
        return inFlight.length > 0;
      });
      killedAt = Date.now();
      await kill(victim);

      // Paid, and the webhook delivered, while its instance is dead: the delivery goes through the
      // balancer to a live instance. The instance is started again while the watcher's stream reconnects.
      await until('the balancer to take the dead instance out', 3_000, () => proxy.isDown(victim.port));
      await pay(watched);
      await until('the webhook to be delivered', 5_000, () => watchedDeliveries().some((delivery) => delivery.state === 'delivered'));
      restartedAt = Date.now();
      const restarting = startRelay(victim.port, running.baseUrl, redis.url).then((relay) => {
        restartMs = Date.now() - restartedAt;
        return relay;
      });
      watchedEnd = await within(following.done, 12_000, 'no final status within 12 s');
      watchedRecord.followed = watchedEnd;
      following.stop();
      relays[relays.indexOf(victim)] = await restarting;
      // The second wave once the balancer sends to the instance again.
      await until('the balancer to put the instance back', FAIL_TIMEOUT_MS + 1_000, () => !proxy.isDown(victim.port));
      allowed += CHECKOUTS_AFTER_RESTART;
    } catch (error) {
      buying = false;
      await Promise.all(buyers);
      throw error;
    }
    await Promise.all(buyers);
    const servedByRestarted = proxy.log.filter((entry) => entry.port === victim.port && entry.startedAt > restartedAt && entry.outcome === 'answered');
    assert.ok(servedByRestarted.some((entry) => entry.path === '/charges'), 'the instance started again on its port took charges');

    // The watcher's payment, delivered while its instance was dead, came over the stream from a live instance.
    assert.equal(watchedEnd, 'paid', 'the watcher saw the payment');
    const paidSeen = following.seen.at(-1)!;
    assert.equal(paidSeen.via, 'stream', 'over the event stream, not by a read');
    assert.notEqual(paidSeen.servedBy, String(victim.port), 'from another instance than the dead one');

    // Every checkout in a known state: an order (read back and seen paid), or a refusal with a type.
    const unknown: string[] = [];
    for (const record of records) {
      const end = record.result?.end;
      if (end?.end === 'refused' && (RELAY_ERROR_TYPES as readonly string[]).includes(end.errorType)) continue;
      if (end?.end !== 'order') {
        unknown.push(`${record.checkoutId}: ${JSON.stringify(end)}`);
        continue;
      }
      if (record !== watchedRecord && record.readBack !== 'waiting_payment') unknown.push(`${record.checkoutId}: read back as ${record.readBack}`);
      if (record.followed !== 'paid') unknown.push(`${record.checkoutId}: followed to ${record.followed}`);
    }
    assert.deepEqual(unknown, [], 'every checkout ends in a known state');

    // No duplicate: one order per checkout (and per attempt key) at the sandbox, the one its buyer got.
    const ordersByCheckout = new Map<string, string[]>();
    for (const order of world.orders.values()) {
      const checkoutId = order.metadata.utm_content;
      if (order.metadata.utm_source === 'instances' && checkoutId) ordersByCheckout.set(checkoutId, [...(ordersByCheckout.get(checkoutId) ?? []), order.id]);
    }
    const ordered = records.filter((record) => record.result?.end.end === 'order');
    const duplicates = [...ordersByCheckout].filter(([, ids]) => ids.length > 1);
    assert.deepEqual(duplicates, [], 'no checkout has two orders');
    for (const record of ordered) {
      const { attempt, end } = record.result!;
      const orderId = end.end === 'order' ? end.order.id : '';
      assert.deepEqual(ordersByCheckout.get(record.checkoutId), [orderId], `${record.checkoutId}: the sandbox holds the buyer's one order`);
      const stored = keyRecord(attempt.idempotencyKey);
      assert.ok(stored?.state === 'done' && stored.body.id === orderId, `${record.checkoutId}: its key made that order`);
    }
    assert.equal([...ordersByCheckout.values()].flat().length, ordered.length, 'no order the buyers do not know of');

    // The kill cut charges whose order was made: their buyers tried again with the same key and got that order.
    const cutCharges = proxy.log.filter((entry) => entry.port === victim.port && entry.path === '/charges' && entry.outcome === 'cut');
    const recovered = ordered.filter((record) => cutAfterOrder.has(record.result!.attempt.idempotencyKey) && record.result!.runs > 1);
    assert.ok(cutCharges.length > 0, 'the kill cut charges in flight');
    assert.ok(recovered.length > 0, 'a charge cut after its order was made ended with that one order');

    // No order lost: each reads back with its token from every instance, the restarted one too.
    const servedBy = new Map<string, number>();
    const readEverywhere = async (order: CreatedOrder) => {
      for (let read = 0; read < relays.length; read += 1) {
        const response = await fetch(`${proxy.url}/orders/${order.id}`, { headers: { Authorization: `Bearer ${order.orderToken}` } });
        const body = (await response.json()) as { id?: string; status?: string };
        assert.equal(response.status, 200, `${order.id} reads back`);
        assert.deepEqual([body.id, body.status], [order.id, 'paid']);
        const port = response.headers.get(SERVED_BY_HEADER) ?? '';
        servedBy.set(port, (servedBy.get(port) ?? 0) + 1);
      }
    };
    await Promise.all(ordered.map((record) => readEverywhere((record.result!.end as { order: CreatedOrder }).order)));
    assert.deepEqual([...servedBy.keys()].sort(), relays.map((relay) => String(relay.port)).sort(), 'every instance answered the reads');
    assert.ok(relays.every((relay) => relay.child.exitCode === null), 'every instance is still running');

    checked = true;
    const deliveries = watchedDeliveries();
    const runs = records.map((record) => record.result?.runs ?? 0);
    console.log(
      [
        'instances come and go',
        `  checkouts      ${records.length}, ${ordered.length} with an order; ${runs.filter((count) => count > 1).length} needed more than one try (same key)`,
        `  killed         port ${victim.port} at +${killedAt - proxy.log[0]!.startedAt} ms; ${cutCharges.length} charges cut, ${cutAfterOrder.size} of them after the order was made`,
        `  balancer       ${proxy.log.length} requests, ${proxy.log.filter((entry) => entry.outcome === 'refused').length} refused connections, ${proxy.log.filter((entry) => entry.outcome === 'cut').length} cut`,
        `  restarted      on port ${victim.port} in ${restartMs} ms; it answered ${servedByRestarted.length} requests of the buyers`,
        `  watched order  paid over the stream from port ${paidSeen.servedBy}; webhook attempts ${JSON.stringify(deliveries.flatMap((delivery) => delivery.attempts.map((attempt) => attempt.status)))}`,
      ].join('\n'),
    );
  });
});
