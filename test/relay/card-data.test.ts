import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isLuhnValid } from '../../src/contract/card-tokens.js';
import { findCardData, looksLikeCardNumber } from '../../src/relay/card-data.js';
import { pixChargeBody } from './relay-harness.js';

describe('card data detection', () => {
  it('runs the Luhn check', () => {
    assert.equal(isLuhnValid('4111111111111111'), true);
    assert.equal(isLuhnValid('4111111111111112'), false);
    assert.equal(isLuhnValid('378282246310005'), true);
  });

  it('takes 13 to 19 Luhn-valid digits, grouped or not, in text or as an integer', () => {
    assert.equal(looksLikeCardNumber('4111111111111111'), true);
    assert.equal(looksLikeCardNumber('4111 1111 1111 1111'), true);
    assert.equal(looksLikeCardNumber('4111-1111-1111-1111'), true);
    assert.equal(looksLikeCardNumber(4111111111111111), true);
    assert.equal(looksLikeCardNumber('4222222222222'), true);
    assert.equal(looksLikeCardNumber('4111111111111112'), false, 'fails Luhn');
    assert.equal(looksLikeCardNumber('411111111111'), false, '12 digits');
    assert.equal(looksLikeCardNumber('41111111111111111110'), false, '20 digits');
    assert.equal(looksLikeCardNumber('card 4111111111111111'), false, 'not only digits');
    assert.equal(looksLikeCardNumber(true), false);
  });

  it('finds nothing in a valid charge request, street number included', () => {
    const body = {
      ...pixChargeBody(),
      address: { state: 'SP', city: 'São Paulo', street: 'Rua A', neighborhood: 'Centro', number: '100', zipcode: '01001000' },
    };
    assert.deepEqual(findCardData(body), []);
  });

  it('does not judge the phone and the taxpayer number by their digits', () => {
    // A 13-digit phone and a 14-digit CNPJ that happen to pass Luhn are the buyer's data, not a card.
    assert.equal(isLuhnValid('5511987654325'), true);
    const body = { ...pixChargeBody(), customer: { ...pixChargeBody().customer, phone: '5511987654325', docType: 'cnpj', docNumber: '11222333003520' } };
    assert.equal(isLuhnValid('11222333003520'), true);
    assert.deepEqual(findCardData(body), []);
  });

  it('names every card field by path, at any depth and in lists', () => {
    const body = {
      ...pixChargeBody(),
      card: { token: 'tok_1', number: '4111111111111111', cvv: '123' },
      items: [{ offerId: '77BcHrY', extra: { exp_month: '12', 'Expiry-Year': '2030' } }],
      customer: { ...pixChargeBody().customer, securityCode: '999' },
      cardNumber: 'hidden',
    };
    assert.deepEqual(findCardData(body).sort(), [
      'card.cvv',
      'card.number',
      'cardNumber',
      'customer.securityCode',
      'items.0.extra.Expiry-Year',
      'items.0.extra.exp_month',
    ]);
  });

  it('finds a card number hidden in any string value', () => {
    const body = { ...pixChargeBody(), metadata: { utm_content: '5555 5555 5555 4444' }, coupon: '4000000000000002' };
    assert.deepEqual(findCardData(body).sort(), ['coupon', 'metadata.utm_content']);
  });
});
