import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyMask, caretAfterDigits, digitsOf } from '../../../src/widget/fields/mask.js';

describe('digitsOf', () => {
  it('keeps the digits in order and drops the rest', () => {
    assert.equal(digitsOf('(11) 98765-4321'), '11987654321');
    assert.equal(digitsOf('abc'), '');
  });
});

describe('applyMask', () => {
  it('lays digits into the slots with the separators between them', () => {
    assert.equal(applyMask('12345678909', '000.000.000-00'), '123.456.789-09');
    assert.equal(applyMask('11', '(00) 00000-0000'), '(11');
  });

  it('never ends in a separator no digit follows', () => {
    assert.equal(applyMask('123', '000.000.000-00'), '123');
    assert.equal(applyMask('1234', '000.000.000-00'), '123.4');
    assert.equal(applyMask('', '(00) 00000-0000'), '');
  });

  it('drops digits beyond the mask', () => {
    assert.equal(applyMask('123456789', '00000-000'), '12345-678');
  });
});

describe('caretAfterDigits', () => {
  it('puts the caret after the same number of digits, wherever the separators moved', () => {
    assert.equal(caretAfterDigits('123.456.789-09', 4), 5);
    assert.equal(caretAfterDigits('(11) 98765-4321', 2), 3);
    assert.equal(caretAfterDigits('(11) 98765-4321', 3), 6);
  });

  it('starts at 0 and stops at the end', () => {
    assert.equal(caretAfterDigits('(11', 0), 0);
    assert.equal(caretAfterDigits('(11', 5), 3);
  });
});
