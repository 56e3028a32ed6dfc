/**
 * A relay whose store fails: every route answers 503 `store_unavailable` with a short
 * `Retry-After` (the widget tries again with the same key; the API delivers a webhook again),
 * `readyz` says not ready, and `onError` is told.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { RELAY_ERROR_TYPES } from '../../src/relay/index.js';
import { createOrderTokens } from '../../src/relay/order-token.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { StoreUnavailableError, type Store } from '../../src/store/store.js';
import { CLIENT_SECRET, orderPath, pixChargeBody, postCharge, refusal, startRelay, WEBHOOK_SECRET, type RelayUnderTest } from './relay-harness.js';

/** A store whose Redis is gone: every operation fails as the Redis store's do. */
function unavailableStore(): Store {
  const fail = async (): Promise<never> => {
    throw new StoreUnavailableError('Redis is unavailable: the connection is reconnecting');
  };
  return { get: fail, set: fail, setIfAbsent: fail, setRanked: fail, delete: fail, reserveSlot: fail, reserveSlots: fail, takeChargeTurn: fail, publish: fail, subscribe: fail, close: async () => undefined };
}

describe('a relay whose store is unavailable', () => {
  let relay: RelayUnderTest;
  let order: { id: string; orderToken: string };

  before(async () => {
    relay = await startRelay({ store: unavailableStore() });
    const id = 'ord_fx0001';
    order = { id, orderToken: await createOrderTokens([CLIENT_SECRET]).issue(id) };
  });
  after(() => relay.close());

  it('answers every widget route 503 store_unavailable with Retry-After, with its CORS headers', async () => {
    const origin = { Origin: 'https://shop.example' };
    const answers = {
      config: await relay.call('GET', '/config?offer=77BcHrY', { headers: origin }),
      charges: await relay.call('POST', '/charges', { body: pixChargeBody(), headers: { ...origin, 'Idempotency-Key': randomUUID() } }),
      order: await relay.call('GET', orderPath(order), { headers: origin }),
      events: await relay.call('GET', orderPath(order, '/events'), { headers: origin }),
    };
    for (const [route, response] of Object.entries(answers)) {
      assert.equal(response.headers.get('retry-after'), '2', route);
      assert.equal(response.headers.get('access-control-allow-origin'), 'https://shop.example', route);
      const error = await refusal(response, 503);
      assert.equal(error.type, 'store_unavailable', route);
      assert.equal(error.retryAfter, 2, route);
    }
    assert.ok(relay.reported.length >= 4 && relay.reported.every((error) => error instanceof StoreUnavailableError), 'onError was told the store failed');
    assert.equal(relay.upstreamCount('/public_api/payments/'), 0, 'no charge was sent without its attempt stored');
    assert.ok((RELAY_ERROR_TYPES as readonly string[]).includes('store_unavailable'));
  });

  it('answers a webhook delivery 503, so the API delivers it again, and says not ready, so a balancer sends no buyer', async () => {
    const response = await relay.call('POST', '/webhooks', { body: { secret: WEBHOOK_SECRET, event: 'pix_gerado', data: { id: order.id, status: 'waiting_payment' } } });
    assert.equal((await refusal(response, 503)).type, 'store_unavailable');
    const readiness = await relay.call('GET', '/readyz');
    assert.equal(readiness.status, 503);
    assert.deepEqual(await readiness.json(), { status: 'unready', reason: 'store_unavailable' });
  });
});

describe("a relay whose store loses the answer to the order's write", () => {
  it("calls onOrder on the buyer's retry when the try that stored the order failed before its hook, and not again after", async () => {
    const store = createMemoryStore();
    let loseNextOrderWrite = true;
    // The write lands, then the answer is lost, as a Redis command that runs after the relay's timeout.
    const losing: Store = {
      ...store,
      async setIfAbsent(key, value, options) {
        const written = await store.setIfAbsent(key, value, options);
        if (key.startsWith('relay:order:') && loseNextOrderWrite) {
          loseNextOrderWrite = false;
          throw new StoreUnavailableError('Redis did not answer within commandTimeoutMs');
        }
        return written;
      },
    };
    const announced: string[] = [];
    const relay = await startRelay({ store: losing, onOrder: (order) => void announced.push(order.id) });
    try {
      const key = randomUUID();
      assert.equal((await refusal(await postCharge(relay, pixChargeBody(), { key }), 503)).type, 'store_unavailable');
      assert.deepEqual(announced, []);
      const retried = await postCharge(relay, pixChargeBody(), { key });
      assert.equal(retried.status, 201, await retried.clone().text());
      const { id } = (await retried.json()) as { id: string };
      assert.deepEqual(announced, [id]);
      // The API's answer was stored beside the order: the retry got it from the store.
      assert.equal(relay.upstreamCount('/public_api/payments/'), 1, 'one order, made by the first try');
      assert.equal((await postCharge(relay, pixChargeBody(), { key })).status, 201);
      assert.deepEqual(announced, [id], 'a replay after the hook ran does not run it again');
    } finally {
      await relay.close();
    }
  });
});
