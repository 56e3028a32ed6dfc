import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { describeStoreConformance } from './store-conformance.js';

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
