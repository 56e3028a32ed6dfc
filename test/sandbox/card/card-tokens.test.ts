import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CARD_TOKEN_CLIENT_ID_HEADER, cardTokenResponseSchema } from '../../../src/contract/card-tokens.js';
import { flattenFieldErrors, isFieldErrorTree } from '../../../src/contract/errors.js';
import { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY } from '../../../src/sandbox/world/fixture.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

const VISA = '4111111111111111';
const AMEX = '378282246310005';

function validCard(overrides: Record<string, string> = {}): Record<string, string> {
  return { holderName: 'Maria Silva', number: VISA, expMonth: '12', expYear: '2099', cvv: '123', ...overrides };
}

describe('sandbox: POST /public_api/card-tokens/', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  const tokenize = (body: unknown, headers: Record<string, string> = { [CARD_TOKEN_CLIENT_ID_HEADER]: DEFAULT_PUBLIC_KEY.clientId }) =>
    fetch(`${running.baseUrl}/public_api/card-tokens/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  async function fieldsInError(response: Response): Promise<string[]> {
    assert.equal(response.status, 400);
    const body: unknown = await response.json();
    assert.ok(isFieldErrorTree(body), JSON.stringify(body));
    return Object.keys(flattenFieldErrors(body));
  }

  it('issues a tok_ token (201) and keeps the card in sandbox memory for the account of the public key', async () => {
    const response = await tokenize(validCard({ holderName: ' Maria Silva ' }));
    assert.equal(response.status, 201);
    const raw = (await response.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(raw), ['token']);
    const token = cardTokenResponseSchema.parse(raw).token!;
    assert.match(token, /^tok_[0-9a-f]{32}$/);
    const record = running.sandbox.world.cardTokens.get(token);
    assert.ok(record);
    assert.equal(record.accountId, 'acc_main');
    assert.equal(record.number, VISA);
    assert.equal(record.brand, 'visa');
    assert.equal(record.holderName, 'Maria Silva');
    assert.equal(record.usedAt, undefined);
    assert.ok(Math.abs(record.issuedAt - running.sandbox.clock.now()) < 5000);
  });

  it('issues a different token for each request', async () => {
    const first = cardTokenResponseSchema.parse(await (await tokenize(validCard())).json()).token;
    const second = cardTokenResponseSchema.parse(await (await tokenize(validCard())).json()).token;
    assert.notEqual(first, second);
  });

  it('stores the brand the contract detects (Elo, Hipercard, Mastercard)', async () => {
    const cases = [
      ['6362970000457013', 'elo'],
      ['6062825624254001', 'hipercard'],
      ['5555555555554444', 'mastercard'],
    ] as const;
    for (const [number, brand] of cases) {
      const { token } = cardTokenResponseSchema.parse(await (await tokenize(validCard({ number }))).json());
      assert.equal(running.sandbox.world.cardTokens.get(token!)?.brand, brand);
    }
  });

  it('refuses a number that fails the Luhn check, naming number', async () => {
    assert.deepEqual(await fieldsInError(await tokenize(validCard({ number: '4111111111111112' }))), ['number']);
  });

  it('refuses a number with other characters than digits, naming number', async () => {
    assert.deepEqual(await fieldsInError(await tokenize(validCard({ number: '4111 1111 1111 1111' }))), ['number']);
  });

  it('refuses a blank holder name, naming holderName', async () => {
    assert.deepEqual(await fieldsInError(await tokenize(validCard({ holderName: '   ' }))), ['holderName']);
  });

  it('refuses a CVV of the wrong length for the brand (3 on Visa, 4 on Amex), naming cvv', async () => {
    assert.deepEqual(await fieldsInError(await tokenize(validCard({ cvv: '1234' }))), ['cvv']);
    assert.deepEqual(await fieldsInError(await tokenize(validCard({ number: AMEX, cvv: '123' }))), ['cvv']);
    assert.equal((await tokenize(validCard({ number: AMEX, cvv: '1234' }))).status, 201);
  });

  it('refuses a month outside 01..12, naming expMonth', async () => {
    assert.deepEqual(await fieldsInError(await tokenize(validCard({ expMonth: '13' }))), ['expMonth']);
  });

  it('refuses a card whose year has passed, naming expYear', async () => {
    assert.deepEqual(await fieldsInError(await tokenize(validCard({ expYear: '2020' }))), ['expYear']);
  });

  it('refuses unknown fields, naming them', async () => {
    assert.deepEqual(await fieldsInError(await tokenize({ ...validCard(), brand: 'visa' })), ['brand']);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const response = await fetch(`${running.baseUrl}/public_api/card-tokens/`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', [CARD_TOKEN_CLIENT_ID_HEADER]: DEFAULT_PUBLIC_KEY.clientId },
      body: 'number=4111111111111111',
    });
    assert.equal(response.status, 415);
  });

  it('answers 401 with a detail when X-client-id is missing, unknown, or the id of a secret key', async () => {
    const cases: Record<string, string>[] = [
      {},
      { [CARD_TOKEN_CLIENT_ID_HEADER]: 'nobody' },
      { [CARD_TOKEN_CLIENT_ID_HEADER]: DEFAULT_API_KEY.clientId },
    ];
    for (const headers of cases) {
      const response = await tokenize(validCard(), headers);
      assert.equal(response.status, 401, JSON.stringify(headers));
      const body = (await response.json()) as { detail?: unknown };
      assert.equal(typeof body.detail, 'string');
    }
    assert.equal(running.sandbox.world.cardTokens.size, 0);
  });

  it('answers 401 to a bearer token: tokenization takes the public client id only', async () => {
    const response = await running.api('POST', '/public_api/card-tokens/', { body: validCard() });
    assert.equal(response.status, 401);
  });

  it('answers 403 to a public key without the card_tokens scope', async () => {
    running.sandbox.world.publicKeys.set('public-no-scope', { clientId: 'public-no-scope', scopes: ['read'], accountId: 'acc_main' });
    const response = await tokenize(validCard(), { [CARD_TOKEN_CLIENT_ID_HEADER]: 'public-no-scope' });
    assert.equal(response.status, 403);
  });

  it('answers a CORS preflight with 204 and the allowed origin, method and X-client-id header', async () => {
    const response = await fetch(`${running.baseUrl}/public_api/card-tokens/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://loja.exemplo.com.br',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, x-client-id',
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
    assert.match(response.headers.get('Access-Control-Allow-Methods') ?? '', /\bPOST\b/);
    assert.match(response.headers.get('Access-Control-Allow-Headers') ?? '', /x-client-id/i);
  });

  it('carries Access-Control-Allow-Origin on its answers, errors included', async () => {
    const issued = await tokenize(validCard(), { [CARD_TOKEN_CLIENT_ID_HEADER]: DEFAULT_PUBLIC_KEY.clientId, Origin: 'https://loja.exemplo.com.br' });
    assert.equal(issued.status, 201);
    assert.equal(issued.headers.get('Access-Control-Allow-Origin'), '*');
    const refused = await tokenize(validCard({ number: '1' }), { [CARD_TOKEN_CLIENT_ID_HEADER]: DEFAULT_PUBLIC_KEY.clientId, Origin: 'https://loja.exemplo.com.br' });
    assert.equal(refused.status, 400);
    assert.equal(refused.headers.get('Access-Control-Allow-Origin'), '*');
  });

  it('allows 20 tokenizations a minute per account and answers the 21st with 429 and Retry-After', async () => {
    for (let index = 1; index <= 20; index += 1) {
      assert.equal((await tokenize(validCard())).status, 201, `request ${index}`);
    }
    const throttled = await tokenize(validCard());
    assert.equal(throttled.status, 429);
    const retryAfter = Number(throttled.headers.get('Retry-After'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    assert.equal(typeof ((await throttled.json()) as { detail?: unknown }).detail, 'string');
    // Exposed to the browser, which can otherwise not read the wait of a cross-origin 429.
    assert.match(throttled.headers.get('Access-Control-Expose-Headers') ?? '', /Retry-After/);
    assert.equal(running.sandbox.world.cardTokens.size, 20);
  });

  it('counts the limit per account, and opens again once the minute has passed', async () => {
    running.sandbox.world.limits.overrides.cardTokensPerUser = { limit: 2 };
    assert.equal((await tokenize(validCard())).status, 201);
    assert.equal((await tokenize(validCard())).status, 201);
    assert.equal((await tokenize(validCard())).status, 429);
    // Another account's public key has its own count.
    running.sandbox.world.publicKeys.set('public-other', { clientId: 'public-other', scopes: ['card_tokens'], accountId: 'acc_other' });
    assert.equal((await tokenize(validCard(), { [CARD_TOKEN_CLIENT_ID_HEADER]: 'public-other' })).status, 201);
    await running.sandbox.clock.advance(60);
    assert.equal((await tokenize(validCard())).status, 201);
  });

  it('never writes the card number to the console', async () => {
    const written: unknown[][] = [];
    const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const originals = methods.map((name) => console[name]);
    for (const name of methods) console[name] = (...args: unknown[]) => void written.push(args);
    try {
      assert.equal((await tokenize(validCard({ number: '6062825624254001' }))).status, 201);
      assert.equal((await tokenize(validCard({ number: '6062825624254002' }))).status, 400);
    } finally {
      methods.forEach((name, index) => {
        console[name] = originals[index]!;
      });
    }
    assert.ok(!JSON.stringify(written.map((args) => args.map(String))).includes('606282562425400'));
  });
});

describe('sandbox: card expiry follows the sandbox clock', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  it('accepts a card in its last month and refuses it, naming expMonth, once the clock passes that month', async () => {
    const today = new Date(running.sandbox.clock.now());
    const expMonth = String(today.getMonth() + 1).padStart(2, '0');
    const expYear = String(today.getFullYear());
    const tokenize = () =>
      fetch(`${running.baseUrl}/public_api/card-tokens/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [CARD_TOKEN_CLIENT_ID_HEADER]: DEFAULT_PUBLIC_KEY.clientId },
        body: JSON.stringify(validCard({ expMonth, expYear })),
      });
    assert.equal((await tokenize()).status, 201);

    const firstOfNextMonth = new Date(today.getFullYear(), today.getMonth() + 1, 1, 12);
    await running.sandbox.clock.advance(Math.ceil((firstOfNextMonth.getTime() - today.getTime()) / 1000));
    const response = await tokenize();
    assert.equal(response.status, 400);
    const body = (await response.json()) as Record<string, unknown>;
    // December rolls into a new year: then the year is at fault.
    assert.deepEqual(Object.keys(body), [expMonth === '12' ? 'expYear' : 'expMonth']);
  });
});
