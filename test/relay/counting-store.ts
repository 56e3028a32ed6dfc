/**
 * A memory store that counts what is written to it: every key a write created or refreshed
 * (values, locks, rate-limit windows) and every write, so a test can show that a refused
 * request leaves the store as it was.
 */
import { createMemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';

export interface CountingStore {
  store: Store;
  /** Every key written so far, in the order first written. */
  keys: Set<string>;
  /** Writes that changed the store: `set`, a `setIfAbsent` or `setRanked` that set, a granted `reserveSlot`. */
  writes: number;
}

export function countingStore(memory: Store = createMemoryStore()): CountingStore {
  const counted: CountingStore = {
    keys: new Set(),
    writes: 0,
    store: {
      ...memory,
      async set(key, value, options) {
        counted.keys.add(key);
        counted.writes += 1;
        await memory.set(key, value, options);
      },
      async setIfAbsent(key, value, options) {
        const wrote = await memory.setIfAbsent(key, value, options);
        if (wrote) {
          counted.keys.add(key);
          counted.writes += 1;
        }
        return wrote;
      },
      async setRanked(key, value, rank, options) {
        const held = await memory.setRanked(key, value, rank, options);
        if (held === value) {
          counted.keys.add(key);
          counted.writes += 1;
        }
        return held;
      },
      async reserveSlot(key, limit, windowMs, maxWaitMs) {
        const slot = await memory.reserveSlot(key, limit, windowMs, maxWaitMs);
        if (slot.granted) {
          counted.keys.add(key);
          counted.writes += 1;
        }
        return slot;
      },
      async reserveSlots(windows, maxWaitMs) {
        const slot = await memory.reserveSlots(windows, maxWaitMs);
        if (slot.granted) {
          for (const { key } of windows) counted.keys.add(key);
          counted.writes += windows.length;
        }
        return slot;
      },
    },
  };
  return counted;
}
