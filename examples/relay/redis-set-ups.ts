/**
 * The store of several relay instances on Redis run for failover (docs/relay.md, "Several
 * instances: Redis"): a Redis whose master Sentinel names, or a Redis Cluster (one Redis at a
 * URL is examples/relay/redis.ts). Each answers a Store to pass as the relay's `store`, as in
 * examples/relay/redis.ts; the settings come from the environment.
 *
 * The package is imported by its name, as in your application. In this repository tsconfig.json's
 * `paths` map that name to the sources, so the example runs and type-checks without a build.
 */
import { createRedisStore } from 'pay-checkout/store/redis';

/** Every instance of the shop uses the same prefix; it may not hold `{` or `}`. */
const KEY_PREFIX = 'shop-checkout:';

/**
 * Told about connection errors, such as those of a failover (ioredis reconnects by itself):
 * give it your logger. Without it ioredis prints them.
 */
type ConnectionErrors = (error: unknown) => void;

/** A list from the environment: `a,b, c` → ['a', 'b', 'c']. */
function listOf(value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
}

/**
 * A Redis that Sentinel watches: `REDIS_SENTINELS` (`host:port,host:port`), the master's name in
 * `REDIS_SENTINEL_MASTER`, and its password, if any, in `REDIS_PASSWORD`. ioredis asks the
 * sentinels for the master, and asks again after a failover.
 */
export function createSentinelRedisStore(env: NodeJS.ProcessEnv = process.env, onError?: ConnectionErrors) {
  const sentinels = listOf(env['REDIS_SENTINELS']).map((address) => {
    const [host, port] = address.split(':');
    return { host: host!, port: Number(port ?? 26379) };
  });
  return createRedisStore({
    redis: { sentinels, name: env['REDIS_SENTINEL_MASTER'] ?? 'mymaster', password: env['REDIS_PASSWORD'] || undefined },
    keyPrefix: KEY_PREFIX,
    onError,
  });
}

/** A Redis Cluster: `REDIS_CLUSTER_NODES`, some of its nodes (`redis://host:port,redis://host:port`). */
export function createClusterRedisStore(env: NodeJS.ProcessEnv = process.env, onError?: ConnectionErrors) {
  return createRedisStore({ cluster: { nodes: listOf(env['REDIS_CLUSTER_NODES']) }, keyPrefix: KEY_PREFIX, onError });
}
