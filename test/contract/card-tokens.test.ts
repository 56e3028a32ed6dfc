import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CARD_TOKEN_CLIENT_ID_HEADER,
  TEST_CARDS,
  cardNumberLengths,
  cardTokenFromResponse,
  cardTokenRequestSchema,
  cardTokenResponseSchema,
  createCardTokenRequestSchema,
  cvvLength,
  detectCardBrand,
  isCardExpired,
  isLuhnValid,
} from '../../src/contract/card-tokens.js';
import { validate } from '../../src/contract/errors.js';
import { failingFields } from './field-errors.js';

// A fixed clock: 15 June 2030, local time.
const JUNE_2030 = new Date(2030, 5, 15, 12, 0, 0);
const requestSchema = createCardTokenRequestSchema(() => JUNE_2030);

const card = { holderName: 'ANA SOUZA', number: '4111111111111111', expMonth: '08', expYear: '2031', cvv: '123' };

describe('header', () => {
  it('is X-client-id', () => {
    assert.equal(CARD_TOKEN_CLIENT_ID_HEADER, 'X-client-id');
  });
});

describe('isLuhnValid', () => {
  it('accepts numbers with a right check digit', () => {
    assert.equal(isLuhnValid('4111111111111111'), true);
    assert.equal(isLuhnValid('378282246310005'), true);
  });

  it('refuses a wrong check digit and non-digits', () => {
    assert.equal(isLuhnValid('4111111111111112'), false);
    assert.equal(isLuhnValid('4111 1111 1111 1111'), false);
    assert.equal(isLuhnValid(''), false);
  });
});

describe('detectCardBrand', () => {
  it('knows each brand by its prefixes', () => {
    const samples: [string, string | undefined][] = [
      ['4111111111111111', 'visa'],
      ['5105105105105100', 'mastercard'],
      ['5500000000000004', 'mastercard'],
      ['2221000000000009', 'mastercard'],
      ['2720990000000000', 'mastercard'],
      ['378282246310005', 'amex'],
      ['340000000000009', 'amex'],
      ['30569309025904', 'diners'],
      ['3600000000000000', 'diners'],
      ['3900000000000000', 'diners'],
      ['6011111111111117', 'discover'],
      ['6500000000000002', 'discover'],
      ['6062825624254001', 'hipercard'],
      ['3841001111222233334', 'hipercard'],
      ['6362970000457013', 'elo'],
      ['5067000000000000', 'elo'],
      ['5066990000000000', 'elo'],
      ['5090000000000000', 'elo'],
      ['6550580000000000', 'elo'],
    ];
    for (const [number, brand] of samples) assert.equal(detectCardBrand(number), brand, number);
  });

  it('takes Elo and Hipercard before the brands whose ranges hold them', () => {
    assert.equal(detectCardBrand('4011780000000000'), 'elo');
    assert.equal(detectCardBrand('4576000000000000'), 'elo');
    assert.equal(detectCardBrand('4389350000000000'), 'elo');
    assert.equal(detectCardBrand('6504050000000000'), 'elo');
    assert.equal(detectCardBrand('3841000000000000'), 'hipercard');
  });

  it('falls back to the wider brand just outside an Elo or Hipercard range', () => {
    assert.equal(detectCardBrand('4577000000000000'), 'visa');
    assert.equal(detectCardBrand('6500340000000000'), 'discover');
    assert.equal(detectCardBrand('6550200000000000'), 'discover');
    assert.equal(detectCardBrand('3842000000000000'), 'diners');
  });

  it('knows no brand for other prefixes or non-digits', () => {
    assert.equal(detectCardBrand('5066980000000000'), undefined);
    assert.equal(detectCardBrand('2721000000000000'), undefined);
    assert.equal(detectCardBrand('3060000000000000'), undefined);
    assert.equal(detectCardBrand('9999999999999999'), undefined);
    assert.equal(detectCardBrand('4111-1111'), undefined);
  });

  it('tells the brand from the first digits, as the buyer types', () => {
    assert.equal(detectCardBrand('4'), 'visa');
    assert.equal(detectCardBrand('37'), 'amex');
    assert.equal(detectCardBrand('63'), undefined);
    assert.equal(detectCardBrand('636368'), 'elo');
  });
});

describe('lengths', () => {
  it('gives each brand its number lengths', () => {
    assert.deepEqual(cardNumberLengths('amex'), [15]);
    assert.deepEqual(cardNumberLengths('mastercard'), [16]);
    assert.deepEqual(cardNumberLengths('elo'), [16]);
    assert.equal(cardNumberLengths('visa').includes(16), true);
    assert.equal(cardNumberLengths('diners').includes(14), true);
  });

  it('gives amex a 4-digit CVV and the others 3', () => {
    assert.equal(cvvLength('amex'), 4);
    for (const brand of ['visa', 'mastercard', 'elo', 'hipercard', 'diners', 'discover'] as const) assert.equal(cvvLength(brand), 3, brand);
  });
});

describe('isCardExpired', () => {
  it('keeps a card valid through its month', () => {
    assert.equal(isCardExpired('06', '2030', JUNE_2030), false);
    assert.equal(isCardExpired('06', '2030', new Date(2030, 5, 30, 23, 59, 59)), false);
    assert.equal(isCardExpired('01', '2031', JUNE_2030), false);
  });

  it('expires it once the month or the year is over', () => {
    assert.equal(isCardExpired('06', '2030', new Date(2030, 6, 1)), true);
    assert.equal(isCardExpired('05', '2030', JUNE_2030), true);
    assert.equal(isCardExpired('12', '2029', JUNE_2030), true);
  });
});

describe('card token request', () => {
  it('accepts a valid card', () => {
    assert.equal(validate(requestSchema, card).success, true);
    assert.equal(validate(requestSchema, { ...card, number: '378282246310005', cvv: '1234' }).success, true);
  });

  it('refuses a number that fails the Luhn check', () => {
    assert.deepEqual(failingFields(requestSchema, { ...card, number: '4111111111111112' }), ['number']);
  });

  it('takes digits only, 12 to 19 of them', () => {
    assert.deepEqual(failingFields(requestSchema, { ...card, number: '4111 1111 1111 1111' }), ['number']);
    assert.deepEqual(failingFields(requestSchema, { ...card, number: '41111111113' }), ['number']);
    assert.deepEqual(failingFields(requestSchema, { ...card, number: '41111111111111111114' }), ['number']);
  });

  it('gives a number a length its brand has', () => {
    assert.equal(validate(requestSchema, { ...card, number: '4111111111119' }).success, true);
    assert.deepEqual(failingFields(requestSchema, { ...card, number: '41111111111111113' }), ['number']);
    assert.deepEqual(failingFields(requestSchema, { ...card, number: '37144963539849', cvv: '1234' }), ['number']);
  });

  it('refuses a blank holderName', () => {
    assert.deepEqual(failingFields(requestSchema, { ...card, holderName: '' }), ['holderName']);
    assert.deepEqual(failingFields(requestSchema, { ...card, holderName: '   ' }), ['holderName']);
  });

  it('takes expMonth as MM from 01 to 12 and expYear as YYYY', () => {
    assert.deepEqual(failingFields(requestSchema, { ...card, expMonth: '8' }), ['expMonth']);
    assert.deepEqual(failingFields(requestSchema, { ...card, expMonth: '13' }), ['expMonth']);
    assert.deepEqual(failingFields(requestSchema, { ...card, expYear: '31' }), ['expYear']);
  });

  it('refuses an expired card on the month in the current year, on the year before it', () => {
    assert.equal(validate(requestSchema, { ...card, expMonth: '06', expYear: '2030' }).success, true);
    assert.deepEqual(failingFields(requestSchema, { ...card, expMonth: '05', expYear: '2030' }), ['expMonth']);
    assert.deepEqual(failingFields(requestSchema, { ...card, expMonth: '12', expYear: '2029' }), ['expYear']);
  });

  it('gives the CVV the length of the brand', () => {
    assert.deepEqual(failingFields(requestSchema, { ...card, cvv: '1234' }), ['cvv']);
    assert.deepEqual(failingFields(requestSchema, { ...card, number: '378282246310005', cvv: '123' }), ['cvv']);
    assert.deepEqual(failingFields(requestSchema, { ...card, cvv: '12a' }), ['cvv']);
  });

  it('refuses fields the endpoint does not take', () => {
    assert.deepEqual(failingFields(requestSchema, { ...card, brand: 'visa' }), ['brand']);
  });

  it('judges expiry by the real clock by default', () => {
    const thisYear = new Date().getFullYear();
    assert.equal(validate(cardTokenRequestSchema, { ...card, expMonth: '12', expYear: String(thisYear + 1) }).success, true);
    assert.deepEqual(failingFields(cardTokenRequestSchema, { ...card, expMonth: '12', expYear: String(thisYear - 1) }), ['expYear']);
  });
});

describe('card token response', () => {
  it('reads the token under either name', () => {
    const named = (body: unknown): string => {
      const result = validate(cardTokenResponseSchema, body);
      assert.equal(result.success, true);
      if (!result.success) throw new Error('unreachable');
      return cardTokenFromResponse(result.data);
    };
    assert.equal(named({ token: 'tok_1' }), 'tok_1');
    assert.equal(named({ cardToken: 'tok_2' }), 'tok_2');
    assert.equal(named({ token: 'tok_1', cardToken: 'tok_2' }), 'tok_1');
  });

  it('names token when no token comes back', () => {
    assert.deepEqual(failingFields(cardTokenResponseSchema, {}), ['token']);
    assert.deepEqual(failingFields(cardTokenResponseSchema, { token: '' }), ['token']);
    assert.deepEqual(failingFields(cardTokenResponseSchema, { cardToken: 5 }), ['cardToken']);
  });

  it('throws on a body that was not validated and has no token', () => {
    assert.throws(() => cardTokenFromResponse({}), /token/);
  });
});

describe('TEST_CARDS', () => {
  it('holds the seven sandbox cards with their outcomes', () => {
    assert.deepEqual(
      TEST_CARDS.map(({ number, outcome }) => [number, outcome]),
      [
        ['4111111111111111', 'approved_frictionless'],
        ['5555555555554444', 'approved_after_challenge'],
        ['4000000000000002', 'declined'],
        ['4000000000000119', 'refused'],
        ['4000000000003220', 'pending_then_paid'],
        ['6362970000457013', 'approved_frictionless'],
        ['6062825624254001', 'approved_frictionless'],
      ],
    );
    assert.equal(TEST_CARDS.find((testCard) => testCard.outcome === 'approved_after_challenge')?.challengeCode, '1234');
  });

  it('are cards the request schema accepts, of the brand detection finds', () => {
    for (const testCard of TEST_CARDS) {
      assert.equal(detectCardBrand(testCard.number), testCard.brand, testCard.number);
      const cvv = '1234'.slice(0, cvvLength(testCard.brand));
      assert.equal(validate(requestSchema, { ...card, number: testCard.number, cvv }).success, true, testCard.number);
    }
    assert.equal(detectCardBrand('6362970000457013'), 'elo');
    assert.equal(detectCardBrand('6062825624254001'), 'hipercard');
  });
});
