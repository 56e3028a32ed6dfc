import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pixChargeBody, postCharge, refusal, startRelay, type RelayUnderTest } from './relay-harness.js';

const SHOP = 'https://shop.example';
const ELSEWHERE = 'https://evil.example';

function preflight(relay: RelayUnderTest, path: string, origin: string, method = 'POST'): Promise<Response> {
  return relay.call('OPTIONS', path, {
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'content-type, idempotency-key' },
  });
}

describe('cross-origin rules', () => {
  let relay: RelayUnderTest;
  before(async () => {
    relay = await startRelay();
  });
  after(() => relay.close());

  it('answers the preflight of an allowed origin with that exact origin and the widget headers', async () => {
    const response = await preflight(relay, '/charges', SHOP);
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), SHOP);
    assert.equal(response.headers.get('Access-Control-Allow-Headers'), 'Content-Type, Idempotency-Key, Authorization');
    assert.equal(response.headers.get('Access-Control-Allow-Methods'), 'POST, OPTIONS');
    assert.equal(response.headers.get('Vary'), 'Origin');
  });

  it('refuses the preflight of any other origin without CORS headers', async () => {
    const response = await preflight(relay, '/charges', ELSEWHERE);
    assert.equal((await refusal(response, 403)).type, 'origin_not_allowed');
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
    assert.equal(response.headers.get('Access-Control-Allow-Headers'), null);
  });

  it('makes answers readable by the allowed origin only', async () => {
    const allowed = await relay.call('GET', '/config?offer=77BcHrY', { headers: { Origin: SHOP } });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('Access-Control-Allow-Origin'), SHOP);
    assert.equal(allowed.headers.get('Access-Control-Expose-Headers'), 'Retry-After, X-Request-Id');
    const other = await relay.call('GET', '/config?offer=77BcHrY', { headers: { Origin: ELSEWHERE } });
    assert.equal(other.headers.get('Access-Control-Allow-Origin'), null);
  });

  it('adds the headers to refusals too, so the widget can read the error', async () => {
    const response = await postCharge(relay, { ...pixChargeBody(), items: [{ offerId: 'ENGLusd' }] }, { headers: { Origin: SHOP } });
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), SHOP);
    assert.equal((await refusal(response, 403)).type, 'offer_not_allowed');
  });

  it('covers the order routes', async () => {
    const response = await preflight(relay, '/orders/ord_0000000000000000/events', SHOP, 'GET');
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('Access-Control-Allow-Methods'), 'GET, OPTIONS');
  });

  it('gives the webhooks route no CORS at all', async () => {
    const response = await preflight(relay, '/webhooks', SHOP);
    assert.equal((await refusal(response, 405)).type, 'method_not_allowed');
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
    const post = await relay.call('POST', '/webhooks', { body: { secret: 'wrong' }, headers: { Origin: SHOP } });
    assert.equal(post.status, 401);
    assert.equal(post.headers.get('Access-Control-Allow-Origin'), null);
  });

  it('answers 404 not_found for an unknown route', async () => {
    assert.equal((await refusal(await relay.call('GET', '/admin'), 404)).type, 'not_found');
  });

  it('lets the allowed origin read the 404 of a route it does not serve: a page whose relay attribute points at the wrong path reads why', async () => {
    // The page's relay="…/checkout" while the relay serves its routes at the root.
    const wrongPath = await relay.call('GET', '/checkout/config?offer=77BcHrY', { headers: { Origin: SHOP } });
    assert.equal(wrongPath.headers.get('Access-Control-Allow-Origin'), SHOP);
    assert.equal((await refusal(wrongPath, 404)).type, 'not_found');
    const other = await relay.call('GET', '/checkout/config?offer=77BcHrY', { headers: { Origin: ELSEWHERE } });
    assert.equal(other.headers.get('Access-Control-Allow-Origin'), null);
  });
});
