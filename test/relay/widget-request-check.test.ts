import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';
import { plainWidgetChargeRequest } from '../../src/relay/widget-request-check.js';
import { widgetChargeRequestSchemaFor } from '../../src/relay/widget-request.js';
import { paths, replaced, valueAt } from '../contract/field-sweep.js';

const MAX_QUANTITY = 3;
const schema = widgetChargeRequestSchemaFor(MAX_QUANTITY);

const customer = { name: 'Ana Souza', email: 'ana@example.com', phone: '5511987654321', fingerprint: 'device-1', docType: 'cpf', docNumber: '52998224725' };
const SAMPLES: Record<string, Record<string, unknown>> = {
  pix: { paymentMethod: 'pix', customer, items: [{ offerId: '77BcHrY' }] },
  pix_with_everything: {
    paymentMethod: 'pix',
    customer: { ...customer, birthDate: '1990-02-28' },
    items: [{ offerId: '77BcHrY', quantity: 2, offerType: 'main' }],
    pixExpiresIn: 600,
    coupon: 'BLACK10',
    affiliateShortId: 'aff1',
  },
  pix_auto: { paymentMethod: 'pix_auto', customer: { ...customer, docType: 'cnpj', docNumber: '11222333000181' }, items: [{ offerId: '77BcHrY' }] },
  boleto: { paymentMethod: 'boleto', customer, items: [{ offerId: '77BcHrY' }], dueDate: '2026-12-01' },
  credit_card: {
    paymentMethod: 'credit_card',
    customer: { name: 'Ana', email: 'ana@example.com', phone: '5511987654321', fingerprint: 'device-1' },
    items: [{ offerId: '77BcHrY', installments: 3 }],
    card: { token: 'tok_0a1b2c' },
    installments: 3,
    antifraud_profiling_attempt_reference: 'e0b7a8a2-4c1b-4f8e-9a43-1f2b3c4d5e6f',
  },
  threeDs: {
    paymentMethod: 'threeDs',
    customer,
    items: [{ offerId: '77BcHrY' }],
    card: { token: 'tok_0a1b2c' },
    antifraud_profiling_attempt_reference: 'ref-1',
  },
};

/** Values that break one field or another: wrong types, edges of each rule, the odd Unicode. */
const REPLACEMENTS: unknown[] = [
  undefined, null, '', ' ', '   ', 0, 1, 2, 3, 4, 12, 13, 59, 60, -1, 1.5, 2 ** 53, Number.NaN, true, [], {}, ['x'], { token: '' },
  [{ offerId: '77BcHrY' }, { offerId: '77BcHrY' }],
  'pix', 'pix_auto', 'boleto', 'credit_card', 'threeDs', 'PIX', 'main', 'other', 'cpf', 'cnpj', 'rg',
  '52998224725', '52998224724', '11222333000181', '11222333000180', '5299822472', '529.982.247-25', '１１',
  'ana@example.com', 'ana@example', 'ana@@example.com', 'ána@example.com', 'ana@example.com ', 'a@b.co',
  '5511987654321', '+5511987654321', '0511987654321', '1234567', '1234567890123456', '5511９87654321',
  '1990-02-28', '1990-02-29', '2024-02-29', '1990-13-01', '1990-2-28', '2026-12-01T00:00:00Z',
  '123', '--', '李雷', 'Ana\u0000', 'x'.repeat(255), 'x'.repeat(256), '__proto__',
];

/** Every top-level field the schema knows but the plain check leaves to it, added one at a time. */
const LEFT_TO_THE_SCHEMA: Record<string, unknown> = {
  address: { country: 'BR', state: 'SP', city: 'São Paulo', street: 'Rua A', neighborhood: 'Centro', number: '10', zipcode: '01001000' },
  metadata: { utm_source: 'x' },
  threeDSecure: { eci: '05', cavv: 'c', dataOnly: false },
  antifraudProfilingAttemptReference: 'ref',
  cardToken: 'tok',
  unexpected: 'x',
};

describe('plainWidgetChargeRequest: the checkout\'s charge request checked without the schema', () => {
  it('vouches for what a checkout sends with each method, exactly as the schema gives it back (defaults filled in)', () => {
    for (const [name, sample] of Object.entries(SAMPLES)) {
      const plain = plainWidgetChargeRequest(sample, MAX_QUANTITY);
      assert.ok(plain, name);
      const parsed = schema.safeParse(sample);
      assert.ok(parsed.success, name);
      assert.deepEqual(plain, parsed.data, name);
    }
    assert.deepEqual(plainWidgetChargeRequest(SAMPLES['pix'], MAX_QUANTITY)?.['items'], [{ offerId: '77BcHrY', quantity: 1, offerType: 'main' }]);
  });

  it('never vouches for a request the schema refuses or reads otherwise, however one field is broken', () => {
    let refusedBySchema = 0;
    let vouched = 0;
    for (const [name, sample] of Object.entries(SAMPLES)) {
      const variants = [
        ...paths(sample).flatMap((path) => [
          ...REPLACEMENTS.map((replacement) => ({ path, value: replaced(sample, path, replacement) })),
          { path: [...path.slice(0, -1), 'unexpected'], value: replaced(sample, [...path.slice(0, -1), 'unexpected'], 'x') },
        ]),
        ...Object.entries(LEFT_TO_THE_SCHEMA).map(([key, extra]) => ({ path: [key], value: { ...sample, [key]: extra } })),
        ...['ip', 'birthDate'].map((key) => ({ path: ['customer', key], value: replaced(sample, ['customer', key], key === 'ip' ? '203.0.113.9' : '2000-01-01') })),
      ];
      for (const { path, value } of variants) {
        const parsed = schema.safeParse(value);
        if (!parsed.success) refusedBySchema += 1;
        const plain = plainWidgetChargeRequest(value, MAX_QUANTITY);
        if (plain === undefined) continue;
        vouched += 1;
        const where = `${name} ${path.join('.')} = ${JSON.stringify(valueAt(value, path))}`;
        assert.ok(parsed.success, `vouched for what the schema refuses: ${where}`);
        assert.deepEqual(plain, parsed.data, `vouched for what the schema reads otherwise: ${where}`);
      }
    }
    // The sweep is worth something only if it broke many requests and left some sound.
    assert.ok(refusedBySchema > 2_000, `${refusedBySchema} refused`);
    assert.ok(vouched > 100, `${vouched} vouched for`);
  });

  it('keeps the bound it is made with: a quantity over it goes to the schema, which refuses it with its message', () => {
    const four = { ...SAMPLES['pix'], items: [{ offerId: '77BcHrY', quantity: 4 }] };
    assert.equal(plainWidgetChargeRequest(four, MAX_QUANTITY), undefined);
    assert.ok(plainWidgetChargeRequest(four, 10));
    const result = validate(schema, four);
    assert.equal(result.success, false);
    assert.deepEqual(result.success ? {} : flattenFieldErrors(result.errors), { 'items.0.quantity': [`A quantidade máxima por compra é ${MAX_QUANTITY}.`] });
  });

  it('goes through validate: a sound request comes back with its defaults, a broken one with every field error as before', () => {
    const sound = validate(schema, SAMPLES['pix']);
    assert.ok(sound.success);
    assert.deepEqual(sound.data.items, [{ offerId: '77BcHrY', quantity: 1, offerType: 'main' }]);
    const broken = { ...SAMPLES['pix'], card: { token: 't' }, customer: { ...customer, docNumber: '52998224724', ip: '203.0.113.9' } };
    const result = validate(schema, broken);
    assert.equal(result.success, false);
    assert.deepEqual(Object.keys(result.success ? {} : flattenFieldErrors(result.errors)).sort(), ['card', 'customer.docNumber', 'customer.ip']);
  });
});
