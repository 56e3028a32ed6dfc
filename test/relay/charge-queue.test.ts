import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createRelay, type RelayErrorBody } from '../../src/relay/index.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  failCharges,
  failedCharge,
  pixChargeBody,
  postCharge,
  PUBLIC_CLIENT_ID,
  SOLD_OFFERS,
  startRelay,
  startRelayTryingOnce,
  type RelayUnderTest,
} from './relay-harness.js';

const PAYMENTS = '/public_api/payments/';

/** A relay whose charge line takes 3 charges a minute, 1 of them kept for retries; its store's clock is the test's. */
async function relayWithLine(chargeRateLimit = { limit: 10, windowMs: 60_000 }) {
  let clock = Date.now();
  const store = createMemoryStore({ now: () => clock });
  const relay = await startRelay({ store, chargeRateLimit, chargeQueue: { limit: 3, reserve: 1, windowMs: 60_000 } });
  return { relay, advance: (ms: number) => (clock += ms) };
}

async function created(response: Response): Promise<{ id: string }> {
  const text = await response.text();
  assert.equal(response.status, 201, text);
  return JSON.parse(text) as { id: string };
}

/** A 429 that queued the buyer: its body and headers. */
async function queued(response: Response): Promise<RelayErrorBody['error']> {
  const text = await response.text();
  assert.equal(response.status, 429, text);
  const { error } = JSON.parse(text) as RelayErrorBody;
  assert.equal(error.type, 'rate_limited');
  assert.equal(response.headers.get('Retry-After'), String(error.retryAfter));
  return error;
}

async function withRelay(run: (relay: RelayUnderTest, advance: (ms: number) => void) => Promise<void>, chargeRateLimit?: { limit: number; windowMs: number }) {
  const { relay, advance } = await relayWithLine(chargeRateLimit);
  try {
    await run(relay, advance);
  } finally {
    await relay.close();
  }
}

describe('POST charges: the fair share of the API\'s charge budget', () => {
  it('answers a buyer past the budget at once with 429, retryAfter and queuePosition, and sends nothing to the API', () =>
    withRelay(async (relay) => {
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.1' }));
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.2' }));
      const started = performance.now();
      const first = await queued(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.3' }));
      const second = await queued(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.4' }));
      assert.ok(performance.now() - started < 1_000, 'answered without waiting for a slot');
      assert.equal(first.queuePosition, 1);
      assert.equal(second.queuePosition, 2);
      // A minute's window, paced 1.2 s longer: both wait for the first two slots to leave it.
      assert.ok(first.retryAfter! >= 60 && first.retryAfter! <= 62, String(first.retryAfter));
      assert.equal(relay.upstreamCount(PAYMENTS), 2);
    }));

  it('admits a waiting buyer who retries with the same key once their place fits, and makes one order', () =>
    withRelay(async (relay, advance) => {
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.1' }));
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.2' }));
      const key = randomUUID();
      assert.equal((await queued(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.3' }))).queuePosition, 1);
      assert.equal((await queued(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.3' }))).queuePosition, 1);
      advance(61_300);
      const order = await created(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.3' }));
      // Its answer is known now: a retry gets it from the store, with no call to the API.
      assert.equal((await created(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.3' }))).id, order.id);
      assert.equal(relay.upstreamCount(PAYMENTS), 3);
    }));

  it('counts a waiting attempt once against its address, however often it is retried', () =>
    withRelay(
      async (relay) => {
        await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.1' }));
        await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.2' }));
        const key = randomUUID();
        for (let retry = 0; retry < 5; retry += 1) {
          assert.equal((await queued(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.9' }))).queuePosition, 1);
        }
        // The address's limit is 2: its second attempt still gets a place, its third is refused by the limit.
        assert.equal((await queued(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.9' }))).queuePosition, 2);
        assert.equal((await queued(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.9' }))).queuePosition, undefined);
      },
      { limit: 2, windowMs: 60_000 },
    ));

  it('puts a newcomer ahead of an address that already waits with several attempts', () =>
    withRelay(async (relay) => {
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '203.0.113.50' }));
      await created(await postCharge(relay, pixChargeBody(), { remoteAddress: '203.0.113.50' }));
      const greedy = [randomUUID(), randomUUID(), randomUUID()];
      const places = [];
      for (const key of greedy) places.push((await queued(await postCharge(relay, pixChargeBody(), { key, remoteAddress: '203.0.113.50' }))).queuePosition);
      assert.deepEqual(places, [1, 2, 3]);
      assert.equal((await queued(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.77' }))).queuePosition, 1);
      assert.equal((await queued(await postCharge(relay, pixChargeBody(), { key: greedy[0], remoteAddress: '203.0.113.50' }))).queuePosition, 2);
    }));

  it('lets a retry of an admitted attempt through the reserve while new attempts wait', async () => {
    const relay = await startRelayTryingOnce({ chargeRateLimit: { limit: 10, windowMs: 60_000 }, chargeQueue: { limit: 3, reserve: 1, windowMs: 60_000 } });
    try {
      // Two attempts whose first tries the API fails: neither has an answer to give from the store.
      await failCharges(relay, 2);
      const [first, second] = [randomUUID(), randomUUID()];
      await failedCharge(postCharge(relay, pixChargeBody(), { key: first, remoteAddress: '198.51.100.1' }));
      await failedCharge(postCharge(relay, pixChargeBody(), { key: second, remoteAddress: '198.51.100.2' }));
      await queued(await postCharge(relay, pixChargeBody(), { remoteAddress: '198.51.100.3' }));
      const order = await created(await postCharge(relay, pixChargeBody(), { key: first, remoteAddress: '198.51.100.1' }));
      // The reserve is spent: the next retry waits for the window, without a place in line.
      const refused = await queued(await postCharge(relay, pixChargeBody(), { key: second, remoteAddress: '198.51.100.2' }));
      assert.equal(refused.queuePosition, undefined);
      assert.ok(refused.retryAfter! >= 1);
      // A retry whose answer is known takes no slot at all.
      assert.equal((await created(await postCharge(relay, pixChargeBody(), { key: first, remoteAddress: '198.51.100.1' }))).id, order.id);
      assert.equal(relay.charges(), 3);
    } finally {
      await relay.close();
    }
  });

  it('gets a waiting buyer their order while one address replays its admitted keys every second', () =>
    withRelay(async (relay, advance) => {
      const attacker = '198.51.100.66';
      const replayed = [randomUUID(), randomUUID()];
      for (const key of replayed) await created(await postCharge(relay, pixChargeBody(), { key, remoteAddress: attacker }));
      const honest = randomUUID();
      let nextTry = 5;
      let order: { id: string } | undefined;
      for (let second = 1; second <= 180 && !order; second += 1) {
        advance(1_000);
        await (await postCharge(relay, pixChargeBody(), { key: replayed[second % replayed.length], remoteAddress: attacker })).text();
        if (second < nextTry) continue;
        const response = await postCharge(relay, pixChargeBody(), { key: honest, remoteAddress: '203.0.113.10' });
        if (response.status === 201) order = await created(response);
        else nextTry = second + (await queued(response)).retryAfter!;
      }
      // The buyer's place fits the first slot that leaves the window (61.2 s, paced): the replays
      // may take the reserve, never the slot the buyer is owed.
      assert.ok(order, 'the waiting buyer got no order in three minutes of replays');
    }));

  it("bounds the retries of one address's admitted attempts as its new attempts are bounded, before they reach the API", async () => {
    let clock = Date.now();
    const relay = await startRelayTryingOnce({
      store: createMemoryStore({ now: () => clock }),
      chargeRateLimit: { limit: 10, windowMs: 60_000 },
      chargeQueue: { limit: 100, reserve: 10, windowMs: 60_000 },
    });
    try {
      // The API fails every charge, so each retry of these attempts goes to it again.
      await failCharges(relay, 1_000);
      const keys = Array.from({ length: 6 }, () => randomUUID());
      for (const key of keys) await failedCharge(postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.66' }));
      const statuses: number[] = [];
      // Each key stays within its own 10 tries a minute; the address's retries together do not.
      for (let round = 0; round < 3; round += 1) {
        for (const key of keys) {
          const response = await postCharge(relay, pixChargeBody(), { key, remoteAddress: '198.51.100.66' });
          statuses.push(response.status);
          if (response.status === 429) assert.match((await queued(response)).message, /retries of payment attempts from this address/);
          else await failedCharge(Promise.resolve(response));
        }
      }
      assert.equal(statuses.filter((status) => status === 502).length, 10);
      assert.equal(relay.charges(), 16);
      // Another address's retry is not held by it.
      clock += 1_000;
      const other = randomUUID();
      await failedCharge(postCharge(relay, pixChargeBody(), { key: other, remoteAddress: '203.0.113.10' }));
      await failedCharge(postCharge(relay, pixChargeBody(), { key: other, remoteAddress: '203.0.113.10' }));
      // A minute on, the address may retry again.
      clock += 60_000;
      await failCharges(relay, 0);
      await created(await postCharge(relay, pixChargeBody(), { key: keys[0], remoteAddress: '198.51.100.66' }));
    } finally {
      await relay.close();
    }
  });

  it('refuses at creation a budget that leaves no slot for new attempts, naming chargeQueue', () => {
    const options = { apiBaseUrl: 'http://127.0.0.1:9', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, publicClientId: PUBLIC_CLIENT_ID, offers: SOLD_OFFERS };
    assert.throws(() => createRelay({ ...options, chargeQueue: { limit: 5, reserve: 5 } }), /chargeQueue\.reserve must be below limit/);
    assert.throws(() => createRelay({ ...options, chargeQueue: { windowMs: 0 } }), /chargeQueue\.windowMs/);
    assert.doesNotThrow(() => createRelay({ ...options, chargeQueue: false }));
  });
});
