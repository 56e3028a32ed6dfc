import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../src/client/index.js';
import { createRelay, type RelayOptions } from '../../src/relay/index.js';

const valid: RelayOptions = {
  apiBaseUrl: 'http://127.0.0.1:4010',
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  publicClientId: 'sandbox-public',
  offers: ['77BcHrY'],
};

function refuses(overrides: Record<string, unknown>, pattern: RegExp): void {
  assert.throws(
    () => createRelay({ ...valid, ...overrides } as RelayOptions),
    (error: Error) => {
      assert.ok(error instanceof TypeError, `expected a TypeError, got ${error.name}`);
      assert.match(error.message, pattern);
      return true;
    },
  );
}

describe('createRelay options are checked when the relay is made', () => {
  it('accepts the minimal options and answers a fetch handler', () => {
    const relay = createRelay(valid);
    assert.equal(typeof relay.fetch, 'function');
  });

  it('accepts a ready client instead of credentials', () => {
    const client = createClient({ baseUrl: valid.apiBaseUrl, clientId: 'id', clientSecret: 'secret' });
    const relay = createRelay({ apiBaseUrl: valid.apiBaseUrl, client, publicClientId: 'pub', offers: () => true, orderTokenSecret: 'a-secret-of-thirty-two-characters!!' });
    assert.equal(typeof relay.fetch, 'function');
  });

  it('refuses a missing or malformed API base URL', () => {
    refuses({ apiBaseUrl: undefined }, /apiBaseUrl is required/);
    refuses({ apiBaseUrl: 'not a url' }, /apiBaseUrl "not a url" is not a URL/);
    refuses({ apiBaseUrl: 'ftp://api.example' }, /apiBaseUrl must be an http\(s\) URL/);
    refuses({ apiBaseUrl: 'https://api.example/public_api/' }, /without \/public_api/);
  });

  it('needs credentials or a client, not both', () => {
    refuses({ clientId: undefined }, /clientId is required/);
    refuses({ clientSecret: '' }, /clientSecret is required/);
    const client = createClient({ baseUrl: valid.apiBaseUrl, clientId: 'id', clientSecret: 'secret' });
    refuses({ client }, /client replaces clientId\/clientSecret/);
  });

  it('needs the public client id, which must not be the secret', () => {
    refuses({ publicClientId: undefined }, /publicClientId is required/);
    refuses({ publicClientId: 'sandbox-secret' }, /publicClientId equals clientSecret/);
  });

  it('refuses an empty or malformed offer list', () => {
    refuses({ offers: [] }, /offers is empty/);
    refuses({ offers: ['77BcHrY', ''] }, /offers holds ""/);
    refuses({ offers: 'A,B' }, /offers must be a list of offer ids or a function/);
  });

  it('refuses origins that a browser would never send', () => {
    refuses({ allowedOrigins: ['https://shop.example/'] }, /allowedOrigins holds "https:\/\/shop.example\/"/);
    refuses({ allowedOrigins: ['*'] }, /allowedOrigins holds "\*"/);
    refuses({ allowedOrigins: ['https://shop.example/checkout'] }, /no path/);
    assert.doesNotThrow(() => createRelay({ ...valid, allowedOrigins: ['https://shop.example', 'http://localhost:5173'] }));
  });

  it('refuses a bad trustProxy, rate limit, body limit and base path', () => {
    refuses({ trustProxy: -1 }, /trustProxy must be false, true or the number of proxies/);
    refuses({ trustProxy: 'yes' }, /trustProxy/);
    refuses({ chargeRateLimit: { limit: 0, windowMs: 60000 } }, /chargeRateLimit must be \{ limit, windowMs \}/);
    refuses({ maxBodyBytes: 1.5 }, /maxBodyBytes must be a whole number of bytes/);
    refuses({ basePath: 'pay' }, /basePath must be empty or a path starting with \//);
    assert.doesNotThrow(() => createRelay({ ...valid, trustProxy: 2, chargeRateLimit: false, basePath: '/api/pay/' }));
  });

  it('refuses widget settings that are not plain JSON or that hold a secret', () => {
    refuses({ threeDSecure: 'sandbox' }, /threeDSecure must be a plain object/);
    refuses({ antifraud: { scriptUrl: 'https://x.example', key: 'sandbox-secret' } }, /antifraud contains a secret/);
    refuses({ webhookSecret: 'whsec', threeDSecure: { token: 'whsec' } }, /threeDSecure contains a secret/);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    refuses({ antifraud: cyclic }, /antifraud must be plain JSON/);
  });

  it('refuses hooks and stores of the wrong kind', () => {
    refuses({ onOrder: 'log' }, /onOrder must be a function/);
    refuses({ onEvent: {} }, /onEvent must be a function/);
    refuses({ store: { get() {} } }, /store is not a Store \(missing set, setIfAbsent/);
    refuses({ webhookSecret: '' }, /webhookSecret must be a non-empty string/);
  });

  it('refuses stream timings that cannot work', () => {
    refuses({ events: { pollMs: 0 } }, /events.pollMs must be a whole number of milliseconds/);
    refuses({ events: { pollMs: 5000, maxPollMs: 1000 } }, /events.maxPollMs must not be below events.pollMs/);
  });
});
