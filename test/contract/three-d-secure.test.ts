import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validate } from '../../src/contract/errors.js';
import { ECI_ATTEMPT, ECI_FULLY_AUTHENTICATED, threeDSecureSchema } from '../../src/contract/charge-request.js';
import {
  chargeThreeDSecureFrom,
  threeDSecureAuthenticationInputSchema,
  threeDSecureResultSchema,
  type ThreeDSecureResult,
} from '../../src/contract/three-d-secure.js';
import { failingFields } from './field-errors.js';

const billingAddress = {
  country: 'BR',
  state: 'SP',
  city: 'São Paulo',
  street: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  number: '1000',
  zipcode: '01310100',
};

const input = {
  cardToken: 'tok_1',
  amountInCents: 9700,
  currency: 'BRL',
  customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '5511999990000' },
  billingAddress,
};

describe('threeDSecureAuthenticationInputSchema', () => {
  it('accepts the provider input, with or without an AbortSignal', () => {
    assert.equal(validate(threeDSecureAuthenticationInputSchema, input).success, true);
    const controller = new AbortController();
    assert.equal(validate(threeDSecureAuthenticationInputSchema, { ...input, signal: controller.signal }).success, true);
  });

  it('takes the amount as whole cents, zero or more', () => {
    assert.equal(validate(threeDSecureAuthenticationInputSchema, { ...input, amountInCents: 0 }).success, true);
    assert.deepEqual(failingFields(threeDSecureAuthenticationInputSchema, { ...input, amountInCents: 97.5 }), ['amountInCents']);
    assert.deepEqual(failingFields(threeDSecureAuthenticationInputSchema, { ...input, amountInCents: -1 }), ['amountInCents']);
    assert.deepEqual(failingFields(threeDSecureAuthenticationInputSchema, { ...input, amountInCents: '9700' }), ['amountInCents']);
  });

  it('takes a currency of the spec', () => {
    assert.equal(validate(threeDSecureAuthenticationInputSchema, { ...input, currency: 'USD' }).success, true);
    assert.deepEqual(failingFields(threeDSecureAuthenticationInputSchema, { ...input, currency: 'GBP' }), ['currency']);
  });

  it('needs the card token and the customer contact', () => {
    assert.deepEqual(failingFields(threeDSecureAuthenticationInputSchema, { ...input, cardToken: '' }), ['cardToken']);
    assert.deepEqual(
      failingFields(threeDSecureAuthenticationInputSchema, { ...input, customer: { ...input.customer, email: 'ana.example.com' } }),
      ['customer.email'],
    );
    assert.deepEqual(
      failingFields(threeDSecureAuthenticationInputSchema, { ...input, customer: { ...input.customer, phone: '+55 11 99999-0000' } }),
      ['customer.phone'],
    );
    assert.deepEqual(
      failingFields(threeDSecureAuthenticationInputSchema, { ...input, customer: { ...input.customer, name: '' } }),
      ['customer.name'],
    );
  });

  it('needs a billing address with a state code and a digits-only zipcode', () => {
    const { billingAddress: _omitted, ...withoutAddress } = input;
    assert.deepEqual(failingFields(threeDSecureAuthenticationInputSchema, withoutAddress), ['billingAddress']);
    assert.deepEqual(
      failingFields(threeDSecureAuthenticationInputSchema, { ...input, billingAddress: { ...billingAddress, state: 'São Paulo' } }),
      ['billingAddress.state'],
    );
    assert.deepEqual(
      failingFields(threeDSecureAuthenticationInputSchema, { ...input, billingAddress: { ...billingAddress, zipcode: '01310-100' } }),
      ['billingAddress.zipcode'],
    );
    assert.deepEqual(
      failingFields(threeDSecureAuthenticationInputSchema, { ...input, billingAddress: { ...billingAddress, country: 'Brasil' } }),
      ['billingAddress.country'],
    );
    const { country: _country, ...withoutCountry } = billingAddress;
    assert.equal(validate(threeDSecureAuthenticationInputSchema, { ...input, billingAddress: withoutCountry }).success, true);
  });

  it('takes only an AbortSignal as signal', () => {
    assert.deepEqual(failingFields(threeDSecureAuthenticationInputSchema, { ...input, signal: { aborted: false } }), ['signal']);
  });
});

const result = {
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  eci: '05',
  xid: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
  referenceId: 'c1f0a2d4-77e1-4d2b-9a63-1f1d7f0e9b55',
  version: '2.2.0',
};

describe('threeDSecureResultSchema', () => {
  it('accepts a provider result, with the optional 2.x fields', () => {
    assert.equal(validate(threeDSecureResultSchema, result).success, true);
    assert.equal(
      validate(threeDSecureResultSchema, { ...result, trans_status: 'Y', threeDSServerTransID: '8a880dc0-d2d2-4067-bcb1-b08d1690b26e' }).success,
      true,
    );
  });

  it('needs the five authentication values', () => {
    for (const field of ['cavv', 'eci', 'xid', 'referenceId', 'version'] as const) {
      const { [field]: _omitted, ...rest } = result;
      assert.deepEqual(failingFields(threeDSecureResultSchema, rest), [field]);
    }
  });

  it('takes a two-digit eci, a dotted version and an EMV transStatus', () => {
    assert.equal(validate(threeDSecureResultSchema, { ...result, eci: ECI_ATTEMPT }).success, true);
    assert.deepEqual(failingFields(threeDSecureResultSchema, { ...result, eci: '5' }), ['eci']);
    assert.deepEqual(failingFields(threeDSecureResultSchema, { ...result, version: 'dois' }), ['version']);
    assert.deepEqual(failingFields(threeDSecureResultSchema, { ...result, trans_status: 'X' }), ['trans_status']);
  });
});

describe('chargeThreeDSecureFrom', () => {
  const parsed: ThreeDSecureResult = { ...result, trans_status: 'Y', threeDSServerTransID: 'srv_1' };

  it('carries the five values into the charge block and leaves the rest out', () => {
    assert.deepEqual(chargeThreeDSecureFrom(parsed), {
      cavv: result.cavv,
      eci: ECI_FULLY_AUTHENTICATED,
      xid: result.xid,
      referenceId: result.referenceId,
      version: '2.2.0',
    });
  });

  it('makes a block the charge request schema accepts', () => {
    assert.equal(validate(threeDSecureSchema, chargeThreeDSecureFrom(parsed, { dataOnly: true })).success, true);
  });

  it('sends dataOnly only when asked', () => {
    assert.equal(chargeThreeDSecureFrom(parsed, { dataOnly: true }).dataOnly, true);
    assert.equal(chargeThreeDSecureFrom(parsed, { dataOnly: false }).dataOnly, false);
    assert.equal('dataOnly' in chargeThreeDSecureFrom(parsed), false);
  });
});
