import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { cardTokenOfAnswer } from '../../src/contract/card-tokenization.js';
import { cardTokenFromResponse, cardTokenResponseSchema } from '../../src/contract/card-tokens.js';
import { currencySchema } from '../../src/contract/currencies.js';
import { isCurrency } from '../../src/contract/currency-codes.js';
import { detailOf } from '../../src/contract/error-bodies.js';
import { detailErrorSchema, flattenFieldErrors, validate } from '../../src/contract/errors.js';
import { isEmailAddress } from '../../src/contract/format-checks.js';
import { isChargeMethod } from '../../src/contract/payment-method-lists.js';
import { chargeMethodSchema } from '../../src/contract/payment-methods.js';
import { checkThreeDSecureInput } from '../../src/contract/three-d-secure-input.js';
import { readThreeDSecureResult } from '../../src/contract/three-d-secure-results.js';
import { threeDSecureAuthenticationInputSchema, threeDSecureResultSchema } from '../../src/contract/three-d-secure.js';

// The browser checks answers and input with plain functions instead of the zod schemas; each
// must agree with its schema on every value, good or bad, or the widget and the servers would
// judge the same data differently.

const RUNS = { numRuns: 400 };

/** Values of every kind a field can wrongly hold. */
const oddValue = fc.oneof(
  fc.constantFrom(undefined, null, '', ' ', 0, -1, 1.5, 2 ** 60, -(2 ** 60), Number.NaN, Number.POSITIVE_INFINITY, true, [], {}, ['x'], 'x'),
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.double(),
);

/** Usually one of `good`, now and then one of `bad`, rarely anything at all. */
function mostly(good: fc.Arbitrary<unknown>, bad: readonly unknown[] = []): fc.Arbitrary<unknown> {
  const wrong = bad.length > 0 ? fc.oneof(fc.constantFrom(...bad), oddValue) : oddValue;
  return fc.oneof({ weight: 16, arbitrary: good }, { weight: 1, arbitrary: wrong });
}

const text = (good: readonly string[], bad: readonly unknown[] = []) => mostly(fc.constantFrom(...good), ['', ...bad]);

/** An object of `fields` (now and then some left out), sometimes with keys no schema knows, own `__proto__` included. */
function objectOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const record = fc.oneof({ weight: 8, arbitrary: fc.record(fields) }, { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) });
  const extraKeys = fc.oneof({ weight: 8, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.subarray(['extra', 'constructor', '__proto__']) });
  const object = fc.tuple(record, extraKeys).map(([fieldsOf, extra]) => {
    const copy: Record<string, unknown> = { ...fieldsOf };
    for (const key of extra) Object.defineProperty(copy, key, { value: 'x', enumerable: true, writable: true, configurable: true });
    return copy;
  });
  return mostly(object);
}

const emailLike = fc.oneof(
  fc.constantFrom('ana@example.com', 'ana.silva+loja@mail.example.com.br', "o'neil@example.io", 'ana@ex-ample.co'),
  fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', "'", '+', '-', '.', '@', '!', ' '), maxLength: 14 }),
  fc.emailAddress(),
);

const billingAddress = objectOf({
  country: mostly(fc.constantFrom('BR', 'US', undefined), ['br', 'Brasil']),
  state: text(['SP', 'RJ'], ['sp', 'São Paulo']),
  city: text(['São Paulo']),
  street: text(['Avenida Paulista']),
  neighborhood: text(['Bela Vista']),
  number: text(['1000']),
  zipcode: text(['01310100'], ['0131', '01310-100', '123456789']),
  complement: mostly(fc.constantFrom('Conjunto 4', '', undefined)),
});

const authenticationInput = objectOf({
  cardToken: text(['tok_1']),
  amountInCents: mostly(fc.nat(), [-1, 97.5, 2 ** 60, -(2 ** 60)]),
  currency: text(['BRL', 'USD'], ['GBP', 'brl']),
  customer: objectOf({
    name: text(['Ana Silva']),
    email: mostly(emailLike),
    phone: text(['5511987654321'], ['+55 11 98765-4321']),
  }),
  billingAddress,
  signal: mostly(fc.constantFrom(undefined, new AbortController().signal), [{ aborted: false }, null]),
});

/**
 * Each field's first message. Where a text is due and an empty list comes, zod adds the list's
 * length message to the type's; the browser's check says the type's only.
 */
const firstMessages = (fields: Record<string, string[]>) => Object.fromEntries(Object.entries(fields).map(([path, messages]) => [path, messages[0]]));

/** JSON's view of a value: what is sent, without keys whose value is undefined. */
const sent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('the checks the browser makes without the schemas', () => {
  it('checkThreeDSecureInput answers what validate(threeDSecureAuthenticationInputSchema) answers', () => {
    fc.assert(
      fc.property(authenticationInput, (input) => {
        const bySchema = validate(threeDSecureAuthenticationInputSchema, input);
        const byCheck = checkThreeDSecureInput(input);
        assert.equal(byCheck.success, bySchema.success);
        if (bySchema.success && byCheck.success) assert.deepEqual(sent(byCheck.data), sent(bySchema.data));
        if (!bySchema.success && !byCheck.success) assert.deepEqual(firstMessages(byCheck.fields), firstMessages(flattenFieldErrors(bySchema.errors)));
      }),
      RUNS,
    );
  });

  it('checkThreeDSecureInput fills in the default country and names a missing billing address', () => {
    const input = {
      cardToken: 'tok_1',
      amountInCents: 9700,
      currency: 'BRL',
      customer: { name: 'Ana Silva', email: 'ana@example.com', phone: '5511987654321' },
      billingAddress: { state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', neighborhood: 'Bela Vista', number: '1000', zipcode: '01310100' },
    };
    const checked = checkThreeDSecureInput(input);
    assert.ok(checked.success);
    assert.equal(checked.data.billingAddress.country, 'BR');
    assert.deepEqual(checkThreeDSecureInput({ ...input, billingAddress: undefined }), {
      success: false,
      fields: { billingAddress: ['Este campo é obrigatório.'] },
    });
  });

  it('readThreeDSecureResult keeps what threeDSecureResultSchema keeps, and refuses what it refuses', () => {
    const result = objectOf({
      cavv: text(['AAABBJkZUQAAAABvJ1EAAAAAAAA=']),
      eci: text(['05', '06'], ['5', 'ab']),
      xid: text(['MDAwMDAwMDAwMDAwMDAwMDAwMDE=']),
      referenceId: text(['3ds_1']),
      version: text(['2.2.0', '2.1'], ['2', 'dois']),
      trans_status: mostly(fc.constantFrom(undefined, 'Y', 'C'), ['X', null]),
      threeDSServerTransID: mostly(fc.constantFrom(undefined, '8a880dc0'), ['', 5]),
    });
    fc.assert(
      fc.property(result, (value) => {
        const bySchema = threeDSecureResultSchema.safeParse(value);
        const read = readThreeDSecureResult(value);
        assert.equal(read !== undefined, bySchema.success);
        if (read && bySchema.success) assert.deepEqual(sent(read), sent(bySchema.data));
      }),
      RUNS,
    );
  });

  it('cardTokenOfAnswer reads the token cardTokenResponseSchema and cardTokenFromResponse read', () => {
    const answer = objectOf({ token: mostly(fc.constantFrom('tok_1', undefined), ['']), cardToken: mostly(fc.constantFrom('tok_2', undefined), ['']) });
    fc.assert(
      fc.property(answer, (body) => {
        const bySchema = cardTokenResponseSchema.safeParse(body);
        assert.equal(cardTokenOfAnswer(body), bySchema.success ? cardTokenFromResponse(bySchema.data) : undefined);
      }),
      RUNS,
    );
  });

  it('detailOf reads the detail detailErrorSchema reads', () => {
    fc.assert(
      fc.property(objectOf({ detail: text(['Não encontrado.']) }), (body) => {
        const bySchema = detailErrorSchema.safeParse(body);
        assert.equal(detailOf(body), bySchema.success ? bySchema.data.detail : undefined);
      }),
      RUNS,
    );
  });

  it('isEmailAddress takes the addresses the schemas\' e-mail rule takes', () => {
    const schema = z.email();
    fc.assert(
      fc.property(emailLike, (text) => {
        assert.equal(isEmailAddress(text), schema.safeParse(text).success, text);
      }),
      { numRuns: 2000 },
    );
  });

  it('isCurrency and isChargeMethod take the values the enum schemas take', () => {
    fc.assert(
      fc.property(mostly(fc.constantFrom('BRL', 'CLP', 'GBP', 'pix', 'threeDs', 'picpay', 'Pix')), (value) => {
        assert.equal(isCurrency(value), currencySchema.safeParse(value).success);
        assert.equal(isChargeMethod(value), chargeMethodSchema.safeParse(value).success);
      }),
      RUNS,
    );
  });
});
