import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cardBrand, format, maxCardNumberLength, normalize, validate } from '../../../src/widget/fields/card-number.js';

const VISA = '4111111111111111';
const AMEX = '378282246310005';
const DINERS = '30569309025904';
const ELO = '6362970000457013';
const HIPERCARD = '6062825624254001';
const MASTERCARD = '5555555555554444';

describe('card number', () => {
  describe('cardBrand', () => {
    it('tells the brands apart from the first digits', () => {
      assert.equal(cardBrand('4111 11'), 'visa');
      assert.equal(cardBrand(MASTERCARD), 'mastercard');
      assert.equal(cardBrand('3782 82'), 'amex');
      assert.equal(cardBrand(DINERS), 'diners');
      assert.equal(cardBrand(ELO), 'elo');
      assert.equal(cardBrand(HIPERCARD), 'hipercard');
    });

    it('is unknown before the digits say', () => {
      assert.equal(cardBrand(''), undefined);
      assert.equal(cardBrand('9'), undefined);
    });
  });

  describe('format', () => {
    it('groups 4-4-4-4', () => {
      assert.equal(format(VISA), '4111 1111 1111 1111');
      assert.equal(format('41111'), '4111 1');
      assert.equal(format('4111'), '4111');
    });

    it('groups American Express 4-6-5 and a 14-digit Diners 4-6-4', () => {
      assert.equal(format(AMEX), '3782 822463 10005');
      assert.equal(format(DINERS), '3056 930902 5904');
    });

    it('drops digits past the brand\'s longest number', () => {
      assert.equal(format(`${AMEX}99`), '3782 822463 10005');
      assert.equal(format(`${ELO}1`), '6362 9700 0045 7013');
      assert.equal(format('4111 1111 1111 1111 1112'), '4111 1111 1111 1111 111');
    });

    it('re-groups a formatted value the same way', () => {
      assert.equal(format('4111-1111-1111-1111'), '4111 1111 1111 1111');
    });
  });

  describe('maxCardNumberLength', () => {
    it('is the longest length of the brand, 19 when unknown', () => {
      assert.equal(maxCardNumberLength('amex'), 15);
      assert.equal(maxCardNumberLength('mastercard'), 16);
      assert.equal(maxCardNumberLength(undefined), 19);
    });
  });

  it('normalizes to the digits', () => {
    assert.equal(normalize('4111 1111 1111 1111'), VISA);
  });

  describe('validate', () => {
    it('accepts numbers of the right length that pass Luhn', () => {
      for (const number of [VISA, AMEX, DINERS, ELO, HIPERCARD, MASTERCARD]) assert.equal(validate(format(number)), undefined, number);
    });

    it('accepts a number of an unknown brand between 12 and 19 digits', () => {
      // 9999 99 is no listed brand; the last digit makes Luhn pass.
      assert.equal(cardBrand('9999999999999995'), undefined);
      assert.equal(validate('9999999999999995'), undefined);
    });

    it('asks for a number when there is none', () => {
      assert.equal(validate(''), 'field.cardNumber.error.required');
    });

    it('refuses a length the brand does not have', () => {
      assert.equal(validate('4111 1111 1111 111'), 'field.cardNumber.error.length');
      assert.equal(validate('3782 822463 1000'), 'field.cardNumber.error.length');
      assert.equal(validate('99999999999'), 'field.cardNumber.error.length');
    });

    it('refuses a number that fails Luhn', () => {
      assert.equal(validate('4111 1111 1111 1112'), 'field.cardNumber.error.invalid');
    });
  });
});
