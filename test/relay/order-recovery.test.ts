/**
 * An order whose entries the store lost (a Redis flushed, or restarted without persistence)
 * while its buyer still holds its token: the relay reads it again from the API, stores it
 * again and answers it, rather than telling the buyer it does not exist.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChargeAnswer, PublicOrder } from '../../src/relay/index.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { orderPath, pixChargeBody, postCharge, refusal, sandboxControl, singleAttemptClient, startRelay, type RelayUnderTest } from './relay-harness.js';

describe('an order the store lost', () => {
  const store = createMemoryStore();
  let relay: RelayUnderTest;

  before(async () => {
    relay = await startRelay({ store, orderRefreshMs: 3_600_000 });
  });
  after(async () => {
    await store.close();
    await relay.close();
  });

  async function createOrder(): Promise<ChargeAnswer> {
    const response = await postCharge(relay, pixChargeBody());
    assert.equal(response.status, 201, await response.clone().text());
    return (await response.json()) as ChargeAnswer;
  }

  /** What an emptied Redis leaves of the order: nothing. */
  async function forget(order: ChargeAnswer): Promise<void> {
    await store.delete(`relay:order:${order.id}`);
    await store.delete(`relay:order-status:${order.id}`);
  }

  const rebuilt = (order: ChargeAnswer, status: string): PublicOrder => ({
    id: order.id,
    refId: order.refId,
    status,
    paymentMethod: order.paymentMethod,
    amount: order.amount,
    createdAt: order.createdAt,
  });

  it('is read again from the API once for many buyers, stored again, and answered without the Pix code', async () => {
    const order = await createOrder();
    assert.ok(order.pix, 'the charge answered a Pix code');
    await forget(order);
    const path = `/public_api/orders/${order.id}/`;
    // Only a valid token reaches the API: another order's token is an unknown order, at no API request.
    const other = await createOrder();
    assert.equal((await refusal(await relay.call('GET', orderPath({ id: order.id, orderToken: other.orderToken })), 404)).type, 'order_not_found');
    assert.equal(relay.upstreamCount(path), 0);
    const answers = await Promise.all(Array.from({ length: 10 }, () => relay.call('GET', orderPath(order))));
    assert.deepEqual([...new Set(answers.map((answer) => answer.status))], [200]);
    for (const answer of answers) assert.deepEqual(await answer.json(), rebuilt(order, 'waiting_payment'));
    assert.equal(relay.upstreamCount(path), 1, 'one read of the API');
    assert.notEqual(await store.get(`relay:order:${order.id}`), undefined, 'stored again');
    assert.equal((await relay.call('GET', orderPath(order))).status, 200);
    assert.equal(relay.upstreamCount(path), 1, 'later reads come from the store');
  });

  it('answers the status the API shows: paid while the store had forgotten it', async () => {
    const order = await createOrder();
    await forget(order);
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const response = await relay.call('GET', orderPath(order));
    assert.deepEqual(await response.json(), rebuilt(order, 'paid'));
  });

  it('starts its event stream with the API\'s status', async () => {
    const order = await createOrder();
    await forget(order);
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const stream = await relay.call('GET', orderPath(order, '/events'));
    assert.equal(stream.status, 200);
    // Paid is final: the stream says so and ends.
    assert.match(await stream.text(), new RegExp(`event: status\ndata: ${JSON.stringify({ id: order.id, status: 'paid' })}\n\n$`));
  });
});

describe('an order the store lost, while the API cannot be read', () => {
  const store = createMemoryStore();
  let relay: RelayUnderTest;

  before(async () => {
    relay = await startRelay((running) => ({ client: singleAttemptClient(running), store, orderRefreshMs: 3_600_000 }));
  });
  after(async () => {
    await store.close();
    await relay.close();
  });

  it('answers 502 upstream_unavailable, then the order once the API answers', async () => {
    const created = await postCharge(relay, pixChargeBody());
    const order = (await created.json()) as ChargeAnswer;
    await store.delete(`relay:order:${order.id}`);
    await sandboxControl(relay.running, 'PUT', '/__sandbox/faults', { rules: [{ path: `/public_api/orders/${order.id}/`, status: 503, count: 1 }] });
    assert.equal((await refusal(await relay.call('GET', orderPath(order)), 502)).type, 'upstream_unavailable');
    const again = await relay.call('GET', orderPath(order));
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as PublicOrder).id, order.id);
  });
});
