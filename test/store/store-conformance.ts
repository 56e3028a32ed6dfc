/**
 * What every Store must do, as one suite each implementation runs: values with expiry,
 * set-if-absent under a race, sliding-window reservations shared by instances, and
 * publish/subscribe across instances. Keys and channels are unique per test, so the suite
 * can run against a Redis other tests use too.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { SlotReservation, Store } from '../../src/store/store.js';

export interface StoreConformanceOptions {
  /**
   * Moves the store's clock forward by `ms`. Without it the suite waits in real time (a
   * store on a server clock, such as Redis), so the suite keeps its waits short.
   */
  advance?: (ms: number) => void | Promise<void>;
}

/** How long a published message may take to arrive before the suite gives up on it. */
const MESSAGE_TIMEOUT_MS = 2_000;
/** Real time that may pass between two calls of one test on a busy machine. */
const CLOCK_TOLERANCE_MS = 100;

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const uniqueName = (label: string) => `conformance:${label}:${randomUUID()}`;

/** A listener that keeps what it receives and lets a test wait for a number of messages. */
function inbox() {
  const messages: string[] = [];
  let wake: (() => void) | undefined;
  return {
    messages,
    listener(message: string) {
      messages.push(message);
      wake?.();
    },
    async waitFor(count: number): Promise<void> {
      const deadline = Date.now() + MESSAGE_TIMEOUT_MS;
      while (messages.length < count) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) assert.fail(`expected ${count} messages within ${MESSAGE_TIMEOUT_MS} ms, got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
}

/** The most slot starts any window of `windowMs` holds. */
function busiestWindow(starts: number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  return Math.max(...sorted.map((from) => sorted.filter((start) => start >= from && start < from + windowMs).length));
}

function assertWaitedAbout(reservation: SlotReservation, granted: boolean, expectedWaitMs: number): void {
  assert.equal(reservation.granted, granted, JSON.stringify(reservation));
  assert.ok(
    reservation.waitMs <= expectedWaitMs && reservation.waitMs > expectedWaitMs - CLOCK_TOLERANCE_MS,
    `waitMs ${reservation.waitMs}, expected about ${expectedWaitMs}`,
  );
}

/**
 * Runs the conformance suite. Each call of `makeStore` answers a new instance on the SAME
 * backing (a new connection to the same Redis; for the memory store, a view of one shared
 * store), because several relay instances share one store and the suite proves they agree.
 */
export function describeStoreConformance(
  name: string,
  makeStore: () => Store | Promise<Store>,
  { advance = realWait }: StoreConformanceOptions = {},
): void {
  describe(`Store conformance: ${name}`, () => {
    const opened: Store[] = [];
    async function open(): Promise<Store> {
      const store = await makeStore();
      opened.push(store);
      return store;
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    describe('values', () => {
      it('answers undefined for a key never set', async () => {
        const store = await open();
        assert.equal(await store.get(uniqueName('absent')), undefined);
      });

      it('keeps a value for every instance, replaces it on set and removes it on delete', async () => {
        const [writer, reader] = [await open(), await open()];
        const key = uniqueName('value');
        const value = JSON.stringify({ status: 'paid', note: 'pagamento confirmado ✓' });
        await writer.set(key, value);
        assert.equal(await reader.get(key), value);
        await writer.set(key, 'second');
        assert.equal(await reader.get(key), 'second');
        await reader.delete(key);
        assert.equal(await writer.get(key), undefined);
        await reader.delete(key);
        assert.equal(await writer.get(key), undefined);
      });

      it('forgets a value once its ttl has passed, and keeps one set without ttl', async () => {
        const store = await open();
        const [expiring, lasting] = [uniqueName('expiring'), uniqueName('lasting')];
        await store.set(expiring, 'token', { ttlMs: 100 });
        await store.set(lasting, 'status');
        assert.equal(await store.get(expiring), 'token');
        await advance(150);
        assert.equal(await store.get(expiring), undefined);
        assert.equal(await store.get(lasting), 'status');
      });

      it('drops an earlier ttl when the value is set again without one', async () => {
        const store = await open();
        const key = uniqueName('ttl-replaced');
        await store.set(key, 'first', { ttlMs: 100 });
        await store.set(key, 'second');
        await advance(150);
        assert.equal(await store.get(key), 'second');
      });

      it('sets if absent only once, until the key is deleted or expires', async () => {
        const store = await open();
        const key = uniqueName('lock');
        assert.equal(await store.setIfAbsent(key, 'first', { ttlMs: 100 }), true);
        assert.equal(await store.setIfAbsent(key, 'second', { ttlMs: 100 }), false);
        assert.equal(await store.get(key), 'first');
        await advance(150);
        assert.equal(await store.setIfAbsent(key, 'third'), true);
        assert.equal(await store.get(key), 'third');
        await store.delete(key);
        assert.equal(await store.setIfAbsent(key, 'fourth'), true);
      });

      it('lets exactly one of 50 concurrent setIfAbsent on two instances win', async () => {
        const instances = [await open(), await open()];
        const key = uniqueName('race');
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, index) => instances[index % 2]!.setIfAbsent(key, `caller-${index}`, { ttlMs: 5_000 })),
        );
        const winners = outcomes.flatMap((won, index) => (won ? [index] : []));
        assert.equal(winners.length, 1, `winners: ${winners.join(', ')}`);
        assert.equal(await instances[0]!.get(key), `caller-${winners[0]}`);
      });
    });

    describe('reserveSlot', () => {
      it('grants the first `limit` slots at once', async () => {
        const store = await open();
        const key = uniqueName('slots');
        const reservations = await Promise.all([1, 2, 3].map(() => store.reserveSlot(key, 3, 1_000, 5_000)));
        assert.deepEqual(reservations, [1, 2, 3].map(() => ({ granted: true, waitMs: 0 })));
      });

      it('makes the next slot wait about a window, and leaves other keys alone', async () => {
        const store = await open();
        const key = uniqueName('slots');
        for (let slot = 0; slot < 3; slot += 1) assert.deepEqual(await store.reserveSlot(key, 3, 1_000, 5_000), { granted: true, waitMs: 0 });
        assertWaitedAbout(await store.reserveSlot(key, 3, 1_000, 5_000), true, 1_000);
        assert.deepEqual(await store.reserveSlot(uniqueName('other'), 3, 1_000, 5_000), { granted: true, waitMs: 0 });
      });

      it('refuses a slot beyond maxWaitMs and reserves nothing for it', async () => {
        const store = await open();
        const key = uniqueName('slots');
        assert.deepEqual(await store.reserveSlot(key, 1, 1_000, 500), { granted: true, waitMs: 0 });
        assertWaitedAbout(await store.reserveSlot(key, 1, 1_000, 500), false, 1_000);
        // Had the refused call taken the slot at +1 s, this one would wait about 2 s.
        assertWaitedAbout(await store.reserveSlot(key, 1, 1_000, 5_000), true, 1_000);
      });

      it('frees slots once their window has passed', async () => {
        const store = await open();
        const key = uniqueName('slots');
        await store.reserveSlot(key, 2, 200, 0);
        await store.reserveSlot(key, 2, 200, 0);
        assert.equal((await store.reserveSlot(key, 2, 200, 0)).granted, false);
        await advance(220);
        assert.deepEqual(await store.reserveSlot(key, 2, 200, 0), { granted: true, waitMs: 0 });
      });

      it('shares reservations between instances: 2 × 20 concurrent, limit 10 per 200 ms', async () => {
        const instances = [await open(), await open()];
        const key = uniqueName('shared-slots');
        const limit = 10;
        const windowMs = 200;
        const starts: number[] = [];
        const reservations = await Promise.all(
          Array.from({ length: 40 }, async (_, index) => {
            const reservation = await instances[index % 2]!.reserveSlot(key, limit, windowMs, 1_000);
            starts.push(performance.now() + reservation.waitMs);
            return reservation;
          }),
        );
        assert.ok(reservations.every((reservation) => reservation.granted), JSON.stringify(reservations));
        assert.equal(reservations.filter((reservation) => reservation.waitMs === 0).length, limit);
        // Starts are measured where the answers arrive, a few ms apart; the window checked is
        // a little shorter than the real one so that jitter cannot fail a correct store.
        assert.equal(busiestWindow(starts, windowMs - 25), limit);
        const spread = Math.max(...starts) - Math.min(...starts);
        assert.ok(spread >= 3 * windowMs - 25 && spread <= 3 * windowMs + 25, `40 slots spread over ${spread} ms`);
      });
    });

    describe('publish and subscribe', () => {
      it('delivers to every listener of the channel, on every instance, and to no other channel', async () => {
        const [subscriberA, subscriberB, publisher] = [await open(), await open(), await open()];
        const channel = uniqueName('order-events');
        const [first, second, third, elsewhere] = [inbox(), inbox(), inbox(), inbox()];
        await subscriberA.subscribe(channel, first.listener);
        await subscriberA.subscribe(channel, second.listener);
        await subscriberB.subscribe(channel, third.listener);
        await subscriberA.subscribe(uniqueName('other-channel'), elsewhere.listener);
        await publisher.publish(channel, '{"status":"paid"}');
        await Promise.all([first.waitFor(1), second.waitFor(1), third.waitFor(1)]);
        for (const received of [first, second, third]) assert.deepEqual(received.messages, ['{"status":"paid"}']);
        assert.deepEqual(elsewhere.messages, []);
      });

      it('stops only the unsubscribed listener, and the channel once none is left', async () => {
        const [subscriber, publisher] = [await open(), await open()];
        const [channel, marker] = [uniqueName('order-events'), uniqueName('marker')];
        const [leaving, staying, markers] = [inbox(), inbox(), inbox()];
        const unsubscribeLeaving = await subscriber.subscribe(channel, leaving.listener);
        const unsubscribeStaying = await subscriber.subscribe(channel, staying.listener);
        await subscriber.subscribe(marker, markers.listener);

        await unsubscribeLeaving();
        await publisher.publish(channel, 'one');
        await staying.waitFor(1);
        assert.deepEqual(leaving.messages, []);

        await unsubscribeStaying();
        await publisher.publish(channel, 'two');
        // Messages from one publisher arrive in order: once the marker is in, 'two' would be too.
        await publisher.publish(marker, 'after two');
        await markers.waitFor(1);
        assert.deepEqual(staying.messages, ['one']);
        assert.deepEqual(leaving.messages, []);
      });

      it('treats the same listener subscribed twice as two subscriptions', async () => {
        const [subscriber, publisher] = [await open(), await open()];
        const channel = uniqueName('order-events');
        const received = inbox();
        const unsubscribeFirst = await subscriber.subscribe(channel, received.listener);
        await subscriber.subscribe(channel, received.listener);
        await publisher.publish(channel, 'one');
        await received.waitFor(2);
        await unsubscribeFirst();
        await publisher.publish(channel, 'two');
        await received.waitFor(3);
        assert.deepEqual(received.messages, ['one', 'one', 'two']);
      });

      it('ignores an unsubscribe called again after the channel has a new subscriber', async () => {
        const [subscriber, publisher] = [await open(), await open()];
        const channel = uniqueName('order-events');
        const [earlier, later] = [inbox(), inbox()];
        const unsubscribeEarlier = await subscriber.subscribe(channel, earlier.listener);
        await unsubscribeEarlier();
        await subscriber.subscribe(channel, later.listener);
        await unsubscribeEarlier();
        await publisher.publish(channel, 'paid');
        await later.waitFor(1);
        assert.deepEqual(later.messages, ['paid']);
        assert.deepEqual(earlier.messages, []);
      });
    });
  });
}
