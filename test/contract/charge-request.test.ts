import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  chargeRequestSchema,
  ECI_ATTEMPT,
  ECI_FULLY_AUTHENTICATED,
  idempotencyKeySchema,
  isValidCnpj,
  isValidCpf,
  METADATA_KEYS,
} from '../../src/contract/charge-request.js';
import type { ChargeRequest, ChargeRequestInput } from '../../src/contract/charge-request.js';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';
import type { ChargeMethod } from '../../src/contract/payment-methods.js';

// Publicly known sample numbers with correct check digits.
const VALID_CPF = '52998224725';
const VALID_CNPJ = '11222333000181';

const customer = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  phone: '5511999998888',
  fingerprint: 'device-7f3a',
  docType: 'cpf',
  docNumber: VALID_CPF,
} as const;

const address = {
  state: 'SP',
  city: 'São Paulo',
  street: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  number: '1000',
  zipcode: '01310100',
} as const;

/** A valid request for `method`, with only what that method needs. */
function requestFor(method: ChargeMethod): ChargeRequestInput {
  const shared: ChargeRequestInput = { paymentMethod: method, customer: { ...customer }, items: [{ offerId: 'offer-1' }] };
  if (method === 'credit_card' || method === 'threeDs') {
    return { ...shared, card: { token: 'tok_1' }, antifraud_profiling_attempt_reference: 'b7e1c1d2-1a2b-4c3d-8e9f-001122334455' };
  }
  return shared;
}

/** The request for `method` with some top-level fields replaced (undefined removes one). */
function changed(method: ChargeMethod, fields: Record<string, unknown>): Record<string, unknown> {
  const request: Record<string, unknown> = { ...requestFor(method), ...fields };
  for (const [field, value] of Object.entries(fields)) if (value === undefined) delete request[field];
  return request;
}

function withCustomer(fields: Record<string, unknown>, method: ChargeMethod = 'pix'): Record<string, unknown> {
  const changedCustomer: Record<string, unknown> = { ...customer, ...fields };
  for (const [field, value] of Object.entries(fields)) if (value === undefined) delete changedCustomer[field];
  return changed(method, { customer: changedCustomer });
}

function withItem(fields: Record<string, unknown>): Record<string, unknown> {
  return changed('pix', { items: [{ offerId: 'offer-1', ...fields }] });
}

function withAddress(fields: Record<string, unknown>): Record<string, unknown> {
  const changedAddress: Record<string, unknown> = { ...address, ...fields };
  for (const [field, value] of Object.entries(fields)) if (value === undefined) delete changedAddress[field];
  return changed('pix', { address: changedAddress });
}

function accepted(input: unknown): ChargeRequest {
  const result = validate(chargeRequestSchema, input);
  if (!result.success) assert.fail(`expected a valid request, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** The flattened errors of a request that must fail. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = validate(chargeRequestSchema, input);
  if (result.success) assert.fail('expected the request to be refused');
  return flattenFieldErrors(result.errors);
}

function errorFields(input: unknown): string[] {
  return Object.keys(errorsOf(input)).sort();
}

describe('idempotencyKeySchema', () => {
  it('takes 1 to 255 characters', () => {
    assert.equal(validate(idempotencyKeySchema, 'a').success, true);
    assert.equal(validate(idempotencyKeySchema, 'k'.repeat(255)).success, true);
    assert.equal(validate(idempotencyKeySchema, 'b7e1c1d2-1a2b-4c3d-8e9f-001122334455').success, true);
  });

  it('refuses an empty key and one of 256 characters', () => {
    assert.equal(validate(idempotencyKeySchema, '').success, false);
    assert.equal(validate(idempotencyKeySchema, 'k'.repeat(256)).success, false);
  });
});

describe('chargeRequestSchema: one valid request per method', () => {
  for (const method of ['pix', 'pix_auto', 'boleto', 'credit_card', 'threeDs'] as const) {
    it(`accepts a ${method} charge and fills the item defaults`, () => {
      const data = accepted(requestFor(method));
      assert.equal(data.paymentMethod, method);
      assert.deepEqual(data.items, [{ offerId: 'offer-1', quantity: 1, offerType: 'main' }]);
    });
  }

  it('accepts every optional field of its method', () => {
    accepted(changed('pix', { pixExpiresIn: 600, address, affiliateShortId: 'aff1', coupon: 'PROMO10', metadata: { utm_source: 'ig', sck: 'x' } }));
    accepted(changed('pix_auto', { pixExpiresIn: 60 }));
    accepted(changed('boleto', { dueDate: '2030-01-15' }));
    accepted(changed('credit_card', { installments: 12 }));
  });
});

describe('chargeRequestSchema: paymentMethod', () => {
  it('names paymentMethod when it is missing or unlisted', () => {
    assert.deepEqual(errorFields(changed('pix', { paymentMethod: undefined })), ['paymentMethod']);
    assert.deepEqual(errorFields(changed('pix', { paymentMethod: 'picpay' })), ['paymentMethod']);
  });
});

describe('chargeRequestSchema: top level', () => {
  it('refuses and names an unknown top-level key', () => {
    assert.deepEqual(errorFields(changed('pix', { amount: '97.00' })), ['amount']);
  });

  it('refuses a top-level cardToken as unsupported', () => {
    const errors = errorsOf(changed('credit_card', { cardToken: 'tok_1' }));
    assert.deepEqual(Object.keys(errors), ['cardToken']);
    assert.match(errors['cardToken']![0]!, /não suportado pelo contrato público/);
  });

  it('refuses the camelCase anti-fraud field with its own message naming the snake_case one', () => {
    const errors = errorsOf(changed('credit_card', { antifraudProfilingAttemptReference: 'ref' }));
    assert.deepEqual(Object.keys(errors), ['antifraudProfilingAttemptReference']);
    assert.equal(errors['antifraudProfilingAttemptReference']!.length, 1);
    assert.match(errors['antifraudProfilingAttemptReference']![0]!, /não suportado pelo contrato público.*antifraud_profiling_attempt_reference/);
  });

  it('refuses the camelCase anti-fraud field sent instead of the snake_case one, naming both', () => {
    const request = changed('threeDs', { antifraud_profiling_attempt_reference: undefined, antifraudProfilingAttemptReference: 'ref' });
    assert.deepEqual(errorFields(request), ['antifraudProfilingAttemptReference', 'antifraud_profiling_attempt_reference']);
  });
});

describe('chargeRequestSchema: customer', () => {
  it('requires the customer', () => {
    assert.deepEqual(errorFields(changed('pix', { customer: undefined })), ['customer']);
  });

  it('requires a non-empty name and fingerprint', () => {
    assert.deepEqual(errorFields(withCustomer({ name: '' })), ['customer.name']);
    assert.deepEqual(errorFields(withCustomer({ fingerprint: '' })), ['customer.fingerprint']);
    assert.deepEqual(errorFields(withCustomer({ fingerprint: undefined })), ['customer.fingerprint']);
  });

  it('takes a valid e-mail only', () => {
    accepted(withCustomer({ email: 'ana.souza+loja@example.com.br' }));
    assert.deepEqual(errorFields(withCustomer({ email: 'ana@' })), ['customer.email']);
    assert.deepEqual(errorsOf(withCustomer({ email: undefined }))['customer.email'], ['Este campo é obrigatório.']);
  });

  it('takes the phone as E.164 digits without the plus sign, 8 to 15 digits', () => {
    accepted(withCustomer({ phone: '12345678' }));
    accepted(withCustomer({ phone: '123456789012345' }));
    assert.deepEqual(errorFields(withCustomer({ phone: '+5511999998888' })), ['customer.phone']);
    assert.deepEqual(errorFields(withCustomer({ phone: '05511999998888' })), ['customer.phone']);
    assert.deepEqual(errorFields(withCustomer({ phone: '1234567' })), ['customer.phone']);
    assert.deepEqual(errorFields(withCustomer({ phone: '1234567890123456' })), ['customer.phone']);
  });

  it('takes docType cpf or cnpj only', () => {
    accepted(withCustomer({ docType: 'cnpj', docNumber: VALID_CNPJ }));
    assert.deepEqual(errorFields(withCustomer({ docType: 'rg' })), ['customer.docType']);
  });

  it('takes docNumber as digits only', () => {
    assert.deepEqual(errorFields(withCustomer({ docNumber: '529.982.247-25' })), ['customer.docNumber']);
  });

  it('takes neither document field, or both', () => {
    accepted(withCustomer({ docType: undefined, docNumber: undefined }));
    assert.deepEqual(errorFields(withCustomer({ docNumber: undefined })), ['customer.docNumber']);
    assert.deepEqual(errorFields(withCustomer({ docType: undefined })), ['customer.docType']);
  });

  it('wants 11 digits for a CPF and 14 for a CNPJ', () => {
    assert.deepEqual(errorFields(withCustomer({ docType: 'cpf', docNumber: VALID_CNPJ })), ['customer.docNumber']);
    assert.deepEqual(errorFields(withCustomer({ docType: 'cnpj', docNumber: VALID_CPF })), ['customer.docNumber']);
  });

  it('checks the CPF check digits', () => {
    const errors = errorsOf(withCustomer({ docType: 'cpf', docNumber: '52998224724' }));
    assert.deepEqual(Object.keys(errors), ['customer.docNumber']);
    assert.match(errors['customer.docNumber']![0]!, /CPF inválido/);
  });

  it('checks the CNPJ check digits', () => {
    accepted(withCustomer({ docType: 'cnpj', docNumber: VALID_CNPJ }));
    assert.deepEqual(errorFields(withCustomer({ docType: 'cnpj', docNumber: '11222333000182' })), ['customer.docNumber']);
  });

  it('takes birthDate as a real YYYY-MM-DD day', () => {
    accepted(withCustomer({ birthDate: '1990-05-17' }));
    assert.deepEqual(errorFields(withCustomer({ birthDate: '1990-02-30' })), ['customer.birthDate']);
    assert.deepEqual(errorFields(withCustomer({ birthDate: '17/05/1990' })), ['customer.birthDate']);
  });

  it('takes ip as IPv4 or IPv6', () => {
    accepted(withCustomer({ ip: '203.0.113.7' }));
    accepted(withCustomer({ ip: '2001:db8::1' }));
    assert.deepEqual(errorFields(withCustomer({ ip: '256.0.113.7' })), ['customer.ip']);
    assert.deepEqual(errorFields(withCustomer({ ip: 'localhost' })), ['customer.ip']);
  });

  it('refuses and names an unknown customer key', () => {
    assert.deepEqual(errorFields(withCustomer({ cpf: VALID_CPF })), ['customer.cpf']);
  });
});

describe('isValidCpf and isValidCnpj', () => {
  it('accept numbers whose check digits are right', () => {
    assert.equal(isValidCpf(VALID_CPF), true);
    assert.equal(isValidCpf('11144477735'), true);
    assert.equal(isValidCnpj(VALID_CNPJ), true);
    assert.equal(isValidCnpj('04252011000110'), true);
  });

  it('refuse wrong check digits, wrong lengths, non-digits and one repeated digit', () => {
    assert.equal(isValidCpf('52998224715'), false);
    assert.equal(isValidCpf('5299822472'), false);
    assert.equal(isValidCpf('529.982.247-25'), false);
    assert.equal(isValidCpf('00000000000'), false);
    assert.equal(isValidCnpj('11222333000191'), false);
    assert.equal(isValidCnpj(VALID_CPF), false);
    assert.equal(isValidCnpj('11111111111111'), false);
  });
});

describe('chargeRequestSchema: items', () => {
  it('takes exactly one item', () => {
    assert.deepEqual(errorFields(changed('pix', { items: [{ offerId: 'a' }, { offerId: 'b' }] })), ['items']);
    assert.deepEqual(errorFields(changed('pix', { items: [] })), ['items']);
  });

  it('requires a non-empty offerId', () => {
    assert.deepEqual(errorFields(withItem({ offerId: '' })), ['items.0.offerId']);
  });

  it('takes quantity as an integer of at least 1', () => {
    assert.equal(accepted(withItem({ quantity: 2 })).items[0]!.quantity, 2);
    assert.deepEqual(errorFields(withItem({ quantity: 0 })), ['items.0.quantity']);
    assert.deepEqual(errorFields(withItem({ quantity: 1.5 })), ['items.0.quantity']);
  });

  it('takes offerType main only', () => {
    accepted(withItem({ offerType: 'main' }));
    assert.deepEqual(errorFields(withItem({ offerType: 'upsell' })), ['items.0.offerType']);
  });

  it('takes item installments from 1 to 12', () => {
    accepted(withItem({ installments: 12 }));
    assert.deepEqual(errorFields(withItem({ installments: 13 })), ['items.0.installments']);
  });

  it('refuses and names an unknown item key', () => {
    assert.deepEqual(errorFields(withItem({ price: '97.00' })), ['items.0.price']);
  });
});

describe('chargeRequestSchema: address', () => {
  it('defaults country to BR', () => {
    assert.equal(accepted(withAddress({})).address?.country, 'BR');
  });

  it('takes country as two uppercase letters', () => {
    accepted(withAddress({ country: 'US', state: 'CA', zipcode: '90210' }));
    assert.deepEqual(errorFields(withAddress({ country: 'br' })), ['address.country']);
    assert.deepEqual(errorFields(withAddress({ country: 'BRA' })), ['address.country']);
  });

  it('takes state as two uppercase letters', () => {
    assert.deepEqual(errorFields(withAddress({ state: 'sao paulo' })), ['address.state']);
    assert.deepEqual(errorFields(withAddress({ state: 'sp' })), ['address.state']);
  });

  it('requires city, street, neighborhood and number', () => {
    assert.deepEqual(errorFields(withAddress({ city: '' })), ['address.city']);
    assert.deepEqual(errorFields(withAddress({ street: undefined })), ['address.street']);
    assert.deepEqual(errorFields(withAddress({ neighborhood: '' })), ['address.neighborhood']);
    assert.deepEqual(errorFields(withAddress({ number: undefined })), ['address.number']);
  });

  it('takes zipcode as digits, 8 of them in Brazil', () => {
    assert.deepEqual(errorFields(withAddress({ zipcode: '01310-100' })), ['address.zipcode']);
    assert.deepEqual(errorFields(withAddress({ zipcode: '0131010' })), ['address.zipcode']);
    assert.deepEqual(errorFields(withAddress({ country: 'BR', zipcode: '013101000' })), ['address.zipcode']);
  });

  it('takes an optional complement', () => {
    accepted(withAddress({ complement: 'Sala 4' }));
    assert.deepEqual(errorFields(withAddress({ complement: 4 })), ['address.complement']);
  });
});

describe('chargeRequestSchema: affiliate, coupon, metadata', () => {
  it('takes a non-empty affiliateShortId', () => {
    assert.deepEqual(errorFields(changed('pix', { affiliateShortId: '' })), ['affiliateShortId']);
  });

  it('takes a coupon of up to 255 characters', () => {
    accepted(changed('pix', { coupon: 'c'.repeat(255) }));
    assert.deepEqual(errorFields(changed('pix', { coupon: 'c'.repeat(256) })), ['coupon']);
  });

  it('takes every metadata key as a string', () => {
    const metadata = Object.fromEntries(METADATA_KEYS.map((key) => [key, `${key}-value`]));
    assert.deepEqual(accepted(changed('pix', { metadata })).metadata, metadata);
    assert.deepEqual(errorFields(changed('pix', { metadata: { utm_source: 5 } })), ['metadata.utm_source']);
  });

  it('refuses and names any other metadata key', () => {
    const errors = errorsOf(changed('pix', { metadata: { utm_source: 'ig', utm_id: '9' } }));
    assert.deepEqual(Object.keys(errors), ['metadata.utm_id']);
    assert.match(errors['metadata.utm_id']![0]!, /utm_source, utm_medium, utm_campaign, utm_term, utm_content, sck/);
  });
});

describe('chargeRequestSchema: pixExpiresIn and dueDate', () => {
  it('takes pixExpiresIn of at least 60 seconds', () => {
    assert.deepEqual(errorFields(changed('pix', { pixExpiresIn: 59 })), ['pixExpiresIn']);
    assert.deepEqual(errorFields(changed('pix', { pixExpiresIn: 90.5 })), ['pixExpiresIn']);
  });

  it('takes pixExpiresIn only with pix methods', () => {
    assert.deepEqual(errorFields(changed('boleto', { pixExpiresIn: 600 })), ['pixExpiresIn']);
    assert.deepEqual(errorFields(changed('credit_card', { pixExpiresIn: 600 })), ['pixExpiresIn']);
  });

  it('takes dueDate as a real YYYY-MM-DD day', () => {
    assert.deepEqual(errorFields(changed('boleto', { dueDate: '2025-02-30' })), ['dueDate']);
  });

  it('takes dueDate only with boleto', () => {
    assert.deepEqual(errorFields(changed('pix', { dueDate: '2030-01-15' })), ['dueDate']);
  });
});

describe('chargeRequestSchema: card methods', () => {
  it('requires card for credit_card and threeDs, saying so', () => {
    for (const method of ['credit_card', 'threeDs'] as const) {
      const errors = errorsOf(changed(method, { card: undefined }));
      assert.deepEqual(Object.keys(errors), ['card']);
      assert.match(errors['card']![0]!, /obrigatório para os métodos credit_card e threeDs/);
    }
  });

  it('requires a non-empty card.token and nothing else in card', () => {
    assert.deepEqual(errorFields(changed('credit_card', { card: {} })), ['card.token']);
    assert.deepEqual(errorFields(changed('credit_card', { card: { token: '' } })), ['card.token']);
    assert.deepEqual(errorFields(changed('credit_card', { card: { token: 't', number: '4111111111111111' } })), ['card.number']);
  });

  it('refuses card with the other methods', () => {
    assert.deepEqual(errorFields(changed('pix', { card: { token: 'tok_1' } })), ['card']);
  });

  it('requires antifraud_profiling_attempt_reference for card methods', () => {
    accepted(changed('pix', { antifraud_profiling_attempt_reference: 'ref' }));
    assert.deepEqual(errorFields(changed('threeDs', { antifraud_profiling_attempt_reference: undefined })), ['antifraud_profiling_attempt_reference']);
    assert.deepEqual(errorFields(changed('credit_card', { antifraud_profiling_attempt_reference: '' })), ['antifraud_profiling_attempt_reference']);
  });

  it('takes installments from 1 to 12', () => {
    accepted(changed('threeDs', { installments: 1 }));
    assert.deepEqual(errorFields(changed('credit_card', { installments: 13 })), ['installments']);
    assert.deepEqual(errorFields(changed('credit_card', { installments: 0 })), ['installments']);
  });

  it('takes installments only with card methods', () => {
    assert.deepEqual(errorFields(changed('pix', { installments: 1 })), ['installments']);
    assert.deepEqual(errorFields(changed('boleto', { installments: 3 })), ['installments']);
  });
});

describe('chargeRequestSchema: threeDSecure', () => {
  const authentication = { cavv: 'AAABBJg0VhI0VniQEjRWAAAAAAA=', eci: ECI_FULLY_AUTHENTICATED, xid: 'x1', referenceId: 'ref-1', version: '2.2.0' };

  it('names the two ECI outcomes of the spec', () => {
    assert.equal(ECI_FULLY_AUTHENTICATED, '05');
    assert.equal(ECI_ATTEMPT, '06');
  });

  it('takes the authentication data and defaults dataOnly to false', () => {
    assert.deepEqual(accepted(changed('threeDs', { threeDSecure: authentication })).threeDSecure, { ...authentication, dataOnly: false });
    assert.equal(accepted(changed('threeDs', { threeDSecure: { eci: ECI_ATTEMPT, dataOnly: true } })).threeDSecure?.dataOnly, true);
  });

  it('takes eci as two digits', () => {
    accepted(changed('threeDs', { threeDSecure: { eci: '07' } }));
    assert.deepEqual(errorFields(changed('threeDs', { threeDSecure: { eci: '5' } })), ['threeDSecure.eci']);
  });

  it('takes dataOnly as a boolean and strings elsewhere', () => {
    assert.deepEqual(errorFields(changed('threeDs', { threeDSecure: { dataOnly: 'yes' } })), ['threeDSecure.dataOnly']);
    assert.deepEqual(errorFields(changed('threeDs', { threeDSecure: { cavv: 1, version: 2 } })), ['threeDSecure.cavv', 'threeDSecure.version']);
  });

  it('refuses and names an unknown threeDSecure key', () => {
    assert.deepEqual(errorFields(changed('threeDs', { threeDSecure: { trans_status: 'Y' } })), ['threeDSecure.trans_status']);
  });

  it('takes threeDSecure only with card methods', () => {
    accepted(changed('credit_card', { threeDSecure: authentication }));
    assert.deepEqual(errorFields(changed('boleto', { threeDSecure: authentication })), ['threeDSecure']);
  });
});

describe('chargeRequestSchema: every error in one answer', () => {
  // A wrong type or a missing field makes zod skip object-level checks unless told otherwise.
  it('reports a missing card together with a bad phone', () => {
    const request = changed('credit_card', { card: undefined, customer: { ...customer, phone: '+5511999998888' } });
    assert.deepEqual(errorFields(request), ['card', 'customer.phone']);
  });

  it('reports a missing card together with a phone of the wrong type', () => {
    const request = changed('credit_card', { card: undefined, customer: { ...customer, phone: 5511999998888 } });
    assert.deepEqual(errorFields(request), ['card', 'customer.phone']);
  });

  it('reports a missing anti-fraud reference together with a missing item', () => {
    const request = changed('threeDs', { antifraud_profiling_attempt_reference: undefined, items: undefined });
    assert.deepEqual(errorFields(request), ['antifraud_profiling_attempt_reference', 'items']);
  });

  it('reports the method rules together with unknown keys and bad items', () => {
    const request = changed('pix', { installments: 2, dueDate: '2030-01-15', extra: true, items: [{ offerId: 5, quantity: 0 }] });
    assert.deepEqual(errorFields(request), ['dueDate', 'extra', 'installments', 'items.0.offerId', 'items.0.quantity']);
  });

  it('reports a missing docNumber together with a bad e-mail', () => {
    assert.deepEqual(errorFields(withCustomer({ email: undefined, docNumber: undefined })), ['customer.docNumber', 'customer.email']);
  });

  it('reports a short CEP together with a bad state', () => {
    assert.deepEqual(errorFields(withAddress({ state: 'sao paulo', zipcode: '0131' })), ['address.state', 'address.zipcode']);
    assert.deepEqual(errorFields(withAddress({ city: undefined, zipcode: '0131' })), ['address.city', 'address.zipcode']);
  });
});
