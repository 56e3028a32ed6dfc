import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { randomInt } from 'node:crypto';
import {
  amountToCents,
  barcodeToDigitableLine,
  createBoleto,
  dateFromDueDateFactor,
  digitableLineToBarcode,
  dueDateFactor,
  formatDigitableLine,
  isValidDigitableLine,
} from '../../../src/sandbox/documents/boleto.js';

/** The independent validator ships no types; these are the two checks used here. */
interface BoletoValidator {
  boletoBancarioLinhaDigitavel(line: string, checkEachField: boolean): boolean;
  boletoBancarioCodigoBarras(barcode: string): boolean;
}
const validator: BoletoValidator = createRequire(import.meta.url)('boleto-brasileiro-validator');

/** A published Bradesco line (boleto-brasileiro-validator README) and its grouped form. */
const PUBLISHED_LINE = '23793381286000782713695000063305975520000370000';
const PUBLISHED_GROUPED = '23793.38128 60007.827136 95000.063305 9 75520000370000';

const DAY = 86_400_000;
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** A random amount as the API writes it: up to 8 integer digits, 0–2 decimals. */
function randomAmount(): string {
  const units = String(randomInt(10 ** randomInt(1, 9)));
  const decimals = randomInt(3);
  return decimals === 0 ? units : `${units}.${String(randomInt(10 ** decimals)).padStart(decimals, '0')}`;
}

function changeOneDigit(line: string, position: number, by: number): string {
  return `${line.slice(0, position)}${(Number(line[position]) + by) % 10}${line.slice(position + 1)}`;
}

describe('createBoleto', () => {
  it('issues lines and barcodes the independent validator accepts, for many amounts and due dates', () => {
    for (let round = 0; round < 400; round += 1) {
      const input = {
        bankCode: String(randomInt(1, 800)).padStart(3, '0'),
        amount: randomAmount(),
        dueDate: addDays('2000-07-03', randomInt(0, 16_500)),
      };
      const slip = createBoleto(input);
      const label = JSON.stringify({ input, slip });
      assert.match(slip.digitableLine, /^\d{47}$/, label);
      assert.equal(validator.boletoBancarioLinhaDigitavel(slip.digitableLine, true), true, label);
      assert.equal(validator.boletoBancarioCodigoBarras(slip.barcode44), true, label);
      assert.equal(isValidDigitableLine(slip.digitableLine), true, label);
      assert.equal(slip.digitableLine.slice(0, 3), input.bankCode, label);
      assert.equal(slip.digitableLine.slice(33, 37), String(dueDateFactor(input.dueDate)), label);
      assert.equal(slip.dueDate, input.dueDate);
    }
  });

  it('writes 104.70 as 0000010470 in the line and the barcode', () => {
    const slip = createBoleto({ bankCode: '001', amount: '104.70', dueDate: '2026-12-01' });
    assert.equal(slip.digitableLine.slice(37), '0000010470');
    assert.equal(slip.barcode44.slice(9, 19), '0000010470');
    assert.equal(slip.digitableLine.slice(33, 37), '1647');
  });

  it('puts a given free field in the barcode and draws a random one otherwise', () => {
    const freeField = '1234567890123456789012345';
    const slip = createBoleto({ bankCode: '237', amount: '1', dueDate: '2026-12-01', freeField });
    assert.equal(slip.barcode44.slice(19), freeField);
    const first = createBoleto({ bankCode: '237', amount: '1', dueDate: '2026-12-01' });
    const second = createBoleto({ bankCode: '237', amount: '1', dueDate: '2026-12-01' });
    assert.notEqual(first.barcode44.slice(19), second.barcode44.slice(19));
  });

  it('refuses a malformed bank code, free field or due date', () => {
    const valid = { bankCode: '001', amount: '10.00', dueDate: '2026-12-01' };
    assert.throws(() => createBoleto({ ...valid, bankCode: '01' }), /banco/);
    assert.throws(() => createBoleto({ ...valid, bankCode: 'abc' }), /banco/);
    assert.throws(() => createBoleto({ ...valid, freeField: '123' }), /Campo livre/);
    for (const dueDate of ['2026-02-30', '01-12-2026', '2026-12-1', '', '1999-12-31', '2000-07-02']) {
      assert.throws(() => createBoleto({ ...valid, dueDate }), Error, dueDate);
    }
  });
});

describe('amountToCents', () => {
  it('turns decimal strings into ten digits of cents', () => {
    assert.equal(amountToCents('104.70'), '0000010470');
    assert.equal(amountToCents('104.7'), '0000010470');
    assert.equal(amountToCents('104'), '0000010400');
    assert.equal(amountToCents('0.05'), '0000000005');
    assert.equal(amountToCents('0099999999.99'), '9999999999');
  });

  it('refuses malformed amounts and amounts over ten digits of cents', () => {
    for (const amount of ['100000000.00', '-1.00', '1,00', '1.234', 'abc', '', '1e3', ' 1.00', '.50', '1.']) {
      assert.throws(() => amountToCents(amount), Error, amount);
      assert.throws(() => createBoleto({ bankCode: '001', amount, dueDate: '2026-12-01' }), Error, amount);
    }
  });
});

describe('digitable line checks', () => {
  it('accepts the published example, bare and grouped, as the validator does', () => {
    assert.equal(validator.boletoBancarioLinhaDigitavel(PUBLISHED_LINE, true), true);
    assert.equal(isValidDigitableLine(PUBLISHED_LINE), true);
    assert.equal(isValidDigitableLine(PUBLISHED_GROUPED), true);
  });

  it('rejects the published example with any one digit changed, as the validator does', () => {
    for (let position = 0; position < 47; position += 1) {
      const changed = changeOneDigit(PUBLISHED_LINE, position, 1);
      assert.equal(isValidDigitableLine(changed), false, `position ${position}`);
      assert.equal(validator.boletoBancarioLinhaDigitavel(changed, true), false, `position ${position}`);
    }
  });

  it('agrees with the validator on randomly altered lines', () => {
    for (let round = 0; round < 400; round += 1) {
      const { digitableLine } = createBoleto({ bankCode: '341', amount: randomAmount(), dueDate: '2027-03-15' });
      const changed = changeOneDigit(digitableLine, randomInt(47), randomInt(1, 10));
      assert.equal(isValidDigitableLine(changed), validator.boletoBancarioLinhaDigitavel(changed, true), changed);
    }
  });

  it('rejects lines of the wrong length or with letters', () => {
    assert.equal(isValidDigitableLine(PUBLISHED_LINE.slice(1)), false);
    assert.equal(isValidDigitableLine(`${PUBLISHED_LINE}0`), false);
    assert.equal(isValidDigitableLine(PUBLISHED_LINE.replace('3', 'a')), false);
  });
});

describe('line and barcode conversions', () => {
  it('reads the published line back to the barcode the validator accepts', () => {
    const barcode = digitableLineToBarcode(PUBLISHED_GROUPED);
    assert.equal(barcode, '23799755200003700003381260007827139500006330');
    assert.equal(validator.boletoBancarioCodigoBarras(barcode), true);
    assert.equal(barcodeToDigitableLine(barcode), PUBLISHED_LINE);
  });

  it('round-trips line → barcode → line and barcode → line → barcode', () => {
    for (let round = 0; round < 100; round += 1) {
      const slip = createBoleto({ bankCode: '104', amount: randomAmount(), dueDate: addDays('2025-02-22', randomInt(4000)) });
      assert.equal(digitableLineToBarcode(slip.digitableLine), slip.barcode44);
      assert.equal(barcodeToDigitableLine(digitableLineToBarcode(slip.digitableLine)), slip.digitableLine);
      assert.equal(digitableLineToBarcode(formatDigitableLine(slip.digitableLine)), slip.barcode44);
    }
  });

  it('refuses to convert a line or barcode with a wrong check digit', () => {
    assert.throws(() => digitableLineToBarcode(changeOneDigit(PUBLISHED_LINE, 9, 1)), /Linha digitável/);
    const barcode = digitableLineToBarcode(PUBLISHED_LINE);
    assert.throws(() => barcodeToDigitableLine(changeOneDigit(barcode, 4, 1)), /Código de barras/);
    assert.throws(() => barcodeToDigitableLine(barcode.slice(1)), /Código de barras/);
  });

  it('groups a line the usual way and refuses one that is not 47 digits', () => {
    assert.equal(
      formatDigitableLine('00190000090123456789123456789012399990000010470'),
      '00190.00009 01234.567891 23456.789012 3 99990000010470',
    );
    assert.equal(formatDigitableLine(PUBLISHED_LINE), PUBLISHED_GROUPED);
    assert.throws(() => formatDigitableLine('123'), /47/);
  });
});

describe('due-date factor', () => {
  it('reaches 9999 on 2025-02-21 and restarts at 1000 on 2025-02-22', () => {
    assert.equal(dueDateFactor('2025-02-20'), 9998);
    assert.equal(dueDateFactor('2025-02-21'), 9999);
    assert.equal(dueDateFactor('2025-02-22'), 1000);
    assert.equal(dueDateFactor('2025-02-23'), 1001);
  });

  it('counts days in the new cycle for 2026 dates and in the old one before', () => {
    // 2025-02-22 + 365 days (to 2026-02-22) + 273 days (to 2026-11-22) = 638 days after factor 1000.
    assert.equal(dueDateFactor('2026-11-22'), 1638);
    assert.equal(dueDateFactor('2000-07-03'), 1000);
    // 1997-10-07 to 2018-06-05 is 7546 days (counted with Python's datetime).
    assert.equal(dueDateFactor('2018-06-05'), 7546);
  });

  it('refuses days before factor 1000 and malformed dates', () => {
    assert.throws(() => dueDateFactor('2000-07-02'), /2000-07-03/);
    assert.throws(() => dueDateFactor('2026-13-01'), /AAAA-MM-DD/);
  });

  it('reads a factor back in the cycle nearest the reference date', () => {
    assert.equal(dateFromDueDateFactor(9999, '2026-11-22'), '2025-02-21');
    assert.equal(dateFromDueDateFactor(1000, '2026-11-22'), '2025-02-22');
    assert.equal(dateFromDueDateFactor(1638, '2026-11-22'), '2026-11-22');
    assert.equal(dateFromDueDateFactor(1000, '2001-01-01'), '2000-07-03');
    assert.equal(dateFromDueDateFactor(1638, '2002-06-01'), addDays('2000-07-03', 638));
  });

  it('round-trips date → factor → date with references up to 4000 days away', () => {
    for (let round = 0; round < 300; round += 1) {
      const date = addDays('2000-07-03', randomInt(20_000));
      const reference = addDays(date, randomInt(-4000, 4000));
      assert.equal(dateFromDueDateFactor(dueDateFactor(date), reference), date, `${date} from ${reference}`);
    }
  });

  it('refuses factors outside 1000..9999 and a malformed reference', () => {
    for (const factor of [0, 999, 10_000, 1500.5]) {
      assert.throws(() => dateFromDueDateFactor(factor, '2026-11-22'), /Fator/, String(factor));
    }
    assert.throws(() => dateFromDueDateFactor(1500, '22/11/2026'), /AAAA-MM-DD/);
  });
});
