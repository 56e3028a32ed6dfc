/**
 * The Redis store when Redis fails: every operation rejects with `StoreUnavailableError` within
 * its command timeout (nothing hangs, nothing is queued to run later), and the same store works
 * again, subscriptions included, once Redis is back.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS, failFastRedisOptions, MAX_RECONNECT_DELAY_MS, reconnectDelayMs } from '../../src/store/redis-failure.js';
import { createRedisStore, StoreUnavailableError, type RedisStoreOptions } from '../../src/store/redis-store.js';
import type { Store } from '../../src/store/store.js';
import { startRedisServer, type RunningRedis } from './redis-server.js';

const COMMAND_TIMEOUT_MS = 400;
/** What an operation may take beyond its command timeout: timers and a loaded machine. */
const SLACK_MS = 600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds or `ms` pass. */
async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await sleep(25);
  }
}

/** Asserts `operation` rejects with `StoreUnavailableError` (its cause kept) within the timeout, and answers how long it took. */
async function failsFast(operation: Promise<unknown>, limitMs = COMMAND_TIMEOUT_MS + SLACK_MS): Promise<number> {
  const started = performance.now();
  await assert.rejects(operation, (error: unknown) => {
    assert.ok(error instanceof StoreUnavailableError, `got ${String(error)}`);
    assert.equal(error.name, 'StoreUnavailableError');
    return true;
  });
  const took = performance.now() - started;
  assert.ok(took < limitMs, `took ${Math.round(took)} ms`);
  return took;
}

/** Every operation of the Store, each as one call. */
function everyOperation(store: Store): Array<[string, () => Promise<unknown>]> {
  return [
    ['get', () => store.get('k')],
    ['set', () => store.set('k', 'v', { ttlMs: 1_000 })],
    ['setIfAbsent', () => store.setIfAbsent('k', 'v')],
    ['delete', () => store.delete('k')],
    ['reserveSlot', () => store.reserveSlot('slot', 1, 1_000, 0)],
    [
      'takeChargeTurn',
      () => store.takeChargeTurn('line', { limit: 2, reserve: 0, windowMs: 1_000, graceMs: 1_000, maxWaiting: 10 }, { kind: 'attempt', ticket: 't', bucket: 'b', join: true }),
    ],
    ['publish', () => store.publish('c', 'm')],
    ['subscribe', () => store.subscribe('c', () => undefined)],
  ];
}

describe('the connection settings', () => {
  it('reconnects forever, a little later each time, never more than a second apart', () => {
    assert.deepEqual([1, 2, 5, 10, 11, 1_000, 1_000_000].map(reconnectDelayMs), [100, 200, 500, 1_000, 1_000, 1_000, 1_000]);
    assert.equal(MAX_RECONNECT_DELAY_MS, 1_000);
  });

  it('queues nothing offline, resends nothing, times commands out, and lets the caller’s own settings win', () => {
    const options = failFastRedisOptions(DEFAULT_REDIS_COMMAND_TIMEOUT_MS);
    assert.equal(options.enableOfflineQueue, false);
    assert.equal(options.maxRetriesPerRequest, 0);
    assert.equal(options.autoResendUnfulfilledCommands, false);
    assert.equal(options.autoResubscribe, true);
    assert.equal(options.commandTimeout, 2_000);
    assert.equal(options.socketTimeout, 2_000);
    assert.equal(options.connectTimeout, 1_000);
    assert.equal(failFastRedisOptions(300).connectTimeout, 300);
    assert.equal(failFastRedisOptions(2_000, { connectTimeout: 5_000 }).connectTimeout, 5_000);
  });

  it('refuses a command timeout that is not a whole number of milliseconds above 0', () => {
    for (const commandTimeoutMs of [0, -1, 1.5, Number.NaN, '2000' as unknown as number]) {
      assert.throws(() => createRedisStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs }), /commandTimeoutMs/, String(commandTimeoutMs));
    }
  });
});

describe('the Redis store when Redis fails', () => {
  let dir: string;
  let server: RunningRedis;
  let inspector: Redis;
  const opened: Store[] = [];
  const connectionErrors: unknown[] = [];

  function open(options: Partial<RedisStoreOptions> = {}): Store {
    const store = createRedisStore({ url: server.url, commandTimeoutMs: COMMAND_TIMEOUT_MS, onError: (error) => connectionErrors.push(error), ...options });
    opened.push(store);
    return store;
  }

  /** A store whose connection is up: its first operation succeeded. */
  async function connected(options: Partial<RedisStoreOptions> = {}): Promise<Store> {
    const store = open(options);
    await store.set('warm', '1');
    return store;
  }

  const persistence = ['--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''];

  async function restart(): Promise<void> {
    server = await startRedisServer({ port: server.port, dir, persistence });
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redis-failure-'));
    server = await startRedisServer({ dir, persistence });
    inspector = new Redis(server.url, { retryStrategy: () => 50 });
    inspector.on('error', () => undefined);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  after(async () => {
    inspector?.disconnect();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets operations on a new store wait for its connection, sharing one wait however many there are', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const store = open();
      const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => store.setIfAbsent(`burst:${index}`, 'x')));
      assert.deepEqual([...new Set(answers)], [true]);
      await sleep(10);
    } finally {
      process.off('warning', onWarning);
    }
    assert.deepEqual(warnings.map((warning) => warning.name), [], 'no listener piled up per operation');
  });

  it('rejects every operation at once when nothing listens', async () => {
    const store = createRedisStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: COMMAND_TIMEOUT_MS, onError: () => undefined });
    opened.push(store);
    for (const [name, operation] of everyOperation(store)) {
      const started = performance.now();
      const error = await operation().then(
        () => assert.fail(`${name} succeeded`),
        (failure: unknown) => failure,
      );
      assert.ok(error instanceof StoreUnavailableError, `${name}: ${String(error)}`);
      assert.ok(performance.now() - started < COMMAND_TIMEOUT_MS + SLACK_MS, name);
    }
    const error = await store.get('k').catch((failure: unknown) => failure);
    assert.ok(error instanceof StoreUnavailableError);
    assert.match(error.message, /Redis is unavailable/);
  });

  it('rejects a write Redis refuses (out of memory under noeviction) with the refusal as its cause', async () => {
    const store = await connected();
    await inspector.config('SET', 'maxmemory', '1');
    try {
      const error = await store.set('k', 'v').catch((failure: unknown) => failure);
      assert.ok(error instanceof StoreUnavailableError, String(error));
      assert.match(String((error.cause as Error).message), /^OOM/);
      assert.equal(await store.get('warm'), '1', 'reads still work');
    } finally {
      await inspector.config('SET', 'maxmemory', '0');
    }
  });

  it('fails within the command timeout when Redis stops answering, and answers again when it goes on', async () => {
    const store = await connected();
    server.signal('SIGSTOP');
    try {
      const took = await failsFast(store.get('warm'));
      assert.ok(took >= COMMAND_TIMEOUT_MS - 50, `a stalled Redis is waited for up to the command timeout, not given up on at once (${Math.round(took)} ms)`);
    } finally {
      server.signal('SIGCONT');
    }
    await eventually(async () => (await store.get('warm')) === '1');
  });

  it('fails at once while Redis is down, runs nothing late, and works again when Redis is back on the same port', async () => {
    const store = await connected({ commandTimeoutMs: DEFAULT_REDIS_COMMAND_TIMEOUT_MS });
    await store.set('kept', 'before the crash');
    await server.kill();
    await eventually(async () => {
      await failsFast(store.get('kept'), DEFAULT_REDIS_COMMAND_TIMEOUT_MS + SLACK_MS);
      return true;
    });
    for (const [name, operation] of everyOperation(store)) {
      // Known down: no wait at all, far under the command timeout.
      const took = await failsFast(operation(), 250);
      assert.ok(took < 250, name);
    }
    // Refused now, so never written later: with an offline queue it would run on reconnection.
    await failsFast(store.set('late', 'queued while down'));
    await restart();
    await eventually(async () => (await store.get('kept')) === 'before the crash');
    assert.equal(await store.get('late'), undefined);
    assert.equal(await inspector.get('pay-checkout:late'), null);
  });

  it('delivers to a subscription made before Redis was killed once Redis is back', async () => {
    const store = await connected();
    const publisher = await connected();
    const received: string[] = [];
    await store.subscribe('order:1', (message) => received.push(message));
    await server.kill();
    await failsFast(publisher.publish('order:1', 'lost'));
    await restart();
    await eventually(async () => {
      await publisher.publish('order:1', 'paid');
      return received.includes('paid');
    });
    assert.ok(!received.includes('lost'));
  });

  it('drops, once Redis is back, a subscription whose unsubscribe failed while it was down', async () => {
    const store = await connected();
    const subscribers = async () => ((await inspector.pubsub('NUMSUB', 'pay-checkout:order:2')) as [string, number])[1];
    const kept: string[] = [];
    const unsubscribe = await store.subscribe('order:2', () => undefined);
    await store.subscribe('order:3', (message) => kept.push(message));
    assert.equal(await subscribers(), 1);
    await server.kill();
    await failsFast(unsubscribe());
    await restart();
    // ioredis subscribes again to what it knew; the store then drops the channel nobody listens to.
    await eventually(async () => {
      await store.publish('order:3', 'still here');
      return kept.includes('still here') && (await subscribers()) === 0;
    });
    const again: string[] = [];
    await store.subscribe('order:2', (message) => again.push(message));
    await store.publish('order:2', 'wanted again');
    await eventually(async () => again.includes('wanted again'));
  });
});
