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

/** One limit a request counts against: at most `limit` requests in any `windowMs`, kept at `key`. */
export interface SlotWindow {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * The budget of a fair charge line: `limit` slots per sliding `windowMs`, of which `reserve`
 * are kept for retries of attempts already admitted, so such a retry never waits behind new ones.
 */
export interface ChargeLineBudget {
  limit: number;
  reserve: number;
  windowMs: number;
  /** How long a waiting ticket is kept past the wait it was told; not retried by then, it leaves the line. */
  graceMs: number;
  /** Most tickets waiting at once; past it a new attempt is refused without a ticket. */
  maxWaiting: number;
}

/**
 * Who asks for a turn: a retry of an attempt already admitted (it never waits in line: it takes
 * a free slot of the open part only when more are free than tickets wait, since those are owed
 * to the line, and otherwise one of the reserve's), or an attempt known by its ticket (its idempotency key) and the
 * rate-limit bucket of its buyer. `join: false` only looks the ticket up, so the caller can
 * count a new attempt against its own limits before it joins the line.
 */
export type ChargeTurnRequest = { kind: 'retry' } | { kind: 'attempt'; ticket: string; bucket: string; join: boolean };

/** The answer of a turn: go now, wait at a place in line, wait without a place, or no such ticket. */
export type ChargeTurn =
  | { outcome: 'admitted' }
  | { outcome: 'waiting'; /** 1-based */ position: number; waitMs: number }
  | { outcome: 'refused'; waitMs: number }
  | { outcome: 'unknown' };

export interface Store {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, options?: StoreSetOptions): Promise<void>;
  /** Sets the value only when the key is absent; answers whether it did (locks, de-duplication). */
  setIfAbsent(key: string, value: string, options?: StoreSetOptions): Promise<boolean>;
  /**
   * Sets `value`, the JSON text of an object whose `rank` is the number `rank`, unless the key
   * holds a JSON object with a higher `rank`; answers the text the key holds afterwards (`value`,
   * or the one kept). Atomic: of writes that race on any instances, the highest rank stays, and of
   * equal ranks the last. A value there without a numeric `rank` is replaced. (The order's status:
   * a late waiting status must not replace a paid one that another instance wrote meanwhile.)
   */
  setRanked(key: string, value: string, rank: number, options?: StoreSetOptions): Promise<string>;
  delete(key: string): Promise<void>;
  /**
   * Reserves one slot of a sliding window of `limit` requests per `windowMs`. A slot is
   * granted at the earliest time the window allows; when that is more than `maxWaitMs`
   * away nothing is reserved. Reservations are shared by every instance on the store, so
   * instances together never exceed the limit.
   */
  reserveSlot(key: string, limit: number, windowMs: number, maxWaitMs: number): Promise<SlotReservation>;
  /**
   * Reserves one slot in each of `windows` for one request, at the one moment they all allow:
   * the request leaves then, and each window records that moment. (One `reserveSlot` per
   * window would let two instances take the windows' slots in different orders, and a request
   * leaving later than the slot one window gave it would crowd that window's next slots.) All
   * or nothing: when that moment is more than `maxWaitMs` away no window is touched. On a Redis
   * Cluster the keys must share a hash slot (a `{tag}` in each).
   */
  reserveSlots(windows: readonly SlotWindow[], maxWaitMs: number): Promise<SlotReservation>;
  /**
   * One step of the fair line `line` for a shared window (every instance on the store sees one
   * line). A new attempt goes at once while the window has room and nobody waits; otherwise it
   * gets a ticket ranked by start-time fair queueing: a bucket's k-th ticket ranks in round k,
   * so one bucket's many tickets never go ahead of other buckets' first ones. A ticket is
   * admitted when its place fits the window's free slots; one not asked for again within its
   * wait plus `graceMs` leaves the line.
   */
  takeChargeTurn(line: string, budget: ChargeLineBudget, request: ChargeTurnRequest): Promise<ChargeTurn>;
  /** Sends `message` to every subscriber of `channel`, on every instance. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` with each message published on `channel`; answers the unsubscribe. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Every operation of Store, by name, in the interface's order: a record, so an operation added to
 * Store and not here fails to compile. The wrappers of a store (its guard against a failing Redis,
 * the relay's instruments) and the relay's check of a given store take their lists from it.
 */
const OPERATION_NAMES: Record<keyof Store, true> = {
  get: true,
  set: true,
  setIfAbsent: true,
  setRanked: true,
  delete: true,
  reserveSlot: true,
  reserveSlots: true,
  takeChargeTurn: true,
  publish: true,
  subscribe: true,
  close: true,
};
export const STORE_OPERATIONS = Object.keys(OPERATION_NAMES) as ReadonlyArray<keyof Store>;

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

/** Throws a `RangeError` naming the first field of `budget` that no line could work with. */
/** A rank is a finite number, which both stores compare alike. */
export function checkRank(rank: number): void {
  if (!Number.isFinite(rank)) throw new RangeError(`a rank must be a finite number, not ${rank}`);
}

export function checkChargeLineBudget({ limit, reserve, windowMs, graceMs, maxWaiting }: ChargeLineBudget): void {
  const whole = (name: string, value: number, min: number) => {
    if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
  };
  whole('limit', limit, 1);
  whole('reserve', reserve, 0);
  if (reserve >= limit) throw new RangeError(`reserve must be below limit (${limit}), got ${reserve}`);
  whole('windowMs', windowMs, 1);
  whole('graceMs', graceMs, 0);
  whole('maxWaiting', maxWaiting, 1);
}
