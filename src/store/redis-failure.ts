/**
 * How the Redis store fails: fast, in one error, and never late. ioredis by default queues
 * commands while it is disconnected and retries each one 20 times, so a request to a relay
 * whose Redis is gone hangs for over a minute, and a write queued meanwhile runs whenever Redis
 * comes back, after its caller has given up (a lock nobody releases, a status older than the
 * one written since). Here:
 *
 * - nothing is queued while disconnected, and a command in flight when the connection drops
 *   fails at once rather than being sent again;
 * - an operation waits for a connection only while one is being made (the store just created,
 *   or a reconnection under way), and never past `commandTimeoutMs` all told;
 * - a Redis that stops answering is noticed after `commandTimeoutMs`: the socket is dropped and
 *   a new one made;
 * - the connection is made again forever, at most `MAX_RECONNECT_DELAY_MS` apart, so the
 *   relay resumes by itself when Redis is back;
 * - every failure is a `StoreUnavailableError`, with the failure of ioredis as its `cause`.
 */
import type { RedisOptions } from 'ioredis';
import { STORE_OPERATIONS, StoreUnavailableError, type Store } from './store.js';

/** The default of `commandTimeoutMs`: the longest a store operation takes before it fails. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** How long one attempt to connect may take: on a local network, Redis answers in milliseconds. */
export const REDIS_CONNECT_TIMEOUT_MS = 1_000;
/** The first wait before connecting again grows by this much per failed attempt... */
export const RECONNECT_STEP_MS = 100;
/** ...up to this: when Redis is back, the relay notices within about a second. */
export const MAX_RECONNECT_DELAY_MS = 1_000;

/** The wait before reconnection attempt `attempt` (1 for the first): never gives up. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(Math.max(1, attempt) * RECONNECT_STEP_MS, MAX_RECONNECT_DELAY_MS);
}

/** Checks `commandTimeoutMs`, answering the default when absent. */
export function checkCommandTimeout(value: unknown): number {
  if (value === undefined) return DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError('createRedisStore: `commandTimeoutMs` must be a whole number of milliseconds above 0');
  }
  return value;
}

/**
 * ioredis options that fail fast, under the caller's own: a merchant who sets one of these
 * in `redis` gets theirs (and docs/relay.md says what each one changes).
 */
export function failFastRedisOptions(commandTimeoutMs: number, given: RedisOptions = {}): RedisOptions {
  return {
    enableOfflineQueue: false,
    // 0: a command in flight when the connection drops is failed at once, not kept for the next one.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    autoResubscribe: true,
    connectTimeout: Math.min(REDIS_CONNECT_TIMEOUT_MS, commandTimeoutMs),
    commandTimeout: commandTimeoutMs,
    // Armed only while a reply is awaited: an idle connection (a subscriber's) is never dropped.
    socketTimeout: commandTimeoutMs,
    retryStrategy: reconnectDelayMs,
    ...given,
  };
}

/** What the store needs of a connection (a `Redis`, or a `Cluster`): its state and its events. */
export interface RedisConnectionState {
  readonly status: string;
  once(event: 'ready' | 'close' | 'end', listener: () => void): unknown;
  removeListener(event: 'ready' | 'close' | 'end', listener: () => void): unknown;
}

/** The states in which a connection is being made: an operation may wait for it. */
const CONNECTING = new Set(['wait', 'connecting', 'connect']);

function unavailable(cause: unknown): StoreUnavailableError {
  if (cause instanceof StoreUnavailableError) return cause;
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new StoreUnavailableError(`Redis is unavailable: ${detail}`, { cause });
}

/**
 * The one wait for a connection being made that every operation shares (one set of listeners
 * per connection, however many operations wait): resolves when it is ready, rejects when the
 * attempt fails.
 */
const connecting = new WeakMap<RedisConnectionState, Promise<void>>();

function connectionMade(connection: RedisConnectionState): Promise<void> {
  let made = connecting.get(connection);
  if (!made) {
    made = new Promise<void>((resolve, reject) => {
      const settle = (error?: StoreUnavailableError) => {
        connecting.delete(connection);
        connection.removeListener('ready', onReady);
        connection.removeListener('close', onClose);
        connection.removeListener('end', onClose);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onClose = () => settle(new StoreUnavailableError('Redis is unavailable: the connection could not be made'));
      connection.once('ready', onReady);
      connection.once('close', onClose);
      connection.once('end', onClose);
    });
    // Nobody may be waiting any more when the attempt fails.
    made.catch(() => undefined);
    connecting.set(connection, made);
  }
  return made;
}

/**
 * Resolves when `connection` is ready. A connection being made is waited for until `ms`; one
 * that is down between two attempts, closing or closed fails at once: the relay answers 503
 * now rather than holding the buyer.
 */
export async function whenReady(connection: RedisConnectionState, ms: number): Promise<void> {
  if (connection.status === 'ready') return;
  if (!CONNECTING.has(connection.status)) throw new StoreUnavailableError(`Redis is unavailable: the connection is ${connection.status}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`Redis is unavailable: no connection within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([connectionMade(connection), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `work` within `ms`, or a `StoreUnavailableError`; `late` is told what `work` answers after that. */
function withinDeadline<T>(work: Promise<T>, ms: number, late?: (value: T) => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new StoreUnavailableError(`Redis did not answer within ${ms} ms`));
    }, ms);
  });
  // A late answer is nobody's; a late failure is already reported by the deadline.
  work.then((value) => timedOut && late?.(value), () => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** The operations guarded alike: every one of Store but `subscribe` and `close`. */
const OPERATIONS = STORE_OPERATIONS.filter(
  (operation): operation is Exclude<keyof Store, 'subscribe' | 'close'> => operation !== 'subscribe' && operation !== 'close',
);

/**
 * `store` with every operation bounded by `commandTimeoutMs` (the wait for a connection
 * included) and failing with `StoreUnavailableError`. A `RangeError` (a bad argument, found
 * before Redis is asked) stays what it is. A subscription that Redis confirms after its caller
 * was told it failed is ended, so no listener is left that nobody can remove.
 */
export function failingFast(store: Store, connection: RedisConnectionState, commandTimeoutMs: number): Store {
  async function guarded<T>(run: () => Promise<T>, { gated = true, late }: { gated?: boolean; late?: (value: T) => void } = {}): Promise<T> {
    const started = performance.now();
    try {
      if (gated) await whenReady(connection, commandTimeoutMs);
      return await withinDeadline(run(), Math.max(1, commandTimeoutMs - (performance.now() - started)), late);
    } catch (error) {
      if (error instanceof RangeError) throw error;
      throw unavailable(error);
    }
  }

  const guardedStore = { close: () => store.close() } as Store;
  for (const operation of OPERATIONS) {
    const original = store[operation] as (...args: unknown[]) => Promise<unknown>;
    (guardedStore as unknown as Record<string, unknown>)[operation] = (...args: unknown[]) => guarded(() => original.apply(store, args));
  }
  // Subscriptions have a connection of their own, which the store waits for itself; and an
  // unsubscribe always runs, since it also forgets the listener here.
  guardedStore.subscribe = async (channel, listener) => {
    const unsubscribe = await guarded(() => store.subscribe(channel, listener), {
      gated: false,
      late: (orphan) => void orphan().catch(() => undefined),
    });
    return () => guarded(unsubscribe, { gated: false });
  };
  return guardedStore;
}
