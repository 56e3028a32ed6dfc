import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BANK_SETTLED_METHODS,
  CARD_METHODS,
  CHARGE_METHODS,
  FEE_METHOD_ORDER,
  OPEN_FINANCE_METHOD_PATTERN,
  chargeMethodSchema,
  isCardMethod,
  isPixMethod,
} from '../../src/contract/payment-methods.js';

describe('payment methods', () => {
  it('accepts the five charge methods and nothing else', () => {
    for (const method of CHARGE_METHODS) assert.equal(chargeMethodSchema.safeParse(method).success, true, method);
    for (const method of ['card', 'picpay', 'threeds', 'PIX', '']) assert.equal(chargeMethodSchema.safeParse(method).success, false, method);
  });

  it('splits the charge methods into card methods and bank-settled ones, with no overlap', () => {
    assert.deepEqual([...CARD_METHODS].sort(), ['credit_card', 'threeDs']);
    assert.deepEqual([...BANK_SETTLED_METHODS].sort(), ['boleto', 'pix', 'pix_auto']);
    assert.deepEqual([...CARD_METHODS, ...BANK_SETTLED_METHODS].sort(), [...CHARGE_METHODS].sort());
    assert.equal(isCardMethod('threeDs'), true);
    assert.equal(isCardMethod('boleto'), false);
    assert.equal(isPixMethod('pix_auto'), true);
    assert.equal(isPixMethod('boleto'), false);
  });

  it('lists the ten fee methods with open finance last, matching its pattern', () => {
    assert.equal(FEE_METHOD_ORDER.length, 10);
    assert.match('openfinance_banco', OPEN_FINANCE_METHOD_PATTERN);
    assert.doesNotMatch('openfinance_', OPEN_FINANCE_METHOD_PATTERN);
    assert.doesNotMatch('pix', OPEN_FINANCE_METHOD_PATTERN);
  });
});
