/**
 * What every Store must do, as one suite each implementation runs: values with expiry,
 * set-if-absent under a race, sliding-window reservations shared by instances, and
 * publish/subscribe across instances. Keys and channels are unique per test, so the suite
 * can run against a Redis other tests use too.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChargeLineBudget, ChargeTurn, SlotReservation, Store } from '../../src/store/store.js';

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

/** A line's budget for the suite: short windows, so a store on a real clock passes them quickly. */
function budget(given: Partial<ChargeLineBudget> = {}): ChargeLineBudget {
  return { limit: 2, reserve: 0, windowMs: 1_000, graceMs: 1_000, maxWaiting: 100, ...given };
}

const attempt = (ticket: string, bucket: string, join = true) => ({ kind: 'attempt', ticket, bucket, join }) as const;

function assertWaiting(turn: ChargeTurn, position: number, expectedWaitMs: number): void {
  assert.equal(turn.outcome, 'waiting', JSON.stringify(turn));
  if (turn.outcome !== 'waiting') return;
  assert.equal(turn.position, position, JSON.stringify(turn));
  assert.ok(turn.waitMs <= expectedWaitMs && turn.waitMs > expectedWaitMs - CLOCK_TOLERANCE_MS, `waitMs ${turn.waitMs}, expected about ${expectedWaitMs}`);
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

    describe('setRanked', () => {
      const ranked = (rank: number, status: string) => JSON.stringify({ status, rank });

      it('keeps the value of the higher rank, whatever the order of the writes, and answers what the key holds', async () => {
        const [first, second] = [await open(), await open()];
        const key = uniqueName('ranked');
        assert.equal(await first.setRanked(key, ranked(1, 'paid'), 1), ranked(1, 'paid'));
        assert.equal(await second.setRanked(key, ranked(0, 'waiting_payment'), 0), ranked(1, 'paid'), 'a lower rank is not written');
        assert.equal(await first.get(key), ranked(1, 'paid'));
        assert.equal(await second.setRanked(key, ranked(1, 'declined'), 1), ranked(1, 'declined'), 'of equal ranks the last stays');
        assert.equal(await first.setRanked(key, ranked(2, 'refunded'), 2), ranked(2, 'refunded'));
        assert.equal(await second.get(key), ranked(2, 'refunded'));
      });

      it('replaces a value written without a rank, keeps its ttl, and refuses a rank that is not a finite number', async () => {
        const store = await open();
        const [plain, expiring] = [uniqueName('unranked'), uniqueName('ranked-ttl')];
        await store.set(plain, JSON.stringify({ status: 'paid' }));
        assert.equal(await store.setRanked(plain, ranked(0, 'waiting_payment'), 0), ranked(0, 'waiting_payment'));
        await store.set(plain, 'not json');
        assert.equal(await store.setRanked(plain, ranked(0, 'waiting_payment'), 0), ranked(0, 'waiting_payment'));
        await store.setRanked(expiring, ranked(0, 'waiting_payment'), 0, { ttlMs: 100 });
        await advance(150);
        assert.equal(await store.get(expiring), undefined);
        await assert.rejects(store.setRanked(plain, ranked(1, 'paid'), Number.NaN), RangeError);
        assert.equal(await store.get(plain), ranked(0, 'waiting_payment'));
      });

      it('keeps the highest rank of 60 concurrent writes on two instances', async () => {
        const instances = [await open(), await open()];
        const key = uniqueName('ranked-race');
        // One write of rank 2 among writes of ranks 0 and 1: it stays, whenever it lands.
        const ranks = Array.from({ length: 60 }, (_, index) => (index === 30 ? 2 : index % 2));
        const answers = await Promise.all(ranks.map((rank, index) => instances[index % 2]!.setRanked(key, ranked(rank, `write-${index}`), rank)));
        assert.equal(await instances[0]!.get(key), ranked(2, 'write-30'));
        // Each answer is what the key held once that write was done: never below the write's own rank.
        for (const [index, answer] of answers.entries()) assert.ok((JSON.parse(answer) as { rank: number }).rank >= ranks[index]!, answer);
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
        /** Each slot's start lies between its wait counted from the request's sending and from its answer. */
        const bounds: Array<{ earliest: number; latest: number }> = [];
        const reservations = await Promise.all(
          Array.from({ length: 40 }, async (_, index) => {
            const sent = performance.now();
            const reservation = await instances[index % 2]!.reserveSlot(key, limit, windowMs, 1_000);
            const answered = performance.now();
            starts.push(answered + reservation.waitMs);
            bounds.push({ earliest: sent + reservation.waitMs, latest: answered + reservation.waitMs });
            return reservation;
          }),
        );
        assert.ok(reservations.every((reservation) => reservation.granted), JSON.stringify(reservations));
        assert.equal(reservations.filter((reservation) => reservation.waitMs === 0).length, limit);
        // Starts are measured where the answers arrive, a few ms apart; the window checked is
        // a little shorter than the real one so that jitter cannot fail a correct store.
        assert.equal(busiestWindow(starts, windowMs - 25), limit);
        // Four windows' worth: the last slots start three windows after the first. The store's
        // clock is not this process's, so the spread is known within what the answers took to
        // come back (a busy machine can hold one back for a long while), and must fit there.
        const shortest = Math.max(...bounds.map((bound) => bound.earliest)) - Math.min(...bounds.map((bound) => bound.latest));
        const longest = Math.max(...bounds.map((bound) => bound.latest)) - Math.min(...bounds.map((bound) => bound.earliest));
        assert.ok(shortest <= 3 * windowMs + 25 && longest >= 3 * windowMs - 25, `40 slots spread over ${Math.round(shortest)} to ${Math.round(longest)} ms`);
      });
    });

    describe('reserveSlots', () => {
      /** Keys of one request's windows: one `{tag}`, so a Redis Cluster keeps them in one hash slot. */
      const windowKeys = () => {
        const tag = `{${randomUUID()}}`;
        return [uniqueName(`${tag}:per-ip`), uniqueName(`${tag}:per-token`)] as const;
      };

      it('reserves every window at the moment the fullest allows, and records that moment in each', async () => {
        const store = await open();
        const [full, free] = windowKeys();
        assert.deepEqual(await store.reserveSlot(full, 1, 1_000, 0), { granted: true, waitMs: 0 });
        assertWaitedAbout(await store.reserveSlots([{ key: full, limit: 1, windowMs: 1_000 }, { key: free, limit: 1, windowMs: 1_000 }], 5_000), true, 1_000);
        // The free window's slot is at +1 s, where the request leaves: its next slot comes a window after that.
        assertWaitedAbout(await store.reserveSlot(free, 1, 1_000, 5_000), true, 2_000);
      });

      it('reserves nothing in any window when the moment is beyond maxWaitMs', async () => {
        const store = await open();
        const [full, free] = windowKeys();
        await store.reserveSlot(full, 1, 1_000, 0);
        assertWaitedAbout(await store.reserveSlots([{ key: full, limit: 1, windowMs: 1_000 }, { key: free, limit: 1, windowMs: 1_000 }], 500), false, 1_000);
        assert.deepEqual(await store.reserveSlot(free, 1, 1_000, 0), { granted: true, waitMs: 0 });
        assertWaitedAbout(await store.reserveSlot(full, 1, 1_000, 5_000), true, 1_000);
      });

      it('gives two instances\' 2 × 12 concurrent requests at most `limit` starts per window in each', async () => {
        const instances = [await open(), await open()];
        const [perIp, perToken] = windowKeys();
        const windows = [{ key: perIp, limit: 4, windowMs: 200 }, { key: perToken, limit: 6, windowMs: 200 }];
        const starts: number[] = [];
        const reservations = await Promise.all(
          Array.from({ length: 24 }, async (_, index) => {
            const reservation = await instances[index % 2]!.reserveSlots(windows, 2_000);
            starts.push(performance.now() + reservation.waitMs);
            return reservation;
          }),
        );
        assert.ok(reservations.every((reservation) => reservation.granted), JSON.stringify(reservations));
        // The stricter window decides: 4 at once, then 4 more each window.
        assert.equal(reservations.filter((reservation) => reservation.waitMs === 0).length, 4);
        assert.equal(busiestWindow(starts, 200 - 25), 4);
      });
    });

    describe('takeChargeTurn', () => {
      it('admits new attempts at once while the window has room, then gives tickets with their place and wait', async () => {
        const store = await open();
        const line = uniqueName('line');
        const given = budget({ limit: 3, reserve: 1 });
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('a1', 'ip-a')), { outcome: 'admitted' });
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('b1', 'ip-b')), { outcome: 'admitted' });
        // The third slot is the reserve: new attempts wait for the window.
        assertWaiting(await store.takeChargeTurn(line, given, attempt('c1', 'ip-c')), 1, 1_000);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('d1', 'ip-d')), 2, 1_000);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('e1', 'ip-e')), 3, 2_000);
      });

      it('lets a retry of an admitted attempt use the reserve, never behind the line', async () => {
        const store = await open();
        const line = uniqueName('line');
        const given = budget({ limit: 3, reserve: 1 });
        await store.takeChargeTurn(line, given, attempt('a1', 'ip-a'));
        await store.takeChargeTurn(line, given, attempt('b1', 'ip-b'));
        assertWaiting(await store.takeChargeTurn(line, given, attempt('c1', 'ip-c')), 1, 1_000);
        assert.deepEqual(await store.takeChargeTurn(line, given, { kind: 'retry' }), { outcome: 'admitted' });
        const refused = await store.takeChargeTurn(line, given, { kind: 'retry' });
        assert.equal(refused.outcome, 'refused');
        assert.ok(refused.outcome === 'refused' && refused.waitMs <= 1_000 && refused.waitMs > 1_000 - CLOCK_TOLERANCE_MS, JSON.stringify(refused));
        // The retries took slots of the window: the waiting ticket now waits for the one after them.
        assertWaiting(await store.takeChargeTurn(line, given, attempt('c1', 'ip-c', false)), 1, 1_000);
      });

      it('keeps retries off the open slots a waiting ticket is owed: past the reserve they are refused, and the ticket goes first', async () => {
        const store = await open();
        const line = uniqueName('line');
        const given = budget({ limit: 3, reserve: 1, windowMs: 300 });
        await store.takeChargeTurn(line, given, attempt('a1', 'ip-a'));
        await store.takeChargeTurn(line, given, attempt('b1', 'ip-b'));
        assertWaiting(await store.takeChargeTurn(line, given, attempt('c1', 'ip-c')), 1, 300);
        await advance(320);
        // Both open slots have left the window and c1 has not asked again yet: replayed keys get
        // the open slot c1 is not owed, then the reserve, never the slot c1 is owed.
        assert.deepEqual(await store.takeChargeTurn(line, given, { kind: 'retry' }), { outcome: 'admitted' });
        assert.deepEqual(await store.takeChargeTurn(line, given, { kind: 'retry' }), { outcome: 'admitted' });
        for (let replay = 0; replay < 3; replay += 1) {
          const refused = await store.takeChargeTurn(line, given, { kind: 'retry' });
          assert.equal(refused.outcome, 'refused', JSON.stringify(refused));
          assert.ok(refused.outcome === 'refused' && refused.waitMs <= 300 && refused.waitMs > 300 - CLOCK_TOLERANCE_MS, JSON.stringify(refused));
        }
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('c1', 'ip-c', false)), { outcome: 'admitted' });
        // The window is full until its first slots leave it.
        assert.equal((await store.takeChargeTurn(line, given, { kind: 'retry' })).outcome, 'refused');
      });

      it("ranks a bucket's k-th ticket in round k: other buckets' first tickets go ahead of its second", async () => {
        const store = await open();
        const line = uniqueName('line');
        const given = budget({ limit: 1 });
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('greedy-1', 'ip-g')), { outcome: 'admitted' });
        assertWaiting(await store.takeChargeTurn(line, given, attempt('greedy-2', 'ip-g')), 1, 1_000);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('greedy-3', 'ip-g')), 2, 2_000);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('honest-b', 'ip-b')), 1, 1_000);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('honest-c', 'ip-c')), 2, 2_000);
        // greedy-2 ranks in round 1, after the two first tickets of round 0; greedy-3 in round 2.
        assertWaiting(await store.takeChargeTurn(line, given, attempt('greedy-2', 'ip-g', false)), 3, 3_000);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('greedy-3', 'ip-g', false)), 4, 4_000);
      });

      it('answers unknown for a ticket not in line when told not to join, and leaves the line as it was', async () => {
        const store = await open();
        const line = uniqueName('line');
        const given = budget({ limit: 1 });
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('a1', 'ip-a', false)), { outcome: 'unknown' });
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('a1', 'ip-a', false)), { outcome: 'unknown' });
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('b1', 'ip-b')), { outcome: 'admitted' });
      });

      it('admits a ticket when its place fits the free slots, and moves the tickets behind it up', async () => {
        const store = await open();
        const line = uniqueName('line');
        const given = budget({ limit: 1, windowMs: 300 });
        await store.takeChargeTurn(line, given, attempt('a1', 'ip-a'));
        assertWaiting(await store.takeChargeTurn(line, given, attempt('b1', 'ip-b')), 1, 300);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('c1', 'ip-c')), 2, 600);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('b1', 'ip-b', false)), 1, 300);
        await advance(320);
        // One slot is free: place 2 does not fit it, place 1 does.
        assertWaiting(await store.takeChargeTurn(line, given, attempt('c1', 'ip-c', false)), 2, 300);
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('b1', 'ip-b', false)), { outcome: 'admitted' });
        assertWaiting(await store.takeChargeTurn(line, given, attempt('c1', 'ip-c', false)), 1, 300);
      });

      it('drops a ticket not asked for again within its wait plus the grace', async () => {
        const store = await open();
        const line = uniqueName('line');
        const given = budget({ limit: 1, windowMs: 300, graceMs: 100 });
        await store.takeChargeTurn(line, given, attempt('a1', 'ip-a'));
        assertWaiting(await store.takeChargeTurn(line, given, attempt('abandoned', 'ip-b')), 1, 300);
        assertWaiting(await store.takeChargeTurn(line, given, attempt('patient', 'ip-c')), 2, 600);
        await advance(450);
        // The abandoned ticket's deadline (300 + 100 ms) has passed: the patient one is first, and the slot is free.
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('patient', 'ip-c', false)), { outcome: 'admitted' });
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('abandoned', 'ip-b', false)), { outcome: 'unknown' });
      });

      it('refuses a new attempt without a ticket once maxWaiting tickets wait', async () => {
        const store = await open();
        const line = uniqueName('line');
        const given = budget({ limit: 1, maxWaiting: 2 });
        await store.takeChargeTurn(line, given, attempt('a1', 'ip-a'));
        await store.takeChargeTurn(line, given, attempt('b1', 'ip-b'));
        await store.takeChargeTurn(line, given, attempt('c1', 'ip-c'));
        const refused = await store.takeChargeTurn(line, given, attempt('d1', 'ip-d'));
        assert.equal(refused.outcome, 'refused', JSON.stringify(refused));
        assert.deepEqual(await store.takeChargeTurn(line, given, attempt('d1', 'ip-d', false)), { outcome: 'unknown' });
      });

      it('is one line for every instance: 40 concurrent attempts on two instances, 4 admitted, 36 distinct places', async () => {
        const instances = [await open(), await open()];
        const line = uniqueName('line');
        const given = budget({ limit: 5, reserve: 1, windowMs: 10_000, graceMs: 10_000 });
        const tickets = Array.from({ length: 40 }, (_, index) => ({ ticket: `t${index}`, bucket: `ip-${index % 10}` }));
        const turns = await Promise.all(
          tickets.map(({ ticket, bucket }, index) => instances[index % 2]!.takeChargeTurn(line, given, attempt(ticket, bucket))),
        );
        assert.equal(turns.filter((turn) => turn.outcome === 'admitted').length, 4);
        const waiting = tickets.filter((_, index) => turns[index]!.outcome === 'waiting');
        const places: number[] = [];
        for (const [index, { ticket, bucket }] of waiting.entries()) {
          const turn = await instances[index % 2]!.takeChargeTurn(line, given, attempt(ticket, bucket, false));
          places.push(turn.outcome === 'waiting' ? turn.position : 0);
        }
        assert.deepEqual([...places].sort((a, b) => a - b), Array.from({ length: 36 }, (_, index) => index + 1));
      });

      it('refuses a budget no line could work with', async () => {
        const store = await open();
        await assert.rejects(store.takeChargeTurn(uniqueName('line'), budget({ limit: 2, reserve: 2 }), { kind: 'retry' }), RangeError);
        await assert.rejects(store.takeChargeTurn(uniqueName('line'), budget({ limit: 0 }), { kind: 'retry' }), RangeError);
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
