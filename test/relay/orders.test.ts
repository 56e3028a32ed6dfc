import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChargeAnswer, PublicOrder } from '../../src/relay/index.js';
import { createOrderTokens } from '../../src/relay/order-token.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import {
  cardChargeBody,
  CLIENT_SECRET,
  orderPath,
  pixChargeBody,
  postCharge,
  refusal,
  sandboxControl,
  serveOnLoopback,
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
    // Each with the token this relay would sign for it, so only the order's origin is judged.
    const tokens = createOrderTokens([CLIENT_SECRET]);
    for (const unknown of [id, 'ord_fx0001', 'ord_nope', '..%2F..%2Fadmin']) {
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
      const items = await stream.until(3);
      assert.deepEqual(items.slice(1, 3), [{ comment: 'keep-alive' }, { comment: 'keep-alive' }]);
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

  it('answers 404 order_not_found as JSON for an order it did not create', async () => {
    const relay = await startRelay();
    try {
      const response = await relay.call('GET', `/orders/ord_fx0001/events?token=${await createOrderTokens([CLIENT_SECRET]).issue('ord_fx0001')}`);
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
      assert.equal(subscribed, 0);
    } finally {
      await relay.close();
    }
  });
});
