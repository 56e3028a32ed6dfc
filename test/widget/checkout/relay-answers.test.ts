import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { CHARGE_METHODS } from '../../../src/contract/payment-methods.js';
import { currencySchema } from '../../../src/contract/currencies.js';
import { DECIMAL_PATTERN } from '../../../src/contract/formats.js';
import { readCheckoutConfig, readCheckoutOrder, readRelayError } from '../../../src/widget/checkout/relay-answers.js';

// The widget reads the relay's answers by hand, to keep zod out of the buyer's page. These
// schemas state the forms the relay writes (src/relay: config-route.ts, order-book.ts,
// errors.ts); each reader must take exactly what its schema takes and keep what it keeps.

const decimal = z.string().check(z.regex(DECIMAL_PATTERN));
const settings = z.nullable(z.record(z.string(), z.unknown()));
const configSchema = z.object({
  offer: z.object({ id: z.string(), name: z.string(), price: decimal }),
  product: z.object({ name: z.string(), image: z.string(), currency: currencySchema, type: z.enum(['unique', 'subscription']) }),
  paymentMethods: z.array(z.string()),
  installments: z.array(
    z.object({
      installments: z.int(),
      installmentAmount: decimal,
      total: decimal,
      interest: decimal,
      interestPercentage: z.string(),
      interestFree: z.boolean(),
    }),
  ),
  tokenization: z.object({ url: z.string(), publicClientId: z.string() }),
  threeDSecure: settings,
  antifraud: settings,
});
const orderSchema = z.object({
  id: z.string().check(z.minLength(1)),
  refId: z.string(),
  status: z.string().check(z.minLength(1)),
  paymentMethod: z.string(),
  amount: z.string(),
  createdAt: z.string(),
  pix: z.optional(z.object({ qrCode: z.string(), expirationDate: z.string(), user_journey: z.nullable(z.string()) })),
  boleto: z.optional(z.object({ barcode: z.string(), pdfUrl: z.string(), dueDate: z.string() })),
});
const errorSchema = z.object({
  error: z.object({
    type: z.string(),
    message: z.optional(z.string()),
    fields: z.optional(z.record(z.string(), z.array(z.string()))),
    retryAfter: z.optional(z.number()),
  }),
});

const RUNS = { numRuns: 500 };

/** Values of every kind a field can wrongly hold. */
const oddValue = fc.oneof(
  fc.constantFrom(undefined, null, '', 0, 1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, true, [], {}, ['x'], 'x'),
  fc.string({ maxLength: 4 }),
);

/** Usually one of `good`, now and then anything. */
function mostly(good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 40, arbitrary: good }, { weight: 1, arbitrary: oddValue });
}

const pick = (...values: unknown[]) => mostly(fc.constantFrom(...values));

/** An object of `fields`, now and then missing some or carrying one the relay does not write. */
function objectOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const record = fc.oneof({ weight: 10, arbitrary: fc.record(fields) }, { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) });
  return mostly(fc.tuple(record, fc.boolean()).map(([object, extra]) => (extra ? { ...object, unknownField: 1 } : object)));
}

/** A value as it arrives: through JSON, which has no `undefined`, NaN nor infinities. */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

const config = objectOf({
  offer: objectOf({ id: pick('77BcHrY'), name: pick('Oferta'), price: pick('97.00', '97', '97,00') }),
  product: objectOf({
    name: pick('Curso'),
    image: pick('https://img.example/a.png'),
    currency: pick('BRL', 'USD', 'GBP'),
    type: pick('unique', 'subscription', 'bundle'),
  }),
  paymentMethods: mostly(fc.array(pick('pix', 'boleto', 'picpay', 'threeDs'), { maxLength: 4 })),
  installments: mostly(
    fc.array(
      objectOf({
        installments: pick(1, 3, 2.5),
        installmentAmount: pick('97.00', 'x'),
        total: pick('97.00'),
        interest: pick('0.00'),
        interestPercentage: pick('0', 2),
        interestFree: pick(true, false, 'true'),
      }),
      { maxLength: 3 },
    ),
  ),
  tokenization: objectOf({ url: pick('https://api.example/public_api/card-tokens/'), publicClientId: pick('public') }),
  threeDSecure: pick(null, { provider: 'sandbox', sessionsUrl: 'https://sandbox.example/sandbox/3ds/sessions' }),
  antifraud: pick(null, { provider: 'sandbox', scriptUrl: 'https://sandbox.example/profiler.js' }),
});

const order = objectOf({
  id: pick('ord_1', ''),
  refId: pick('ABCD2345', ''),
  status: pick('waiting_payment', ''),
  paymentMethod: pick('pix'),
  amount: pick('97.00'),
  createdAt: pick('2026-03-01T10:00:00-03:00'),
  pix: pick(undefined, { qrCode: '000201', expirationDate: '2026-03-01 11:00:00-03:00', user_journey: null }, { qrCode: '000201', expirationDate: 'x', user_journey: 3 }),
  boleto: pick(undefined, { barcode: '0019', pdfUrl: 'https://b.example/b.pdf', dueDate: '2026-03-05' }, { barcode: 19 }),
});

const relayError = objectOf({
  error: objectOf({
    type: pick('rate_limited', 'invalid_request'),
    message: pick(undefined, 'Too many.'),
    fields: pick(undefined, { 'customer.phone': ['Informe o telefone.'] }, { 'customer.phone': 'Informe o telefone.' }, { a: [] }),
    retryAfter: pick(undefined, 7, 0.5),
    queuePosition: pick(undefined, 1, 12, 0, -3, 2.5, '4', null),
  }),
});

/** A 1-based place in line, kept apart: one that does not read is left out, and the rest of the error still reads. */
const placeSchema = z.int().check(z.positive());

function withPlace(body: unknown, error: Record<string, unknown> | undefined): unknown {
  if (!error) return undefined;
  const place = kept(placeSchema, (body as { error: { queuePosition?: unknown } }).error.queuePosition);
  return place === undefined ? error : { ...error, queuePosition: place };
}

/** What `schema` keeps of `value`, or `undefined` when it refuses it. */
function kept(schema: z.ZodMiniType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

describe('reading the relay\'s answers', () => {
  it('takes the configuration the relay writes, keeping the methods the widget knows', () => {
    fc.assert(
      fc.property(config.map(asJson), (body) => {
        const expected = kept(configSchema, body) as { paymentMethods: string[] } | undefined;
        const known = expected && { ...expected, paymentMethods: expected.paymentMethods.filter((method) => (CHARGE_METHODS as readonly string[]).includes(method)) };
        assert.deepEqual(readCheckoutConfig(body), known);
      }),
      RUNS,
    );
  });

  it('takes an order the relay writes, without fields it does not know', () => {
    fc.assert(
      fc.property(order.map(asJson), (body) => {
        assert.deepEqual(readCheckoutOrder(body), kept(orderSchema, body));
      }),
      RUNS,
    );
  });

  it('takes the relay\'s error body and nothing else', () => {
    fc.assert(
      fc.property(relayError.map(asJson), (body) => {
        const error = (kept(errorSchema, body) as { error: Record<string, unknown> } | undefined)?.error;
        assert.deepEqual(readRelayError(body), withPlace(body, error));
      }),
      RUNS,
    );
  });

  it('refuses a price written as a number and an unknown currency', () => {
    const body = {
      offer: { id: '77BcHrY', name: 'Oferta', price: '97.00' },
      product: { name: 'Curso', image: '', currency: 'BRL', type: 'unique' },
      paymentMethods: ['pix'],
      installments: [],
      tokenization: { url: 'https://api.example/public_api/card-tokens/', publicClientId: 'public' },
      threeDSecure: null,
      antifraud: null,
    };
    assert.ok(readCheckoutConfig(body));
    assert.equal(readCheckoutConfig({ ...body, offer: { ...body.offer, price: 97 } }), undefined);
    assert.equal(readCheckoutConfig({ ...body, product: { ...body.product, currency: 'GBP' } }), undefined);
    assert.equal(readCheckoutConfig({ ...body, antifraud: undefined }), undefined);
  });
});
