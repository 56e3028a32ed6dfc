/**
 * The relay's in-memory store over a long run (docs/performance.md, "Memory of the in-memory
 * store"): 10,000 charges and 10,000 payment attempts the API refuses, through one relay on a
 * memory store, in front of the in-process sandbox with every limit lifted. The V8 heap is
 * measured after full garbage collections: it grows by a bounded amount per retained order,
 * stops growing once the store reaches its cap, and falls back once the entries expire and
 * are swept. The figures go to the test's diagnostics, for docs/performance.md.
 *
 * What else the heap holds is kept out of the figures: the sandbox forgets its orders (a
 * reset) before every measurement, and the relay's client gets a short per-attempt timeout,
 * whose timer each request holds until it lapses (`AbortSignal.timeout`), which the
 * measurement waits out.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { pixChargeBody } from '../sandbox/controls-requests.js';
import { startInProcessStack, type InProcessStack } from './checkout-stack.js';

// npm test runs node without --expose-gc: the flag set now exposes `gc` in contexts made after it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Charges, and as many refused attempts. */
const EACH = 10_000;
/** Small enough that the run passes it twice over: 4 entries per order, 1 per refused attempt. */
const MAX_ENTRIES = 20_000;
/** Pairs (a charge and a refused attempt) before the first measurement, so compiled code and caches are in place. */
const WARM_UP = 500;
/** Charges measured below the cap, then refused attempts, each on their own. */
const MEASURED = 2_500;
/**
 * Pairs before the heap at the cap is measured: they take the store past its cap and on until it
 * has replaced some thousands of entries. A Map keeps the slots of deleted entries until its
 * table is rebuilt, and the first rebuild past the cap doubles the table: that growth, once
 * only, belongs to the heap at the cap, not to the growth past it.
 */
const TO_CAP = 1_500;
/** The in-process sandbox answers in a few milliseconds; a later answer is retried with the same key. */
const REQUEST_TIMEOUT_MS = 500;
/** The sandbox forgets its orders this often, so its own growth does not swell the heap. */
const SANDBOX_RESET_EVERY = 1_000;
const DAY_MS = 24 * 60 * 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Bytes of live heap. The per-attempt timeout timers are waited out, and collections alternate
 * with turns of the event loop, where the finalizers of the collected abort signals run and
 * let go of their timers.
 */
async function liveHeap(stack: InProcessStack): Promise<number> {
  resetSandbox(stack);
  await wait(REQUEST_TIMEOUT_MS + 250);
  for (let round = 0; round < 3; round += 1) {
    collectGarbage();
    await wait(20);
  }
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

function resetSandbox(stack: InProcessStack): void {
  stack.sandbox.reset();
  stack.sandbox.world.limits.disabled = true;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

describe('the relay on a memory store, 10,000 charges and 10,000 refused attempts', () => {
  it('grows a bounded amount per retained order, stops growing at the cap, and frees what expired', async (t) => {
    let offsetMs = 0;
    const store = createMemoryStore({ maxEntries: MAX_ENTRIES, now: () => Date.now() + offsetMs });
    // The relay's client shares the relay's store, as the client createRelay makes itself does.
    const stack: InProcessStack = startInProcessStack(
      { store },
      {
        store,
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        // Not the stack's recording fetch, which keeps every request it sees.
        fetch: async (input, init) => stack.sandbox.fetch(new Request(input, init), { remoteAddress: '127.0.0.1' }),
      },
    );
    let sent = 0;
    let charges = 0;
    let refused = 0;

    async function send(body: unknown, expected: number): Promise<void> {
      const response = await stack.call('/charges', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== expected) assert.fail(`request ${sent}: expected ${expected}, got ${response.status} ${text}`);
      sent += 1;
      if (sent % SANDBOX_RESET_EVERY === 0) resetSandbox(stack);
    }
    const charge = async () => {
      await send(pixChargeBody(), 201);
      charges += 1;
    };
    // The relay keeps the attempt's buyer IP before the API refuses the unknown card token.
    const refusedAttempt = async () => {
      const card = { token: `tok_unknown_${randomUUID()}` };
      await send({ ...pixChargeBody(), paymentMethod: 'credit_card', card, antifraud_profiling_attempt_reference: randomUUID() }, 400);
      refused += 1;
    };

    try {
      for (let index = 0; index < WARM_UP; index += 1) {
        await charge();
        await refusedAttempt();
      }
      const warm = await liveHeap(stack);
      const warmEntries = store.size;

      for (let index = 0; index < MEASURED; index += 1) await charge();
      const afterCharges = await liveHeap(stack);
      assert.equal(store.size - warmEntries, 4 * MEASURED, 'below the cap every order keeps its four entries');
      for (let index = 0; index < MEASURED; index += 1) await refusedAttempt();
      const afterRefused = await liveHeap(stack);
      assert.equal(store.size - warmEntries, 5 * MEASURED, 'below the cap every refused attempt keeps its entry');

      for (let index = 0; index < TO_CAP; index += 1) {
        await charge();
        await refusedAttempt();
      }
      const atCap = await liveHeap(stack);
      assert.equal(store.size, MAX_ENTRIES);
      while (charges < EACH) {
        await charge();
        await refusedAttempt();
      }
      const atEnd = await liveHeap(stack);
      assert.equal(store.size, MAX_ENTRIES);

      // Every entry the relay wrote has expired a month on (orders are kept 30 days); the sweep frees them.
      offsetMs = 31 * DAY_MS;
      assert.equal(store.sweep(), MAX_ENTRIES);
      const swept = await liveHeap(stack);

      const perOrder = (afterCharges - warm) / MEASURED;
      const perRefused = (afterRefused - afterCharges) / MEASURED;
      const pastCap = atEnd - atCap;
      const pairsPastCap = EACH - WARM_UP - MEASURED - TO_CAP;
      const heldAtCap = atEnd - swept;
      t.diagnostic(`retained per order: ${kb(perOrder)}; per refused attempt: ${kb(perRefused)}`);
      t.diagnostic(`heap at the cap (${MAX_ENTRIES} entries): ${mb(heldAtCap)} (${Math.round(heldAtCap / MAX_ENTRIES)} B per entry)`);
      t.diagnostic(`growth past the cap over ${pairsPastCap} more charges and refused attempts: ${kb(pastCap)}`);
      t.diagnostic(`after the sweep: ${mb(swept - warm)} above the heap after the warm-up (${warmEntries} entries then, none now)`);

      // Orders are kept, at a few hundred bytes to a few KiB each: the store's four entries, nothing more.
      assert.ok(perOrder > 300 && perOrder < 4096, `retained per order: ${perOrder} B`);
      // One entry of some 150 bytes: too close to the measurement's noise for a lower bound.
      assert.ok(perRefused < 1024, `retained per refused attempt: ${perRefused} B`);
      // Past the cap, the requests keep under a quarter of what their charges alone kept below it
      // (without a cap, all of it and more). What they do keep is not the store's: weak tables of
      // Node's fetch grow with the most requests alive between two collections, a megabyte or two.
      assert.ok(pastCap < 0.25 * perOrder * pairsPastCap, `growth past the cap: ${pastCap} B`);
      // What the sweep freed is the store's content at the cap: a hundred bytes to 2 KiB per entry.
      assert.equal(store.size, 0);
      assert.ok(heldAtCap > MAX_ENTRIES * 100 && heldAtCap < MAX_ENTRIES * 2048, `held at the cap: ${heldAtCap} B`);
      assert.deepEqual([charges, refused], [EACH, EACH]);
      assert.deepEqual(stack.reported, []);
    } finally {
      await store.close();
      stack.sandbox.close();
    }
  });
});
