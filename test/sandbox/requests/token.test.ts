import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { accessTokenResponseSchema } from '../../../src/contract/auth.js';
import { DEFAULT_API_KEY } from '../../../src/sandbox/world/fixture.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

describe('sandbox: POST /public_api/token/', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  const requestToken = (form: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    fetch(`${running.baseUrl}/public_api/token/`, { method: 'POST', headers: { 'Content-Type': contentType }, body: new URLSearchParams(form) });

  it('issues a JWT-shaped Bearer token valid 36000 s carrying the key\'s scopes', async () => {
    const response = await requestToken({ client_id: DEFAULT_API_KEY.clientId, client_secret: DEFAULT_API_KEY.clientSecret });
    assert.equal(response.status, 200);
    const body = accessTokenResponseSchema.parse(await response.json());
    assert.equal(body.expires_in, 36000);
    assert.equal(body.token_type, 'Bearer');
    assert.deepEqual(body.scope.split(' ').sort(), ['card_tokens', 'offers', 'orders', 'payments', 'products', 'read', 'subscriptions', 'webhooks', 'write']);
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1]!, 'base64url').toString('utf8')) as { scope: string; exp: number; iat: number };
    assert.equal(claims.scope, body.scope);
    assert.equal(claims.exp - claims.iat, 36000);
  });

  it('answers invalid_client 401 for a wrong secret or an unknown id', async () => {
    const forms: Record<string, string>[] = [{ client_id: DEFAULT_API_KEY.clientId, client_secret: 'wrong' }, { client_id: 'nobody', client_secret: 'x' }, {}];
    for (const form of forms) {
      const response = await requestToken(form);
      assert.equal(response.status, 401);
      assert.deepEqual(await response.json(), { error: 'invalid_client' });
    }
  });

  it('answers invalid_scope 400 when a scope beyond the key\'s is asked for', async () => {
    const response = await requestToken({ client_id: 'read-only-client', client_secret: 'read-only-secret', scope: 'write payments' });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: 'invalid_scope' });
  });

  it('refuses a JSON body: the endpoint takes a form', async () => {
    const response = await fetch(`${running.baseUrl}/public_api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: DEFAULT_API_KEY.clientId, client_secret: DEFAULT_API_KEY.clientSecret }),
    });
    assert.equal(response.status, 415);
    assert.equal(typeof ((await response.json()) as { detail: string }).detail, 'string');
  });

  it('answers an unknown path 404 with the service\'s detail', async () => {
    const response = await fetch(`${running.baseUrl}/public_api/nothing-here/`);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { detail: 'Não encontrado.' });
  });

  it('refuses a missing, forged or expired token with 401 and a detail, and honours it until then', async () => {
    const probe = (authorization?: string) =>
      fetch(`${running.baseUrl}/public_api/fees/`, { headers: authorization ? { Authorization: authorization } : {} });
    const missing = await probe();
    assert.equal(missing.status, 401);
    assert.equal(typeof ((await missing.json()) as { detail: unknown }).detail, 'string');

    const token = await running.token();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, scope: 'read write payments' })).toString('base64url')}.${signature}`;
    assert.equal((await probe(`Bearer ${forged}`)).status, 401);
    assert.equal((await probe('Bearer not-a-token')).status, 401);
    assert.equal((await probe(`Basic ${token}`)).status, 401);

    assert.equal((await probe(`Bearer ${token}`)).status, 200);
    // `exp` is in whole seconds from `iat`, the issue time rounded down, so the token lives up to a
    // second less than 36,000 s from the request: the clock goes to half a second before `exp`.
    const secondsLeft = (claims['exp'] as number) - running.sandbox.clock.now() / 1000;
    assert.ok(secondsLeft > 35_998 && secondsLeft <= 36_000, `the token expires ${secondsLeft} s from now`);
    await running.sandbox.clock.advance(secondsLeft - 0.5);
    assert.equal((await probe(`Bearer ${token}`)).status, 200);
    await running.sandbox.clock.advance(0.5);
    const expired = await probe(`Bearer ${token}`);
    assert.equal(expired.status, 401);
    assert.match(((await expired.json()) as { detail: string }).detail, /expirado/);
  });

  it('combines read/write with the resource scope: each endpoint needs both', async () => {
    running.sandbox.world.apiKeys.set('write-payments-client', {
      clientId: 'write-payments-client',
      clientSecret: 'write-payments-secret',
      scopes: ['write', 'payments'],
      accountId: 'acc_main',
    });
    const readOnly = await running.token({ clientId: 'read-only-client', clientSecret: 'read-only-secret' });
    const noPayments = await running.token({ clientId: 'no-payments-client', clientSecret: 'no-payments-secret' });
    const writeOnly = await running.token({ clientId: 'write-payments-client', clientSecret: 'write-payments-secret' });
    const charge = (token: string) => running.api('POST', '/public_api/payments/', { token, body: {}, headers: { 'X-Idempotency-Key': 'scope-check' } });
    const fees = (token: string) => running.api('GET', '/public_api/fees/', { token });

    assert.equal((await fees(readOnly)).status, 200, 'read + payments reads fees');
    assert.equal((await charge(readOnly)).status, 403, 'read + payments cannot charge');
    assert.equal((await fees(noPayments)).status, 403, 'read without payments cannot read fees');
    assert.equal((await charge(noPayments)).status, 403, 'write without payments cannot charge');
    assert.equal((await fees(writeOnly)).status, 403, 'write + payments does not read');
    const allowed = await charge(writeOnly);
    assert.equal(allowed.status, 400, 'write + payments reaches the charge (and its validation)');
    const forbidden = await fees(writeOnly);
    assert.equal(typeof ((await forbidden.json()) as { detail: unknown }).detail, 'string');
  });
});

