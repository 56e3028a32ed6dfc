import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { validate } from '../../src/contract/errors.js';
import { listEnvelope, pageNumberFromUrl, paginationQuery } from '../../src/contract/lists.js';
import { failingFields } from './field-errors.js';

const itemSchema = z.object({ id: z.string() });
const envelope = listEnvelope(itemSchema);

const validPage = {
  count: 25,
  next: 'https://api.example.com/public_api/offers/?page=3&limit=10',
  previous: 'https://api.example.com/public_api/offers/?limit=10',
  results: [{ id: 'a' }, { id: 'b' }],
};

describe('listEnvelope', () => {
  it('accepts a page with both neighbours', () => {
    const result = validate(envelope, validPage);
    assert.equal(result.success, true);
    if (result.success) assert.deepEqual(result.data.results, [{ id: 'a' }, { id: 'b' }]);
  });

  it('accepts null next and previous on a single page', () => {
    assert.equal(validate(envelope, { ...validPage, count: 2, next: null, previous: null }).success, true);
  });

  it('strips keys the API may add', () => {
    const result = validate(envelope, { ...validPage, total_pages: 3 });
    assert.equal(result.success, true);
    if (result.success) assert.equal('total_pages' in result.data, false);
  });

  it('takes count as an integer of at least 0', () => {
    assert.equal(validate(envelope, { ...validPage, count: 0, results: [] }).success, true);
    assert.deepEqual(failingFields(envelope, { ...validPage, count: -1 }), ['count']);
    assert.deepEqual(failingFields(envelope, { ...validPage, count: 2.5 }), ['count']);
  });

  it('takes next and previous as http(s) URLs', () => {
    assert.deepEqual(failingFields(envelope, { ...validPage, next: '/public_api/offers/?page=3' }), ['next']);
    assert.deepEqual(failingFields(envelope, { ...validPage, previous: 'javascript:alert(1)' }), ['previous']);
    assert.deepEqual(failingFields(envelope, { ...validPage, next: undefined }), ['next']);
  });

  it('checks every item against the item schema', () => {
    assert.deepEqual(failingFields(envelope, { ...validPage, results: [{ id: 'a' }, { id: 2 }] }), ['results.1.id']);
    assert.deepEqual(failingFields(envelope, { ...validPage, results: { id: 'a' } }), ['results']);
  });
});

describe('paginationQuery', () => {
  it('lets both parameters be left out', () => {
    assert.equal(validate(paginationQuery, {}).success, true);
  });

  it('takes page as an integer from 1', () => {
    assert.equal(validate(paginationQuery, { page: 1 }).success, true);
    assert.deepEqual(failingFields(paginationQuery, { page: 0 }), ['page']);
    assert.deepEqual(failingFields(paginationQuery, { page: 1.5 }), ['page']);
  });

  it('takes limit as an integer from 1', () => {
    assert.equal(validate(paginationQuery, { limit: 100 }).success, true);
    assert.deepEqual(failingFields(paginationQuery, { limit: 0 }), ['limit']);
    assert.deepEqual(failingFields(paginationQuery, { limit: '10' }), ['limit']);
  });
});

describe('pageNumberFromUrl', () => {
  it('reads page from a next URL', () => {
    assert.equal(pageNumberFromUrl('https://api.example.com/public_api/offers/?limit=5&page=3'), 3);
  });

  it('answers page 1 for a previous URL without page', () => {
    assert.equal(pageNumberFromUrl('https://api.example.com/public_api/offers/?limit=5'), 1);
  });

  it('answers undefined when there is no such page', () => {
    assert.equal(pageNumberFromUrl(null), undefined);
  });

  it('refuses a page that is not a whole number of at least 1', () => {
    assert.throws(() => pageNumberFromUrl('https://api.example.com/public_api/offers/?page=0'), RangeError);
    assert.throws(() => pageNumberFromUrl('https://api.example.com/public_api/offers/?page=last'), /page/);
    assert.throws(() => pageNumberFromUrl('https://api.example.com/public_api/offers/?page=2.5'), RangeError);
  });

  it('refuses something that is not a URL', () => {
    assert.throws(() => pageNumberFromUrl('page=2'), TypeError);
  });
});
