import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { customerSchema } from '../../../src/contract/charge-request.js';
import { format, normalize, validate } from '../../../src/widget/fields/email.js';

const ACCEPTED = ['ana@example.com', 'ana.silva+loja@mail.example.com.br', "o'neil@example.co", 'a_b-c@sub-domain.example.org', 'ANA@Example.COM'];
const REFUSED = [
  'ana',
  'ana@',
  '@example.com',
  'ana@example',
  'ana@@example.com',
  'ana.@example.com',
  '.ana@example.com',
  'ana..silva@example.com',
  "ana'@example.com",
  'ana@-example.com',
  'ana@example-.com',
  'ana@example.c',
  'ana@example.123',
  'ana@exa_mple.com',
  'ana,silva@example.com',
  'jo\u00e3o@example.com',
  `${'a'.repeat(65)}@example.com`,
];

const contractAccepts = (email: string) =>
  customerSchema.safeParse({ name: 'Ana', email, phone: '5511987654321', fingerprint: 'device' }).success;

describe('email', () => {
  it('shows the address without spaces', () => {
    assert.equal(format(' ana @example.com '), 'ana@example.com');
  });

  it('sends the domain in lower case and the local part as typed', () => {
    assert.equal(normalize(' Ana.Silva@Example.COM '), 'Ana.Silva@example.com');
  });

  it('accepts plausible addresses', () => {
    for (const email of ACCEPTED) assert.equal(validate(email), undefined, email);
  });

  it('asks for the address when there is none', () => {
    assert.equal(validate(' '), 'field.email.error.required');
  });

  it('refuses malformed addresses', () => {
    for (const email of REFUSED) assert.equal(validate(email), 'field.email.error.invalid', email);
  });

  it('never accepts an address the contract would refuse', () => {
    for (const email of [...ACCEPTED, ...REFUSED]) {
      if (validate(email) === undefined) assert.equal(contractAccepts(normalize(email)), true, email);
    }
  });
});
