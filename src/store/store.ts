/**
 * Where the relay and the client keep what several relay instances must share: the access
 * token, pacing reservations, order status, webhook de-duplication, and the fan-out of
 * order events to server-sent-event streams. In memory by default (one process), Redis for
 * several. Every operation that two instances may race on is atomic.
 */

export interface StoreSetOptions {
  /** Milliseconds until the value expires; absent: kept until deleted. */
  ttlMs?: number;
}

/** The answer of a pacing reservation: when the caller may go, or why it may not. */
export type SlotReservation =
  | { granted: true; /** Milliseconds to wait before the request may be sent (0: at once). */ waitMs: number }
  | { granted: false; /** The wait the next free slot would need, beyond `maxWaitMs`. */ waitMs: number };

export interface Store {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, options?: StoreSetOptions): Promise<void>;
  /** Sets the value only when the key is absent; answers whether it did (locks, de-duplication). */
  setIfAbsent(key: string, value: string, options?: StoreSetOptions): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Reserves one slot of a sliding window of `limit` requests per `windowMs`. A slot is
   * granted at the earliest time the window allows; when that is more than `maxWaitMs`
   * away nothing is reserved. Reservations are shared by every instance on the store, so
   * instances together never exceed the limit.
   */
  reserveSlot(key: string, limit: number, windowMs: number, maxWaitMs: number): Promise<SlotReservation>;
  /** Sends `message` to every subscriber of `channel`, on every instance. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` with each message published on `channel`; answers the unsubscribe. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The store could not do what it was asked: unreachable, too slow (past its command timeout),
 * or refusing the command (a Redis out of memory under `noeviction`, a replica that is read-only
 * during a failover). The operation may or may not have taken effect; `cause` holds the
 * underlying failure. The relay answers it 503 `store_unavailable`, which the widget tries
 * again with the same key.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
