import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { format, normalize, validate } from '../../../src/widget/fields/postal-code.js';

describe('postal code (CEP)', () => {
  it('masks as 00000-000 while typing, without a trailing hyphen', () => {
    assert.equal(format('01310'), '01310');
    assert.equal(format('013101'), '01310-1');
    assert.equal(format('01310100'), '01310-100');
    assert.equal(format('01310-1009'), '01310-100');
  });

  it('sends the digits', () => {
    assert.equal(normalize('01310-100'), '01310100');
  });

  it('accepts 8 digits', () => {
    assert.equal(validate('01310-100'), undefined);
  });

  it('asks for a CEP when there is none and refuses another length', () => {
    assert.equal(validate(''), 'field.postalCode.error.required');
    assert.equal(validate('01310-10'), 'field.postalCode.error.length');
    assert.equal(validate('013101000'), 'field.postalCode.error.length');
  });
});
