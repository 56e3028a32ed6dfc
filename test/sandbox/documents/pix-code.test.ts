import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasError, isRecurrencePix, isStaticPix, parsePix } from 'pix-utils';
import {
  PixCodeError,
  crc16ccitt,
  createPixAutomaticoCode,
  createPixCode,
  hasValidCrc,
  newEvpKey,
  newTxid,
  parseTlv,
  readPixCode,
} from '../../../src/sandbox/documents/pix-code.js';
import type { PixChargeInput } from '../../../src/sandbox/documents/pix-code.js';

// Codes made by others, to check the reader and the CRC against: the pix-utils README example and
// recurrence codes from the Central Bank's homologation environment (qr-h.sandbox.pix.bcb.gov.br).
const PIX_UTILS_README_CODE =
  '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***6304059A';
const BCB_RECURRENCE_ONLY_CODE =
  '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***' +
  '80950014br.gov.bcb.pix2573qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/c7dc3d94706d4901a72480e98fcd52e16304BAEE';
const BCB_IMMEDIATE_AND_RECURRENCE_CODE =
  '00020101021226940014br.gov.bcb.pix2572qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/b1480b32f97f488997e523a6be0a07b8' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80950014br.gov.bcb.pix2573qr-h.sandbox.pix.bcb.' +
  'gov.br/rest/api/rec/375a594f208645db99dec722f7a1682863042AC3';

const RECURRENCE_URL = 'localhost:8787/pix/rec/7d1f2c9a4b6e4f0d8a3c5e7b9d1f3a5c';

function charge(overrides: Partial<PixChargeInput> = {}): PixChargeInput {
  return {
    key: 'f4c6089a-bfde-4c00-a2d9-9eaa584b0219',
    amount: '104.70',
    merchantName: 'LOJA EXEMPLO',
    merchantCity: 'SAO PAULO',
    txid: 'PEDIDO12345abcde',
    ...overrides,
  };
}

/** Replaces the character at `index` with another one of the same kind (keeps the structure). */
function alterCharacter(code: string, index: number): string {
  const current = code.charAt(index);
  const replacement = current === 'A' ? 'B' : current === '0' ? '1' : /\d/.test(current) ? '0' : 'A';
  return code.slice(0, index) + replacement + code.slice(index + 1);
}

describe('crc16ccitt', () => {
  it('gives the CRC-16/CCITT-FALSE check value for "123456789"', () => {
    assert.equal(crc16ccitt('123456789'), 0x29b1);
  });

  it('starts from 0xFFFF and changes with the input', () => {
    assert.equal(crc16ccitt(''), 0xffff);
    assert.notEqual(crc16ccitt('123456788'), 0x29b1);
  });

  it('agrees with codes made by other generators', () => {
    for (const code of [PIX_UTILS_README_CODE, BCB_RECURRENCE_ONLY_CODE, BCB_IMMEDIATE_AND_RECURRENCE_CODE]) {
      assert.equal(hasValidCrc(code), true, code);
      assert.equal(crc16ccitt(code.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0'), code.slice(-4));
    }
  });
});

describe('createPixCode', () => {
  it('makes a code pix-utils parses with the amount, key, txid, name and city that went in', () => {
    const input = charge({ key: newEvpKey(), txid: newTxid() });
    const pix = parsePix(createPixCode(input));
    assert.equal(hasError(pix), false);
    if (hasError(pix) || !isStaticPix(pix)) return assert.fail('expected a static Pix');
    assert.equal(pix.transactionAmount, 104.7);
    assert.equal(pix.pixKey, input.key);
    assert.equal(pix.txid, input.txid);
    assert.equal(pix.merchantName, input.merchantName);
    assert.equal(pix.merchantCity, input.merchantCity);
    assert.equal(pix.transactionCurrency, '986');
    assert.equal(pix.countryCode, 'BR');
  });

  it('writes the fixed fields, the amount as text and a single-use marker, in EMV order', () => {
    const code = createPixCode(charge());
    const fields = parseTlv(code);
    assert.deepEqual([...fields.keys()], ['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    assert.equal(fields.get('00'), '01');
    assert.equal(fields.get('01'), '12');
    assert.equal(fields.get('54'), '104.70');
    assert.deepEqual(Object.fromEntries(parseTlv(fields.get('26')!)), { '00': 'br.gov.bcb.pix', '01': charge().key });
    assert.deepEqual(Object.fromEntries(parseTlv(fields.get('62')!)), { '05': charge().txid });
    assert.match(fields.get('63')!, /^[0-9A-F]{4}$/);
  });

  it('reads back with readPixCode', () => {
    const input = charge();
    assert.deepEqual(readPixCode(createPixCode(input)), {
      singleUse: true,
      merchantName: input.merchantName,
      merchantCity: input.merchantCity,
      key: input.key,
      locationUrl: undefined,
      amount: '104.70',
      txid: input.txid,
      recurrenceUrl: undefined,
    });
  });
});

describe('a changed character', () => {
  const code = createPixCode(charge());

  it('breaks the CRC for our reader and for pix-utils', () => {
    const nameAt = code.indexOf('LOJA EXEMPLO');
    for (const index of [nameAt, code.indexOf('104.70') + 2, code.length - 1]) {
      const altered = alterCharacter(code, index);
      assert.notEqual(altered, code);
      assert.equal(hasValidCrc(altered), false, altered);
      assert.throws(() => readPixCode(altered), PixCodeError);
      assert.equal(hasError(parsePix(altered)), true, altered);
    }
    assert.equal(hasValidCrc(code), true);
  });

  it('breaks the structure when a length digit changes', () => {
    assert.throws(() => parseTlv(code.slice(0, 2) + '03' + code.slice(4)), PixCodeError);
    assert.throws(() => parseTlv(code.slice(0, -1)), PixCodeError);
  });
});

describe('merchant name and city', () => {
  it('lose their accents and are upper-cased', () => {
    const pix = readPixCode(createPixCode(charge({ merchantName: 'José Conceição Ações', merchantCity: 'Goiânia' })));
    assert.equal(pix.merchantName, 'JOSE CONCEICAO ACOES');
    assert.equal(pix.merchantCity, 'GOIANIA');
  });

  it('are cut to 25 and 15 characters without a trailing space', () => {
    const code = createPixCode(charge({ merchantName: 'Padaria e Confeitaria Pão de Açúcar', merchantCity: 'São José dos Campos' }));
    const parsed = parsePix(code);
    if (hasError(parsed) || !isStaticPix(parsed)) return assert.fail('expected a static Pix');
    assert.equal(parsed.merchantName, 'PADARIA E CONFEITARIA PAO');
    assert.equal(parsed.merchantCity, 'SAO JOSE DOS CA');
    const cutAtSpace = readPixCode(createPixCode(charge({ merchantName: `${'a'.repeat(24)} Filial` })));
    assert.equal(cutAtSpace.merchantName, 'A'.repeat(24));
  });

  it('drop characters a BR Code cannot carry and refuse a name left empty', () => {
    const pix = readPixCode(createPixCode(charge({ merchantName: 'Café ☕  Bar\tdo Zé' })));
    assert.equal(pix.merchantName, 'CAFE BAR DO ZE');
    assert.throws(() => createPixCode(charge({ merchantName: '☕☕' })), PixCodeError);
    assert.throws(() => createPixCode(charge({ merchantCity: '   ' })), PixCodeError);
  });
});

describe('amounts', () => {
  it('keep the smallest and a large amount exact', () => {
    for (const amount of ['0.01', '1234567.89', '9999999999.99']) {
      const code = createPixCode(charge({ amount }));
      assert.equal(readPixCode(code).amount, amount);
      const pix = parsePix(code);
      if (hasError(pix) || !isStaticPix(pix)) return assert.fail(`amount ${amount} did not parse`);
      assert.equal(pix.transactionAmount, Number(amount));
    }
  });

  it('are written with two decimals', () => {
    assert.equal(readPixCode(createPixCode(charge({ amount: '97' }))).amount, '97.00');
    assert.equal(readPixCode(createPixCode(charge({ amount: '104.7' }))).amount, '104.70');
    assert.equal(readPixCode(createPixCode(charge({ amount: '007.50' }))).amount, '7.50');
  });

  it('refuse a float', () => {
    assert.throws(() => createPixCode(charge({ amount: 104.7 as unknown as string })), PixCodeError);
  });

  it('refuse bad decimal strings, zero and amounts too long for the field', () => {
    for (const amount of ['1,50', '1.005', '-1.00', '+1.00', '0.00', '0', '', 'abc', '1e3', ' 1.00', '.50', '5.', '12345678901.00']) {
      assert.throws(() => createPixCode(charge({ amount })), PixCodeError, amount);
    }
  });
});

describe('key and txid', () => {
  it('refuse a txid that is not 1 to 25 letters and digits', () => {
    for (const txid of ['', 'pedido-123', 'a'.repeat(26), '***']) {
      assert.throws(() => createPixCode(charge({ txid })), PixCodeError, txid);
    }
    assert.equal(readPixCode(createPixCode(charge({ txid: 'a'.repeat(25) }))).txid, 'a'.repeat(25));
  });

  it('refuse an empty key, a key with spaces and one longer than 77 characters', () => {
    for (const key of ['', 'chave com espaco', 'k'.repeat(78)]) {
      assert.throws(() => createPixCode(charge({ key })), PixCodeError, key);
    }
    const longest = `${'k'.repeat(65)}@example.com`;
    assert.equal(readPixCode(createPixCode(charge({ key: longest }))).key, longest);
  });
});

describe('newTxid and newEvpKey', () => {
  it('make 25-character alphanumeric txids that differ', () => {
    const txids = new Set(Array.from({ length: 50 }, () => newTxid()));
    assert.equal(txids.size, 50);
    for (const txid of txids) assert.match(txid, /^[A-Za-z0-9]{25}$/);
  });

  it('skip random bytes that would make some characters likelier than others', (context) => {
    let call = 0;
    context.mock.method(globalThis.crypto, 'getRandomValues', (array: Uint8Array) => {
      call += 1;
      return array.fill(call === 1 ? 255 : 61 + 62);
    });
    assert.equal(newTxid(), '9'.repeat(25));
    assert.equal(call, 2);
  });

  it('make lower-case UUID v4 keys that differ', () => {
    const first = newEvpKey();
    assert.match(first, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(first, newEvpKey());
  });
});

describe('createPixAutomaticoCode', () => {
  it('without a first charge, makes a code pix-utils recognizes as a recurrence', () => {
    const code = createPixAutomaticoCode({ recurrenceUrl: RECURRENCE_URL, merchantName: 'Academia Força', merchantCity: 'Brasília' });
    const pix = parsePix(code);
    if (hasError(pix)) return assert.fail(pix.message);
    if (!isRecurrencePix(pix)) return assert.fail(`expected a recurrence Pix, got ${pix.type}`);
    assert.equal(pix.urlRec, RECURRENCE_URL);
    assert.equal(pix.merchantName, 'ACADEMIA FORCA');
    assert.equal(pix.merchantCity, 'BRASILIA');
  });

  it('without a first charge, has the layout of the Central Bank recurrence-only codes', () => {
    const code = createPixAutomaticoCode({ recurrenceUrl: RECURRENCE_URL, merchantName: 'Academia', merchantCity: 'Brasilia' });
    const ours = parseTlv(code);
    const theirs = parseTlv(BCB_RECURRENCE_ONLY_CODE);
    assert.deepEqual([...ours.keys()], [...theirs.keys()]);
    for (const id of ['00', '26', '52', '53', '58', '62']) assert.equal(ours.get(id), theirs.get(id), id);
    assert.deepEqual(Object.fromEntries(parseTlv(ours.get('80')!)), { '00': 'br.gov.bcb.pix', '25': RECURRENCE_URL });
    assert.deepEqual(readPixCode(code), {
      singleUse: false,
      merchantName: 'ACADEMIA',
      merchantCity: 'BRASILIA',
      key: undefined,
      locationUrl: undefined,
      amount: undefined,
      txid: undefined,
      recurrenceUrl: RECURRENCE_URL,
    });
  });

  it('with a first charge, carries the charge and the recurrence offer', () => {
    const firstCharge = { key: newEvpKey(), amount: '49.90', txid: newTxid() };
    const code = createPixAutomaticoCode({ recurrenceUrl: RECURRENCE_URL, merchantName: 'Academia', merchantCity: 'Brasilia', firstCharge });
    const pix = parsePix(code);
    if (hasError(pix) || !isStaticPix(pix)) return assert.fail('expected a static Pix with a recurrence');
    assert.equal(pix.urlRec, RECURRENCE_URL);
    assert.equal(pix.transactionAmount, 49.9);
    assert.equal(pix.pixKey, firstCharge.key);
    assert.equal(pix.txid, firstCharge.txid);
    const read = readPixCode(code);
    assert.equal(read.amount, '49.90');
    assert.equal(read.recurrenceUrl, RECURRENCE_URL);
    assert.equal(read.singleUse, true);
  });

  it('refuses a recurrence URL with a scheme, with spaces or too long', () => {
    for (const recurrenceUrl of [`https://${RECURRENCE_URL}`, 'localhost/rec/a b', `localhost/${'r'.repeat(70)}`, '']) {
      assert.throws(
        () => createPixAutomaticoCode({ recurrenceUrl, merchantName: 'Academia', merchantCity: 'Brasilia' }),
        PixCodeError,
        recurrenceUrl,
      );
    }
  });

  it('refuses a first charge with a float amount', () => {
    const firstCharge = { key: newEvpKey(), amount: 49.9 as unknown as string, txid: newTxid() };
    assert.throws(
      () => createPixAutomaticoCode({ recurrenceUrl: RECURRENCE_URL, merchantName: 'Academia', merchantCity: 'Brasilia', firstCharge }),
      PixCodeError,
    );
  });
});

describe('readPixCode', () => {
  it('reads codes made by others', () => {
    const readme = readPixCode(PIX_UTILS_README_CODE);
    assert.equal(readme.key, 'nubank@thalesog.com');
    assert.equal(readme.amount, '1.00');
    assert.equal(readme.txid, undefined);
    const immediate = readPixCode(BCB_IMMEDIATE_AND_RECURRENCE_CODE);
    assert.equal(immediate.singleUse, true);
    assert.equal(immediate.locationUrl, 'qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/b1480b32f97f488997e523a6be0a07b8');
    assert.equal(immediate.recurrenceUrl, 'qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/375a594f208645db99dec722f7a16828');
  });

  it('refuses well-formed EMV that is not Pix', () => {
    const notPix = '000201' + '26200016br.gov.bcb.other' + '5303986' + '5802BR' + '5903ABC' + '6003XYZ' + '6304';
    const withCrc = notPix + crc16ccitt(notPix).toString(16).toUpperCase().padStart(4, '0');
    assert.equal(hasValidCrc(withCrc), true);
    assert.throws(() => readPixCode(withCrc), { name: 'PixCodeError', message: 'O código não é um código Pix.' });
  });

  it('refuses repeated fields', () => {
    assert.throws(() => parseTlv('000201000201'), PixCodeError);
  });
});
