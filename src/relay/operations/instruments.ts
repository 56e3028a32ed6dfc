/**
 * What measures the relay's dependencies without changing them: a wrapper of the Store (each
 * operation's time and failures) and the hook its own API client reports each exchange to
 * (endpoint, status and time). Made only when an observer is given.
 */
import type { ExchangeEvent } from '../../client/exchange.js';
import { STORE_OPERATIONS, type Store } from '../../store/store.js';
import { endpointOf, type RelayObserver } from './observer.js';

/** Every operation but `close`, which reports nothing. */
const OBSERVED = STORE_OPERATIONS.filter((operation) => operation !== 'close');

/** `store` with every operation reported to `observer.store`. */
export function observedStore(store: Store, observer: Required<RelayObserver>): Store {
  const observed: Store = {
    close: () => store.close(),
  } as Store;
  for (const operation of OBSERVED) {
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

/** The relay's client's `onExchange`: every exchange with the API reported to `observer.upstream`, by endpoint. */
export function upstreamReporter(observer: Required<RelayObserver>): (event: ExchangeEvent) => void {
  return ({ method, url, status, durationMs }) => observer.upstream({ method, endpoint: endpointOf(new URL(url).pathname), status, durationMs });
}
