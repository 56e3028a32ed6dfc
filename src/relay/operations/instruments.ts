/**
 * Wrappers that measure what the relay depends on without changing it: the Store (each
 * operation's time and failures) and the `fetch` of the relay's own API client (each
 * exchange's endpoint, status and time). Made only when an observer is given.
 */
import type { Store } from '../../store/store.js';
import { endpointOf, type RelayObserver } from './observer.js';

const STORE_OPERATIONS = ['get', 'set', 'setIfAbsent', 'delete', 'reserveSlot', 'takeChargeTurn', 'publish', 'subscribe'] as const;

/** `store` with every operation reported to `observer.store`. */
export function observedStore(store: Store, observer: Required<RelayObserver>): Store {
  const observed: Store = {
    close: () => store.close(),
  } as Store;
  for (const operation of STORE_OPERATIONS) {
    const original = store[operation] as (...args: unknown[]) => Promise<unknown>;
    (observed as unknown as Record<string, unknown>)[operation] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        const answer = await original.apply(store, args);
        observer.store({ operation, durationMs: Math.round(performance.now() - started), failed: false });
        return answer;
      } catch (error) {
        observer.store({ operation, durationMs: Math.round(performance.now() - started), failed: true });
        throw error;
      }
    };
  }
  return observed;
}

/** `fetchImpl` with every exchange reported to `observer.upstream`. */
export function observedFetch(fetchImpl: typeof fetch, observer: Required<RelayObserver>): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const endpoint = endpointOf(new URL(url).pathname);
    const started = performance.now();
    try {
      // Called unbound, as the client does: a browser's fetch refuses another `this`.
      const response = await fetchImpl(input, init);
      observer.upstream({ method, endpoint, status: response.status, durationMs: Math.round(performance.now() - started) });
      return response;
    } catch (error) {
      observer.upstream({ method, endpoint, status: 0, durationMs: Math.round(performance.now() - started) });
      throw error;
    }
  };
}
