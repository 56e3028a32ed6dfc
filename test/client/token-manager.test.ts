import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AuthenticationError, PayApiError } from '../../src/client/index.js';
import { createTokenManager, tokenUseMs } from '../../src/client/token-manager.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/world/fixture.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { recordingFetch, sandboxClient, setFaults } from './client-harness.js';

const TOKEN_PATH = '/public_api/token/';

describe('tokenUseMs', () => {
  it('uses a token until 60 s before it expires', () => {
    assert.equal(tokenUseMs(36000), 36000_000 - 60_000);
    assert.equal(tokenUseMs(600), 600_000 - 60_000);
  });

  it('keeps a margin of 10 % for a token that lives under 10 minutes', () => {
    assert.equal(tokenUseMs(100), 90_000);
  });
});

describe('the access token against the sandbox', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  it('200 concurrent calls make exactly one token request, and take the Store lock once', async () => {
    const recording = recordingFetch();
    const store = createMemoryStore();
    const lockAttempts: string[] = [];
    const countingStore = { ...store, setIfAbsent: (...args: Parameters<typeof store.setIfAbsent>) => (lockAttempts.push(args[0]), store.setIfAbsent(...args)) };
    const client = sandboxClient(running, { fetch: recording.fetch, store: countingStore });
    const fees = await Promise.all(Array.from({ length: 200 }, () => client.getFees()));
    assert.equal(fees.length, 200);
    assert.equal(recording.to(TOKEN_PATH).length, 1);
    assert.equal(recording.to('/public_api/fees/').length, 200);
    // In this process the callers share one promise: only it goes to the Store's lock.
    assert.deepEqual(lockAttempts, [`client:${DEFAULT_API_KEY.clientId}:token-lock`]);
  });

  it('asks with the form body, never a refresh grant, and reuses the token for later calls', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    const token = await client.getAccessToken();
    await client.getFees();
    assert.equal(await client.getAccessToken(), token);
    const [tokenRequest, ...others] = recording.to(TOKEN_PATH);
    assert.equal(others.length, 0);
    assert.equal(tokenRequest!.method, 'POST');
    assert.equal(tokenRequest!.headers.get('Content-Type'), 'application/x-www-form-urlencoded');
    const feesRequest = recording.to('/public_api/fees/')[0]!;
    assert.equal(feesRequest.headers.get('Authorization'), `Bearer ${token}`);
  });

  it('two clients on one Store make one token request between them', async () => {
    const recording = recordingFetch();
    const store = createMemoryStore();
    const first = sandboxClient(running, { fetch: recording.fetch, store });
    const second = sandboxClient(running, { fetch: recording.fetch, store });
    await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? first : second).getFees()));
    assert.equal(recording.to(TOKEN_PATH).length, 1);
    assert.equal(await first.getAccessToken(), await second.getAccessToken());
  });

  it('an instance that takes the lock just after another stored its token uses that token', async () => {
    const recording = recordingFetch();
    const store = createMemoryStore();
    const first = sandboxClient(running, { fetch: recording.fetch, store });
    // The second instance found no token, then was slow: by its turn at the lock, the first
    // has asked for a token, stored it, and let go of the lock.
    const slowStore = {
      ...store,
      async setIfAbsent(...args: Parameters<typeof store.setIfAbsent>) {
        if (args[0] === `client:${DEFAULT_API_KEY.clientId}:token-lock`) await first.getAccessToken();
        return store.setIfAbsent(...args);
      },
    };
    const second = sandboxClient(running, { fetch: recording.fetch, store: slowStore });
    assert.equal(await second.getAccessToken(), await first.getAccessToken());
    assert.equal(recording.to(TOKEN_PATH).length, 1);
  });

  it('clients on separate Stores each ask for their own token', async () => {
    const recording = recordingFetch();
    await sandboxClient(running, { fetch: recording.fetch }).getFees();
    await sandboxClient(running, { fetch: recording.fetch }).getFees();
    assert.equal(recording.to(TOKEN_PATH).length, 2);
  });

  it('a waiting instance takes over once a lock left by a dead instance expires', async () => {
    const recording = recordingFetch();
    const store = createMemoryStore();
    await store.setIfAbsent(`client:${DEFAULT_API_KEY.clientId}:token-lock`, 'a crashed instance', { ttlMs: 150 });
    const client = sandboxClient(running, { fetch: recording.fetch, store });
    const started = performance.now();
    await client.getFees();
    assert.ok(performance.now() - started >= 140, 'the lock was not respected');
    assert.equal(recording.to(TOKEN_PATH).length, 1);
  });

  it('a stored token is used until shortly before expires_in, then a new one is asked for', async () => {
    let nowMs = Date.now();
    const now = () => nowMs;
    const recording = recordingFetch();
    const tokens = createTokenManager({
      baseUrl: running.baseUrl,
      ...DEFAULT_API_KEY,
      fetch: recording.fetch,
      store: createMemoryStore({ now }),
      requestTimeoutMs: 5000,
      now,
    });
    const first = await tokens.getToken();
    nowMs += tokenUseMs(36000) - 1000;
    assert.equal(await tokens.getToken(), first);
    assert.equal(recording.to(TOKEN_PATH).length, 1);
    nowMs += 1000;
    await tokens.getToken();
    assert.equal(recording.to(TOKEN_PATH).length, 2);
  });

  it('reads the Store once for a run of calls, and again once the token is refused or runs out', async () => {
    let nowMs = Date.now();
    const now = () => nowMs;
    const recording = recordingFetch();
    const store = createMemoryStore({ now });
    const tokenReads = { count: 0 };
    const counted = {
      ...store,
      get(key: string) {
        if (key.endsWith(':token')) tokenReads.count += 1;
        return store.get(key);
      },
    };
    const managerOf = () =>
      createTokenManager({ baseUrl: running.baseUrl, ...DEFAULT_API_KEY, fetch: recording.fetch, store: counted, requestTimeoutMs: 5000, now });
    const tokens = managerOf();
    const first = await tokens.getToken();
    const readsAfterFirst = tokenReads.count;
    for (let call = 0; call < 20; call += 1) assert.equal(await tokens.getToken(), first);
    assert.equal(tokenReads.count, readsAfterFirst, 'a held token is used without reading the Store');

    // Another instance on the same Store has the token already: one read, no token request.
    const other = managerOf();
    assert.equal(await other.getToken(), first);
    assert.equal(recording.to(TOKEN_PATH).length, 1);

    // The API refused the token: it is dropped, read again and renewed.
    await tokens.discard(first);
    const renewed = await tokens.getToken();
    assert.notEqual(renewed, first);
    assert.equal(recording.to(TOKEN_PATH).length, 2);
    assert.ok(tokenReads.count > readsAfterFirst, 'a refused token sends the manager back to the Store');

    // The other instance still holds the old one until the API refuses it there too; then it takes the renewed one from the Store.
    assert.equal(await other.getToken(), first);
    await other.discard(first);
    assert.equal(await other.getToken(), renewed);
    assert.equal(recording.to(TOKEN_PATH).length, 2, 'the renewed token was taken from the Store, not asked for again');

    // Past its time of use, the held token is not used: the Store is read and a new token asked for.
    const readsBefore = tokenReads.count;
    nowMs += tokenUseMs(36000);
    const later = await tokens.getToken();
    assert.notEqual(later, renewed);
    assert.ok(tokenReads.count > readsBefore);
    assert.equal(recording.to(TOKEN_PATH).length, 3);
  });

  it('after a 401 the token is dropped and asked for again, and the call succeeds', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    const stale = await client.getAccessToken();
    // Sandbox time moves past expires_in: the API refuses the token the client still holds.
    await running.sandbox.clock.advance(36000);
    const fees = await client.getFees();
    assert.ok(fees.paymentMethods.length > 0);
    assert.equal(recording.to(TOKEN_PATH).length, 2);
    assert.deepEqual(recording.to('/public_api/fees/').map((exchange) => exchange.status), [401, 200]);
    assert.notEqual(await client.getAccessToken(), stale);
  });

  it('a second 401 with the new token is final: AuthenticationError after one re-token', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await setFaults(running, [{ path: '/public_api/fees/', status: 401, count: 5 }]);
    await assert.rejects(client.getFees(), AuthenticationError);
    assert.equal(recording.to(TOKEN_PATH).length, 2);
    assert.equal(recording.to('/public_api/fees/').length, 2);
  });

  it('wrong credentials are not asked again: one token request, AuthenticationError invalid_client', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch, clientSecret: 'wrong' });
    await assert.rejects(client.getFees(), (error) => error instanceof AuthenticationError && error.code === 'invalid_client');
    assert.equal(recording.to(TOKEN_PATH).length, 1);
    assert.equal(recording.to('/public_api/fees/').length, 0);
  });

  it('a failed token request (5xx) is retried like any request', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await setFaults(running, [{ path: TOKEN_PATH, status: 503, count: 1 }]);
    await client.getFees();
    assert.deepEqual(recording.to(TOKEN_PATH).map((exchange) => exchange.status), [503, 200]);
  });

  it('a token answer that breaks the contract is a PayApiError that never carries the token', async () => {
    const leaked = 'not-a-jwt-but-still-a-secret';
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!new URL(new Request(input).url).pathname.endsWith(TOKEN_PATH)) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, access_token: leaked }), { status: 200, headers: response.headers });
    };
    const error = await sandboxClient(running, { fetch: tampering }).getAccessToken().then(
      () => assert.fail('expected a rejection'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof PayApiError);
    assert.match(error.message, /POST \/public_api\/token\/.*access_token/);
    assert.equal(error.body, undefined);
    assert.doesNotMatch(`${error.message} ${JSON.stringify(error)}`, new RegExp(leaked));
  });
});
