import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { format, normalize, validate } from '../../../src/widget/fields/phone.js';

describe('phone', () => {
  describe('format', () => {
    it('masks a mobile number as it is typed, never ending in a separator', () => {
      assert.deepEqual(
        ['1', '11', '119', '119876', '1198765', '11987654321'].map(format),
        ['(1', '(11', '(11) 9', '(11) 9876', '(11) 98765', '(11) 98765-4321'],
      );
    });

    it('masks a landline with four digits before the hyphen', () => {
      assert.equal(format('1134567890'), '(11) 3456-7890');
    });

    it('switches to the mobile layout at the 11th digit, so typing is never cut short', () => {
      assert.equal(format('11345678901'), '(11) 34567-8901');
    });

    it('shows the country code when the buyer typed it, with or without +', () => {
      assert.equal(format('+55 11 98765-4321'), '+55 (11) 98765-4321');
      assert.equal(format('5511987654321'), '+55 (11) 98765-4321');
      assert.equal(format('+55'), '+55');
    });

    it('keeps an international number as + and its digits, at most 15', () => {
      assert.equal(format('+1 (415) 555-0123'), '+14155550123');
      assert.equal(format('+4412345678901234567'), '+441234567890123');
    });

    it('lets Backspace remove the last digit', () => {
      assert.equal(format('(11) 9'.slice(0, -1)), '(11');
      assert.equal(format('(11) 98765-4'.slice(0, -1)), '(11) 98765');
    });
  });

  describe('normalize', () => {
    it('sends a Brazilian number as E.164 digits with 55 and no +', () => {
      assert.equal(normalize('(11) 98765-4321'), '5511987654321');
      assert.equal(normalize('(11) 3456-7890'), '551134567890');
      assert.equal(normalize('+55 (11) 98765-4321'), '5511987654321');
      assert.equal(normalize('55 11 98765 4321'), '5511987654321');
    });

    it('reads 11 digits starting with 55 as area code 55, not as the country code', () => {
      assert.equal(normalize('(55) 99876-5432'), '5555998765432');
    });

    it('sends an international number as its digits', () => {
      assert.equal(normalize('+1 415 555 0123'), '14155550123');
    });
  });

  describe('validate', () => {
    it('accepts mobiles and landlines, with or without the country code', () => {
      for (const raw of ['(11) 98765-4321', '(21) 3456-7890', '+55 (11) 98765-4321', '5548987654321', '(55) 99876-5432']) {
        assert.equal(validate(raw), undefined, raw);
      }
    });

    it('accepts an international number after +', () => {
      assert.equal(validate('+1 415 555 0123'), undefined);
      assert.equal(validate('+351 912 345 678'), undefined);
    });

    it('asks for a number when there is none', () => {
      assert.equal(validate(''), 'field.phone.error.required');
      assert.equal(validate('+'), 'field.phone.error.required');
    });

    it('refuses a number too short or too long', () => {
      assert.equal(validate('(11) 9876-543'), 'field.phone.error.length');
      assert.equal(validate('119876543210'), 'field.phone.error.length');
    });

    it('refuses an area code not in use', () => {
      assert.equal(validate('(10) 98765-4321'), 'field.phone.error.areaCode');
      assert.equal(validate('(23) 3456-7890'), 'field.phone.error.areaCode');
      assert.equal(validate('(01) 98765-4321'), 'field.phone.error.areaCode');
    });

    it('names the missing ninth digit of a mobile', () => {
      assert.equal(validate('(11) 8765-4321'), 'field.phone.error.mobileNinthDigit');
    });

    it('refuses an 11-digit number that is not a mobile, and a landline starting with 0 or 1', () => {
      assert.equal(validate('(11) 38765-4321'), 'field.phone.error.invalid');
      assert.equal(validate('(11) 1456-7890'), 'field.phone.error.invalid');
    });

    it('refuses an international number the API would refuse', () => {
      assert.equal(validate('+1 234'), 'field.phone.error.international');
      assert.equal(validate('+0 123 456 789'), 'field.phone.error.international');
    });
  });
});
