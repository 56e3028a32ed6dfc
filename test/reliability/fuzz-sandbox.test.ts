/**
 * Fuzzing the sandbox's charge endpoint with fast-check (the reliability and security
 * suites): `POST /public_api/payments/` with a valid bearer token (sometimes another or
 * none), random and taken-apart bodies, random `X-Idempotency-Key`, `Content-Type` and query
 * strings. The sandbox stands in for the API, so whatever comes in it must answer like the
 * API: never a 5xx (only injected faults may do that, and none is set), every refusal in one
 * of the spec's error forms (`errorBodySchema`: `{detail}`, `{error}` or field errors), every
 * success a charge response of the contract.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { chargeResponseSchema } from '../../src/contract/charge-response.js';
import { errorBodySchema } from '../../src/contract/errors.js';
import { TEST_CARDS } from '../../src/sandbox/card/card-outcomes.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import {
  answered,
  bodyInit,
  chargeBodyArbitrary,
  contentTypeArbitrary,
  definedHeaders,
  describeRequest,
  extraHeadersArbitrary,
  FUZZ_SEED,
  headerValue,
  idempotencyKeyArbitrary,
  prototypeKeyBodies,
  queryArbitrary,
} from './charge-fuzz-inputs.js';
import { SANDBOX_ORIGIN } from './checkout-stack.js';

const RUNS = 10_000;

async function accessToken(sandbox: Sandbox, clientId: string, clientSecret: string): Promise<string> {
  const response = await sandbox.fetch(
    new Request(`${SANDBOX_ORIGIN}/public_api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret }),
    }),
  );
  assert.equal(response.status, 200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const customer = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  phone: '5511987654321',
  fingerprint: 'device-7f3a',
  docType: 'cpf',
  docNumber: '52998224725',
  ip: '203.0.113.7',
};

describe('fuzz: sandbox POST /public_api/payments/', () => {
  let sandbox: Sandbox;
  let token: string;
  let readOnlyToken: string;
  const cardTokens: string[] = [];

  before(async () => {
    sandbox = createSandbox();
    sandbox.world.limits.disabled = true;
    token = await accessToken(sandbox, 'sandbox-client', 'sandbox-secret');
    readOnlyToken = await accessToken(sandbox, 'read-only-client', 'read-only-secret');
    for (let index = 0; index < 300; index += 1) {
      const cardToken = `tok_fuzz_${randomUUID().replace(/-/g, '')}`;
      sandbox.world.cardTokens.set(cardToken, {
        token: cardToken,
        accountId: 'acc_main',
        number: [TEST_CARDS.approved, TEST_CARDS.declined, TEST_CARDS.refused][index % 3]!,
        holderName: 'ANA SOUZA',
        expMonth: '12',
        expYear: '2034',
        brand: 'visa',
        issuedAt: sandbox.clock.now(),
        usedAt: undefined,
      });
      cardTokens.push(cardToken);
    }
  });

  after(() => sandbox.close());

  it(`${RUNS} random requests: never a 5xx, every refusal in the spec's error forms`, async () => {
    const validCharge = fc.oneof(
      fc.record(
        {
          paymentMethod: fc.constantFrom('pix', 'pix_auto'),
          customer: fc.constant(customer),
          items: fc.constantFrom([{ offerId: '77BcHrY' }], [{ offerId: 'BOLEplan' }], [{ offerId: 'CLUBmes' }], [{ offerId: 'FOTOold' }], [{ offerId: 'OUTRofr' }]),
          metadata: fc.record({ utm_source: fc.string({ maxLength: 10 }), utm_content: fc.uuid() }, { requiredKeys: [] }),
          pixExpiresIn: fc.integer({ min: -10, max: 100_000 }),
          affiliateShortId: fc.constantFrom('AFI001', 'AFI002', 'AFI003', 'NOPE'),
        },
        { requiredKeys: ['paymentMethod', 'customer', 'items'] },
      ),
      fc.record(
        {
          paymentMethod: fc.constant('boleto'),
          customer: fc.constant(customer),
          items: fc.constant([{ offerId: 'BOLEplan' }]),
          coupon: fc.constantFrom('DESCONTO10', 'NOPE'),
          dueDate: fc.constantFrom('2020-01-01', '2099-01-01', '2026-02-30', 'amanhã'),
        },
        { requiredKeys: ['paymentMethod', 'customer', 'items'] },
      ),
      fc.record(
        {
          paymentMethod: fc.constantFrom('credit_card', 'threeDs'),
          customer: fc.constant(customer),
          items: fc.constantFrom([{ offerId: '77BcHrY' }], [{ offerId: 'ENGLusd' }], [{ offerId: 'EUROwrk' }]),
          card: fc.oneof(fc.constantFrom(...cardTokens), fc.string({ maxLength: 20 })).map((cardToken) => ({ token: cardToken })),
          installments: fc.integer({ min: 0, max: 13 }),
          antifraud_profiling_attempt_reference: fc.uuid(),
          threeDSecure: fc.record({ eci: fc.constantFrom('05', '06', '07', '5'), cavv: fc.string({ maxLength: 8 }) }, { requiredKeys: [] }),
        },
        { requiredKeys: ['paymentMethod', 'customer', 'items', 'card', 'antifraud_profiling_attempt_reference'] },
      ),
    );
    const request = fc.record({
      body: chargeBodyArbitrary(validCharge),
      contentType: contentTypeArbitrary,
      idempotencyKey: idempotencyKeyArbitrary,
      authorization: fc.oneof(
        { weight: 12, arbitrary: fc.constant('valid') },
        { weight: 1, arbitrary: fc.constant('read-only') },
        { weight: 1, arbitrary: fc.option(headerValue(60), { nil: undefined }) },
      ),
      query: queryArbitrary,
      extra: extraHeadersArbitrary,
    });
    type RequestCase = typeof request extends fc.Arbitrary<infer Case> ? Case : never;
    const seen = new Map<number, number>();
    try {
      await fc.assert(
        fc.asyncProperty(request, async ({ body, contentType, idempotencyKey, authorization, query, extra }) => {
          const bearer = authorization === 'valid' ? `Bearer ${token}` : authorization === 'read-only' ? `Bearer ${readOnlyToken}` : authorization;
          const headers = definedHeaders({ ...extra, 'Content-Type': contentType, 'X-Idempotency-Key': idempotencyKey, Authorization: bearer });
          const context = describeRequest(headers, query, body);
          const response = await sandbox.fetch(new Request(`${SANDBOX_ORIGIN}/public_api/payments/${query}`, { method: 'POST', headers, body: bodyInit(body) }));
          const text = await response.text();
          seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
          assert.ok(response.status < 500, `HTTP ${response.status} ${text}\n${context}`);
          assert.match(response.headers.get('Content-Type') ?? '', /^application\/json/, context);
          const answer = JSON.parse(text) as unknown;
          if (response.status >= 400) {
            const parsed = errorBodySchema.safeParse(answer);
            assert.ok(parsed.success, `HTTP ${response.status} with a body in none of the spec's error forms: ${text.slice(0, 300)}\n${context}`);
          } else {
            assert.equal(response.status, 201, context);
            const parsed = chargeResponseSchema.safeParse(answer);
            assert.ok(parsed.success, `a charge response outside the contract: ${text.slice(0, 300)}\n${context}`);
          }
        }),
        {
          numRuns: RUNS,
          seed: FUZZ_SEED,
          endOnFailure: true,
          includeErrorInReport: true,
          examples: prototypeKeyBodies({ paymentMethod: 'pix', customer, items: [{ offerId: '77BcHrY' }] }).map((body, index): [RequestCase] => [
            { body, contentType: 'application/json', idempotencyKey: `prototype-key-${index}`, authorization: 'valid', query: '', extra: {} },
          ]),
        },
      );
    } catch (error) {
      console.log(`fuzz seed ${FUZZ_SEED}: replay with FUZZ_SEED=${FUZZ_SEED}`);
      throw error;
    }
    assert.ok((seen.get(201) ?? 0) > 0, 'some fuzzed charges were valid and made orders');
    for (const status of [400, 401, 403, 409, 413, 415]) assert.ok((seen.get(status) ?? 0) > 0, `no case got HTTP ${status}: ${JSON.stringify([...seen])}`);
    const cases = answered(seen);
    assert.ok(cases >= RUNS, `${cases} cases answered`);
    console.log(`fuzz sandbox POST /public_api/payments/: ${cases} cases, seed ${FUZZ_SEED}, statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
  });
});
