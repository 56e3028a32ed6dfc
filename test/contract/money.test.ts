import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addCents,
  amountsEqual,
  compareCents,
  decimalTextOfNumber,
  equalCents,
  formatCents,
  installmentPlan,
  multiplyCents,
  parseCents,
  percentOf,
  saleFee,
  subtractCents,
  sumAmounts,
  sumCents,
  toCents,
} from '../../src/contract/money.js';

describe('parseCents', () => {
  it('reads whole and decimal amounts as cents', () => {
    assert.equal(parseCents('97'), 9700n);
    assert.equal(parseCents('97.5'), 9750n);
    assert.equal(parseCents('97.00'), 9700n);
    assert.equal(parseCents('0.01'), 1n);
    assert.equal(parseCents('-3.5'), -350n);
    assert.equal(parseCents('9999999999.99'), 999999999999n);
  });

  it('rounds past two places half-up, ties away from zero', () => {
    assert.equal(parseCents('0.005'), 1n);
    assert.equal(parseCents('0.004999'), 0n);
    assert.equal(parseCents('1.115'), 112n);
    assert.equal(parseCents('1.125'), 113n);
    assert.equal(parseCents('-0.005'), -1n);
    assert.equal(parseCents('-0.0049'), 0n);
    assert.equal(parseCents('2.675'), 268n);
  });

  it('rejects text that is not a plain decimal, naming it', () => {
    for (const text of ['1,50', '', '1e3', '.5', '1.', 'abc', ' 1', '+1', 'R$ 1,00', '1.2.3']) {
      assert.throws(() => parseCents(text), (error: unknown) => {
        assert.ok(error instanceof Error);
        assert.match(error.message, /Valor decimal inválido/);
        assert.ok(error.message.includes(JSON.stringify(text)));
        return true;
      });
    }
  });
});

describe('formatCents', () => {
  it('writes exactly two places', () => {
    assert.equal(formatCents(9700n), '97.00');
    assert.equal(formatCents(5n), '0.05');
    assert.equal(formatCents(0n), '0.00');
    assert.equal(formatCents(-50n), '-0.50');
    assert.equal(formatCents(-12345n), '-123.45');
    assert.equal(formatCents(999999999999n), '9999999999.99');
  });

  it('turns a rounded-to-zero negative into plain zero', () => {
    assert.equal(formatCents(parseCents('-0.004')), '0.00');
  });
});

describe('decimalTextOfNumber', () => {
  it('writes the digits the API sent, without float maths', () => {
    assert.equal(decimalTextOfNumber(4.99), '4.99');
    assert.equal(decimalTextOfNumber(0.5), '0.5');
    assert.equal(decimalTextOfNumber(2), '2');
    assert.equal(decimalTextOfNumber(-0), '0');
    assert.equal(decimalTextOfNumber(-2.5), '-2.5');
  });

  it('expands exponent notation by moving the point', () => {
    assert.equal(decimalTextOfNumber(1e-7), '0.0000001');
    assert.equal(decimalTextOfNumber(-1.5e-10), '-0.00000000015');
    assert.equal(decimalTextOfNumber(1e21), '1000000000000000000000');
    assert.equal(decimalTextOfNumber(1.23e22), '12300000000000000000000');
  });

  it('keeps a float sum as the exact number it is', () => {
    assert.equal(decimalTextOfNumber(0.1 + 0.2), '0.30000000000000004');
  });

  it('rejects NaN and infinities', () => {
    assert.throws(() => decimalTextOfNumber(Number.NaN), RangeError);
    assert.throws(() => decimalTextOfNumber(Number.POSITIVE_INFINITY), RangeError);
  });
});

describe('toCents', () => {
  it('accepts a JSON number or a decimal string', () => {
    assert.equal(toCents(1.5), 150n);
    assert.equal(toCents('1.50'), 150n);
    assert.equal(toCents(0.005), 1n);
    assert.equal(toCents(1e-7), 0n);
  });
});

describe('arithmetic on cents', () => {
  it('adds 0.1 and 0.2 to exactly 0.30', () => {
    assert.equal(formatCents(addCents(parseCents('0.1'), parseCents('0.2'))), '0.30');
    assert.equal(equalCents(addCents(parseCents('0.1'), parseCents('0.2')), parseCents('0.3')), true);
  });

  it('sums and multiplies 33.33 three times to 99.99', () => {
    assert.equal(formatCents(sumCents([3333n, 3333n, 3333n])), '99.99');
    assert.equal(formatCents(multiplyCents(parseCents('33.33'), 3)), '99.99');
    assert.equal(sumCents([]), 0n);
  });

  it('subtracts into negatives', () => {
    assert.equal(formatCents(subtractCents(parseCents('1.00'), parseCents('1.50'))), '-0.50');
  });

  it('multiplies only by whole factors', () => {
    assert.equal(multiplyCents(250n, 4n), 1000n);
    assert.throws(() => multiplyCents(250n, 1.5), RangeError);
  });

  it('handles large amounts without losing cents', () => {
    const large = parseCents('9999999999.99');
    assert.equal(formatCents(addCents(large, 1n)), '10000000000.00');
    assert.equal(formatCents(multiplyCents(large, 18)), '179999999999.82');
  });

  it('compares', () => {
    assert.equal(compareCents(1n, 2n), -1);
    assert.equal(compareCents(2n, 2n), 0);
    assert.equal(compareCents(-1n, -2n), 1);
    assert.equal(equalCents(1n, 2n), false);
  });
});

describe('percentOf', () => {
  it('takes percentage points, not fractions', () => {
    assert.equal(percentOf(parseCents('100.00'), 4.99), 499n);
    assert.equal(percentOf(parseCents('97.00'), 4.99), 484n);
    assert.equal(percentOf(parseCents('97.00'), '4.99'), 484n);
    assert.equal(percentOf(parseCents('50.00'), 2), 100n);
  });

  it('rounds the result half-up once', () => {
    assert.equal(percentOf(1n, 50), 1n);
    assert.equal(percentOf(1n, 49.99), 0n);
    assert.equal(percentOf(-100n, 0.5), -1n);
    assert.equal(percentOf(parseCents('100.00'), 1e-7), 0n);
  });

  it('stays exact on large amounts', () => {
    assert.equal(formatCents(percentOf(parseCents('9999999999.99'), 4.99)), '499000000.00');
  });
});

describe('sumAmounts and amountsEqual', () => {
  it('sums decimal strings exactly, keeping the longest scale', () => {
    assert.equal(sumAmounts(['1.5', '2.25']), '3.75');
    assert.equal(sumAmounts(['0.1', '0.2']), '0.3');
    assert.equal(sumAmounts(['0.005', '0.005']), '0.010');
    assert.equal(sumAmounts(['-1.00', '0.25']), '-0.75');
    assert.equal(sumAmounts([]), '0');
  });

  it('compares numbers, not text', () => {
    assert.equal(amountsEqual('0', '0.00'), true);
    assert.equal(amountsEqual('0.30', '0.3'), true);
    assert.equal(amountsEqual('0.3', '0.30000000000000004'), false);
    assert.equal(amountsEqual('-1', '1'), false);
  });

  it('rejects text that is not a decimal', () => {
    assert.throws(() => sumAmounts(['1', 'x']), /Valor decimal inválido/);
    assert.throws(() => amountsEqual('1', '1,0'), /Valor decimal inválido/);
  });
});

describe('saleFee', () => {
  it('is amount x percentage / 100 + fixed, rounded once', () => {
    assert.equal(saleFee('97.00', { percentage: 4.99, fixed: 1 }), '5.84');
    assert.equal(saleFee('97.00', { percentage: 4.99, fixed: '1.00' }), '5.84');
    assert.equal(saleFee('1.00', { percentage: 0.5, fixed: 0 }), '0.01');
    assert.equal(saleFee('100.50', { percentage: 0.5, fixed: null }), '0.50');
    assert.equal(saleFee('9999999999.99', { percentage: 4.99, fixed: 2.49 }), '499000002.49');
  });

  it('answers null, not zero, for a method without a configured fee', () => {
    assert.equal(saleFee('97.00', { percentage: null, fixed: null }), null);
    assert.equal(saleFee('97.00', { percentage: 0, fixed: 0 }), '0.00');
  });

  it('counts the part that is configured when the other is null', () => {
    assert.equal(saleFee('97.00', { percentage: null, fixed: 0.5 }), '0.50');
    assert.equal(saleFee('97.00', { percentage: 1, fixed: null }), '0.97');
  });

  it('rejects an amount that is not a decimal string', () => {
    assert.throws(() => saleFee('97,00', { percentage: 1, fixed: 0 }), /Valor decimal inválido/);
  });
});

describe('installmentPlan', () => {
  it('splits the total with interest, rounded once to cents', () => {
    assert.deepEqual(installmentPlan('100.00', 3, 4.7), {
      installments: 3,
      installmentAmount: '34.90',
      total: '104.70',
      interest: '4.70',
    });
    assert.deepEqual(installmentPlan('97.00', 12, 17.42), {
      installments: 12,
      installmentAmount: '9.49',
      total: '113.90',
      interest: '16.90',
    });
  });

  it('charges exactly the amount when interest-free, whatever the rounding of the instalment', () => {
    assert.deepEqual(installmentPlan('100.00', 3, 0), {
      installments: 3,
      installmentAmount: '33.33',
      total: '100.00',
      interest: '0.00',
    });
    assert.deepEqual(installmentPlan('97.00', 1, 0), {
      installments: 1,
      installmentAmount: '97.00',
      total: '97.00',
      interest: '0.00',
    });
  });

  it('rounds the instalment half-up', () => {
    assert.equal(installmentPlan('0.10', 4, 0).installmentAmount, '0.03');
    assert.equal(installmentPlan('0.10', 4, 0).total, '0.10');
    assert.equal(installmentPlan('0.02', 4, 0).installmentAmount, '0.01');
  });

  it('stays exact on large amounts', () => {
    assert.deepEqual(installmentPlan('9999999999.99', 12, 2.99), {
      installments: 12,
      installmentAmount: '858250000.00',
      total: '10298999999.99',
      interest: '299000000.00',
    });
  });

  it('rejects an instalment count that is not a whole number from 1', () => {
    assert.throws(() => installmentPlan('100.00', 0, 0), RangeError);
    assert.throws(() => installmentPlan('100.00', 1.5, 0), RangeError);
  });
});
