/**
 * The cache behind `GET config`: offers, products, the fees table and the instalment interest
 * change rarely and are the same for every buyer, so each is read from the API at most once
 * per time-to-live. Values live in the Store (shared by relay instances); concurrent misses
 * in one instance share a single API call, so a burst of buyers costs one request, not one
 * each. Failures are not cached: the next buyer tries again.
 */
import type { Store } from '../store/store.js';

export interface ConfigCache {
  /** The cached value of `key`, or the result of `load` stored for the time-to-live. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export function createConfigCache(store: Store, ttlMs: number): ConfigCache {
  const loading = new Map<string, Promise<unknown>>();

  async function loadAndStore<T>(key: string, load: () => Promise<T>): Promise<T> {
    const value = await load();
    // Wrapped, so an absent resource (`null`) is cached like any other answer.
    await store.set(key, JSON.stringify({ value }), { ttlMs });
    return value;
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const text = await store.get(key);
      if (text !== undefined) return (JSON.parse(text) as { value: T }).value;
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;
      const started = loadAndStore(key, load).finally(() => loading.delete(key));
      loading.set(key, started);
      return started;
    },
  };
}
