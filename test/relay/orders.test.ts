import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRelay, type ChargeAnswer, type PublicOrder, type RelayEventStreamOptions } from '../../src/relay/index.js';
import { ORDER_REFRESH_BUDGET, OrderRefreshBudgetSpentError } from '../../src/relay/order-book.js';
import { createOrderTokens } from '../../src/relay/order-token.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { countingStore } from './counting-store.js';
import {
  cardChargeBody,
  CLIENT_ID,
  CLIENT_SECRET,
  orderPath,
  pixChargeBody,
  postCharge,
  PUBLIC_CLIENT_ID,
  refusal,
  sandboxControl,
  serveOnLoopback,
  signedOrderPath,
  SOLD_OFFERS,
  startRelay,
  tokenizeCard,
  WEBHOOK_SECRET,
  type RelayUnderTest,
} from './relay-harness.js';

async function createOrder(relay: RelayUnderTest, body: unknown = pixChargeBody()): Promise<ChargeAnswer> {
  const response = await postCharge(relay, body);
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as ChargeAnswer;
}

async function readOrder(relay: RelayUnderTest, order: ChargeAnswer): Promise<PublicOrder> {
  const response = await relay.call('GET', orderPath(order));
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as PublicOrder;
}

interface StreamItem {
  event?: string;
  data?: unknown;
  comment?: string;
  /** The reconnection wait the stream asks EventSource for, in milliseconds. */
  retry?: number;
}

/** Reads a server-sent-event stream into items as they arrive; `ended` resolves when the server ends it. */
function followStream(response: Response): {
  items: StreamItem[];
  ended: Promise<void>;
  until(count: number): Promise<StreamItem[]>;
  /** The buyer leaves: the stream is cancelled from the reading side. */
  leave(): Promise<void>;
} {
  const items: StreamItem[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const item: StreamItem = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) item.comment = line.slice(1).trim();
          else if (line.startsWith('event: ')) item.event = line.slice('event: '.length);
          else if (line.startsWith('data: ')) item.data = JSON.parse(line.slice('data: '.length));
          else if (line.startsWith('retry: ')) item.retry = Number(line.slice('retry: '.length));
        }
        items.push(item);
      }
    }
  })();
  return {
    items,
    ended,
    leave: () => reader.cancel(),
    async until(count) {
      const deadline = Date.now() + 5000;
      while (items.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} stream items, got ${JSON.stringify(items)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return items;
    },
  };
}

const statusEvents = (items: StreamItem[]) => items.filter((item) => item.event === 'status').map((item) => item.data);

describe('GET orders/{id}', () => {
  let relay: RelayUnderTest;
  let now = Date.now();
  before(async () => {
    const clock = () => now;
    relay = await startRelay({ orderRefreshMs: 10_000, now: clock });
  });
  after(() => relay.close());

  it('answers the public view of an order this relay created', async () => {
    const order = await createOrder(relay);
    const { orderToken, ...shown } = order;
    assert.deepEqual(await readOrder(relay, order), shown);
  });

  it('answers 404 order_not_found for orders it did not create', async () => {
    const elsewhere = await relay.running.api('POST', '/public_api/payments/', { body: pixChargeBody(), headers: { 'X-Idempotency-Key': 'made-elsewhere' } });
    const { id } = (await elsewhere.json()) as { id: string };
    // Orders of the account this relay did not create: it never issued their tokens, and one signed by another secret opens nothing.
    const foreign = createOrderTokens(['a-secret-of-another-relay-0123456789abcdef']);
    for (const other of [id, 'ord_fx0001']) {
      assert.equal((await refusal(await relay.call('GET', `/orders/${other}?token=${await foreign.issue(other)}`), 404)).type, 'order_not_found', other);
    }
    // Ids the API does not have, each with the token this relay would sign for it: the API's 404 stays a 404.
    const tokens = createOrderTokens([CLIENT_SECRET]);
    for (const unknown of ['ord_nope', '..%2F..%2Fadmin']) {
      const token = await tokens.issue(decodeURIComponent(unknown));
      assert.equal((await refusal(await relay.call('GET', `/orders/${unknown}?token=${token}`), 404)).type, 'order_not_found', unknown);
    }
  });

  it('re-reads a waiting order from the API once its status is older than orderRefreshMs, once for many buyers', async () => {
    const order = await createOrder(relay);
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const path = `/public_api/orders/${order.id}/`;
    assert.equal((await readOrder(relay, order)).status, 'waiting_payment', 'no webhook came and the status is fresh');
    assert.equal(relay.upstreamCount(path), 0);
    now += 10_000;
    const answers = await Promise.all(Array.from({ length: 10 }, () => readOrder(relay, order)));
    assert.deepEqual([...new Set(answers.map((answer) => answer.status))], ['paid']);
    assert.equal(relay.upstreamCount(path), 1);
    now += 60_000;
    assert.equal((await readOrder(relay, order)).status, 'paid');
    assert.equal(relay.upstreamCount(path), 1, 'a final status is not read again');
  });

  it('re-reads a waiting status that an instance with its clock ahead stamped, rather than trusting it until its clock catches up', async () => {
    const store = createMemoryStore();
    let clock = Date.now();
    const behind = await startRelay({ store, orderRefreshMs: 10_000, now: () => clock });
    try {
      const order = await createOrder(behind);
      // The status as an instance an hour ahead wrote it (a webhook it took, or its own read).
      await store.set(`relay:order-status:${order.id}`, JSON.stringify({ status: 'waiting_payment', checkedAt: clock + 3_600_000 }));
      await sandboxControl(behind.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
      clock += 10_000;
      assert.equal((await readOrder(behind, order)).status, 'paid');
    } finally {
      await behind.close();
    }
  });

  it('keeps a paid status stored without its rank (by a relay before ranks were stored) when a late waiting status comes', async () => {
    const store = createMemoryStore();
    const relay = await startRelay({ store });
    try {
      const order = await createOrder(relay);
      await store.set(`relay:order-status:${order.id}`, JSON.stringify({ status: 'paid', checkedAt: Date.now() }));
      const late = { secret: WEBHOOK_SECRET, event: 'pix_gerado', data: { id: order.id, status: 'waiting_payment' } };
      assert.equal((await relay.call('POST', '/webhooks', { body: late })).status, 200);
      assert.equal((await readOrder(relay, order)).status, 'paid');
    } finally {
      await relay.close();
    }
  });

  it("bounds the API reads that one address's reads of waiting orders cause, and those of all buyers together", async () => {
    let clock = Date.now();
    const store = createMemoryStore({ now: () => clock });
    const relayed = await startRelay({ store, orderRefreshMs: 1_000, now: () => clock, chargeRateLimit: false });
    try {
      const orders = [await createOrder(relayed), await createOrder(relayed), await createOrder(relayed)];
      const apiReads = () => orders.reduce((sum, order) => sum + relayed.upstreamCount(`/public_api/orders/${order.id}/`), 0);
      const readFrom = async (order: ChargeAnswer, remoteAddress: string) => {
        const response = await relayed.call('GET', orderPath(order), { remoteAddress });
        assert.equal(response.status, 200, await response.clone().text());
        return ((await response.json()) as PublicOrder).status;
      };
      // One address reads its three waiting orders every 1.1 s for half a minute: each read finds a stale status.
      for (let round = 0; round < 9; round += 1) {
        clock += 1_100;
        for (const order of orders) assert.equal(await readFrom(order, '198.51.100.66'), 'waiting_payment');
      }
      assert.equal(apiReads(), ORDER_REFRESH_BUDGET.perIpPerMinute);
      // Another address's read is not held by it, and a minute on the first may cause reads again.
      clock += 1_100;
      await readFrom(orders[0]!, '203.0.113.10');
      assert.equal(apiReads(), ORDER_REFRESH_BUDGET.perIpPerMinute + 1);
      clock += 60_000;
      await readFrom(orders[1]!, '198.51.100.66');
      assert.equal(apiReads(), ORDER_REFRESH_BUDGET.perIpPerMinute + 2);
      // The shop's hourly share spent (as by many addresses): a read answers the stored status, and webhooks still apply.
      for (let spent = 0; spent < ORDER_REFRESH_BUDGET.perHour; spent += 1) await store.reserveSlot('relay:order-refreshes', ORDER_REFRESH_BUDGET.perHour, 3_600_000, 0);
      clock += 1_100;
      await sandboxControl(relayed.running, 'POST', `/__sandbox/orders/${orders[2]!.id}/pay`);
      const reportedBefore = relayed.reported.length;
      assert.equal(await readFrom(orders[2]!, '192.0.2.7'), 'waiting_payment');
      clock += 1_100;
      assert.equal(await readFrom(orders[2]!, '192.0.2.8'), 'waiting_payment');
      assert.equal(apiReads(), ORDER_REFRESH_BUDGET.perIpPerMinute + 2);
      // The operator is told once, not once per read.
      const told = relayed.reported.slice(reportedBefore);
      assert.equal(told.length, 1, String(told));
      assert.ok(told[0] instanceof OrderRefreshBudgetSpentError && told[0].type === 'order_refresh_budget_spent', String(told[0]));
      clock += 3_600_000;
      assert.equal(await readFrom(orders[2]!, '192.0.2.7'), 'paid');
    } finally {
      await relayed.close();
    }
  });

  it("spends one of a buyer's reads for their stream and their poll of one order at once", async () => {
    let clock = Date.now();
    const relayed = await startRelay({ store: createMemoryStore({ now: () => clock }), orderRefreshMs: 1_000, now: () => clock, chargeRateLimit: false });
    try {
      const order = await createOrder(relayed);
      const read = () => relayed.call('GET', orderPath(order), { remoteAddress: '198.51.100.67' }).then((response) => response.text());
      // Two reads of the stale status at the same moment, every 1.1 s: one API read each time, one of the buyer's 20 a minute.
      for (let round = 0; round < ORDER_REFRESH_BUDGET.perIpPerMinute; round += 1) {
        clock += 1_100;
        await Promise.all([read(), read()]);
      }
      assert.equal(relayed.upstreamCount(`/public_api/orders/${order.id}/`), ORDER_REFRESH_BUDGET.perIpPerMinute);
    } finally {
      await relayed.close();
    }
  });

  it('keeps answering the stored status while the API is down', async () => {
    const order = await createOrder(relay);
    await sandboxControl(relay.running, 'PUT', '/__sandbox/faults', { rules: [{ path: `/public_api/orders/${order.id}/`, status: 400, count: 1 }] });
    const reportedBefore = relay.reported.length;
    now += 10_000;
    assert.equal((await readOrder(relay, order)).status, 'waiting_payment');
    assert.equal(relay.reported.length, reportedBefore + 1);
  });
});

describe('GET orders/{id}/events', () => {
  it('streams waiting_payment, then paid when the webhook comes, and ends', async () => {
    const relay = await startRelay({ orderRefreshMs: 3_600_000, events: { pollMs: 3_600_000, maxPollMs: 3_600_000 } });
    const served = await serveOnLoopback(relay.relay);
    try {
      await sandboxControl(relay.running, 'POST', '/__sandbox/webhooks', { url: `${served.url}/webhooks`, secret: WEBHOOK_SECRET, events: ['purchase_approved'] });
      const order = await createOrder(relay);
      const response = await fetch(`${served.url}${orderPath(order, '/events')}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('Content-Type'), 'text/event-stream; charset=utf-8');
      assert.match(response.headers.get('Cache-Control') ?? '', /no-cache/);
      const stream = followStream(response);
      assert.deepEqual(statusEvents(await stream.until(1)), [{ id: order.id, status: 'waiting_payment' }]);
      await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
      await stream.ended;
      assert.deepEqual(statusEvents(stream.items), [
        { id: order.id, status: 'waiting_payment' },
        { id: order.id, status: 'paid' },
      ]);
      // One read: the webhook's `paid` confirmed with the API before it counted; no poll read.
      assert.equal(relay.upstreamCount(`/public_api/orders/${order.id}/`), 1, 'the news came from the webhook');
    } finally {
      await served.close();
      await relay.close();
    }
  });

  it('finds the payment by reading the API when no webhook comes', async () => {
    const relay = await startRelay({ orderRefreshMs: 0, events: { pollMs: 20, maxPollMs: 40 } });
    try {
      const order = await createOrder(relay);
      const stream = followStream(await relay.call('GET', orderPath(order, '/events')));
      await stream.until(1);
      await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
      await stream.ended;
      assert.deepEqual(statusEvents(stream.items).map((change) => (change as { status: string }).status), ['waiting_payment', 'paid']);
      assert.ok(relay.upstreamCount(`/public_api/orders/${order.id}/`) >= 1);
    } finally {
      await relay.close();
    }
  });

  it('sends keep-alive comments while the order waits', async () => {
    const relay = await startRelay({ events: { keepAliveMs: 20, pollMs: 3_600_000, maxPollMs: 3_600_000 } });
    try {
      const order = await createOrder(relay);
      const response = await relay.call('GET', orderPath(order, '/events'));
      const stream = followStream(response);
      const items = await stream.until(4);
      assert.equal(items[1]!.event, 'status');
      assert.deepEqual(items.slice(2, 4), [{ comment: 'keep-alive' }, { comment: 'keep-alive' }]);
      await stream.leave();
    } finally {
      await relay.close();
    }
  });

  it('sends one event and ends at once for an order that is already final', async () => {
    const relay = await startRelay();
    try {
      const token = await tokenizeCard(relay.running);
      const order = await createOrder(relay, cardChargeBody('credit_card', token));
      const stream = followStream(await relay.call('GET', orderPath(order, '/events')));
      await stream.ended;
      assert.deepEqual(statusEvents(stream.items), [{ id: order.id, status: 'paid' }]);
    } finally {
      await relay.close();
    }
  });

  it('answers 404 order_not_found as JSON for an order the API does not have', async () => {
    const relay = await startRelay();
    try {
      const response = await relay.call('GET', `/orders/ord_nope/events?token=${await createOrderTokens([CLIENT_SECRET]).issue('ord_nope')}`);
      assert.equal((await refusal(response, 404)).type, 'order_not_found');
    } finally {
      await relay.close();
    }
  });

  it('lets go of the order\'s channel when the buyer leaves', async () => {
    const memory = createMemoryStore();
    let subscribed = 0;
    const store: Store = {
      ...memory,
      async subscribe(channel, listener) {
        subscribed += 1;
        const unsubscribe = await memory.subscribe(channel, listener);
        return async () => {
          subscribed -= 1;
          await unsubscribe();
        };
      },
    };
    const relay = await startRelay({ store, events: { pollMs: 3_600_000, maxPollMs: 3_600_000 } });
    try {
      const order = await createOrder(relay);
      const response = await relay.call('GET', orderPath(order, '/events'));
      const stream = followStream(response);
      await stream.until(1);
      assert.equal(subscribed, 1);
      await stream.leave();
      // Through a Node server the relay learns of the leave when the socket closes, a moment later.
      for (let waited = 0; subscribed > 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(subscribed, 0);
    } finally {
      await relay.close();
    }
  });
});

/** Opens the event stream of `id` from `ip`; answers the response (a 200 is followed, a refusal is not). */
async function openStream(relay: Pick<RelayUnderTest, 'call'>, id: string, ip: string, headers: Record<string, string> = {}): Promise<Response> {
  return relay.call('GET', await signedOrderPath(id, '/events'), { remoteAddress: ip, headers });
}

/** Streams held open by a test, let go of at its end. */
function heldStreams() {
  const held: ReturnType<typeof followStream>[] = [];
  return {
    held,
    async hold(response: Response) {
      if (response.status !== 200) assert.fail(`expected a stream, got ${response.status}: ${await response.text()}`);
      const stream = followStream(response);
      held.push(stream);
      await stream.until(2);
      return stream;
    },
    leaveAll: () => Promise.all(held.splice(0).map((stream) => stream.leave())),
  };
}

const QUIET_EVENTS = { pollMs: 3_600_000, maxPollMs: 3_600_000 };

/** A second relay instance in front of the same sandbox, on `store`. */
function anotherInstance(relay: RelayUnderTest, store: Store, events: RelayEventStreamOptions): Pick<RelayUnderTest, 'call'> {
  const instance = createRelay({
    apiBaseUrl: relay.running.baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    publicClientId: PUBLIC_CLIENT_ID,
    offers: SOLD_OFFERS,
    store,
    events,
    onError: () => undefined,
  });
  return {
    call: (method, path, { headers = {}, remoteAddress } = {}) =>
      instance.fetch(new Request(`http://relay.test${path}`, { method, headers }), remoteAddress === undefined ? {} : { remoteAddress }),
  };
}

describe('GET orders/{id}/events: limits a client cannot exhaust', () => {
  it('tells EventSource how long to wait before reconnecting, before the first status', async () => {
    const relay = await startRelay({ events: QUIET_EVENTS });
    try {
      const order = await createOrder(relay);
      const stream = followStream(await openStream(relay, order.id, '198.51.100.60'));
      const [first, second] = await stream.until(2);
      assert.deepEqual(first, { retry: 3000 });
      assert.equal(second!.event, 'status');
      await stream.leave();
    } finally {
      await relay.close();
    }
  });

  it('holds 10 streams per buyer IP across orders: the 11th is 429 with retryAfter, another IP still gets one', async () => {
    const relay = await startRelay({ events: QUIET_EVENTS });
    const streams = heldStreams();
    try {
      const orders = [await createOrder(relay), await createOrder(relay), await createOrder(relay)];
      for (let index = 0; index < 10; index += 1) await streams.hold(await openStream(relay, orders[index % 3]!.id, '198.51.100.61'));
      const response = await openStream(relay, orders[1]!.id, '198.51.100.61');
      const error = await refusal(response, 429);
      assert.equal(error.type, 'rate_limited');
      assert.ok(error.retryAfter! >= 1, String(error.retryAfter));
      assert.equal(response.headers.get('Retry-After'), String(error.retryAfter));
      await streams.hold(await openStream(relay, orders[1]!.id, '198.51.100.62'));
      // A stream that ends gives its place back.
      await streams.held[0]!.leave();
      await streams.hold(await openStream(relay, orders[0]!.id, '198.51.100.61'));
    } finally {
      await streams.leaveAll();
      await relay.close();
    }
  });

  it('counts an IPv6 buyer\'s streams per /64', async () => {
    const relay = await startRelay({ events: { ...QUIET_EVENTS, maxPerIp: 2 } });
    const streams = heldStreams();
    try {
      const order = await createOrder(relay);
      await streams.hold(await openStream(relay, order.id, '2001:db8:1:2:aaaa::1'));
      await streams.hold(await openStream(relay, order.id, '2001:db8:1:2:bbbb::9'));
      assert.equal((await refusal(await openStream(relay, order.id, '2001:db8:1:2::77'), 429)).type, 'rate_limited');
      await streams.hold(await openStream(relay, order.id, '2001:db8:1:3::1'));
    } finally {
      await streams.leaveAll();
      await relay.close();
    }
  });

  it('holds 5 streams per order, whatever the addresses', async () => {
    const relay = await startRelay({ events: QUIET_EVENTS });
    const streams = heldStreams();
    try {
      const order = await createOrder(relay);
      for (let index = 0; index < 5; index += 1) await streams.hold(await openStream(relay, order.id, `198.51.100.${70 + index}`));
      assert.equal((await refusal(await openStream(relay, order.id, '198.51.100.80'), 429)).type, 'rate_limited');
      const other = await createOrder(relay);
      await streams.hold(await openStream(relay, other.id, '198.51.100.80'));
    } finally {
      await streams.leaveAll();
      await relay.close();
    }
  });

  it('refuses 403 origin_not_allowed to a foreign page before holding anything: 500 tries leave no stream and no write', async () => {
    const counted = countingStore();
    let subscribed = 0;
    const store = {
      ...counted.store,
      async subscribe(channel: string, listener: (message: string) => void) {
        subscribed += 1;
        return counted.store.subscribe(channel, listener);
      },
    };
    const relay = await startRelay({ store, events: QUIET_EVENTS });
    const streams = heldStreams();
    try {
      const order = await createOrder(relay);
      const writesBefore = counted.writes;
      const answers = await Promise.all(
        Array.from({ length: 500 }, () => openStream(relay, order.id, '198.51.100.90', { Origin: 'https://evil.example' })),
      );
      for (const response of answers) {
        assert.equal((await refusal(response, 403)).type, 'origin_not_allowed');
        assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
      }
      assert.equal(subscribed, 0, 'no stream was opened');
      assert.equal(counted.writes, writesBefore, 'nothing was written');
      // The shop's page, and a same-origin page (which sends no Origin), are served.
      await streams.hold(await openStream(relay, order.id, '198.51.100.90', { Origin: 'https://shop.example' }));
      await streams.hold(await openStream(relay, order.id, '198.51.100.90'));
    } finally {
      await streams.leaveAll();
      await relay.close();
    }
  });

  it('ends a stream after maxLifetimeMs without a final status, and gives its place back', async () => {
    const relay = await startRelay({ events: { ...QUIET_EVENTS, maxLifetimeMs: 150, maxPerIp: 1 } });
    try {
      const order = await createOrder(relay);
      const started = performance.now();
      const stream = followStream(await openStream(relay, order.id, '198.51.100.95'));
      await stream.ended;
      const lasted = performance.now() - started;
      assert.ok(lasted >= 100 && lasted < 2000, `lasted ${Math.round(lasted)} ms`);
      assert.deepEqual(statusEvents(stream.items), [{ id: order.id, status: 'waiting_payment' }], 'no final status was sent');
      assert.equal(stream.items[0]!.retry, 3000);
      const again = followStream(await openStream(relay, order.id, '198.51.100.95'));
      await again.until(2);
      await again.leave();
    } finally {
      await relay.close();
    }
  });

  it('counts through the store: two instances on one store share the caps', async () => {
    const store = createMemoryStore();
    const first = await startRelay({ store, events: { ...QUIET_EVENTS, maxPerIp: 2 } });
    const second = anotherInstance(first, store, { ...QUIET_EVENTS, maxPerIp: 2 });
    const streams = heldStreams();
    try {
      const order = await createOrder(first);
      await streams.hold(await openStream(first, order.id, '198.51.100.100'));
      await streams.hold(await openStream(second, order.id, '198.51.100.100'));
      assert.equal((await refusal(await openStream(first, order.id, '198.51.100.100'), 429)).type, 'rate_limited');
      assert.equal((await refusal(await openStream(second, order.id, '198.51.100.100'), 429)).type, 'rate_limited');
    } finally {
      await streams.leaveAll();
      await first.close();
    }
  });

  it('does not leave the places of a crashed instance taken for longer than the 60 s lease', async () => {
    let now = Date.now();
    const memory = createMemoryStore({ now: () => now });
    let crashed = false;
    // The first instance's view of the store: once it has crashed, it neither renews nor releases.
    const dying = Object.fromEntries(
      Object.entries(memory).map(([name, method]) => [
        name,
        (...args: unknown[]) => (crashed ? Promise.reject(new Error('instance gone')) : (method as (...given: unknown[]) => unknown)(...args)),
      ]),
    ) as unknown as Store;
    const first = await startRelay({ store: dying, events: { ...QUIET_EVENTS, maxPerIp: 2 } });
    const second = anotherInstance(first, memory, { ...QUIET_EVENTS, maxPerIp: 2 });
    const streams = heldStreams();
    try {
      const order = await createOrder(first);
      await streams.hold(await openStream(first, order.id, '198.51.100.110'));
      await streams.hold(await openStream(first, order.id, '198.51.100.110'));
      crashed = true;
      assert.equal((await refusal(await openStream(second, order.id, '198.51.100.110'), 429)).type, 'rate_limited');
      now += 59_000;
      assert.equal((await refusal(await openStream(second, order.id, '198.51.100.110'), 429)).type, 'rate_limited', 'the leases still run');
      now += 1_001;
      await streams.hold(await openStream(second, order.id, '198.51.100.110'));
    } finally {
      await streams.leaveAll();
      await first.close();
    }
  });

  it('refuses bad limits when the relay is made, naming the option', () => {
    const valid = { apiBaseUrl: 'http://127.0.0.1:4010', clientId: 'id', clientSecret: 'secret', publicClientId: 'pub', offers: ['77BcHrY'] };
    for (const [events, pattern] of [
      [{ maxPerIp: 0 }, /events.maxPerIp must be a whole number of streams above 0/],
      [{ maxPerOrder: 2.5 }, /events.maxPerOrder must be a whole number of streams above 0/],
      [{ maxLifetimeMs: -1 }, /events.maxLifetimeMs must be a whole number of milliseconds above 0/],
    ] as const) {
      assert.throws(() => createRelay({ ...valid, events }), (error: Error) => error instanceof TypeError && pattern.test(error.message), JSON.stringify(events));
    }
  });
});
