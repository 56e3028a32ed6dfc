import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ENDPOINT_SCOPES,
  SCOPES,
  TOKEN_ERROR_STATUS,
  TOKEN_REQUEST_CONTENT_TYPE,
  accessTokenResponseSchema,
  isAuthorized,
  parseScopes,
  permissionLevelFor,
  tokenRequestBody,
  tokenRequestSchema,
  type Endpoint,
} from '../../src/contract/auth.js';
import { TOKEN_ERROR_CODES, flattenFieldErrors, tokenErrorSchema, validate } from '../../src/contract/errors.js';
import { failingFields } from './field-errors.js';

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

const ACCESS_TOKEN = [
  base64url('{"alg":"HS256","typ":"JWT"}'),
  base64url('{"sub":"key_1","scope":"write payments","exp":1741000000}'),
  'Xq3_-9aZ0bN2lLw8yTf1cQe4rVh6uJk7mOp5sDg0iE',
].join('.');

const tokenResponse = {
  access_token: ACCESS_TOKEN,
  expires_in: 36000,
  token_type: 'Bearer',
  scope: 'read write payments orders',
};

describe('token request', () => {
  it('is a form of client_id and client_secret', () => {
    assert.equal(TOKEN_REQUEST_CONTENT_TYPE, 'application/x-www-form-urlencoded');
    assert.equal(validate(tokenRequestSchema, { client_id: 'ck_1', client_secret: 'cs_1' }).success, true);
    assert.deepEqual(failingFields(tokenRequestSchema, { client_id: 'ck_1' }), ['client_secret']);
    assert.deepEqual(failingFields(tokenRequestSchema, { client_id: '', client_secret: 'cs_1' }), ['client_id']);
  });

  it('has no scope field', () => {
    assert.deepEqual(failingFields(tokenRequestSchema, { client_id: 'ck_1', client_secret: 'cs_1', scope: 'read' }), ['scope']);
  });

  it('encodes the credentials as a form body', () => {
    const body = tokenRequestBody('ck 1', 'a+b/c=&d');
    assert.equal(body.toString(), 'client_id=ck+1&client_secret=a%2Bb%2Fc%3D%26d');
    assert.deepEqual(Object.fromEntries(body), { client_id: 'ck 1', client_secret: 'a+b/c=&d' });
  });
});

describe('accessTokenResponseSchema', () => {
  it('accepts the token response of the spec', () => {
    assert.equal(validate(accessTokenResponseSchema, tokenResponse).success, true);
  });

  it('needs a JWT-shaped access_token', () => {
    assert.deepEqual(failingFields(accessTokenResponseSchema, { ...tokenResponse, access_token: 'opaque-token' }), ['access_token']);
    assert.deepEqual(failingFields(accessTokenResponseSchema, { ...tokenResponse, access_token: 'a.b.' }), ['access_token']);
    assert.deepEqual(failingFields(accessTokenResponseSchema, { ...tokenResponse, access_token: 'a+b.c.d' }), ['access_token']);
  });

  it('needs a positive whole expires_in', () => {
    assert.deepEqual(failingFields(accessTokenResponseSchema, { ...tokenResponse, expires_in: 0 }), ['expires_in']);
    assert.deepEqual(failingFields(accessTokenResponseSchema, { ...tokenResponse, expires_in: 36000.5 }), ['expires_in']);
    assert.deepEqual(failingFields(accessTokenResponseSchema, { ...tokenResponse, expires_in: '36000' }), ['expires_in']);
  });

  it('needs token_type exactly Bearer', () => {
    assert.deepEqual(failingFields(accessTokenResponseSchema, { ...tokenResponse, token_type: 'bearer' }), ['token_type']);
  });

  it('needs known scopes, naming the unknown one', () => {
    const result = validate(accessTokenResponseSchema, { ...tokenResponse, scope: 'read refunds payments' });
    assert.equal(result.success, false);
    if (result.success) return;
    const flat = flattenFieldErrors(result.errors);
    assert.deepEqual(Object.keys(flat), ['scope']);
    assert.match(flat['scope']![0]!, /"refunds"/);
  });
});

describe('token errors', () => {
  it('gives each error code of the schema its status', () => {
    assert.deepEqual(Object.keys(TOKEN_ERROR_STATUS).sort(), [...TOKEN_ERROR_CODES].sort());
    assert.equal(TOKEN_ERROR_STATUS.invalid_client, 401);
    assert.equal(TOKEN_ERROR_STATUS.invalid_scope, 400);
    for (const code of Object.keys(TOKEN_ERROR_STATUS)) assert.equal(tokenErrorSchema.safeParse({ error: code }).success, true);
  });
});

describe('parseScopes', () => {
  it('reads space- and comma-separated lists', () => {
    assert.deepEqual(parseScopes('read write payments'), ['read', 'write', 'payments']);
    assert.deepEqual(parseScopes('read,orders, webhooks'), ['read', 'orders', 'webhooks']);
    assert.deepEqual(parseScopes('  '), []);
  });

  it('lists a repeated scope once', () => {
    assert.deepEqual(parseScopes('read read,orders'), ['read', 'orders']);
  });

  it('knows every scope of the spec', () => {
    assert.deepEqual(parseScopes(SCOPES.join(' ')), [
      'read', 'write', 'products', 'offers', 'orders', 'subscriptions', 'webhooks', 'card_tokens', 'payments',
    ]);
  });

  it('refuses an unknown scope, naming it', () => {
    assert.throws(() => parseScopes('read Payments'), /"Payments"/);
    assert.throws(() => parseScopes('read admin'), /"admin"/);
  });
});

describe('ENDPOINT_SCOPES', () => {
  const entries = Object.entries(ENDPOINT_SCOPES) as [Endpoint, (typeof ENDPOINT_SCOPES)[Endpoint]][];

  it('gives GET the read level and POST/PUT/DELETE the write level', () => {
    for (const [endpoint, requirement] of entries) {
      if (requirement === null || !('level' in requirement)) continue;
      const method = endpoint.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      assert.equal(requirement.level, permissionLevelFor(method), endpoint);
    }
    assert.equal(permissionLevelFor('DELETE'), 'write');
    assert.equal(permissionLevelFor('GET'), 'read');
  });

  it('holds the rows of the spec table', () => {
    assert.equal(ENDPOINT_SCOPES['POST /public_api/token/'], null);
    assert.deepEqual(ENDPOINT_SCOPES['POST /public_api/payments/'], { level: 'write', resource: 'payments' });
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/fees/'], { level: 'read', resource: 'payments' });
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/offers/'], { level: 'read', resource: 'offers' });
    assert.deepEqual(ENDPOINT_SCOPES['POST /public_api/products/{id}/duplicate/'], { level: 'write', resource: 'products' });
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/products/{product_pk}/checkouts/{id}/'], { level: 'read', resource: 'products' });
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/orders/analytics/'], { level: 'read', resource: 'orders' });
    assert.deepEqual(ENDPOINT_SCOPES['POST /public_api/orders/{id}/resend_access/'], { level: 'write', resource: 'orders' });
    assert.deepEqual(ENDPOINT_SCOPES['POST /public_api/webhook/event_test/{id}/'], { level: 'write', resource: 'webhooks' });
  });

  it('holds the endpoints of the supplement', () => {
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/orders/{id}/'], { level: 'read', resource: 'orders' });
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/products/'], { level: 'read', resource: 'products' });
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/products/{id}/'], { level: 'read', resource: 'products' });
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/installment-interest/'], { level: 'read', resource: 'payments' });
    assert.deepEqual(ENDPOINT_SCOPES['PUT /public_api/installment-interest/'], { level: 'write', resource: 'payments' });
    assert.deepEqual(ENDPOINT_SCOPES['POST /public_api/card-tokens/'], { resource: 'card_tokens' });
    assert.deepEqual(ENDPOINT_SCOPES['GET /public_api/orders/additional_interest/'], { level: 'read', resource: 'orders' });
  });

  it('uses only known scopes', () => {
    for (const [endpoint, requirement] of entries) {
      if (requirement === null) continue;
      assert.equal(SCOPES.includes(requirement.resource), true, endpoint);
    }
  });
});

describe('isAuthorized', () => {
  const createCharge = ENDPOINT_SCOPES['POST /public_api/payments/'];
  const readFees = ENDPOINT_SCOPES['GET /public_api/fees/'];

  it('needs the level and the resource together', () => {
    assert.equal(isAuthorized(['write', 'payments'], createCharge), true);
    assert.equal(isAuthorized(['read', 'write', 'payments', 'orders'], readFees), true);
    assert.equal(isAuthorized(['write', 'orders'], createCharge), false);
    assert.equal(isAuthorized(['payments'], createCharge), false);
    assert.equal(isAuthorized(['read', 'payments'], createCharge), false);
  });

  it('does not let write stand in for read', () => {
    assert.equal(isAuthorized(['write', 'payments'], readFees), false);
  });

  it('needs no scope for the token endpoint', () => {
    assert.equal(isAuthorized([], ENDPOINT_SCOPES['POST /public_api/token/']), true);
  });

  it('grants card tokenization on the card_tokens scope alone', () => {
    const tokenize = ENDPOINT_SCOPES['POST /public_api/card-tokens/'];
    assert.equal(isAuthorized(['card_tokens'], tokenize), true);
    assert.equal(isAuthorized(['read', 'write', 'payments'], tokenize), false);
  });

  it('works on a parsed token scope', () => {
    assert.equal(isAuthorized(parseScopes(tokenResponse.scope), ENDPOINT_SCOPES['GET /public_api/orders/{id}/']), true);
    assert.equal(isAuthorized(parseScopes(tokenResponse.scope), ENDPOINT_SCOPES['GET /public_api/offers/']), false);
  });
});
