/**
 * A Lua script the Redis store runs: sent by its SHA1 first (EVALSHA), and in full (EVAL) when
 * the server answers NOSCRIPT. A server forgets its scripts on restart or SCRIPT FLUSH, and each
 * cluster node has a cache of its own; EVAL reaches the node owning the keys, which then caches it.
 */
import { createHash } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';

export type RedisScript = (client: Redis | Cluster, keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;

export function redisScript(source: string): RedisScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (client, keys, args) => {
    try {
      return await client.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(source, keys.length, ...keys, ...args);
    }
  };
}
