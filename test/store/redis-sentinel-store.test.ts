/**
 * The Redis store through Sentinel, made as examples/relay/redis-set-ups.ts makes it: the
 * conformance suite every Store runs, then a failover: the master is killed, Sentinel promotes
 * its replica, and the store goes on there with what was replicated, taking locks and
 * delivering messages again, without being made anew.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { createSentinelRedisStore } from '../../examples/relay/redis-set-ups.js';
import type { Store } from '../../src/store/store.js';
import { SENTINEL_MASTER_NAME, startRedisSentinel, type RunningRedisSentinel } from './redis-sentinel.js';
import { describeStoreConformance } from './store-conformance.js';

/** Sentinel notices the dead master after 500 ms, then promotes the replica; ioredis then reconnects. */
const FAILOVER_TIMEOUT_MS = 15_000;

async function eventually(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + FAILOVER_TIMEOUT_MS;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${FAILOVER_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Redis store through Sentinel', () => {
  let sentinel: RunningRedisSentinel;
  const opened: Store[] = [];
  function open(onError?: (error: unknown) => void): Store {
    const env = { REDIS_SENTINELS: `127.0.0.1:${sentinel.sentinelPort}`, REDIS_SENTINEL_MASTER: SENTINEL_MASTER_NAME };
    const store = createSentinelRedisStore(env, onError);
    opened.push(store);
    return store;
  }

  before(async () => {
    sentinel = await startRedisSentinel();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  after(async () => {
    await sentinel?.stop();
  });

  // Connected before it is handed over: finding the master through Sentinel takes some round
  // trips, and on a busy machine an instance still connecting would send its first commands
  // after the suite's short pacing windows have passed.
  describeStoreConformance('redis through sentinel', async () => {
    const store = open();
    await store.get('connected');
    return store;
  });

  it('goes on on the promoted replica after the master is killed, with what was replicated', async () => {
    const connectionErrors: unknown[] = [];
    const [writer, reader] = [open((error) => connectionErrors.push(error)), open((error) => connectionErrors.push(error))];
    await writer.set('order:1', 'paid');
    assert.equal(await writer.setIfAbsent('lock:before', 'held'), true);
    const received: string[] = [];
    await reader.subscribe('order-events:1', (message) => received.push(message));
    // Replication is asynchronous: WAIT makes sure the replica has the writes before the crash.
    const master = new Redis({ host: '127.0.0.1', port: sentinel.masterPort });
    try {
      assert.equal(await master.call('WAIT', '1', '2000'), 1);
    } finally {
      master.disconnect();
    }

    await sentinel.killMaster();
    await eventually('the store reads again', async () => (await writer.get('order:1')) === 'paid');
    assert.ok(connectionErrors.length > 0, 'the lost connection was reported to onError');
    const watcher = new Redis({ host: '127.0.0.1', port: sentinel.sentinelPort });
    try {
      const [, port] = (await watcher.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_MASTER_NAME)) as [string, string];
      assert.equal(Number(port), sentinel.replicaPort, 'Sentinel promoted the replica');
    } finally {
      watcher.disconnect();
    }
    assert.equal(await reader.setIfAbsent('lock:before', 'again'), false, 'the lock taken before the crash still holds');
    assert.equal(await reader.setIfAbsent('lock:after', 'held'), true, 'the promoted replica takes writes');
    // The subscriber subscribes again on the new master by itself; a message sent after that arrives.
    await eventually('a message after the failover', async () => {
      await writer.publish('order-events:1', 'after failover');
      await new Promise((resolve) => setTimeout(resolve, 50));
      return received.includes('after failover');
    });
  });
});
