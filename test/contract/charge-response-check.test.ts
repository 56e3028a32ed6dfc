import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isPlainChargeResponse } from '../../src/contract/charge-response-check.js';
import { chargeResponseSchema } from '../../src/contract/charge-response.js';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';
import { CHARGE_ANSWER_COMMON } from './charge-answer-fields.js';
import { paths, replaced, valueAt } from './field-sweep.js';

const common = CHARGE_ANSWER_COMMON;
const pix = {
  ...common,
  paymentMethod: 'pix',
  status: 'waiting_payment',
  checkoutUrl: 'http://127.0.0.1:46123/checkout/ord_8f2c',
  pix: { qrCode: '00020126580014br.gov.bcb.pix0136abc5204000053039865802BR6304ABCD', expirationDate: '2025-03-01 10:30:00-03:00', user_journey: null },
};
const SAMPLES: Record<string, Record<string, unknown>> = {
  pix,
  pix_auto: { ...pix, paymentMethod: 'pix_auto', pix: { ...pix.pix, user_journey: 'JORNADA_3' } },
  boleto: {
    ...common,
    paymentMethod: 'boleto',
    status: 'waiting_payment',
    checkoutUrl: 'https://pay.example.com/checkout/ord_8f2c',
    boleto: { barcode: '23790.12345 60000.123456 78901.234567 8 97650000010000', pdfUrl: 'https://pay.example.com/boleto/ord_8f2c.pdf', dueDate: '2025-03-04' },
  },
  credit_card: { ...common, paymentMethod: 'credit_card', status: 'declined', checkoutUrl: 'https://pay.example.com/checkout/ord_8f2c' },
  credit_card_without_link: { ...common, paymentMethod: 'credit_card', status: 'paid' },
  threeDs: { ...common, paymentMethod: 'threeDs', status: 'paid', externalId: 'svc_3DS_0a9f', checkoutUrl: null },
};

/** Values that break one field or another: wrong types, formats a lax check would let through, the odd Unicode. */
const REPLACEMENTS: unknown[] = [
  undefined, null, '', ' ', 0, 97, Number.NaN, true, [], {}, ['97.00'], '97,00', '1e3', ' 97.00', '97.00 ', '-0.5',
  'javascript:alert(1)', 'http:/x', 'https://', 'http://exa mple.com/', 'http://example.com:99999/', 'http://1.2.3.999/',
  'ftp://example.com/x', 'HTTP://EXAMPLE.COM/x', 'https://example.com/a?b=c', 'https://exa\nmple.com/',
  '2025-02-30T10:00:00-03:00', '2025-03-01T24:00:00-03:00', '2025-03-01T10:00:00', '2025-03-01', '2025-02-29',
  'waiting_payment', 'paid', 'pix', 'threeDs', 'JORNADA_5', 'jornada_1', 'svc_3ds', '３ds', 'x'.repeat(47), '1'.repeat(47),
];

describe('isPlainChargeResponse: the charge answer checked without the schema', () => {
  it('vouches for a sound answer of each method, which the schema gives back unchanged', () => {
    for (const [name, sample] of Object.entries(SAMPLES)) {
      assert.equal(isPlainChargeResponse(sample), true, name);
      const parsed = chargeResponseSchema.safeParse(sample);
      assert.ok(parsed.success, name);
      assert.deepEqual(parsed.data, sample, name);
    }
  });

  it('never vouches for an answer the schema refuses or changes, however one field is broken', () => {
    let refusedBySchema = 0;
    let vouched = 0;
    for (const [name, sample] of Object.entries(SAMPLES)) {
      const variants = paths(sample).flatMap((path) => [
        ...REPLACEMENTS.map((replacement) => ({ path, value: replaced(sample, path, replacement) })),
        { path: [...path.slice(0, -1), 'unexpected'], value: replaced(sample, [...path.slice(0, -1), 'unexpected'], 'x') },
      ]);
      for (const { path, value } of variants) {
        const parsed = chargeResponseSchema.safeParse(value);
        if (!parsed.success) refusedBySchema += 1;
        if (!isPlainChargeResponse(value)) continue;
        vouched += 1;
        const where = `${name} ${path.join('.')} = ${JSON.stringify(valueAt(value, path))}`;
        assert.ok(parsed.success, `vouched for what the schema refuses: ${where}`);
        assert.deepEqual(parsed.data, value, `vouched for what the schema changes: ${where}`);
      }
    }
    // The sweep is worth something only if it broke many answers and left some sound.
    assert.ok(refusedBySchema > 1_500, `${refusedBySchema} refused`);
    assert.ok(vouched > 50, `${vouched} vouched for`);
  });

  it('leaves validate\'s refusals to the schema: a broken answer gets the field errors it always got', () => {
    const broken = { ...pix, amount: 97, pix: { ...pix.pix, user_journey: 'JORNADA_1' }, checkoutUrl: 'javascript:alert(1)' };
    assert.equal(isPlainChargeResponse(broken), false);
    const result = validate(chargeResponseSchema, broken);
    assert.equal(result.success, false);
    assert.deepEqual(Object.keys(result.success ? {} : flattenFieldErrors(result.errors)).sort(), ['amount', 'checkoutUrl', 'pix.user_journey']);
  });

  it('leaves an answer with keys the spec does not list to the schema, which drops them', () => {
    const extended = { ...pix, loyaltyPoints: 12 };
    assert.equal(isPlainChargeResponse(extended), false);
    const result = validate(chargeResponseSchema, extended);
    assert.ok(result.success);
    assert.equal('loyaltyPoints' in result.data, false);
  });
});
