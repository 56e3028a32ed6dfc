/**
 * What the relay does when a memory store past its cap has dropped its entries (docs/relay.md,
 * "One instance: the memory store"): nothing is charged twice and no webhook is lost. A
 * replayed attempt still gets its one order, from the API's idempotency; a repeated delivery
 * runs again rather than being taken for a duplicate; an order whose entry went is read again
 * from the API.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ChargeAnswer, PublicOrder, RelayWebhookEvent } from '../../src/relay/index.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { orderPath, pixChargeBody, postCharge, sandboxControl, singleAttemptClient, startRelay, WEBHOOK_SECRET, type RelayUnderTest } from './relay-harness.js';

describe('the relay on a memory store that drops its oldest entries', () => {
  // Room for two orders: each keeps its attempt's buyer IP, its public view and its status.
  const store = createMemoryStore({ maxEntries: 6 });
  const orders: PublicOrder[] = [];
  const events: RelayWebhookEvent[] = [];
  let relay: RelayUnderTest;

  before(async () => {
    relay = await startRelay((running) => ({
      // The client keeps its token and pacing in a store of its own: only the relay's entries count here.
      client: singleAttemptClient(running),
      store,
      chargeRateLimit: false,
      orderRefreshMs: 3_600_000,
      onOrder: (order) => void orders.push(order),
      onEvent: (event) => void events.push(event),
    }));
  });
  after(async () => {
    await store.close();
    await relay.close();
  });

  async function charge(key: string): Promise<ChargeAnswer> {
    const response = await postCharge(relay, pixChargeBody(), { key });
    assert.equal(response.status, 201, await response.clone().text());
    return (await response.json()) as ChargeAnswer;
  }

  const approval = (id: string) => ({ secret: WEBHOOK_SECRET, event: 'purchase_approved', data: { id, status: 'paid' } });

  it('charges once, processes a repeated delivery again and reads the order it forgot from the API', async () => {
    const firstKey = randomUUID();
    const first = await charge(firstKey);
    // Paid at the API, so the relay's read confirms the deliveries below.
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${first.id}/pay`);
    assert.equal((await relay.call('POST', '/webhooks', { body: approval(first.id) })).status, 200);
    const repeat = await relay.call('POST', '/webhooks', { body: approval(first.id) });
    assert.deepEqual(await repeat.json(), { received: true, duplicate: true });

    // Two more orders fill the store: the first order's entries, its delivery's mark among them, are the oldest.
    const second = await charge(randomUUID());
    const third = await charge(randomUUID());
    assert.equal(store.size, 6);

    // The mark is gone, so the delivery counts as new: onEvent runs again, and nothing is lost.
    const late = await relay.call('POST', '/webhooks', { body: approval(first.id) });
    assert.equal(late.status, 200);
    assert.deepEqual(await late.json(), { received: true });
    assert.deepEqual(events.map((event) => event.data.id), [first.id, first.id]);

    // Its public view is gone as well: its token is valid, so it is read again from the API (paid there).
    const forgotten = await relay.call('GET', orderPath(first));
    assert.equal(forgotten.status, 200);
    assert.deepEqual(
      { ...((await forgotten.json()) as PublicOrder) },
      { id: first.id, refId: first.refId, status: 'paid', paymentMethod: 'pix', amount: first.amount, createdAt: first.createdAt },
    );
    assert.equal((await relay.call('GET', orderPath(third))).status, 200);

    // A retry of the first attempt, with its key, gets the same order from the API's idempotency;
    // no second order exists.
    const { world } = relay.running.sandbox;
    const ordersBefore = world.orders.size;
    const replayed = await charge(firstKey);
    assert.equal(replayed.id, first.id);
    assert.equal(world.orders.size, ordersBefore);
    // The mark that its onOrder ran was among the oldest entries too: the retry runs it again, as
    // docs/relay.md says of a store past its cap. A hook is never lost, only repeated.
    assert.deepEqual(orders.map((order) => order.id), [first.id, second.id, third.id, first.id]);
  });
});
