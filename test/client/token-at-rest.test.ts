import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { AuthenticationError } from '../../src/client/index.js';
import { createTokenManager } from '../../src/client/token-manager.js';
import { createRelay, type Relay } from '../../src/relay/index.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/world/fixture.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { createRedisStore } from '../../src/store/redis-store.js';
import type { Store } from '../../src/store/store.js';
import { pixChargeBody } from '../sandbox/controls-requests.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { startRedisServer, type RunningRedis } from '../store/redis-server.js';
import { recordingFetch } from './client-harness.js';

const TOKEN_PATH = '/public_api/token/';
const TOKEN_KEY = `client:${DEFAULT_API_KEY.clientId}:token`;

/**
 * `text` with the character at `index` changed (a tampered store value). Not the last
 * character: its low bits may be base64 padding, which decoding ignores.
 */
function changedAt(text: string, index: number): string {
  const char = text[index]!;
  return `${text.slice(0, index)}${char === 'A' ? 'B' : 'A'}${text.slice(index + 1)}`;
}

describe('the access token at rest in the store', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  function managerOn(store: Store, fetchImpl: typeof fetch, clientSecret: string = DEFAULT_API_KEY.clientSecret) {
    return createTokenManager({ baseUrl: running.baseUrl, clientId: DEFAULT_API_KEY.clientId, clientSecret, fetch: fetchImpl, store, requestTimeoutMs: 5000 });
  }

  it('is encrypted: the stored value holds neither the token nor the old JSON, and differs on every write', async () => {
    const store = createMemoryStore();
    const recording = recordingFetch();
    const token = await managerOn(store, recording.fetch).getToken();
    const stored = (await store.get(TOKEN_KEY))!;
    assert.ok(stored !== undefined, 'a token was kept');
    assert.equal(stored.includes(token), false, 'the token is readable in the store');
    for (const part of token.split('.')) assert.equal(stored.includes(part), false, 'a part of the token is readable in the store');
    assert.throws(() => JSON.parse(stored), SyntaxError);
    assert.match(stored, /^v1\.[\w-]{16}\.[\w-]+$/);

    const again = createMemoryStore();
    await managerOn(again, recording.fetch).getToken();
    const prefix = (text: string) => text.split('.').slice(0, 2).join('.');
    assert.notEqual(prefix((await again.get(TOKEN_KEY))!), prefix(stored), 'a new IV for every write');
  });

  it('counts as no token when it does not open: a changed byte, another secret, the plain JSON of before', async () => {
    const store = createMemoryStore();
    const recording = recordingFetch();
    const first = await managerOn(store, recording.fetch).getToken();
    const sealed = (await store.get(TOKEN_KEY))!;

    for (const index of [3, 20, sealed.length - 2]) {
      await store.set(TOKEN_KEY, changedAt(sealed, index));
      const requestsBefore = recording.to(TOKEN_PATH).length;
      const token = await managerOn(store, recording.fetch).getToken();
      assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assert.equal(recording.to(TOKEN_PATH).length, requestsBefore + 1, `a changed byte at ${index} asks for a new token`);
    }

    await store.set(TOKEN_KEY, sealed);
    // Another secret derives another key: the value does not open, so that manager asks (and is refused by the API).
    const requestsBefore = recording.to(TOKEN_PATH).length;
    await assert.rejects(managerOn(store, recording.fetch, 'another-secret').getToken(), AuthenticationError);
    assert.equal(recording.to(TOKEN_PATH).length, requestsBefore + 1);

    await store.set(TOKEN_KEY, JSON.stringify({ token: first, usableUntil: Date.now() + 3_600_000 }));
    const plainBefore = recording.to(TOKEN_PATH).length;
    assert.notEqual(await managerOn(store, recording.fetch).getToken(), undefined);
    assert.equal(recording.to(TOKEN_PATH).length, plainBefore + 1, 'a token kept in plain text is not used');
  });

  it('does not open under another store key', async () => {
    const store = createMemoryStore();
    const recording = recordingFetch();
    await managerOn(store, recording.fetch).getToken();
    const sealed = (await store.get(TOKEN_KEY))!;
    const otherKey = createTokenManager({
      baseUrl: running.baseUrl,
      clientId: 'another-client',
      clientSecret: DEFAULT_API_KEY.clientSecret,
      fetch: recording.fetch,
      store,
      requestTimeoutMs: 5000,
    });
    await store.set('client:another-client:token', sealed);
    const requestsBefore = recording.to(TOKEN_PATH).length;
    await assert.rejects(otherKey.getToken(), AuthenticationError);
    assert.equal(recording.to(TOKEN_PATH).length, requestsBefore + 1, 'the copied value was not used: a token was asked for');
  });
});

describe('two relays on one Redis keep one encrypted token', () => {
  let redis: RunningRedis;
  let running: RunningSandbox;
  let inspector: Redis;
  const stores: Store[] = [];
  const prefix = `token-at-rest-${process.pid}:`;
  const recording = recordingFetch();

  function relayOnRedis(): Relay {
    const store = createRedisStore({ url: redis.url, keyPrefix: prefix });
    stores.push(store);
    return createRelay({
      apiBaseUrl: running.baseUrl,
      clientId: DEFAULT_API_KEY.clientId,
      clientSecret: DEFAULT_API_KEY.clientSecret,
      publicClientId: 'sandbox-public',
      offers: ['77BcHrY'],
      store,
      fetch: recording.fetch,
    });
  }
  const config = async (relay: Relay) => (await relay.fetch(new Request('http://relay.test/config?offer=77BcHrY'), { remoteAddress: '203.0.113.7' })).status;

  before(async () => {
    redis = await startRedisServer();
    running = await startSandbox();
    inspector = new Redis(redis.url);
  });
  after(async () => {
    for (const store of stores) await store.close();
    await inspector.quit();
    await running.close();
    await redis.stop();
  });

  it('share one token request, keep it unreadable in Redis, and ask again when the value was tampered with', async () => {
    const first = relayOnRedis();
    const second = relayOnRedis();
    assert.equal(await config(first), 200);
    assert.equal(await config(second), 200);
    assert.equal(recording.to(TOKEN_PATH).length, 1, 'the second relay used the first one\'s token');

    const raw = (await inspector.get(`${prefix}${TOKEN_KEY}`))!;
    assert.ok(raw, 'the token is kept in Redis');
    // A JWT's header and payload are base64url JSON, each starting "eyJ", joined by dots. The three
    // letters alone are no test: the cipher text is random base64url, and about one value in 400
    // holds "eyJ" somewhere by chance.
    assert.doesNotMatch(raw, /eyJ[\w-]*\.eyJ[\w-]*\./, 'no JWT is readable in Redis');
    assert.throws(() => JSON.parse(raw), SyntaxError);

    const tampered = changedAt(raw, raw.length - 5);
    await inspector.set(`${prefix}${TOKEN_KEY}`, tampered, 'PX', 60_000);
    // A charge always goes to the API, so it needs the token again.
    const response = await relayOnRedis().fetch(
      new Request('http://relay.test/charges', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify(pixChargeBody()),
      }),
      { remoteAddress: '203.0.113.7' },
    );
    assert.equal(response.status, 201, await response.clone().text());
    assert.equal(recording.to(TOKEN_PATH).length, 2, 'a tampered value is no token: a new one was asked for');
    assert.notEqual(await inspector.get(`${prefix}${TOKEN_KEY}`), tampered, 'the new token replaced it');
  });
});
