import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { format, normalize, validate } from '../../../src/widget/fields/card-cvv.js';

describe('card CVV', () => {
  it('shows digits only, up to the brand\'s length (4 while unknown)', () => {
    assert.equal(format('12a3'), '123');
    assert.equal(format('12345', 'visa'), '123');
    assert.equal(format('12345', 'amex'), '1234');
    assert.equal(format('12345'), '1234');
  });

  it('sends the digits', () => {
    assert.equal(normalize(' 123 '), '123');
  });

  it('accepts the brand\'s length', () => {
    assert.equal(validate('123', 'visa'), undefined);
    assert.equal(validate('1234', 'amex'), undefined);
  });

  it('accepts 3 or 4 digits while the brand is unknown, and nothing else', () => {
    assert.equal(validate('123'), undefined);
    assert.equal(validate('1234'), undefined);
    assert.equal(validate('12'), 'field.cardCvv.error.invalid');
  });

  it('asks for the code when there is none', () => {
    assert.equal(validate('', 'visa'), 'field.cardCvv.error.required');
  });

  it('says how many digits the brand\'s code has', () => {
    assert.equal(validate('1234', 'mastercard'), 'field.cardCvv.error.threeDigits');
    assert.equal(validate('123', 'amex'), 'field.cardCvv.error.fourDigits');
  });
});
