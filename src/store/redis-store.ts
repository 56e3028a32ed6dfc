/**
 * The Store on Redis, for several relay instances sharing one token, one set of pacing
 * reservations, order status, webhook de-duplication and the fan-out of order events.
 * Everything two instances may race on is one Redis command or one Lua script, so it is
 * atomic on the server. Needs Redis 5 or later (scripts that read TIME and then write).
 *
 * One Redis (given by URL, connection options or Sentinel) or a Redis Cluster: each command
 * and each script touches keys of one slot, which a Cluster runs on the node that owns it;
 * a script with several keys names them with one hash tag (`{...}`) so they share a slot.
 */
import { randomUUID } from 'node:crypto';
import type { Cluster, ClusterOptions, Redis, RedisOptions } from 'ioredis';
import { loadIoredis } from './ioredis-module.js';
import { checkCommandTimeout, failFastRedisOptions, failingFast, reconnectDelayMs, whenReady } from './redis-failure.js';
import { redisChargeLine } from './redis-charge-line.js';
import { redisScript } from './redis-script.js';
import { checkRank, type SlotReservation, type SlotWindow, type Store, type StoreSetOptions } from './store.js';

export { StoreUnavailableError } from './store.js';

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
  /**
   * The longest a store operation takes, waiting for a connection included, before it rejects
   * with `StoreUnavailableError` (redis-failure.ts). Default 2000.
   */
  commandTimeoutMs?: number;
  /** A Redis Cluster instead of one Redis; replaces `url` and `redis`. */
  cluster?: RedisClusterOptions;
}

export interface RedisClusterOptions {
  /**
   * Some of the cluster's nodes as `redis://[user:password@]host:port` or `rediss://` URLs
   * (the others are found from them). Their user, password and TLS apply to every node, so
   * all the URLs must agree on them.
   */
  nodes: readonly string[];
  /** ioredis Cluster options; `redisOptions` are each node connection's (they win over the URLs'). */
  options?: ClusterOptions;
}

// Loaded with the module, so a missing ioredis is reported where the store is imported.
const { Redis: RedisClient, Cluster: ClusterClient } = await loadIoredis();

/**
 * What the store runs its commands on: one Redis (or the master that Sentinel names), or a
 * Redis Cluster, which sends each command to the node owning its key's slot. Both answer
 * the same commands, so the store's code past `openConnection` does not tell them apart.
 */
type RedisConnection = Redis | Cluster;

/** Where to connect, checked: one Redis, or a cluster's first nodes and its options. */
type ConnectionTarget =
  | { kind: 'single'; url: string | undefined; redis: RedisOptions }
  | { kind: 'cluster'; nodes: { host: string; port: number }[]; options: ClusterOptions };

export const DEFAULT_REDIS_KEY_PREFIX = 'pay-checkout:';

/**
 * One slot in each of the KEYS' sliding windows, at the first moment every window allows
 * (store.ts, `reserveSlots`), atomic across every instance: the same rule as the memory store.
 * A window holding `limit` reservations allows a new one once the oldest of its last `limit`
 * leaves it; any later moment is as safe, so the latest of those moments suits all. The clock
 * is the Redis server's TIME, not the caller's: instances whose clocks disagree still measure
 * one window, and the answer is a wait (a duration), which means the same on every machine.
 * Scores are slot start times in milliseconds; the member is unique per reservation, so two
 * slots at the same millisecond are two entries.
 * KEYS the sorted sets; ARGV maxWaitMs, member, then each key's limit and windowMs. Answers
 * {granted 0|1, waitMs}.
 */
const RESERVE_SLOT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local maxWait = tonumber(ARGV[1])
local start = now
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local taken = redis.call('ZCARD', key)
  if taken >= limit then
    local blocking = redis.call('ZRANGE', key, taken - limit, taken - limit, 'WITHSCORES')
    start = math.max(start, tonumber(blocking[2]) + window)
  end
end
local wait = start - now
if wait > maxWait then
  return {0, wait}
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, start, ARGV[2])
  redis.call('PEXPIRE', key, wait + tonumber(ARGV[2 + 2 * i]))
end
return {1, wait}
`;
const reserveSlotScript = redisScript(RESERVE_SLOT_SCRIPT);

/**
 * `setRanked`: the value replaces the key's unless the key holds a JSON object whose numeric
 * `rank` is higher than the new value's. KEYS the key; ARGV the value, its rank, and the ttl in
 * milliseconds ('' for none). Answers the text the key holds afterwards.
 */
const SET_RANKED_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current then
  local ok, decoded = pcall(cjson.decode, current)
  if ok and type(decoded) == 'table' and type(decoded.rank) == 'number' and decoded.rank > tonumber(ARGV[2]) then
    return current
  end
end
if ARGV[3] == '' then
  redis.call('SET', KEYS[1], ARGV[1])
else
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
end
return ARGV[1]
`;
const setRankedScript = redisScript(SET_RANKED_SCRIPT);

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

/** A cluster node's URL: host, port and what it says of the connection (scheme and credentials). */
function clusterNode(url: unknown): { host: string; port: number; connection: string; redisOptions: RedisOptions } {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || parsed.hostname === '') {
    throw new TypeError(`createRedisStore: cluster.nodes holds ${JSON.stringify(url)}, not a redis://host:port or rediss://host:port URL`);
  }
  // A cluster has database 0 only: a URL naming another would silently write elsewhere than meant.
  if (!['', '/', '/0'].includes(parsed.pathname)) {
    throw new TypeError(`createRedisStore: cluster.nodes holds ${JSON.stringify(url)}; a Redis Cluster has database 0 only`);
  }
  const username = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  const redisOptions: RedisOptions = {
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    ...(username === '' ? {} : { username }),
    ...(password === '' ? {} : { password }),
  };
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    connection: JSON.stringify([parsed.protocol, username, password]),
    redisOptions,
  };
}

/** Checks the connection options: one Redis (`url`, `redis`) or a cluster, never both. */
function connectionTarget({ url, redis, cluster }: RedisStoreOptions): ConnectionTarget {
  if (cluster !== undefined) {
    if (url !== undefined || redis !== undefined) {
      throw new TypeError('createRedisStore: give `cluster` for a Redis Cluster, or `url`/`redis` for one Redis, not both');
    }
    if (!Array.isArray(cluster.nodes) || cluster.nodes.length === 0) {
      throw new TypeError('createRedisStore: cluster.nodes must list at least one redis:// URL of the cluster');
    }
    const nodes = cluster.nodes.map(clusterNode);
    // Discovered nodes get the options of no URL, so one set of credentials must fit them all.
    if (new Set(nodes.map((node) => node.connection)).size > 1) {
      throw new TypeError('createRedisStore: the URLs of cluster.nodes differ in scheme, user or password; every node is reached the same way');
    }
    const options = cluster.options ?? {};
    if (options.keyPrefix !== undefined || options.redisOptions?.keyPrefix !== undefined) {
      throw new TypeError('createRedisStore: use `keyPrefix`, not the cluster options\' keyPrefix');
    }
    // A replica lags its master: a read there could miss the lock or mark another instance just took.
    if (options.scaleReads !== undefined && options.scaleReads !== 'master') {
      throw new TypeError('createRedisStore: cluster.options.scaleReads must be "master": instances must read what the others just wrote');
    }
    return {
      kind: 'cluster',
      nodes: nodes.map(({ host, port }) => ({ host, port })),
      options: { ...options, redisOptions: { ...nodes[0]!.redisOptions, ...options.redisOptions } },
    };
  }
  if (url === undefined && redis === undefined) throw new TypeError('createRedisStore needs `url` or `redis` connection options, or `cluster`');
  if (url !== undefined && (typeof url !== 'string' || !/^rediss?:\/\//.test(url))) {
    throw new TypeError('createRedisStore: `url` must start with redis:// or rediss://');
  }
  // ioredis's own prefix would apply to keys but not to channels; one prefix, applied here, covers both.
  if (redis?.keyPrefix !== undefined) throw new TypeError('createRedisStore: use `keyPrefix`, not `redis.keyPrefix`');
  return { kind: 'single', url, redis: redis ?? {} };
}

/**
 * The one place that makes a connection of either kind, failing fast (redis-failure.ts): on a
 * cluster, each node's connection gets the same options, and the cluster keeps no offline queue
 * and reconnects as one Redis does.
 */
function openConnection(target: ConnectionTarget, commandTimeoutMs: number): RedisConnection {
  if (target.kind === 'cluster') {
    return new ClusterClient(target.nodes, {
      enableOfflineQueue: false,
      clusterRetryStrategy: reconnectDelayMs,
      ...target.options,
      redisOptions: failFastRedisOptions(commandTimeoutMs, target.options.redisOptions),
    });
  }
  const redis = failFastRedisOptions(commandTimeoutMs, target.redis);
  return target.url === undefined ? new RedisClient(redis) : new RedisClient(target.url, redis);
}

/** Hands connection errors to `onError`: a cluster reports a node's own as `node error`. */
function reportErrors(connection: RedisConnection, onError: ((error: unknown) => void) | undefined): void {
  if (!onError) return;
  connection.on('error', onError);
  if (connection instanceof ClusterClient) connection.on('node error', onError);
}

/** Quits politely, or drops the connection when it cannot answer (closed, or never reached). */
async function quit(connection: RedisConnection): Promise<void> {
  if (connection.status === 'end') return;
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}

/**
 * A Store on Redis. One connection for commands (on a cluster, one per node), plus one for
 * subscriptions made on the first `subscribe` (a subscribed Redis connection can do nothing else).
 */
export function createRedisStore(options: RedisStoreOptions): Store {
  const { keyPrefix = DEFAULT_REDIS_KEY_PREFIX, onError } = options;
  if (typeof keyPrefix !== 'string') throw new TypeError('createRedisStore: `keyPrefix` must be a string');
  // Redis Cluster hashes only what is between the first `{` of a key and the next `}`: a brace
  // in the prefix would decide every key's slot, and a script's keys would no longer be
  // placed by their own hash tag. Refused on one Redis too, so the keys can move to a cluster.
  if (/[{}]/.test(keyPrefix)) throw new TypeError('createRedisStore: `keyPrefix` must not contain { or } (they would break Redis Cluster hash tags)');
  const commandTimeoutMs = checkCommandTimeout(options.commandTimeoutMs);
  const target = connectionTarget(options);

  const client = openConnection(target, commandTimeoutMs);
  reportErrors(client, onError);
  let subscriber: RedisConnection | undefined;
  /** Per prefixed channel: one entry per subscription (the same function twice is two), and the SUBSCRIBE in flight. */
  const channels = new Map<string, { subscriptions: Set<{ listener: (message: string) => void }>; subscribed: Promise<unknown> }>();
  /**
   * Channels whose UNSUBSCRIBE failed while Redis was unreachable. ioredis subscribes again to
   * every channel it knew when it reconnects; these are then dropped, unless wanted again.
   */
  const orphans = new Set<string>();
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

  function subscriberConnection(): RedisConnection {
    if (!subscriber) {
      // On a cluster, a classic PUBLISH reaches every node, so the subscriber may listen on
      // any one; ioredis picks one and subscribes again elsewhere when it loses that node.
      const connection = openConnection(target, commandTimeoutMs);
      subscriber = connection;
      reportErrors(connection, onError);
      connection.on('message', deliver);
      connection.on('ready', () => {
        for (const name of orphans) {
          if (channels.has(name)) orphans.delete(name);
          else connection.unsubscribe(name).then(() => orphans.delete(name), () => undefined);
        }
      });
    }
    return subscriber;
  }

  async function reserveSlots(windows: readonly SlotWindow[], maxWaitMs: number): Promise<SlotReservation> {
    if (windows.length === 0) throw new RangeError('reserveSlots needs at least one window');
    for (const { limit, windowMs } of windows) checkSlotArguments(limit, windowMs, maxWaitMs);
    const keys = windows.map((window) => prefixed(window.key));
    const args = [maxWaitMs, randomUUID(), ...windows.flatMap((window) => [window.limit, window.windowMs])];
    return slotReservationFrom(await reserveSlotScript(client, keys, args));
  }

  const store: Store = {
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
    async setRanked(key, value, rank, options) {
      checkRank(rank);
      const reply = await setRankedScript(client, [prefixed(key)], [value, rank, pxMilliseconds(options) ?? '']);
      if (typeof reply !== 'string') throw new Error(`unexpected reply from the ranked write script: ${JSON.stringify(reply)}`);
      return reply;
    },
    async delete(key) {
      await client.del(prefixed(key));
    },
    reserveSlot: (key, limit, windowMs, maxWaitMs) => reserveSlots([{ key, limit, windowMs }], maxWaitMs),
    reserveSlots,
    takeChargeTurn: redisChargeLine(client, prefixed),
    async publish(channel, message) {
      await client.publish(prefixed(channel), message);
    },
    async subscribe(channel, listener) {
      const name = prefixed(channel);
      let entry = channels.get(name);
      if (!entry) {
        const connection = subscriberConnection();
        // Nothing is queued while the connection is being made (redis-failure.ts): the SUBSCRIBE waits for it.
        entry = { subscriptions: new Set(), subscribed: whenReady(connection, commandTimeoutMs).then(() => connection.subscribe(name)) };
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
          if (!closing) {
            await subscriberConnection()
              .unsubscribe(name)
              .catch((error: unknown) => {
                orphans.add(name);
                throw error;
              });
          }
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
  return failingFast(store, client, commandTimeoutMs);
}
