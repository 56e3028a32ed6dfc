import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { format, normalize, normalizeHolderName, validate } from '../../../src/widget/fields/person-name.js';

describe('person name', () => {
  it('shows the name with single spaces, keeping one at the end so the surname can follow', () => {
    assert.equal(format('  Maria   da  Silva'), 'Maria da Silva');
    assert.equal(format('Maria '), 'Maria ');
  });

  it('sends the customer name trimmed', () => {
    assert.equal(normalize(' João  Silva '), 'João Silva');
  });

  it('sends the holder name upper-cased, accents kept', () => {
    assert.equal(normalizeHolderName(" joão d'ávila-souza "), "JOÃO D'ÁVILA-SOUZA");
  });

  it('accepts letters of any alphabet, accents, apostrophes and hyphens', () => {
    for (const name of ["Maria D'Ávila", 'João Silva-Souza', 'Zoë O’Brien', 'Nguyễn Văn An', 'Jose\u0301 Pérez']) {
      assert.equal(validate(name), undefined, name);
    }
  });

  it('asks for the name when there is none', () => {
    assert.equal(validate('   '), 'field.personName.error.required');
  });

  it('refuses digits and symbols', () => {
    assert.equal(validate('Maria 2'), 'field.personName.error.characters');
    assert.equal(validate('maria@example.com'), 'field.personName.error.characters');
  });

  it('refuses a single letter', () => {
    assert.equal(validate('M'), 'field.personName.error.tooShort');
    assert.equal(validate("M '-"), 'field.personName.error.tooShort');
  });
});
