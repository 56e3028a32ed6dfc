import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';
import { checkoutSchema, VISITS_MAX, VISITS_MIN } from '../../src/contract/checkouts.js';

const checkout = {
  id: 42,
  name: 'Checkout principal',
  offers: 'OFa1, OFb2',
  updatedAt: '2025-03-02T09:30:00-03:00',
  createdAt: '2025-03-01T10:00:00-03:00',
  config: { theme: { color: '#0a7' }, showTimer: true, fields: ['phone'] },
  default: true,
  visits: 1280,
};

function failingFields(input: unknown): string[] {
  const result = validate(checkoutSchema, input);
  assert.equal(result.success, false, 'expected the input to be rejected');
  return result.success ? [] : Object.keys(flattenFieldErrors(result.errors));
}

function accepts(input: unknown): void {
  const result = validate(checkoutSchema, input);
  assert.equal(result.success, true, JSON.stringify(result));
}

describe('checkoutSchema', () => {
  it('accepts a checkout with every field of the spec', () => {
    accepts(checkout);
  });

  it('strips keys the API may add', () => {
    const result = validate(checkoutSchema, { ...checkout, product: 'prd_8f2c' });
    assert.equal(result.success, true);
    if (result.success) assert.equal('product' in result.data, false);
  });

  it('takes id as an integer', () => {
    assert.deepEqual(failingFields({ ...checkout, id: '42' }), ['id']);
    assert.deepEqual(failingFields({ ...checkout, id: 4.2 }), ['id']);
  });

  it('takes name of at most 255 characters', () => {
    accepts({ ...checkout, name: 'c'.repeat(255) });
    assert.deepEqual(failingFields({ ...checkout, name: 'c'.repeat(256) }), ['name']);
  });

  it('takes offers as one string', () => {
    accepts({ ...checkout, offers: '' });
    assert.deepEqual(failingFields({ ...checkout, offers: ['OFa1'] }), ['offers']);
  });

  it('takes updatedAt and createdAt as date-times with an offset', () => {
    accepts({ ...checkout, updatedAt: '2025-03-02 09:30:00-03:00', createdAt: '2025-03-01T13:00:00Z' });
    assert.deepEqual(failingFields({ ...checkout, updatedAt: '2025-03-02' }), ['updatedAt']);
    assert.deepEqual(failingFields({ ...checkout, createdAt: '2025-02-30T10:00:00-03:00' }), ['createdAt']);
  });

  it('takes config as any JSON value, null included, but present', () => {
    for (const config of [null, 0, 'dark', [1, 'a', false], {}]) accepts({ ...checkout, config });
    const { config: _config, ...withoutConfig } = checkout;
    assert.deepEqual(failingFields(withoutConfig), ['config']);
    assert.deepEqual(failingFields({ ...checkout, config: { when: new Date() } }), ['config']);
    assert.deepEqual(failingFields({ ...checkout, config: [Number.NaN] }), ['config']);
  });

  it('takes default as a boolean', () => {
    accepts({ ...checkout, default: false });
    assert.deepEqual(failingFields({ ...checkout, default: 'true' }), ['default']);
  });

  it('takes visits as an integer in the signed 32-bit range', () => {
    assert.equal(VISITS_MIN, -(2 ** 31));
    assert.equal(VISITS_MAX, 2 ** 31 - 1);
    accepts({ ...checkout, visits: VISITS_MIN });
    accepts({ ...checkout, visits: VISITS_MAX });
    assert.deepEqual(failingFields({ ...checkout, visits: VISITS_MAX + 1 }), ['visits']);
    assert.deepEqual(failingFields({ ...checkout, visits: VISITS_MIN - 1 }), ['visits']);
    assert.deepEqual(failingFields({ ...checkout, visits: 10.5 }), ['visits']);
  });
});
