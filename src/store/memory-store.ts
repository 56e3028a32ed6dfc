/**
 * The in-process Store: right for one relay instance (and tests). Expiry is checked on read
 * against the injected clock, and a sweep on a timer frees what expired without being read
 * again, so a long-running process does not keep every order, attempt and pacing window it
 * ever saw. A cap on entries bounds memory whatever the traffic: past it, the entry written
 * longest ago goes first. A Map iterates in insertion order and every write re-inserts its
 * key, so the oldest write is always the first key (`oldestEntryOf`).
 */
import { createMemoryChargeLines } from './memory-charge-line.js';
import { checkRank, type SlotReservation, type SlotWindow, type Store, type StoreSetOptions } from './store.js';

/** The `rank` of a value `setRanked` wrote; -Infinity for any other text, which any write replaces. */
function rankOf(text: string): number {
  try {
    const { rank } = JSON.parse(text) as { rank?: unknown };
    return typeof rank === 'number' ? rank : -Infinity;
  } catch {
    return -Infinity;
  }
}

/**
 * The oldest entry of `map` (its first in insertion order), found in constant time on average. A
 * new iterator would walk past the slots of every entry deleted since V8 last rebuilt the map's
 * table, which it leaves until then: past the cap, where each write deletes the oldest entry,
 * that came to tens of thousands of slots, some 35 µs, per write. One iterator kept between calls
 * walks each slot once. The entry it last gave is checked against the map: one deleted since, or
 * written again (a new entry, at the end), is passed over. A kept iterator also keeps the tables
 * V8 has since replaced, with what they held, until it moves on: `release` lets it go, for a sweep
 * that may have emptied the map.
 */
function oldestEntryOf<V>(map: Map<string, V>): { oldest(): [string, V] | undefined; release(): void } {
  let iterator: MapIterator<[string, V]> | undefined;
  let head: [string, V] | undefined;
  return {
    oldest() {
      while (head === undefined || map.get(head[0]) !== head[1]) {
        if (map.size === 0) return undefined;
        iterator ??= map.entries();
        const next = iterator.next();
        // An iterator that reached the end stays there: the entries written since need a new one.
        if (next.done) iterator = undefined;
        head = next.done ? undefined : next.value;
      }
      return head;
    },
    release() {
      iterator = undefined;
      head = undefined;
    },
  };
}

/**
 * The default cap: far above one instance's normal use (docs/relay.md, "One instance: the
 * memory store", says how a relay's entries add up), about 47 MiB of heap when full
 * (docs/performance.md, "Memory of the in-memory store").
 */
export const DEFAULT_MEMORY_STORE_MAX_ENTRIES = 100_000;
/** The default time between sweeps: expired entries outlive their expiry by at most this. */
export const DEFAULT_MEMORY_STORE_SWEEP_INTERVAL_MS = 60_000;

export interface MemoryStoreOptions {
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  /**
   * Told about a subscriber's listener that threw. Without it the error is re-thrown outside
   * the store, as any callback's would be. Either way the other listeners still get the message.
   */
  onError?: (error: unknown) => void;
  /**
   * Most entries kept at once (values and pacing windows together; subscriptions are not
   * counted). Past it, the entry written longest ago is dropped. Default 100,000.
   */
  maxEntries?: number;
  /** Milliseconds between sweeps of expired entries. Default 60,000. */
  sweepIntervalMs?: number;
}

/** A memory store: a Store, plus what its owner may want to watch or drive. */
export interface MemoryStore extends Store {
  /** Entries held now, counted against `maxEntries`. */
  readonly size: number;
  /** Frees every expired entry now, as the timer does; answers how many. */
  sweep(): number;
}

interface ValueEntry {
  value: string;
  expiresAt: number | undefined;
  /** Write order across values and windows, for eviction. */
  written: number;
}

interface WindowEntry {
  /** Start times of the reservations, ascending. */
  starts: number[];
  /** When the last start leaves its window: the reservations no longer block anything. */
  expiresAt: number;
  written: number;
}

/** The longest delay a timer takes: a longer one overflows, and Node then fires it after 1 ms. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

function checkPositive(name: string, value: number, integer: boolean): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new RangeError(`createMemoryStore: ${name} must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`);
  }
}

export function createMemoryStore({
  now = Date.now,
  onError,
  maxEntries = DEFAULT_MEMORY_STORE_MAX_ENTRIES,
  sweepIntervalMs = DEFAULT_MEMORY_STORE_SWEEP_INTERVAL_MS,
}: MemoryStoreOptions = {}): MemoryStore {
  checkPositive('maxEntries', maxEntries, true);
  checkPositive('sweepIntervalMs', sweepIntervalMs, false);
  const values = new Map<string, ValueEntry>();
  const windows = new Map<string, WindowEntry>();
  /** One entry per subscription, so the same function subscribed twice is two subscriptions. */
  const channels = new Map<string, Set<{ listener: (message: string) => void }>>();
  /** Outside the entry cap: each line bounds itself (`maxWaiting` tickets, `limit` slots). */
  const chargeLines = createMemoryChargeLines(now);
  let writes = 0;
  let sweeper: ReturnType<typeof setInterval> | undefined;

  const oldestValue = oldestEntryOf(values);
  const oldestWindow = oldestEntryOf(windows);

  function sweep(): number {
    oldestValue.release();
    oldestWindow.release();
    const at = now();
    let freed = 0;
    for (const map of [values, windows]) {
      for (const [key, entry] of map) {
        if (entry.expiresAt !== undefined && entry.expiresAt <= at) {
          map.delete(key);
          freed += 1;
        }
      }
    }
    return freed;
  }

  /**
   * Started by the first write rather than on creation: a store nobody writes to needs no
   * timer, and a runtime that forbids timers outside a request (a Worker's global scope)
   * can still create one. Unref'd, so it never keeps the process alive.
   */
  function startSweeping(): void {
    if (sweeper !== undefined) return;
    sweeper = setInterval(sweep, Math.min(sweepIntervalMs, LONGEST_TIMER_MS));
    (sweeper as { unref?: () => void }).unref?.();
  }

  /** Drops the oldest written entries, of either kind, until the cap holds. */
  function evictPastCap(): void {
    while (values.size + windows.size > maxEntries) {
      const value = oldestValue.oldest();
      const window = oldestWindow.oldest();
      if (value !== undefined && (window === undefined || value[1].written < window[1].written)) values.delete(value[0]);
      else if (window !== undefined) windows.delete(window[0]);
    }
  }

  function writeValue(key: string, value: string, options: StoreSetOptions | undefined): void {
    // Deleted first, so the key moves to the end of the insertion order: the newest write.
    values.delete(key);
    values.set(key, { value, expiresAt: options?.ttlMs === undefined ? undefined : now() + options.ttlMs, written: (writes += 1) });
    evictPastCap();
    startSweeping();
  }

  function live(key: string): string | undefined {
    const entry = values.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= now()) {
      values.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * One slot in each window, all at the first moment every window allows (store.ts,
   * `reserveSlots`). In a window holding `limit` reservations, a new one may start once the
   * oldest of the last `limit` leaves it; any later moment is as safe.
   */
  function reserveSlots(slotWindows: readonly SlotWindow[], maxWaitMs: number): SlotReservation {
    const at = now();
    const pending = slotWindows.map(({ key, limit, windowMs }) => {
      // Start times of the reservations still inside a window that could block this one.
      const taken = (windows.get(key)?.starts ?? []).filter((start) => start > at - windowMs);
      const blocking = taken.length >= limit ? taken[taken.length - limit]! : undefined;
      return { key, windowMs, taken, earliest: blocking === undefined ? at : Math.max(at, blocking + windowMs) };
    });
    const start = Math.max(at, ...pending.map((window) => window.earliest));
    const waitMs = start - at;
    const granted = waitMs <= maxWaitMs;
    for (const { key, windowMs, taken } of pending) {
      if (granted) {
        taken.push(start);
        taken.sort((a, b) => a - b);
      }
      // A refused reservation is a write too: the window of a caller still being refused is
      // the newest, the last the cap would take (which would lift that caller's limit).
      windows.delete(key);
      if (taken.length > 0) windows.set(key, { starts: taken, expiresAt: taken[taken.length - 1]! + windowMs, written: (writes += 1) });
    }
    evictPastCap();
    startSweeping();
    return { granted, waitMs };
  }

  return {
    get size() {
      return values.size + windows.size;
    },
    sweep,
    async get(key) {
      return live(key);
    },
    async set(key, value, options) {
      writeValue(key, value, options);
    },
    async setIfAbsent(key, value, options) {
      if (live(key) !== undefined) return false;
      writeValue(key, value, options);
      return true;
    },
    async setRanked(key, value, rank, options) {
      checkRank(rank);
      const current = live(key);
      if (current !== undefined && rankOf(current) > rank) return current;
      writeValue(key, value, options);
      return value;
    },
    async delete(key) {
      values.delete(key);
    },
    async reserveSlot(key, limit, windowMs, maxWaitMs) {
      return reserveSlots([{ key, limit, windowMs }], maxWaitMs);
    },
    async reserveSlots(slotWindows, maxWaitMs) {
      return reserveSlots(slotWindows, maxWaitMs);
    },
    async takeChargeTurn(line, budget, request) {
      return chargeLines.take(line, budget, request);
    },
    async publish(channel, message) {
      for (const { listener } of [...(channels.get(channel) ?? [])]) {
        try {
          listener(message);
        } catch (error) {
          if (onError) onError(error);
          else
            queueMicrotask(() => {
              throw error;
            });
        }
      }
    },
    async subscribe(channel, listener) {
      const subscriptions = channels.get(channel) ?? new Set();
      const subscription = { listener };
      subscriptions.add(subscription);
      channels.set(channel, subscriptions);
      return async () => {
        subscriptions.delete(subscription);
        // A channel's set goes with its last subscription, so no empty set is left behind.
        // A repeated call must not remove the set a later subscribe made for the channel.
        if (subscriptions.size === 0 && channels.get(channel) === subscriptions) channels.delete(channel);
      };
    },
    async close() {
      clearInterval(sweeper);
      sweeper = undefined;
      oldestValue.release();
      oldestWindow.release();
      values.clear();
      windows.clear();
      chargeLines.clear();
      channels.clear();
    },
  };
}
