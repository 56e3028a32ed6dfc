import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import {
  errorBodySchema,
  flattenFieldErrors,
  isFieldErrorTree,
  tokenErrorSchema,
  validate,
} from '../../src/contract/errors.js';

const sample = z.strictObject({
  name: z.string().check(z.minLength(1)),
  customer: z.strictObject({ phone: z.string(), age: z.optional(z.int().check(z.gte(18))) }),
  items: z.array(z.strictObject({ offerId: z.string() })).check(z.length(1)),
  method: z.optional(z.enum(['pix', 'boleto'])),
});

describe('validate', () => {
  it('returns the parsed data when the input is valid', () => {
    const result = validate(sample, { name: 'Ana', customer: { phone: '5511999990000' }, items: [{ offerId: 'x' }] });
    assert.equal(result.success, true);
  });

  it('names a missing nested field with the service\'s "required" message', () => {
    const result = validate(sample, { name: 'Ana', customer: {}, items: [{ offerId: 'x' }] });
    assert.equal(result.success, false);
    if (result.success) return;
    assert.deepEqual(result.errors, { customer: { phone: ['Este campo é obrigatório.'] } });
  });

  it('puts a list item error in a per-item object, empty items before it', () => {
    const result = validate(sample, { name: 'Ana', customer: { phone: '1' }, items: [{ offerId: 3 }] });
    assert.equal(result.success, false);
    if (result.success) return;
    assert.deepEqual(Object.keys(flattenFieldErrors(result.errors)), ['items.0.offerId']);
  });

  it('names each unknown key as its own field', () => {
    const result = validate(sample, { name: 'Ana', customer: { phone: '1' }, items: [{ offerId: 'x' }], cardToken: 't', extra: 1 });
    assert.equal(result.success, false);
    if (result.success) return;
    assert.deepEqual(result.errors, {
      cardToken: ['Campo não suportado pelo contrato público.'],
      extra: ['Campo não suportado pelo contrato público.'],
    });
  });

  it('answers blank strings, small numbers, long lists and bad choices in the service\'s words', () => {
    const result = validate(sample, { name: '', customer: { phone: '1', age: 3 }, items: [{ offerId: 'a' }, { offerId: 'b' }], method: 'card' });
    assert.equal(result.success, false);
    if (result.success) return;
    const flat = flattenFieldErrors(result.errors);
    assert.deepEqual(flat['name'], ['Este campo não pode ser em branco.']);
    assert.deepEqual(flat['customer.age'], ['Certifique-se de que este valor seja maior ou igual a 18.']);
    assert.match(flat['items']![0]!, /não tenha mais de 1/);
    assert.deepEqual(flat['method'], ['"card" não é uma escolha válida.']);
  });
});

describe('error bodies', () => {
  it('accepts the three forms of the Errors table', () => {
    assert.equal(errorBodySchema.safeParse({ detail: 'Não encontrado.' }).success, true);
    assert.equal(errorBodySchema.safeParse({ error: 'invalid_client' }).success, true);
    assert.equal(errorBodySchema.safeParse({ items: ['Oferta não encontrada.'] }).success, true);
    assert.equal(errorBodySchema.safeParse({ customer: { phone: ['x'] }, items: [{}, { offerId: ['y'] }] }).success, true);
  });

  it('refuses bodies in none of the forms', () => {
    assert.equal(isFieldErrorTree({}), false);
    assert.equal(isFieldErrorTree({ items: [] }), false);
    assert.equal(isFieldErrorTree({ items: 'Oferta não encontrada.' }), false);
    assert.equal(errorBodySchema.safeParse({ items: [1] }).success, false);
  });

  it('knows only the token error codes of the spec', () => {
    assert.equal(tokenErrorSchema.safeParse({ error: 'invalid_scope' }).success, true);
    const bad = tokenErrorSchema.safeParse({ error: 'invalid_grant' });
    assert.equal(bad.success, false);
    assert.deepEqual(bad.error?.issues[0]?.path, ['error']);
  });
});

describe('field names that are also object members', () => {
  it('names __proto__, constructor and toString as plain fields', () => {
    const body = JSON.parse('{"name":"Ana","customer":{"phone":"1"},"items":[{"offerId":"x"}],"__proto__":1,"constructor":2,"toString":3}');
    const result = validate(sample, body);
    assert.equal(result.success, false);
    if (result.success) return;
    assert.deepEqual(Object.keys(flattenFieldErrors(result.errors)).sort(), ['__proto__', 'constructor', 'toString']);
    assert.equal(Object.getPrototypeOf(result.errors), Object.prototype);
    assert.equal(isFieldErrorTree(result.errors), true);
  });
});
