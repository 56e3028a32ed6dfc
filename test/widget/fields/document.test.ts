import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { documentType, format, normalize, validate } from '../../../src/widget/fields/document.js';

// Check digits computed by hand for these bodies.
const CPF = '52998224725';
const CNPJ = '11222333000181';

describe('document (CPF or CNPJ)', () => {
  describe('format', () => {
    it('masks a CPF up to 11 digits', () => {
      assert.equal(format('529'), '529');
      assert.equal(format('5299'), '529.9');
      assert.equal(format(CPF), '529.982.247-25');
    });

    it('switches to the CNPJ mask past 11 digits', () => {
      assert.equal(format('112223330001'), '11.222.333/0001');
      assert.equal(format(CNPJ), '11.222.333/0001-81');
    });

    it('re-masks a formatted value and drops digits past 14', () => {
      assert.equal(format('529.982.247-25'), '529.982.247-25');
      assert.equal(format(`${CNPJ}99`), '11.222.333/0001-81');
    });
  });

  describe('documentType', () => {
    it('is a CPF up to 11 digits and a CNPJ past them', () => {
      assert.equal(documentType('529.982.247-25'), 'cpf');
      assert.equal(documentType('112223330001'), 'cnpj');
    });
  });

  describe('normalize', () => {
    it('sends the digits with the type their length gives', () => {
      assert.deepEqual(normalize('529.982.247-25'), { docType: 'cpf', docNumber: CPF });
      assert.deepEqual(normalize('11.222.333/0001-81'), { docType: 'cnpj', docNumber: CNPJ });
    });

    it('has nothing to send for a length that is neither', () => {
      assert.equal(normalize('529.982.247-2'), undefined);
      assert.equal(normalize('112223330001'), undefined);
    });
  });

  describe('validate', () => {
    it('accepts a CPF and a CNPJ whose check digits are right', () => {
      assert.equal(validate('529.982.247-25'), undefined);
      assert.equal(validate(CNPJ), undefined);
    });

    it('asks for a number when there is none', () => {
      assert.equal(validate(''), 'field.document.error.required');
    });

    it('refuses a length that is neither a CPF nor a CNPJ', () => {
      assert.equal(validate('5299822472'), 'field.document.error.length');
      assert.equal(validate('1122233300018'), 'field.document.error.length');
    });

    it('refuses wrong check digits, naming the kind of document', () => {
      assert.equal(validate('529.982.247-24'), 'field.document.error.cpfInvalid');
      assert.equal(validate('111.111.111-11'), 'field.document.error.cpfInvalid');
      assert.equal(validate('11.222.333/0001-82'), 'field.document.error.cnpjInvalid');
    });
  });
});
