import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRelay, sandboxAddressLookup, type AddressLookup } from '../../src/relay/index.js';
import { ADDRESS_LOOKUP_TIMEOUT_MS, ADDRESS_LOOKUPS_PER_IP_PER_MINUTE } from '../../src/relay/address-route.js';
import { FAILING_CEP } from '../../src/sandbox/world/cep-table.js';
import { CLIENT_ID, CLIENT_SECRET, PUBLIC_CLIENT_ID, refusal, SOLD_OFFERS, startRelay, type RelayUnderTest } from './relay-harness.js';

const PAULISTA = { zipcode: '01310100', street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', country: 'BR' };

describe('GET address?cep=', () => {
  describe('backed by the sandbox\'s CEP table', () => {
    let relay: RelayUnderTest;
    before(async () => {
      relay = await startRelay((running) => ({ addressLookup: sandboxAddressLookup(running.baseUrl) }));
    });
    after(() => relay.close());

    it('answers the CEP\'s address in the charge\'s address names, cacheable, with or without the hyphen', async () => {
      for (const cep of ['01310100', '01310-100', ' 01310-100 ']) {
        const response = await relay.call('GET', `/address?cep=${encodeURIComponent(cep)}`);
        assert.equal(response.status, 200, cep);
        assert.equal(response.headers.get('cache-control'), 'public, max-age=86400');
        assert.deepEqual(await response.json(), PAULISTA);
      }
    });

    it('answers a whole-town CEP with an empty street and district', async () => {
      const response = await relay.call('GET', '/address?cep=78175-000');
      assert.deepEqual(await response.json(), { zipcode: '78175000', street: '', neighborhood: '', city: 'Poconé', state: 'MT', country: 'BR' });
    });

    it('answers 404 address_not_found, cacheable for an hour, for a CEP that does not exist', async () => {
      const response = await relay.call('GET', '/address?cep=12345-678');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
      const error = await refusal(response, 404);
      assert.equal(error.type, 'address_not_found');
    });

    it('refuses a CEP that is not 8 digits with 400 naming the cep field', async () => {
      for (const cep of ['', '1234567', '123456789', '01310--100', 'abcde-fgh', '0131O100']) {
        const error = await refusal(await relay.call('GET', `/address?cep=${encodeURIComponent(cep)}`), 400);
        assert.equal(error.type, 'invalid_request');
        assert.deepEqual(Object.keys(error.fields ?? {}), ['cep']);
      }
      await refusal(await relay.call('GET', '/address'), 400);
    });

    it('answers 502 upstream_unavailable when the CEP service fails, and tells onError', async () => {
      const before = relay.reported.length;
      const error = await refusal(await relay.call('GET', `/address?cep=${FAILING_CEP}`), 502);
      assert.equal(error.type, 'upstream_unavailable');
      assert.equal(relay.reported.length, before + 1);
    });

    it('is a widget route: CORS for an allowed origin, a preflight allowing GET, 405 for a POST', async () => {
      const response = await relay.call('GET', '/address?cep=01310100', { headers: { Origin: 'https://shop.example' } });
      assert.equal(response.headers.get('access-control-allow-origin'), 'https://shop.example');
      const preflight = await relay.call('OPTIONS', '/address', {
        headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, OPTIONS');
      const foreign = await relay.call('GET', '/address?cep=01310100', { headers: { Origin: 'https://evil.example' } });
      assert.equal(foreign.headers.get('access-control-allow-origin'), null);
      assert.equal((await refusal(await relay.call('POST', '/address?cep=01310100', { body: {} }), 405)).type, 'method_not_allowed');
    });
  });

  describe('with a lookup of the merchant\'s', () => {
    let relay: RelayUnderTest;
    let answer: Awaited<ReturnType<AddressLookup>> | Error | 'hang' = undefined;
    const asked: string[] = [];
    let lastSignal: AbortSignal | undefined;
    const lookup: AddressLookup = async (cep, { signal }) => {
      asked.push(cep);
      lastSignal = signal;
      if (answer === 'hang') return new Promise(() => undefined);
      if (answer instanceof Error) throw answer;
      return answer;
    };
    before(async () => {
      relay = await startRelay({ addressLookup: lookup });
    });
    after(() => relay.close());

    it('asks the lookup for the 8 digits and never for a malformed CEP', async () => {
      asked.length = 0;
      answer = { street: ' Rua Chile ', neighborhood: 'Centro', city: 'Salvador', state: 'BA' };
      const response = await relay.call('GET', '/address?cep=40020-000', { remoteAddress: '198.51.100.1' });
      assert.deepEqual(await response.json(), { zipcode: '40020000', street: 'Rua Chile', neighborhood: 'Centro', city: 'Salvador', state: 'BA', country: 'BR' });
      await refusal(await relay.call('GET', '/address?cep=4002000', { remoteAddress: '198.51.100.1' }), 400);
      assert.deepEqual(asked, ['40020000']);
    });

    it('answers 502 for a lookup that throws or answers something that is not an address', async () => {
      const bad: unknown[] = [
        new Error('service down'),
        { street: 'Rua Chile', neighborhood: 'Centro', city: 'Salvador', state: 'Bahia' },
        { street: 'Rua Chile', neighborhood: 'Centro', city: '', state: 'BA' },
        { street: 42, neighborhood: 'Centro', city: 'Salvador', state: 'BA' },
        'Rua Chile',
      ];
      for (const given of bad) {
        answer = given as typeof answer;
        const error = await refusal(await relay.call('GET', '/address?cep=40020000', { remoteAddress: '198.51.100.2' }), 502);
        assert.equal(error.type, 'upstream_unavailable');
      }
    });

    it(`gives up on a lookup after ${ADDRESS_LOOKUP_TIMEOUT_MS} ms with 503 and aborts its signal`, async () => {
      answer = 'hang';
      const started = Date.now();
      const response = await relay.call('GET', '/address?cep=40020000', { remoteAddress: '198.51.100.3' });
      const error = await refusal(response, 503);
      assert.equal(error.type, 'upstream_unavailable');
      assert.equal(response.headers.get('retry-after'), '1');
      assert.ok(Date.now() - started >= ADDRESS_LOOKUP_TIMEOUT_MS - 50);
      assert.equal(lastSignal?.aborted, true);
    });

    it(`lets one buyer address make ${ADDRESS_LOOKUPS_PER_IP_PER_MINUTE} lookups a minute, then answers 429 with the wait`, async () => {
      answer = undefined;
      for (let index = 0; index < ADDRESS_LOOKUPS_PER_IP_PER_MINUTE; index += 1) {
        await refusal(await relay.call('GET', '/address?cep=11111111', { remoteAddress: '198.51.100.4' }), 404);
      }
      const limited = await refusal(await relay.call('GET', '/address?cep=11111111', { remoteAddress: '198.51.100.4' }), 429);
      assert.equal(limited.type, 'rate_limited');
      assert.ok(limited.retryAfter !== undefined && limited.retryAfter >= 1 && limited.retryAfter <= 60);
      await refusal(await relay.call('GET', '/address?cep=11111111', { remoteAddress: '198.51.100.5' }), 404);
    });
  });

  it('is not mounted without addressLookup', async () => {
    const relay = await startRelay();
    try {
      assert.equal((await refusal(await relay.call('GET', '/address?cep=01310100'), 404)).type, 'not_found');
    } finally {
      await relay.close();
    }
  });

  it('refuses an addressLookup that is not a function when the relay is created', () => {
    const options = { apiBaseUrl: 'http://127.0.0.1:1', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, publicClientId: PUBLIC_CLIENT_ID, offers: SOLD_OFFERS };
    assert.throws(() => createRelay({ ...options, addressLookup: 'https://viacep.com.br' as unknown as AddressLookup }), /addressLookup must be a function/);
  });
});
