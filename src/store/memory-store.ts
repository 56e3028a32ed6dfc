/**
 * The in-process Store: right for one relay instance (and tests). Expiry is checked on
 * read against the injected clock, so nothing needs a timer.
 */
import type { SlotReservation, Store, StoreSetOptions } from './store.js';

export interface MemoryStoreOptions {
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  /**
   * Told about a subscriber's listener that threw. Without it the error is re-thrown outside
   * the store, as any callback's would be. Either way the other listeners still get the message.
   */
  onError?: (error: unknown) => void;
}

export function createMemoryStore({ now = Date.now, onError }: MemoryStoreOptions = {}): Store {
  const values = new Map<string, { value: string; expiresAt: number | undefined }>();
  const slots = new Map<string, number[]>();
  /** One entry per subscription, so the same function subscribed twice is two subscriptions. */
  const channels = new Map<string, Set<{ listener: (message: string) => void }>>();

  function live(key: string): string | undefined {
    const entry = values.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= now()) {
      values.delete(key);
      return undefined;
    }
    return entry.value;
  }

  const expiry = (options?: StoreSetOptions) => (options?.ttlMs === undefined ? undefined : now() + options.ttlMs);

  return {
    async get(key) {
      return live(key);
    },
    async set(key, value, options) {
      values.set(key, { value, expiresAt: expiry(options) });
    },
    async setIfAbsent(key, value, options) {
      if (live(key) !== undefined) return false;
      values.set(key, { value, expiresAt: expiry(options) });
      return true;
    },
    async delete(key) {
      values.delete(key);
    },
    async reserveSlot(key, limit, windowMs, maxWaitMs): Promise<SlotReservation> {
      const at = now();
      // Start times of the reservations still inside a window that could block this one.
      const taken = (slots.get(key) ?? []).filter((start) => start > at - windowMs);
      // With `limit` reservations in the window, the next may start once the oldest of the
      // last `limit` leaves it.
      const blocking = taken.length >= limit ? taken[taken.length - limit]! : undefined;
      const start = blocking === undefined ? at : Math.max(at, blocking + windowMs);
      const waitMs = start - at;
      if (waitMs > maxWaitMs) {
        slots.set(key, taken);
        return { granted: false, waitMs };
      }
      taken.push(start);
      taken.sort((a, b) => a - b);
      slots.set(key, taken);
      return { granted: true, waitMs };
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
        // A repeated call must not remove the set a later subscribe made for the channel.
        if (subscriptions.size === 0 && channels.get(channel) === subscriptions) channels.delete(channel);
      };
    },
    async close() {
      values.clear();
      slots.clear();
      channels.clear();
    },
  };
}
