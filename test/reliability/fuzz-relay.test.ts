/**
 * Fuzzing the relay's two POST routes with fast-check (the reliability and security
 * suites): `POST charges` and `POST webhooks` get random, malformed and taken-apart bodies,
 * random headers and query strings. Whatever comes in, the relay never answers 5xx (the
 * sandbox behind it stays up, so not even `502 upstream_unavailable`), every refusal has the
 * documented shape (docs/relay.md, "Errors"), card data is refused and never echoed, a
 * webhook without the right secret is refused and changes nothing, and one with the right
 * secret applies a final status only when the API shows it.
 *
 * The relay runs in-process in front of an in-process sandbox, with the sandbox's limits,
 * the relay's per-IP limit and the client's pacing off, so each case takes well under a
 * millisecond or two and 10,000 cases per route fit in a bounded run.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { FIXED_WEBHOOK_EVENTS } from '../../src/contract/webhooks.js';
import { CHARGE_STATUSES, isWaitingChargeStatus } from '../../src/contract/orders.js';
import { TEST_CARDS } from '../../src/sandbox/card/card-outcomes.js';
import { UnconfirmedWebhookError, WebhookRefusedError, type RelayWebhookEvent } from '../../src/relay/index.js';
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
  type FuzzBody,
} from './charge-fuzz-inputs.js';
import { assertRelayErrorShape, createPixOrders, FUZZ_CUSTOMER, SANDBOX_ORIGIN, SHOP_ORIGIN, startInProcessStack, WEBHOOK_SECRET, type InProcessStack } from './checkout-stack.js';

const RUNS_PER_ROUTE = 10_000;
const CHARGE_BODY_LIMIT = 16 * 1024;
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Paths whose digits the relay does not judge (docs/relay.md, "Card data"). */
const DIGIT_FIELDS = new Set(['customer.phone', 'customer.docNumber']);

/** True when `Content-Type` names JSON, the only media type the relay reads (docs/relay.md, "Body limits"). */
function namesJson(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function byteLength(body: FuzzBody): number {
  if (body.payload === undefined) return 0;
  return body.payload instanceof Uint8Array ? body.payload.byteLength : Buffer.byteLength(body.payload);
}

/** True when the relay reads this body at all: JSON media type, within the limit declared and counted. */
function isReadable(headers: Record<string, string>, body: FuzzBody, limit: number): boolean {
  const declared = headers['Content-Length'];
  if (declared !== undefined && /^\d+$/.test(declared.trim()) && Number(declared) > limit) return false;
  return namesJson(headers['Content-Type']) && byteLength(body) <= limit;
}

/** Runs a property with the fixed seed, `examples` first; a failure message says how to replay it. */
async function assertProperty<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<Ts>, runs: number, examples: Ts[] = []): Promise<void> {
  try {
    await fc.assert(property, { numRuns: runs, seed: FUZZ_SEED, endOnFailure: true, includeErrorInReport: true, examples });
  } catch (error) {
    console.log(`fuzz seed ${FUZZ_SEED}: replay with FUZZ_SEED=${FUZZ_SEED}`);
    throw error;
  }
}

const customer = FUZZ_CUSTOMER;

describe('fuzz: relay POST charges and POST webhooks', () => {
  let stack: InProcessStack;
  const events: RelayWebhookEvent[] = [];
  const cardTokens: string[] = [];
  const knownOrders: string[] = [];

  before(async () => {
    stack = startInProcessStack({ onEvent: (event) => void events.push(event) });
    const { world, clock } = stack.sandbox;
    // Real tokens, so some fuzzed card charges are valid and make orders (each token once).
    for (let index = 0; index < 300; index += 1) {
      const token = `tok_fuzz_${randomUUID().replace(/-/g, '')}`;
      world.cardTokens.set(token, {
        token,
        accountId: 'acc_main',
        number: index % 3 === 0 ? TEST_CARDS.declined : TEST_CARDS.approved,
        holderName: 'ANA SOUZA',
        expMonth: '12',
        expYear: '2034',
        brand: 'visa',
        issuedAt: clock.now(),
        usedAt: undefined,
      });
      cardTokens.push(token);
    }
    knownOrders.push(...(await createPixOrders(stack, 3)));
    // One order paid at the API, so some fuzzed deliveries are confirmed and applied.
    const paid = await stack.sandbox.fetch(new Request(`${SANDBOX_ORIGIN}/__sandbox/orders/${knownOrders[0]}/pay`, { method: 'POST' }));
    assert.equal(paid.status, 200, await paid.clone().text());
  });

  after(() => stack.sandbox.close());

  it(`POST charges: ${RUNS_PER_ROUTE} random requests, never a 5xx, always the documented error shape`, async () => {
    const validCharge = fc.oneof(
      fc.record({
        paymentMethod: fc.constant('pix'),
        customer: fc.constant(customer),
        items: fc.constantFrom([{ offerId: '77BcHrY' }], [{ offerId: 'FOTOprm' }], [{ offerId: 'BOLEplan' }], [{ offerId: 'ENGLusd' }]),
        metadata: fc.record({ utm_source: fc.string({ maxLength: 10 }), utm_content: fc.uuid() }, { requiredKeys: [] }),
        pixExpiresIn: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
      }, { requiredKeys: ['paymentMethod', 'customer', 'items'] }),
      fc.record({
        paymentMethod: fc.constant('boleto'),
        customer: fc.constant(customer),
        items: fc.constant([{ offerId: 'BOLEplan' }]),
        coupon: fc.constantFrom('DESCONTO10', 'desconto10', 'NOPE'),
        address: fc.constant({ country: 'BR', state: 'SP', city: 'São Paulo', street: 'Rua A', neighborhood: 'Centro', number: '100', zipcode: '01001000' }),
      }, { requiredKeys: ['paymentMethod', 'customer', 'items'] }),
      fc.record({
        paymentMethod: fc.constant('credit_card'),
        customer: fc.constant(customer),
        items: fc.constant([{ offerId: '77BcHrY' }]),
        card: fc.oneof(fc.constantFrom(...cardTokens), fc.string({ maxLength: 20 })).map((token) => ({ token })),
        installments: fc.integer({ min: 0, max: 13 }),
        antifraud_profiling_attempt_reference: fc.uuid(),
      }, { requiredKeys: ['paymentMethod', 'customer', 'items', 'card', 'antifraud_profiling_attempt_reference'] }),
    );
    const request = fc.record({
      body: chargeBodyArbitrary(validCharge),
      contentType: contentTypeArbitrary,
      idempotencyKey: idempotencyKeyArbitrary,
      origin: fc.option(fc.oneof(fc.constantFrom(SHOP_ORIGIN, 'https://evil.example', 'null'), headerValue(30)), { nil: undefined }),
      query: queryArbitrary,
      extra: extraHeadersArbitrary,
      path: fc.constantFrom('/charges', '/charges/'),
    });
    type RequestCase = typeof request extends fc.Arbitrary<infer Case> ? Case : never;
    const seen = new Map<number, number>();
    let cardRefusals = 0;
    await assertProperty(
      fc.asyncProperty(request, async ({ body, contentType, idempotencyKey, origin, query, extra, path }) => {
        const headers = definedHeaders({ ...extra, 'Content-Type': contentType, 'Idempotency-Key': idempotencyKey, Origin: origin });
        const context = describeRequest(headers, query, body);
        const response = await stack.call(`${path}${query}`, { method: 'POST', headers, body: bodyInit(body) });
        const text = await response.text();
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        assert.ok(response.status < 500, `HTTP ${response.status} ${text}\n${context}`);
        if (response.status >= 400) {
          const error = assertRelayErrorShape(text, context);
          if (error.retryAfter !== undefined) assert.equal(response.headers.get('Retry-After'), String(error.retryAfter), context);
        } else {
          assert.equal(response.status, 201, context);
          const order = JSON.parse(text) as Record<string, unknown>;
          assert.equal(typeof order['id'], 'string', context);
          for (const hidden of ['customer', 'fees', 'externalId', 'card']) assert.equal(hidden in order, false, `order shows ${hidden}\n${context}`);
        }
        if (body.card) {
          const written = String(body.card.value);
          assert.equal(text.includes(written) || text.includes(written.replace(/[ -]/g, '')), false, `the answer echoes the card number\n${context}\n${text}`);
          if (isReadable(headers, body, CHARGE_BODY_LIMIT) && !DIGIT_FIELDS.has(body.card.path)) {
            const error = assertRelayErrorShape(text, context);
            assert.equal(error.type, 'card_data_refused', `${text}\n${context}`);
            cardRefusals += 1;
            const refusedPaths = Object.keys(error.fields ?? {});
            const cardPath = body.card.path;
            assert.ok(
              refusedPaths.some((refused) => cardPath === refused || cardPath.startsWith(`${refused}.`) || refused === ''),
              `the refusal does not name ${cardPath}: ${refusedPaths.join(', ')}\n${context}`,
            );
          }
        }
      }),
      RUNS_PER_ROUTE,
      prototypeKeyBodies({ paymentMethod: 'pix', customer, items: [{ offerId: '77BcHrY' }] }).map((body, index): [RequestCase] => [
        { body, contentType: 'application/json', idempotencyKey: `prototype-key-${index}`, origin: undefined, query: '', extra: {}, path: '/charges' },
      ]),
    );
    assert.deepEqual(stack.reported, [], 'the relay reported no server-side failure');
    assert.ok((seen.get(201) ?? 0) > 0, 'some fuzzed charges were valid and made orders');
    assert.ok(cardRefusals > 100, `card-like values were placed and refused ${cardRefusals} times`);
    assert.ok((seen.get(400) ?? 0) > 0 && (seen.get(415) ?? 0) > 0 && (seen.get(413) ?? 0) > 0, `the refusals covered: ${JSON.stringify([...seen])}`);
    const cases = answered(seen);
    assert.ok(cases >= RUNS_PER_ROUTE, `${cases} cases answered`);
    console.log(`fuzz relay POST charges: ${cases} cases, seed ${FUZZ_SEED}, statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}, card data refused ${cardRefusals}`);
  });

  it(`POST webhooks: ${RUNS_PER_ROUTE} random deliveries, 401 unless the secret matches, a final status only as the API shows it, never a 5xx`, async () => {
    const secret = fc.oneof(
      { weight: 5, arbitrary: fc.constant(WEBHOOK_SECRET) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          `${WEBHOOK_SECRET}x`,
          WEBHOOK_SECRET.slice(0, -1),
          WEBHOOK_SECRET.toUpperCase(),
          ` ${WEBHOOK_SECRET}`,
          `${WEBHOOK_SECRET} `,
          WEBHOOK_SECRET.replace('5', '6'),
          '',
        ),
      },
      { weight: 2, arbitrary: fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 })) },
    );
    const delivery = fc.record(
      {
        secret,
        event: fc.oneof(fc.constantFrom(...FIXED_WEBHOOK_EVENTS, 'openfinance_nubank_gerado'), fc.string({ maxLength: 20 })),
        data: fc.record(
          {
            id: fc.oneof(fc.constantFrom(...knownOrders), fc.string({ maxLength: 20 })),
            status: fc.oneof(fc.constantFrom(...CHARGE_STATUSES, 'refunded', 'chargeback'), fc.string({ maxLength: 12 })),
            amount: fc.constantFrom('97.00', '1', 'abc'),
          },
          { requiredKeys: ['id', 'status'] },
        ),
      },
      { requiredKeys: ['secret'] },
    );
    const request = fc.record({
      body: chargeBodyArbitrary(delivery),
      contentType: contentTypeArbitrary,
      query: queryArbitrary,
      extra: extraHeadersArbitrary,
    });
    const seen = new Map<number, number>();
    let unconfirmed = 0;
    await assertProperty(
      fc.asyncProperty(request, async ({ body, contentType, query, extra }) => {
        const headers = definedHeaders({ ...extra, 'Content-Type': contentType });
        const context = describeRequest(headers, query, body);
        const eventsBefore = events.length;
        const reportedBefore = stack.reported.length;
        const response = await stack.call(`/webhooks${query}`, { method: 'POST', headers, body: bodyInit(body) });
        const text = await response.text();
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        assert.ok(response.status < 500, `HTTP ${response.status} ${text}\n${context}`);
        assert.equal(response.headers.get('Access-Control-Allow-Origin'), null, 'webhooks answer no CORS');
        let parsed: unknown;
        let readable = isReadable(headers, body, WEBHOOK_BODY_LIMIT) && typeof body.payload === 'string';
        try {
          parsed = readable ? JSON.parse(body.payload as string) : undefined;
        } catch {
          readable = false;
        }
        const given = typeof parsed === 'object' && parsed !== null ? (parsed as { secret?: unknown }).secret : undefined;
        const authentic = readable && given === WEBHOOK_SECRET;
        if (readable && !authentic) assert.equal(response.status, 401, `a wrong secret got HTTP ${response.status}\n${context}`);
        if (response.status === 401) assert.equal(authentic, false, context);
        if (response.status >= 400) {
          assertRelayErrorShape(text, context);
          assert.equal(events.length, eventsBefore, `onEvent ran for a refused delivery\n${context}`);
        } else {
          assert.equal(response.status, 200, context);
          assert.ok(authentic, `a delivery without the secret was accepted\n${context}`);
          const answer = JSON.parse(text) as { received: boolean; duplicate?: boolean; confirmed?: boolean };
          assert.equal(answer.received, true, context);
          const { data } = parsed as { data: { id: string; status: string } };
          if (answer.confirmed === false) {
            unconfirmed += 1;
            assert.equal(events.length, eventsBefore, `onEvent ran for an unconfirmed delivery\n${context}`);
            const report = stack.reported.at(-1);
            assert.ok(stack.reported.length === reportedBefore + 1 && report instanceof UnconfirmedWebhookError, `reported ${String(report)}\n${context}`);
            assert.notEqual(report.apiStatus, data.status, context);
          } else {
            assert.equal(events.length, eventsBefore + (answer.duplicate ? 0 : 1), `onEvent calls\n${context}`);
            if (!isWaitingChargeStatus(data.status)) {
              assert.equal(stack.sandbox.world.orders.get(data.id)?.status, data.status, `a final status the API does not show was applied\n${context}`);
            }
          }
        }
        assert.equal(text.includes(WEBHOOK_SECRET), false, `the answer echoes the secret\n${context}`);
      }),
      RUNS_PER_ROUTE,
    );
    // Deliveries with a wrong secret are told once in the run (their 10 minutes).
    assert.equal(stack.reported.filter((error) => error instanceof WebhookRefusedError).length, 1);
    assert.equal(stack.reported.length, unconfirmed + 1, 'the relay reported no server-side failure, only the unconfirmed deliveries and one refusal');
    assert.ok(unconfirmed > 0 && events.some((event) => event.data.status === 'paid'), 'some final statuses were refused, and some confirmed');
    assert.ok((seen.get(200) ?? 0) > 0 && (seen.get(401) ?? 0) > 0 && (seen.get(400) ?? 0) > 0, `statuses covered: ${JSON.stringify([...seen])}`);
    for (const event of events) {
      assert.deepEqual(Object.keys(event).sort(), ['data', 'event']);
      assert.equal(JSON.stringify(event).includes(WEBHOOK_SECRET), false, 'onEvent never gets the secret');
    }
    const cases = answered(seen);
    assert.ok(cases >= RUNS_PER_ROUTE, `${cases} cases answered`);
    console.log(`fuzz relay POST webhooks: ${cases} cases, seed ${FUZZ_SEED}, statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}, onEvent ${events.length}, unconfirmed ${unconfirmed}`);
  });
});
