import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createMemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { describeStoreConformance } from './store-conformance.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let clock = Date.UTC(2025, 0, 15, 12);
const shared = createMemoryStore({ now: () => clock });

// One process has one memory store; the suite's "instances" are views of it, and closing a
// view leaves the shared store to the other views (as a relay instance closing its Redis
// connections leaves Redis).
describeStoreConformance('memory', (): Store => ({ ...shared, close: async () => undefined }), {
  advance: (ms) => {
    clock += ms;
  },
});

describe('memory store', () => {
  it('forgets values, reservations and listeners when closed', async () => {
    const store = createMemoryStore({ now: () => clock });
    const received: string[] = [];
    await store.set('order:1', 'paid');
    await store.reserveSlot('charges', 1, 1_000, 0);
    await store.subscribe('order:1', (message) => received.push(message));
    await store.close();
    assert.equal(await store.get('order:1'), undefined);
    assert.deepEqual(await store.reserveSlot('charges', 1, 1_000, 0), { granted: true, waitMs: 0 });
    await store.publish('order:1', 'refunded');
    assert.deepEqual(received, []);
  });

  it('delivers a message to every listener even when one throws, and tells onError', async () => {
    const errors: unknown[] = [];
    const store = createMemoryStore({ now: () => clock, onError: (error) => errors.push(error) });
    const received: string[] = [];
    await store.subscribe('order:2', () => {
      throw new Error('listener broke');
    });
    await store.subscribe('order:2', (message) => received.push(message));
    await store.publish('order:2', 'paid');
    assert.deepEqual(received, ['paid']);
    assert.equal((errors[0] as Error).message, 'listener broke');
  });
});

describe('memory store: sweeping what expired', () => {
  it('frees values that expired without being read again, and keeps the others', async () => {
    let now = Date.UTC(2025, 0, 15, 12);
    const store = createMemoryStore({ now: () => now });
    await store.set('attempt:1', '203.0.113.7', { ttlMs: 1_000 });
    await store.setIfAbsent('attempt:2', '203.0.113.8', { ttlMs: 5_000 });
    await store.set('order:1', '{}');
    now += 1_000;
    assert.equal(store.sweep(), 1);
    assert.equal(store.size, 2);
    assert.equal(await store.get('attempt:2'), '203.0.113.8');
    now += 4_000;
    assert.equal(store.sweep(), 1);
    assert.equal(store.size, 1);
    assert.equal(await store.get('order:1'), '{}');
    await store.close();
  });

  it('frees a pacing window once its last reservation has left it, a reservation in the future included', async () => {
    let now = Date.UTC(2025, 0, 15, 12);
    const store = createMemoryStore({ now: () => now });
    await store.reserveSlot('charges-per-ip:a', 2, 1_000, 0);
    await store.reserveSlot('charges-per-ip:a', 2, 1_000, 0);
    // Granted 1 s ahead: the window holds it until 2 s from now.
    await store.reserveSlot('pacing:b', 1, 1_000, 5_000);
    assert.deepEqual(await store.reserveSlot('pacing:b', 1, 1_000, 5_000), { granted: true, waitMs: 1_000 });
    assert.equal(store.size, 2);
    now += 1_500;
    assert.equal(store.sweep(), 1);
    assert.equal(store.size, 1);
    // The window left holds the reservation still inside it.
    assert.deepEqual(await store.reserveSlot('pacing:b', 1, 1_000, 0), { granted: false, waitMs: 500 });
    now += 500;
    assert.equal(store.sweep(), 1);
    assert.equal(store.size, 0);
    await store.close();
  });

  it('sweeps on its own timer, by the injected clock, and stops when closed', async () => {
    let now = Date.UTC(2025, 0, 15, 12);
    let clockReads = 0;
    const store = createMemoryStore({
      now: () => {
        clockReads += 1;
        return now;
      },
      sweepIntervalMs: 10,
    });
    await store.set('attempt:1', '203.0.113.7', { ttlMs: 1_000 });
    now += 1_000;
    // Timers run in the order they are due: by this wait's end the sweep has run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(store.size, 0);
    await store.close();
    const readsWhenClosed = clockReads;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(clockReads, readsWhenClosed);
  });

  it('takes an interval longer than a timer can wait as the longest it can, not as a busy loop', async () => {
    let now = Date.UTC(2025, 0, 15, 12);
    const store = createMemoryStore({ now: () => now, sweepIntervalMs: 2 ** 40 });
    await store.set('attempt:1', '203.0.113.7', { ttlMs: 1_000 });
    now += 1_000;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(store.size, 1);
    await store.close();
  });

  it('does not keep the process alive', async () => {
    // A child that fills a store and leaves it open, then ends its own work: the sweep timer must not hold it.
    const script = [
      "import { createMemoryStore } from './src/store/memory-store.ts';",
      'const store = createMemoryStore({ sweepIntervalMs: 60_000 });',
      "await store.set('order:1', '{}', { ttlMs: 3_600_000 });",
      "await store.reserveSlot('charges-per-ip:a', 1, 60_000, 0);",
      'console.log(store.size);',
    ].join('\n');
    const started = Date.now();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: ROOT, timeout: 30_000 });
    assert.equal(stdout.trim(), '2');
    assert.ok(Date.now() - started < 30_000);
  });
});

describe('memory store: the cap on entries', () => {
  it('drops the entry written longest ago once past maxEntries, a rewrite counting as the newest', async () => {
    const store = createMemoryStore({ now: () => clock, maxEntries: 3 });
    await store.set('a', '1');
    await store.set('b', '2', { ttlMs: 60_000 });
    await store.set('c', '3');
    await store.set('a', '1 again');
    await store.set('d', '4');
    assert.equal(store.size, 3);
    assert.deepEqual(await Promise.all(['a', 'b', 'c', 'd'].map((key) => store.get(key))), ['1 again', undefined, '3', '4']);
    assert.equal(await store.setIfAbsent('e', '5'), true);
    assert.deepEqual(await Promise.all(['a', 'c', 'd', 'e'].map((key) => store.get(key))), ['1 again', undefined, '4', '5']);
    await store.close();
  });

  it('counts pacing windows with the values, a refused reservation renewing its window', async () => {
    const store = createMemoryStore({ now: () => clock, maxEntries: 2 });
    assert.equal((await store.reserveSlot('charges-per-ip:a', 1, 60_000, 0)).granted, true);
    await store.set('order:1', '{}');
    // Still refused, and so written after order:1: the window of a caller being refused is kept longest.
    assert.equal((await store.reserveSlot('charges-per-ip:a', 1, 60_000, 0)).granted, false);
    await store.set('order:2', '{}');
    assert.equal(store.size, 2);
    assert.equal(await store.get('order:1'), undefined);
    assert.equal((await store.reserveSlot('charges-per-ip:a', 1, 60_000, 0)).granted, false);
    await store.set('order:3', '{}');
    await store.set('order:4', '{}');
    // Its window dropped, the caller's limit starts again.
    assert.equal((await store.reserveSlot('charges-per-ip:a', 1, 60_000, 0)).granted, true);
    await store.close();
  });

  it('refuses a cap or a sweep interval that is not a positive number', () => {
    for (const maxEntries of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => createMemoryStore({ maxEntries }), /maxEntries must be a positive integer/);
    }
    for (const sweepIntervalMs of [0, -5, Number.NaN]) {
      assert.throws(() => createMemoryStore({ sweepIntervalMs }), /sweepIntervalMs must be a positive number/);
    }
  });
});
