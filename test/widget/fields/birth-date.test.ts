import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { format, normalize, validate } from '../../../src/widget/fields/birth-date.js';

const NOW = new Date(2025, 5, 15, 10, 0);

describe('birth date', () => {
  it('masks as DD/MM/AAAA while typing, without a trailing slash', () => {
    assert.equal(format('17'), '17');
    assert.equal(format('170'), '17/0');
    assert.equal(format('1705'), '17/05');
    assert.equal(format('17051990'), '17/05/1990');
    assert.equal(format('17/05/19901'), '17/05/1990');
  });

  it('turns a pasted ISO date around', () => {
    assert.equal(format('1990-05-17'), '17/05/1990');
  });

  it('sends a complete real date as YYYY-MM-DD', () => {
    assert.equal(normalize('17/05/1990'), '1990-05-17');
    assert.equal(normalize('29/02/2000'), '2000-02-29');
  });

  it('has nothing to send for an incomplete or impossible date', () => {
    assert.equal(normalize('17/05/199'), undefined);
    assert.equal(normalize('29/02/2001'), undefined);
    assert.equal(normalize('31/04/1990'), undefined);
  });

  it('accepts a real past date', () => {
    assert.equal(validate('17/05/1990', NOW), undefined);
    assert.equal(validate('15/06/2025', NOW), undefined);
  });

  it('asks for the date when there is none', () => {
    assert.equal(validate('', NOW), 'field.birthDate.error.required');
  });

  it('refuses an incomplete or impossible date', () => {
    assert.equal(validate('17/05', NOW), 'field.birthDate.error.invalid');
    assert.equal(validate('32/01/1990', NOW), 'field.birthDate.error.invalid');
    assert.equal(validate('10/13/1990', NOW), 'field.birthDate.error.invalid');
  });

  it('refuses a date after today', () => {
    assert.equal(validate('16/06/2025', NOW), 'field.birthDate.error.future');
  });

  it('accepts 120 years of age and refuses more', () => {
    assert.equal(validate('15/06/1905', NOW), undefined);
    assert.equal(validate('16/06/1904', NOW), undefined);
    assert.equal(validate('15/06/1904', NOW), 'field.birthDate.error.tooOld');
  });
});
