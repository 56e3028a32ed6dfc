import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY, OTHER_ACCOUNT_KEY } from '../../../src/sandbox/world/fixture.js';
import { startSandbox, type RunningSandbox } from '../harness.js';
import { chargeHeaders, control, pixChargeBody, requestFrom, type RawResponse } from '../controls-requests.js';

/** A 429 of the Limits table: `Retry-After` in whole seconds within the window, and a `detail` naming the wait. */
function assertThrottled(response: RawResponse, windowSeconds: number): void {
  assert.equal(response.status, 429, response.body);
  const retryAfter = Number(response.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds, `Retry-After ${String(response.headers['retry-after'])}`);
  const { detail } = JSON.parse(response.body) as { detail: string };
  assert.match(detail, new RegExp(`${retryAfter} segundos`));
}

describe('sandbox: the Limits table', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(async () => {
    assert.equal((await control(running.baseUrl, 'POST', '/__sandbox/reset')).status, 200);
  });
  after(() => running.close());

  /** A new token of a key (each has its own `jti`, the subject of the per-token limit). */
  async function freshToken(key: { clientId: string; clientSecret: string } = DEFAULT_API_KEY): Promise<string> {
    const response = await requestFrom('127.0.0.99', `${running.baseUrl}/public_api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: key.clientId, client_secret: key.clientSecret }).toString(),
    });
    assert.equal(response.status, 200, response.body);
    return (JSON.parse(response.body) as { access_token: string }).access_token;
  }

  const chargeFrom = (ip: string, token: string) =>
    requestFrom(ip, `${running.baseUrl}/public_api/payments/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...chargeHeaders() },
      body: JSON.stringify(pixChargeBody()),
    });

  const tokenizeFrom = (ip: string, clientId: string) =>
    requestFrom(ip, `${running.baseUrl}/public_api/card-tokens/`, {
      method: 'POST',
      headers: { 'X-client-id': clientId, 'Content-Type': 'application/json' },
      body: JSON.stringify({ holderName: 'ANA SOUZA', number: '4111111111111111', expMonth: '12', expYear: '2035', cvv: '123' }),
    });

  const readFrom = (ip: string, token?: string) =>
    requestFrom(ip, `${running.baseUrl}/public_api/orders/ord_none/`, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

  async function repeat(times: number, send: (index: number) => Promise<RawResponse>, expectedStatus: number): Promise<void> {
    for (let index = 0; index < times; index += 1) {
      const response = await send(index);
      assert.equal(response.status, expectedStatus, `request ${index + 1}: ${response.body}`);
    }
  }

  it('charges: 60 per minute per origin IP', async () => {
    const token = await freshToken();
    await repeat(60, () => chargeFrom('127.0.0.2', token), 201);
    assertThrottled(await chargeFrom('127.0.0.2', token), 60);
    // Another address with the same token still charges: the count is per IP.
    assert.equal((await chargeFrom('127.0.0.3', token)).status, 201);
    await running.sandbox.clock.advance(60);
    assert.equal((await chargeFrom('127.0.0.2', token)).status, 201);
  });

  it('charges: 120 per minute per access token', async () => {
    const [first, second] = [await freshToken(), await freshToken()];
    // Spread over three addresses so the per-IP limit (60) is not what stops the token.
    await repeat(120, (index) => chargeFrom(`127.0.0.${10 + (index % 3)}`, first), 201);
    assertThrottled(await chargeFrom('127.0.0.13', first), 60);
    assert.equal((await chargeFrom('127.0.0.13', second)).status, 201);
  });

  it('card tokens: 20 per minute per authenticated user, whatever the address', async () => {
    running.sandbox.world.publicKeys.set('other-public', { clientId: 'other-public', scopes: ['card_tokens'], accountId: 'acc_other' });
    await repeat(20, (index) => tokenizeFrom(`127.0.0.${20 + (index % 4)}`, DEFAULT_PUBLIC_KEY.clientId), 201);
    assertThrottled(await tokenizeFrom('127.0.0.25', DEFAULT_PUBLIC_KEY.clientId), 60);
    assert.equal((await tokenizeFrom('127.0.0.25', 'other-public')).status, 201);
  });

  it('other authenticated endpoints: 5000 per hour per user (shown with a smaller override)', async () => {
    const table = (await (await control(running.baseUrl, 'GET', '/__sandbox/limits')).json()) as {
      limits: Record<string, { limit: number; windowSeconds: number; per: string }>;
    };
    assert.deepEqual(
      { limit: table.limits['authenticatedPerUser']!.limit, windowSeconds: table.limits['authenticatedPerUser']!.windowSeconds, per: table.limits['authenticatedPerUser']!.per },
      { limit: 5000, windowSeconds: 3600, per: 'user' },
    );
    assert.equal((await control(running.baseUrl, 'PUT', '/__sandbox/limits', { limits: { authenticatedPerUser: { limit: 3 } } })).status, 200);

    const token = await freshToken();
    await repeat(3, () => readFrom('127.0.0.40', token), 404);
    // Another token of the same account, from another address: the count is per user.
    const readOnly = await freshToken({ clientId: 'read-only-client', clientSecret: 'read-only-secret' });
    assertThrottled(await readFrom('127.0.0.41', readOnly), 3600);
    assert.equal((await readFrom('127.0.0.41', await freshToken(OTHER_ACCOUNT_KEY))).status, 404);
  });

  it('unauthenticated requests: 200 per hour per origin IP', async () => {
    await repeat(200, () => readFrom('127.0.0.50'), 401);
    assertThrottled(await readFrom('127.0.0.50'), 3600);
    const tokenRequest = await requestFrom('127.0.0.50', `${running.baseUrl}/public_api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'client_id=nobody&client_secret=x',
    });
    assertThrottled(tokenRequest, 3600);
    assert.equal((await readFrom('127.0.0.51')).status, 401);
    // The test controls are not the Public API: never counted, never throttled.
    assert.equal((await requestFrom('127.0.0.50', `${running.baseUrl}/__sandbox/limits`)).status, 200);
  });

  it('changing the limits starts the counters again, and disabled limits never throttle', async () => {
    await control(running.baseUrl, 'PUT', '/__sandbox/limits', { limits: { unauthenticatedPerIp: { limit: 2 } } });
    await repeat(2, () => readFrom('127.0.0.60'), 401);
    assert.equal((await readFrom('127.0.0.60')).status, 429);
    await control(running.baseUrl, 'PUT', '/__sandbox/limits', { limits: { unauthenticatedPerIp: { limit: 2 } } });
    assert.equal((await readFrom('127.0.0.60')).status, 401);
    await control(running.baseUrl, 'PUT', '/__sandbox/limits', { disabled: true });
    await repeat(5, () => readFrom('127.0.0.60'), 401);
  });

  it('a scaled window opens again after the scaled time', async () => {
    await control(running.baseUrl, 'PUT', '/__sandbox/limits', { limits: { unauthenticatedPerIp: { limit: 1 } }, scale: 0.01 });
    assert.equal((await readFrom('127.0.0.70')).status, 401);
    assertThrottled(await readFrom('127.0.0.70'), 36);
    await running.sandbox.clock.advance(36);
    assert.equal((await readFrom('127.0.0.70')).status, 401);
  });
});
