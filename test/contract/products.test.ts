import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DUPLICATE_PRODUCT_NAME_SUFFIX, MAX_STRING_LENGTH } from '../../src/contract/constants.js';
import { validate } from '../../src/contract/errors.js';
import {
  duplicatedProductName,
  isDuplicateOf,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  productDuplicateSchema,
  productListSchema,
  productSchema,
} from '../../src/contract/products.js';
import type { Product } from '../../src/contract/products.js';
import { failingFields } from './field-errors.js';

const product: Product = {
  id: 'prd_8f2c',
  name: 'Curso de Python',
  image: 'https://cdn.example.com/python.png',
  description: 'Do zero ao avançado.',
  price: 297,
  currency: 'BRL',
  type: 'unique',
  contentDeliveries: ['members_area'],
  emailAccessLink: 'https://members.example.com/python',
  salesPage: 'https://example.com/python',
  status: 'active',
  paymentMethods: ['pix', 'credit_card'],
  category: { id: 'cat1', name: 'Educação' },
};

function accepts(input: unknown): void {
  const result = validate(productSchema, input);
  assert.equal(result.success, true, JSON.stringify(result));
}

describe('productSchema', () => {
  it('accepts a product with every field of the spec', () => {
    accepts(product);
  });

  it('strips keys the API may add', () => {
    const result = validate(productSchema, { ...product, short_id: 'PYX9' });
    assert.equal(result.success, true);
    if (result.success) assert.equal('short_id' in result.data, false);
  });

  it('takes id non-empty and at most 255 characters', () => {
    accepts({ ...product, id: 'x'.repeat(MAX_STRING_LENGTH) });
    assert.deepEqual(failingFields(productSchema, { ...product, id: '' }), ['id']);
    assert.deepEqual(failingFields(productSchema, { ...product, id: 'x'.repeat(MAX_STRING_LENGTH + 1) }), ['id']);
  });

  it('takes name of at most 255 characters', () => {
    accepts({ ...product, name: 'n'.repeat(MAX_STRING_LENGTH) });
    assert.deepEqual(failingFields(productSchema, { ...product, name: 'n'.repeat(MAX_STRING_LENGTH + 1) }), ['name']);
  });

  it('takes image as an http(s) URL', () => {
    accepts({ ...product, image: 'http://localhost:4010/img/1.png' });
    assert.deepEqual(failingFields(productSchema, { ...product, image: 'python.png' }), ['image']);
    assert.deepEqual(failingFields(productSchema, { ...product, image: 'javascript:alert(1)' }), ['image']);
  });

  it('takes description as text', () => {
    accepts({ ...product, description: '' });
    assert.deepEqual(failingFields(productSchema, { ...product, description: null }), ['description']);
  });

  it('takes price as a number of at least 0', () => {
    accepts({ ...product, price: 0 });
    assert.deepEqual(failingFields(productSchema, { ...product, price: -0.01 }), ['price']);
    assert.deepEqual(failingFields(productSchema, { ...product, price: '297.00' }), ['price']);
  });

  it('takes currency from the spec list', () => {
    accepts({ ...product, currency: 'UYU' });
    assert.deepEqual(failingFields(productSchema, { ...product, currency: 'BTC' }), ['currency']);
  });

  it('takes type unique or subscription', () => {
    assert.deepEqual(PRODUCT_TYPES, ['unique', 'subscription']);
    accepts({ ...product, type: 'subscription' });
    assert.deepEqual(failingFields(productSchema, { ...product, type: 'recurring' }), ['type']);
  });

  it('takes contentDeliveries as a list of identifiers', () => {
    accepts({ ...product, contentDeliveries: [] });
    assert.deepEqual(failingFields(productSchema, { ...product, contentDeliveries: ['members_area', 7] }), ['contentDeliveries.1.non_field_errors']);
  });

  it('takes emailAccessLink as text of at most 2048 characters, or null', () => {
    accepts({ ...product, emailAccessLink: null });
    accepts({ ...product, emailAccessLink: 'l'.repeat(2048) });
    assert.deepEqual(failingFields(productSchema, { ...product, emailAccessLink: 'l'.repeat(2049) }), ['emailAccessLink']);
    assert.deepEqual(failingFields(productSchema, { ...product, emailAccessLink: undefined }), ['emailAccessLink']);
  });

  it('takes salesPage of at most 2048 characters', () => {
    accepts({ ...product, salesPage: 's'.repeat(2048) });
    assert.deepEqual(failingFields(productSchema, { ...product, salesPage: 's'.repeat(2049) }), ['salesPage']);
    assert.deepEqual(failingFields(productSchema, { ...product, salesPage: null }), ['salesPage']);
  });

  it('takes status from the four product statuses', () => {
    assert.deepEqual(PRODUCT_STATUSES, ['active', 'waiting_config', 'blocked', 'deleted']);
    for (const status of PRODUCT_STATUSES) accepts({ ...product, status });
    assert.deepEqual(failingFields(productSchema, { ...product, status: 'disabled' }), ['status']);
  });

  it('takes paymentMethods as a list of identifiers', () => {
    accepts({ ...product, paymentMethods: ['openfinance_bank'] });
    assert.deepEqual(failingFields(productSchema, { ...product, paymentMethods: 'pix' }), ['paymentMethods']);
  });

  it('takes category with an id and a name', () => {
    assert.deepEqual(failingFields(productSchema, { ...product, category: { id: 'cat1' } }), ['category.name']);
    assert.deepEqual(failingFields(productSchema, { ...product, category: 'cat1' }), ['category']);
  });
});

describe('productListSchema', () => {
  it('wraps products in the list envelope', () => {
    const list = { count: 1, next: null, previous: null, results: [product] };
    assert.equal(validate(productListSchema, list).success, true);
    assert.deepEqual(failingFields(productListSchema, { ...list, results: [{ ...product, price: -1 }] }), ['results.0.price']);
  });
});

describe('duplicatedProductName', () => {
  it('appends " - Cópia"', () => {
    assert.equal(duplicatedProductName('Curso de Python'), 'Curso de Python - Cópia');
    assert.equal(DUPLICATE_PRODUCT_NAME_SUFFIX, ' - Cópia');
  });

  it('keeps the whole name when the copy fits in 255 characters', () => {
    const name = 'n'.repeat(MAX_STRING_LENGTH - DUPLICATE_PRODUCT_NAME_SUFFIX.length);
    assert.equal(duplicatedProductName(name), `${name} - Cópia`);
  });

  it('shortens a long name so the copy has 255 characters and the whole suffix', () => {
    const name = 'a'.repeat(MAX_STRING_LENGTH);
    const copy = duplicatedProductName(name);
    assert.equal(copy.length, MAX_STRING_LENGTH);
    assert.equal(copy, `${'a'.repeat(MAX_STRING_LENGTH - 8)} - Cópia`);
  });

  it('never splits a character made of two code units', () => {
    const name = `${'a'.repeat(MAX_STRING_LENGTH - 9)}😀${'b'.repeat(10)}`;
    const copy = duplicatedProductName(name);
    assert.equal(copy, `${'a'.repeat(MAX_STRING_LENGTH - 9)} - Cópia`);
    assert.doesNotMatch(copy, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('productDuplicateSchema and isDuplicateOf', () => {
  const copy: Product = { ...product, id: 'prd_91ab', name: 'Curso de Python - Cópia' };

  it('accepts a copy with a new id, the suffixed name and the same status', () => {
    assert.equal(validate(productDuplicateSchema(product), copy).success, true);
    assert.equal(isDuplicateOf(copy, product), true);
  });

  it('requires a new id', () => {
    assert.deepEqual(failingFields(productDuplicateSchema(product), { ...copy, id: product.id }), ['id']);
    assert.equal(isDuplicateOf({ ...copy, id: product.id }, product), false);
  });

  it('requires the name with the suffix', () => {
    assert.deepEqual(failingFields(productDuplicateSchema(product), { ...copy, name: product.name }), ['name']);
    assert.equal(isDuplicateOf({ ...copy, name: 'Curso de Python (Cópia)' }, product), false);
  });

  it('requires the status of the original, whatever it is', () => {
    const blocked: Product = { ...product, status: 'blocked' };
    assert.equal(isDuplicateOf({ ...copy, status: 'blocked' }, blocked), true);
    assert.deepEqual(failingFields(productDuplicateSchema(blocked), { ...copy, status: 'active' }), ['status']);
  });

  it('requires the copy to be a valid product', () => {
    assert.deepEqual(failingFields(productDuplicateSchema(product), { ...copy, currency: 'XYZ' }), ['currency']);
    assert.equal(isDuplicateOf(null, product), false);
  });
});
