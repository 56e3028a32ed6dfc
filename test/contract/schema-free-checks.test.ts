import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cardTokenOfAnswer } from '../../src/contract/card-tokenization.js';
import { cardTokenFromResponse, cardTokenResponseSchema } from '../../src/contract/card-tokens.js';
import { currencySchema } from '../../src/contract/currencies.js';
import { isCurrency } from '../../src/contract/currency-codes.js';
import { detailOf } from '../../src/contract/error-bodies.js';
import { detailErrorSchema } from '../../src/contract/errors.js';
import { isChargeMethod } from '../../src/contract/payment-method-lists.js';
import { chargeMethodSchema } from '../../src/contract/payment-methods.js';
import { readThreeDSecureResult } from '../../src/contract/three-d-secure-results.js';
import { threeDSecureResultSchema } from '../../src/contract/three-d-secure.js';

// The browser checks answers with plain functions instead of the zod schemas; each
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

/** JSON's view of a value: what is sent, without keys whose value is undefined. */
const sent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('the checks the browser makes without the schemas', () => {
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
