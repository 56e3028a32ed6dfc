import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isLuhnValid } from '../../src/contract/card-tokens.js';
import { isValidCnpj, isValidCpf } from '../../src/contract/documents.js';
import { findCardData, looksLikeCardNumber } from '../../src/relay/card-data.js';
import { CARD_NUMBER_RANGES, isCardNumber } from '../../src/relay/card-numbers.js';
import { pixChargeBody } from './relay-harness.js';
import { BRAND_SAMPLES, luhnNumber, seededRandom, validCnpj, validCpf } from './card-data-samples.js';

describe('card data detection', () => {
  it('runs the Luhn check', () => {
    assert.equal(isLuhnValid('4111111111111111'), true);
    assert.equal(isLuhnValid('4111111111111112'), false);
    assert.equal(isLuhnValid('378282246310005'), true);
  });

  it('takes a Luhn-valid number of a brand\'s range and length, grouped or not, in text or as a JSON number', () => {
    assert.equal(looksLikeCardNumber('4111111111111111'), true);
    assert.equal(looksLikeCardNumber('4111 1111 1111 1111'), true);
    assert.equal(looksLikeCardNumber('4111-1111-1111-1111'), true);
    assert.equal(looksLikeCardNumber(4111111111111111), true);
    assert.equal(looksLikeCardNumber(-4111111111111111), true);
    assert.equal(looksLikeCardNumber(4.111111111111111e15), true);
    assert.equal(looksLikeCardNumber('4111111111111112'), false, 'fails Luhn');
    assert.equal(looksLikeCardNumber('411111111111'), false, '12 digits');
    assert.equal(looksLikeCardNumber('41111111111111111110'), false, '20 digits written together');
    assert.equal(looksLikeCardNumber(true), false);
    assert.equal(looksLikeCardNumber(null), false);
  });

  it('knows each brand by its range and lengths', () => {
    assert.ok(Object.keys(BRAND_SAMPLES).length >= 20);
    for (const [name, number] of Object.entries(BRAND_SAMPLES)) {
      assert.equal(isLuhnValid(number), true, `${name} sample passes Luhn`);
      assert.equal(isCardNumber(number), true, name);
    }
    const brands = new Set(CARD_NUMBER_RANGES.map(({ brand }) => brand));
    for (const brand of ['Visa', 'Mastercard', 'American Express', 'Diners Club', 'Discover', 'JCB', 'Elo', 'Hipercard', 'Aura']) {
      assert.ok(brands.has(brand), brand);
    }
    // Luhn-valid, but a length the brand does not issue or a range no brand has.
    for (const payload of ['411111111111', '41111111111111', '3782822463100', '378282246310005', '55555555555544', '9111111111111111', '1111111111111', '8011111111111111']) {
      const number = luhnNumber(payload);
      assert.equal(isCardNumber(number), false, number);
    }
  });

  it('reads digits of any script and ignores separators between them; letters and other signs end a number', () => {
    const visa = '4111111111111111';
    const written = [
      'Ana 4111111111111111',
      '4111.1111.1111.1111',
      '4111/1111/1111/1111',
      '4111\t1111\t1111\t1111',
      '4111  1111  1111  1111',
      '4111\u00a01111\u00a01111\u00a01111',
      '4111\u202f1111\u20091111\u30001111',
      '4111\u200b1111\u200c1111\u200d1111',
      '4111\u20601111\u00ad1111\ufeff1111',
      '4111\u200e1111\u202e1111\u20661111',
      '4111\u20131111\u20141111\u22121111',
      '4111,1111_1111\u00b71111',
      '4\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1',
      '４１１１ １１１１ １１１１ １１１１',
      '٤١١١ ١١١١ ١١١١ ١١١١',
      '۴۱۱۱۱۱۱۱۱۱۱۱۱۱۱۱',
      '४१११११११११११११११',
      '๔๑๑๑๑๑๑๑๑๑๑๑๑๑๑๑',
      '𝟒𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏',
      '④①①①①①①①①①①①①①①①',
      '⁴¹¹¹¹¹¹¹¹¹¹¹¹¹¹¹',
      [...visa].map((digit) => `${digit}\ufe0f\u20e3`).join(''),
      '4111 1111 1111 1111 12/30',
      '4111 1111 1111 1111 123',
      'CPF 529.982.247-25 cartão 4111 1111 1111 1111',
      '2024 4111 1111 1111 1111',
      'tok_4111111111111111',
      '4111111111111111@example.com',
      // ASCII digits but for one: fewer than a card's ASCII digits, yet a card once read.
      '4111 1111 \uff11\uff11\uff11\uff11 \uff11\uff11\uff11\uff11',
      '41111111111111\u246a',
      '411111111111111\uff11',
    ];
    for (const text of written) assert.equal(looksLikeCardNumber(text), true, JSON.stringify(text));
    assert.equal(looksLikeCardNumber(visa.slice(0, 8) + 'o' + visa.slice(8)), false, 'a letter in the middle');
    assert.equal(looksLikeCardNumber('4111:1111:1111:1111'), false, 'colons end the number');
    assert.equal(looksLikeCardNumber('04111111111111111'), false, 'digits written together are one number');
  });

  it('finds nothing in a valid charge request, street number included', () => {
    const body = {
      ...pixChargeBody(),
      address: { state: 'SP', city: 'São Paulo', street: 'Rua A', neighborhood: 'Centro', number: '100', zipcode: '01001000', complement: 'apto 12' },
      metadata: { utm_source: 'newsletter', utm_content: '2025-11-28T10:30:00.000Z', sck: 'pedido-2025-000123' },
    };
    assert.deepEqual(findCardData(body), []);
  });

  it('judges the phone and the taxpayer number too, by ranges no phone or CNPJ falls in', () => {
    // A 13-digit phone and a 14-digit CNPJ that pass Luhn are the buyer's data, not a card...
    const phone = luhnNumber('551198765432');
    const cnpj = '11222333003520';
    assert.equal(isLuhnValid(cnpj), true);
    const buyer = { ...pixChargeBody().customer, phone, docType: 'cnpj', docNumber: cnpj };
    assert.deepEqual(findCardData({ ...pixChargeBody(), customer: buyer }), []);
    // ... a German phone is 13 digits from 49, where Visa's retired 13-digit numbers began ...
    assert.deepEqual(findCardData({ ...pixChargeBody(), customer: { ...buyer, phone: luhnNumber('491512345678') } }), []);
    // ... and a CNPJ from 36 has a 14-digit Diners number's shape, but its check digits say CNPJ.
    assert.equal(isValidCnpj('36000000003820') && isLuhnValid('36000000003820'), true);
    assert.deepEqual(findCardData({ ...pixChargeBody(), customer: { ...buyer, docNumber: '36000000003820' } }), []);
    // A card in those fields is refused like anywhere else.
    const amexPhone = { ...pixChargeBody(), customer: { ...buyer, phone: '378282246310005' } };
    assert.deepEqual(findCardData(amexPhone), ['customer.phone']);
    const dinersDoc = { ...pixChargeBody(), customer: { ...buyer, docNumber: '36227206271667' } };
    assert.deepEqual(findCardData(dinersDoc), ['customer.docNumber']);
  });

  it('names every card field by path, at any depth and in lists, in the order they appear', () => {
    const body = {
      ...pixChargeBody(),
      card: { token: 'tok_1', number: '4111111111111111', cvv: '123' },
      items: [{ offerId: '77BcHrY', extra: { exp_month: '12', 'Expiry-Year': '2030', 'ｃｖｖ': '1', 'cv\u200bc': '2' } }],
      customer: { ...pixChargeBody().customer, securityCode: '999' },
      cardNumber: 'hidden',
    };
    assert.deepEqual(findCardData(body), [
      'customer.securityCode',
      'items.0.extra.exp_month',
      'items.0.extra.Expiry-Year',
      'items.0.extra.ｃｖｖ',
      'items.0.extra.cv\u200bc',
      'card.number',
      'card.cvv',
      'cardNumber',
    ]);
  });

  it('finds a card number in any string, key or number, never repeating it in the path', () => {
    const body = {
      ...pixChargeBody(),
      metadata: { utm_content: '5555 5555 5555 4444', 'Ana 4111 1111 1111 1111': 'x' },
      coupon: '4000000000000002',
      notes: [[6362970000457013]],
      // 4111111111111111113 has 19 digits, more than JSON numbers carry exactly.
      big: 4111111111111111113,
    };
    assert.deepEqual(findCardData(body), ['metadata.utm_content', 'metadata.(key)', 'coupon', 'notes.0.0', 'big']);
    assert.deepEqual(findCardData({ ...pixChargeBody(), order: 2 ** 52, amount: 97.5, count: 1e21 }), [], 'other numbers are not card data');
  });

  it('walks a value of any depth without running out of stack', () => {
    let deep: unknown = '4111111111111111';
    for (let level = 0; level < 100_000; level += 1) deep = level % 2 === 0 ? [deep] : { a: deep };
    const found = findCardData(deep);
    assert.equal(found.length, 1);
    assert.equal(found[0]!.split('.').length, 100_000);
  });

  it('takes no real CPF, CNPJ, CEP, phone, UUID, timestamp, amount or order id for a card', () => {
    const random = seededRandom(20251128);
    const digits = (count: number, first = '0123456789') =>
      first[Math.floor(random() * first.length)]! + Array.from({ length: count - 1 }, () => Math.floor(random() * 10)).join('');
    const hex = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 16).toString(16)).join('');
    // Country code and the lengths of its national numbers (E.164 allows 15 digits in all).
    const countries: Array<[string, number[]]> = [
      ['55', [10, 11]], ['1', [10]], ['49', [10, 11]], ['43', [10, 11, 12, 13]], ['46', [7, 8, 9]], ['62', [9, 10, 11, 12]],
      ['39', [9, 10, 11]], ['86', [11]], ['91', [10]], ['44', [10]], ['351', [9]], ['54', [10]], ['52', [10]], ['33', [9]],
      ['34', [9]], ['36', [8, 9]], ['30', [10]], ['60', [9, 10]], ['63', [10]], ['81', [9, 10]], ['7', [10]], ['380', [9]],
      ['381', [8, 9]], ['370', [8]], ['58', [10]], ['502', [8]], ['675', [8]], ['598', [8]], ['595', [9]], ['56', [9]],
    ];
    const kinds: Record<string, () => string> = {
      cpf: () => validCpf(digits(9)),
      'cpf formatted': () => validCpf(digits(9)).replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'),
      cnpj: () => validCnpj(digits(12)),
      'cnpj formatted': () => validCnpj(digits(12)).replace(/(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})/, '$1.$2.$3/$4-$5'),
      cep: () => digits(8),
      'cep formatted': () => digits(8).replace(/(\d{5})(\d{3})/, '$1-$2'),
      phone: () => {
        const [code, lengths] = countries[Math.floor(random() * countries.length)]!;
        return code + digits(lengths[Math.floor(random() * lengths.length)]!, '123456789');
      },
      'phone formatted': () => `+55 (${digits(2, '123456789')}) 9${digits(4)}-${digits(4)}`,
      uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`,
      timestamp: () => new Date(Math.floor(random() * 4_102_444_800_000)).toISOString(),
      'date and time': () => new Date(Math.floor(random() * 4_102_444_800_000)).toISOString().replace('T', ' ').slice(0, 16),
      amount: () => `${digits(1 + Math.floor(random() * 7), '123456789')}.${digits(2)}`,
      'amount in words': () => `R$ ${Number(digits(6, '123456789')).toLocaleString('pt-BR')},${digits(2)}`,
      'order id': () => `pedido-${digits(4, '2')}-${digits(6)}`,
      'epoch milliseconds': () => String(1_700_000_000_000 + Math.floor(random() * 300_000_000_000)),
    };
    const perKind = 5_000;
    const refused: string[] = [];
    for (const [kind, make] of Object.entries(kinds)) {
      for (let index = 0; index < perKind; index += 1) {
        const value = make();
        if (kind.startsWith('cpf')) assert.ok(isValidCpf(value.replace(/\D/g, '')), value);
        if (looksLikeCardNumber(value)) refused.push(`${kind}: ${value}`);
      }
    }
    console.log(`false positives: ${refused.length} of ${perKind * Object.keys(kinds).length} values (${Object.keys(kinds).length} kinds)`);
    assert.deepEqual(refused, []);
  });
});
