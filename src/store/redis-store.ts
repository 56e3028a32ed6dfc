/**
 * The Store on Redis, for several relay instances sharing one token, one set of pacing
 * reservations, order status, webhook de-duplication and the fan-out of order events.
 * Everything two instances may race on is one Redis command or one Lua script, so it is
 * atomic on the server. Needs Redis 5 or later (scripts that read TIME and then write).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis, RedisOptions } from 'ioredis';
import { loadIoredis } from './ioredis-module.js';
import { redisChargeLine } from './redis-charge-line.js';
import type { SlotReservation, Store, StoreSetOptions } from './store.js';

export interface RedisStoreOptions {
  /** `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS. */
  url?: string;
  /** ioredis connection options (host, port, password, tls, ...); with `url`, they add to it. */
  redis?: RedisOptions;
  /** Put before every key and channel, so several applications can share one Redis. */
  keyPrefix?: string;
  /**
   * Told about connection errors (ioredis reconnects by itself) and about a subscriber's
   * listener that threw. Without it, connection errors are left to ioredis (which prints
   * them) and a listener's error is re-thrown outside the store, as any callback's would be.
   */
  onError?: (error: unknown) => void;
}

// Loaded with the module, so a missing ioredis is reported where the store is imported.
const { Redis: RedisClient } = await loadIoredis();

export const DEFAULT_REDIS_KEY_PREFIX = 'pay-checkout:';

/**
 * One sliding-window reservation, atomic across every instance: the same rule as the memory
 * store. The clock is the Redis server's TIME, not the caller's: instances whose clocks
 * disagree still measure one window, and the answer is a wait (a duration), which means
 * the same on every machine. Scores are slot start times in milliseconds; the members are
 * unique per reservation, so two slots at the same millisecond are two entries.
 * KEYS[1] the sorted set; ARGV limit, windowMs, maxWaitMs, member. Answers {granted 0|1, waitMs}.
 */
const RESERVE_SLOT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local maxWait = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local taken = redis.call('ZCARD', KEYS[1])
local start = now
if taken >= limit then
  local blocking = redis.call('ZRANGE', KEYS[1], taken - limit, taken - limit, 'WITHSCORES')
  start = math.max(now, tonumber(blocking[2]) + window)
end
local wait = start - now
if wait > maxWait then
  return {0, wait}
end
redis.call('ZADD', KEYS[1], start, ARGV[4])
redis.call('PEXPIRE', KEYS[1], wait + window)
return {1, wait}
`;
const RESERVE_SLOT_SHA = createHash('sha1').update(RESERVE_SLOT_SCRIPT).digest('hex');

/** Redis refuses a PX of 0 or a fraction: a ttl is a positive number of whole milliseconds. */
function pxMilliseconds(options: StoreSetOptions | undefined): number | undefined {
  const ttlMs = options?.ttlMs;
  if (ttlMs === undefined) return undefined;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be a positive number of milliseconds, got ${ttlMs}`);
  return Math.ceil(ttlMs);
}

function checkSlotArguments(limit: number, windowMs: number, maxWaitMs: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new RangeError(`windowMs must be a positive integer, got ${windowMs}`);
  if (!Number.isFinite(maxWaitMs) || maxWaitMs < 0) throw new RangeError(`maxWaitMs must be zero or more, got ${maxWaitMs}`);
}

function slotReservationFrom(reply: unknown): SlotReservation {
  if (!Array.isArray(reply) || reply.length !== 2 || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error(`unexpected reply from the slot reservation script: ${JSON.stringify(reply)}`);
  }
  return { granted: reply[0] === 1, waitMs: reply[1] };
}

/** Quits politely, or drops the connection when it cannot answer (closed, or never reached). */
async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}

/**
 * A Store on Redis. One connection for commands, plus one for subscriptions made on the
 * first `subscribe` (a subscribed Redis connection can do nothing else).
 */
export function createRedisStore({ url, redis, keyPrefix = DEFAULT_REDIS_KEY_PREFIX, onError }: RedisStoreOptions): Store {
  if (url === undefined && redis === undefined) throw new TypeError('createRedisStore needs `url` or `redis` connection options');
  if (url !== undefined && (typeof url !== 'string' || !/^rediss?:\/\//.test(url))) {
    throw new TypeError('createRedisStore: `url` must start with redis:// or rediss://');
  }
  if (typeof keyPrefix !== 'string') throw new TypeError('createRedisStore: `keyPrefix` must be a string');
  // ioredis's own prefix would apply to keys but not to channels; one prefix, applied here, covers both.
  if (redis?.keyPrefix !== undefined) throw new TypeError('createRedisStore: use `keyPrefix`, not `redis.keyPrefix`');

  const client = url === undefined ? new RedisClient(redis ?? {}) : new RedisClient(url, redis ?? {});
  if (onError) client.on('error', onError);
  let subscriber: Redis | undefined;
  /** Per prefixed channel: one entry per subscription (the same function twice is two), and the SUBSCRIBE in flight. */
  const channels = new Map<string, { subscriptions: Set<{ listener: (message: string) => void }>; subscribed: Promise<unknown> }>();
  let closing: Promise<void> | undefined;

  const prefixed = (name: string) => keyPrefix + name;

  function deliver(channel: string, message: string): void {
    // A copy: a listener that unsubscribes another must not change who gets this message.
    for (const { listener } of [...(channels.get(channel)?.subscriptions ?? [])]) {
      try {
        listener(message);
      } catch (error) {
        // One failing listener must not keep the message from the others, nor break the connection's reader.
        if (onError) {
          onError(error);
        } else {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    }
  }

  function subscriberConnection(): Redis {
    if (!subscriber) {
      subscriber = client.duplicate();
      if (onError) subscriber.on('error', onError);
      subscriber.on('message', deliver);
    }
    return subscriber;
  }

  async function reserveSlot(key: string, limit: number, windowMs: number, maxWaitMs: number): Promise<SlotReservation> {
    checkSlotArguments(limit, windowMs, maxWaitMs);
    const args = [prefixed(key), limit, windowMs, maxWaitMs, randomUUID()] as const;
    try {
      return slotReservationFrom(await client.evalsha(RESERVE_SLOT_SHA, 1, ...args));
    } catch (error) {
      // The server forgets scripts on restart or SCRIPT FLUSH; EVAL sends it again (and caches it).
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return slotReservationFrom(await client.eval(RESERVE_SLOT_SCRIPT, 1, ...args));
    }
  }

  return {
    async get(key) {
      return (await client.get(prefixed(key))) ?? undefined;
    },
    async set(key, value, options) {
      const px = pxMilliseconds(options);
      if (px === undefined) await client.set(prefixed(key), value);
      else await client.set(prefixed(key), value, 'PX', px);
    },
    async setIfAbsent(key, value, options) {
      const px = pxMilliseconds(options);
      const reply =
        px === undefined ? await client.set(prefixed(key), value, 'NX') : await client.set(prefixed(key), value, 'PX', px, 'NX');
      return reply === 'OK';
    },
    async delete(key) {
      await client.del(prefixed(key));
    },
    reserveSlot,
    takeChargeTurn: redisChargeLine(client, prefixed),
    async publish(channel, message) {
      await client.publish(prefixed(channel), message);
    },
    async subscribe(channel, listener) {
      const name = prefixed(channel);
      let entry = channels.get(name);
      if (!entry) {
        entry = { subscriptions: new Set(), subscribed: subscriberConnection().subscribe(name) };
        channels.set(name, entry);
      }
      const subscription = { listener };
      entry.subscriptions.add(subscription);
      const current = entry;

      async function unsubscribe(): Promise<void> {
        if (!current.subscriptions.delete(subscription)) return;
        // Only the last listener of the channel ends the Redis subscription; a later
        // subscribe to the same channel has its own entry and is left alone.
        if (current.subscriptions.size === 0 && channels.get(name) === current) {
          channels.delete(name);
          if (!closing) await subscriberConnection().unsubscribe(name);
        }
      }

      try {
        // Resolves once Redis confirms the SUBSCRIBE: a message published after this returns is delivered.
        await current.subscribed;
      } catch (error) {
        await unsubscribe().catch(() => undefined);
        throw error;
      }
      return unsubscribe;
    },
    close() {
      closing ??= (async () => {
        channels.clear();
        await Promise.all([quit(client), ...(subscriber ? [quit(subscriber)] : [])]);
      })();
      return closing;
    },
  };
}
