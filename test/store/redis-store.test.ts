import { after, afterEach, before, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { createRedisStore, type RedisStoreOptions } from '../../src/store/redis-store.js';
import type { Store } from '../../src/store/store.js';
import { startRedisServer, type RunningRedis } from './redis-server.js';
import { describeStoreConformance } from './store-conformance.js';

describe('Redis store', () => {
  let server: RunningRedis;
  /** A plain connection that looks at what the store wrote, prefix included. */
  let inspector: Redis;
  const opened: Store[] = [];
  function open(options: Omit<RedisStoreOptions, 'url'> = {}): Store {
    const store = createRedisStore({ url: server.url, ...options });
    opened.push(store);
    return store;
  }

  before(async () => {
    server = await startRedisServer();
    inspector = new Redis(server.url);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  after(async () => {
    await inspector?.quit();
    await server?.stop();
  });

  describeStoreConformance('redis', () => open());

  describe('keys and channels', () => {
    it('prefixes keys with pay-checkout: unless told another prefix, and expires them with PX', async () => {
      await open().set('token', 'default prefix', { ttlMs: 5_000 });
      await open({ keyPrefix: 'shop-a:' }).set('token', 'shop a');
      assert.equal(await inspector.get('pay-checkout:token'), 'default prefix');
      assert.equal(await inspector.get('shop-a:token'), 'shop a');
      const pttl = await inspector.pttl('pay-checkout:token');
      assert.ok(pttl > 4_000 && pttl <= 5_000, `PTTL ${pttl}`);
      assert.equal(await inspector.pttl('shop-a:token'), -1);
      assert.equal(await open({ keyPrefix: 'shop-b:' }).get('token'), undefined);
    });

    it('keeps a slot key only as long as its last window, and drops slots whose window has passed', async () => {
      const store = open();
      await store.reserveSlot('pacing:expiry', 1, 300, 1_000);
      await store.reserveSlot('pacing:expiry', 1, 300, 1_000);
      assert.equal(await inspector.zcard('pay-checkout:pacing:expiry'), 2);
      const pttl = await inspector.pttl('pay-checkout:pacing:expiry');
      assert.ok(pttl > 400 && pttl <= 600, `PTTL ${pttl}`);

      // Two slots now, a third one window later (reserved at +120 ms, which keeps the key
      // alive); at +240 ms the first two have left their window and are gone from the set.
      const pause = () => new Promise((resolve) => setTimeout(resolve, 120));
      await store.reserveSlot('pacing:pruned', 2, 200, 200);
      await store.reserveSlot('pacing:pruned', 2, 200, 200);
      await pause();
      assert.equal((await store.reserveSlot('pacing:pruned', 2, 200, 200)).granted, true);
      await pause();
      assert.equal((await store.reserveSlot('pacing:pruned', 2, 200, 200)).granted, true);
      assert.equal(await inspector.zcard('pay-checkout:pacing:pruned'), 2);
    });

    it('subscribes to the prefixed channel once, and unsubscribes when its last listener leaves', async () => {
      const store = open({ keyPrefix: 'shop-c:' });
      const numberOfSubscribers = async () => {
        const [, count] = (await inspector.pubsub('NUMSUB', 'shop-c:order:7')) as [string, number];
        return count;
      };
      const first = await store.subscribe('order:7', () => undefined);
      const second = await store.subscribe('order:7', () => undefined);
      assert.equal(await numberOfSubscribers(), 1);
      await first();
      assert.equal(await numberOfSubscribers(), 1);
      await second();
      assert.equal(await numberOfSubscribers(), 0);
    });
  });

  describe('reserveSlot', () => {
    it('measures windows on the Redis clock, so an instance with a skewed clock still shares them', async () => {
      const [punctual, skewed] = [open(), open()];
      assert.deepEqual(await punctual.reserveSlot('pacing:skew', 1, 1_000, 5_000), { granted: true, waitMs: 0 });
      const realNow = Date.now();
      // An hour ahead: by this clock the first slot's window is long over.
      mock.method(Date, 'now', () => realNow + 3_600_000);
      try {
        const reservation = await skewed.reserveSlot('pacing:skew', 1, 1_000, 5_000);
        assert.equal(reservation.granted, true);
        assert.ok(reservation.waitMs > 900 && reservation.waitMs <= 1_000, `waitMs ${reservation.waitMs}`);
      } finally {
        mock.restoreAll();
      }
    });

    it('loads its script again after the server forgot it', async () => {
      const store = open();
      assert.deepEqual(await store.reserveSlot('pacing:flush', 1, 1_000, 0), { granted: true, waitMs: 0 });
      await inspector.script('FLUSH');
      assert.equal((await store.reserveSlot('pacing:flush', 1, 1_000, 0)).granted, false);
    });

    it('refuses a limit, window or wait that cannot be a reservation', async () => {
      const store = open();
      await assert.rejects(store.reserveSlot('pacing:bad', 0, 1_000, 0), RangeError);
      await assert.rejects(store.reserveSlot('pacing:bad', 1, 0, 0), RangeError);
      await assert.rejects(store.reserveSlot('pacing:bad', 1, 1_000, -1), RangeError);
      assert.equal(await inspector.exists('pay-checkout:pacing:bad'), 0);
    });
  });

  describe('options and lifecycle', () => {
    it('refuses missing connection options, a URL of another scheme, and ioredis’s own keyPrefix', () => {
      assert.throws(() => createRedisStore({}), TypeError);
      assert.throws(() => createRedisStore({ url: 'http://127.0.0.1:6379' }), TypeError);
      assert.throws(() => createRedisStore({ redis: { keyPrefix: 'x:' } }), /keyPrefix/);
    });

    it('refuses a ttl that is not a positive number of milliseconds', async () => {
      const store = open();
      await assert.rejects(store.set('ttl:bad', 'x', { ttlMs: 0 }), RangeError);
      await assert.rejects(store.setIfAbsent('ttl:bad', 'x', { ttlMs: -5 }), RangeError);
      assert.equal(await inspector.exists('pay-checkout:ttl:bad'), 0);
    });

    it('hands a throwing listener’s error to onError and still delivers to the other listeners', async () => {
      const errors: unknown[] = [];
      const store = open({ onError: (error) => errors.push(error) });
      let delivered!: (message: string) => void;
      const received = new Promise<string>((resolve) => (delivered = resolve));
      await store.subscribe('order:8', () => {
        throw new Error('listener failed');
      });
      await store.subscribe('order:8', (message) => delivered(message));
      await open().publish('order:8', 'paid');
      assert.equal(await received, 'paid');
      assert.deepEqual(errors.map((error) => (error as Error).message), ['listener failed']);
    });

    it('quits both of its connections on close, once however often it is called', async () => {
      const store = createRedisStore({ url: server.url, redis: { connectionName: 'closing-store' } });
      await store.set('close', 'x');
      await store.subscribe('close', () => undefined);
      const connections = async () =>
        String(await inspector.client('LIST')).split('\n').filter((line) => line.includes('name=closing-store')).length;
      assert.equal(await connections(), 2);
      await Promise.all([store.close(), store.close()]);
      const deadline = Date.now() + 1_000;
      while ((await connections()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(await connections(), 0);
    });
  });
});
