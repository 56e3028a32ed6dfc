/**
 * The Redis store on a Redis Cluster of three masters: the conformance suite every Store
 * runs, then what only a cluster can get wrong: keys spread over the nodes, the slot script
 * on the node owning each key (and sent again to a node that forgot it), messages published
 * on any node, a subscriber that loses its node, and the options that would break hash tags.
 * Last, on a cluster of its own with a replica for each master, a master that dies.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedisStore, type RedisStoreOptions } from '../../src/store/redis-store.js';
import { StoreUnavailableError, type Store } from '../../src/store/store.js';
import { keysByNode, masterAndReplicaOf, startRedisCluster, type RunningRedisCluster } from './redis-cluster.js';
import { describeStoreConformance } from './store-conformance.js';

const MESSAGE_TIMEOUT_MS = 3_000;

/** Resolves when `condition` holds, checked every 25 ms, or fails after `timeoutMs`. */
async function eventually(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = MESSAGE_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('Redis store on a Redis Cluster', () => {
  let cluster: RunningRedisCluster;
  /** A plain connection to each master, by port. */
  const nodes = new Map<number, Redis>();
  const opened: Store[] = [];
  let next = 0;
  /** A store given one node's URL, a different node each time: the store finds the others. */
  function open(options: Omit<RedisStoreOptions, 'cluster'> & { nodes?: string[] } = {}): Store {
    const { nodes: given, ...rest } = options;
    const store = createRedisStore({ cluster: { nodes: given ?? [cluster.urls[next++ % cluster.urls.length]!] }, ...rest });
    opened.push(store);
    return store;
  }

  before(async () => {
    cluster = await startRedisCluster();
    for (const port of cluster.ports) nodes.set(port, new Redis({ host: '127.0.0.1', port }));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  after(async () => {
    for (const connection of nodes.values()) connection.disconnect();
    await cluster?.stop();
  });

  // Connected before it is handed over: reading the cluster's slot map takes some round trips,
  // and on a busy machine an instance still connecting would send its first commands after the
  // suite's short pacing windows have passed.
  describeStoreConformance('redis cluster', async () => {
    const store = open();
    await store.get('connected');
    return store;
  });

  describe('keys and scripts', () => {
    it('spreads a store\'s keys over the masters, found from one node\'s URL', async () => {
      const prefix = `spread-${randomUUID()}:`;
      const store = open({ keyPrefix: prefix });
      for (let index = 0; index < 30; index += 1) await store.set(`order:${index}`, String(index));
      const placed = await keysByNode(cluster, prefix);
      const counts = [...placed.values()].map((keys) => keys.length);
      assert.equal(counts.reduce((sum, count) => sum + count, 0), 30);
      assert.ok(counts.filter((count) => count > 0).length >= 2, `keys by node: ${counts.join(', ')}`);
      for (let index = 0; index < 30; index += 1) assert.equal(await store.get(`order:${index}`), String(index));
    });

    it('runs the slot script on the node owning each key, and sends it again to nodes that forgot it', async () => {
      const prefix = `slots-${randomUUID()}:`;
      const store = open({ keyPrefix: prefix });
      const keys = Array.from({ length: 12 }, (_, index) => `pacing:${index}`);
      for (const key of keys) assert.deepEqual(await store.reserveSlot(key, 1, 60_000, 0), { granted: true, waitMs: 0 });
      const placed = await keysByNode(cluster, prefix);
      assert.ok([...placed.values()].filter((found) => found.length > 0).length >= 2, 'the windows sit on several nodes');
      await Promise.all([...nodes.values()].map((connection) => connection.script('FLUSH')));
      // Each window still holds its slot: the script ran again where the key lives.
      for (const key of keys) assert.equal((await store.reserveSlot(key, 1, 60_000, 0)).granted, false, key);
    });
  });

  describe('publish and subscribe', () => {
    it('delivers a message published on any node to a subscriber listening on one', async () => {
      const prefix = `pubsub-${randomUUID()}:`;
      const received: string[] = [];
      await open({ keyPrefix: prefix }).subscribe('order:1', (message) => received.push(message));
      const listening = await Promise.all([...nodes.values()].map(async (connection) => ((await connection.pubsub('NUMSUB', `${prefix}order:1`)) as [string, number])[1]));
      assert.deepEqual([...listening].sort(), [0, 0, 1], 'one node holds the subscription');
      // PUBLISH on a node reaches the subscribers of every node through the cluster bus.
      for (const [port, connection] of nodes) await connection.publish(`${prefix}order:1`, `from ${port}`);
      await eventually('three messages', () => received.length === 3);
      assert.deepEqual([...received].sort(), cluster.ports.map((port) => `from ${port}`).sort());
    });

    it('subscribes again when the node of its subscription drops the connection', async () => {
      const prefix = `resubscribe-${randomUUID()}:`;
      const received: string[] = [];
      await open({ keyPrefix: prefix }).subscribe('order:2', (message) => received.push(message));
      const channel = `${prefix}order:2`;
      const subscribers = async () =>
        (await Promise.all([...nodes.values()].map(async (connection) => ((await connection.pubsub('NUMSUB', channel)) as [string, number])[1]))).reduce((a, b) => a + b, 0);
      assert.equal(await subscribers(), 1);
      await Promise.all([...nodes.values()].map((connection) => connection.call('CLIENT', 'KILL', 'TYPE', 'pubsub')));
      await eventually('the subscription is back on a node', async () => (await subscribers()) === 1);
      await open({ keyPrefix: prefix }).publish('order:2', 'paid');
      await eventually('the message after the reconnection', () => received.includes('paid'));
    });
  });

  describe('credentials', () => {
    it('gives the password of the node URLs to the nodes it finds, too', async () => {
      // Connections open now stay authenticated; each new one needs the password.
      await Promise.all([...nodes.values()].map((connection) => connection.config('SET', 'requirepass', 'cluster-secret-7a1')));
      try {
        const prefix = `auth-${randomUUID()}:`;
        const store = open({ nodes: [`redis://:cluster-secret-7a1@127.0.0.1:${cluster.ports[0]}`], keyPrefix: prefix });
        for (let index = 0; index < 12; index += 1) await store.set(`order:${index}`, String(index));
        const placed = await keysByNode(cluster, prefix, 'cluster-secret-7a1');
        assert.equal([...placed.values()].filter((keys) => keys.length > 0).length, cluster.ports.length, 'keys written on every master');
      } finally {
        await Promise.all([...nodes.values()].map((connection) => connection.config('SET', 'requirepass', '')));
      }
    });
  });

  describe('options', () => {
    it('refuses a keyPrefix with a brace, on a cluster and on one Redis alike', () => {
      for (const keyPrefix of ['{shop}:', 'shop}:', 'shop{']) {
        assert.throws(() => createRedisStore({ cluster: { nodes: ['redis://127.0.0.1:1'] }, keyPrefix }), /keyPrefix.*\{ or \}/);
        assert.throws(() => createRedisStore({ url: 'redis://127.0.0.1:1', keyPrefix }), /keyPrefix.*\{ or \}/);
      }
    });

    it('refuses a cluster given with url or redis, node URLs it cannot use, the cluster options\' own keyPrefix, and reads from replicas', () => {
      const nodes = ['redis://127.0.0.1:1'];
      assert.throws(() => createRedisStore({ cluster: { nodes }, url: 'redis://127.0.0.1:1' }), /not both/);
      assert.throws(() => createRedisStore({ cluster: { nodes }, redis: {} }), /not both/);
      assert.throws(() => createRedisStore({ cluster: { nodes: [] } }), /at least one/);
      for (const bad of ['http://127.0.0.1:1', '127.0.0.1:7000', 'redis://', 42]) {
        assert.throws(() => createRedisStore({ cluster: { nodes: [bad as string] } }), /not a redis:\/\/host:port/, String(bad));
      }
      assert.throws(() => createRedisStore({ cluster: { nodes: ['redis://127.0.0.1:1/2'] } }), /database 0 only/);
      assert.throws(() => createRedisStore({ cluster: { nodes: ['redis://:a@127.0.0.1:1', 'redis://:b@127.0.0.1:2'] } }), /differ/);
      assert.throws(() => createRedisStore({ cluster: { nodes: ['redis://127.0.0.1:1', 'rediss://127.0.0.1:2'] } }), /differ/);
      assert.throws(() => createRedisStore({ cluster: { nodes, options: { keyPrefix: 'x:' } } }), /keyPrefix/);
      assert.throws(() => createRedisStore({ cluster: { nodes, options: { redisOptions: { keyPrefix: 'x:' } } } }), /keyPrefix/);
      assert.throws(() => createRedisStore({ cluster: { nodes, options: { scaleReads: 'slave' } } }), /scaleReads/);
    });
  });
});

describe('Redis store on a Redis Cluster with a replica for each master, when a master dies', () => {
  it('fails fast while the replica takes over, then answers with what was written before, and runs its scripts there', async () => {
    const cluster = await startRedisCluster({ replicas: 1 });
    const store = createRedisStore({ cluster: { nodes: cluster.urls }, keyPrefix: 'failover:' });
    try {
      const key = 'relay:order-status:ord_failover';
      const paid = JSON.stringify({ status: 'paid', rank: 1 });
      assert.equal(await store.setRanked(key, paid, 1), paid);
      const { master, replicaHolds } = await masterAndReplicaOf(cluster, `failover:${key}`);
      await replicaHolds();

      await cluster.kill(master);
      // Until the replica is promoted, each call fails within the command timeout, as unavailable.
      await eventually(
        'the store answers again',
        async () => {
          try {
            return (await store.get(key)) === paid;
          } catch (error) {
            assert.ok(error instanceof StoreUnavailableError, String(error));
            return false;
          }
        },
        30_000,
      );
      // The promoted replica never ran the ranked write's script: it is sent there in full.
      assert.equal(await store.setRanked(key, JSON.stringify({ status: 'waiting_payment', rank: 0 }), 0), paid);
      const refunded = JSON.stringify({ status: 'refunded', rank: 2 });
      assert.equal(await store.setRanked(key, refunded, 2), refunded);
      assert.equal(await store.get(key), refunded);
    } finally {
      await store.close();
      await cluster.stop();
    }
  });
});
