import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatAmount } from '../../../src/widget/i18n/format-amount.js';

describe('formatAmount', () => {
  it('formats a decimal string in the buyer\'s locale, keeping cents a currency usually leaves out', () => {
    assert.equal(formatAmount('104.70', 'BRL', 'pt-BR')?.replace(/\s/g, ' '), 'R$ 104,70');
    assert.equal(formatAmount('1234.5', 'BRL', 'en')?.replace(/\s/g, ' '), 'R$1,234.50');
    assert.equal(formatAmount('1234', 'CLP', 'es')?.replace(/\s/g, ' '), '1234 CLP');
    assert.equal(formatAmount('1234.5', 'CLP', 'es')?.replace(/\s/g, ' '), '1234,50 CLP');
    assert.equal(formatAmount('0.125', 'BRL', 'pt-BR')?.replace(/\s/g, ' '), 'R$ 0,125');
    assert.equal(formatAmount('1e3', 'BRL', 'pt-BR'), undefined);
  });

  describe('formatters', () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    beforeEach(() => {
      made = 0;
      const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made += 1;
        return new Original(...args);
      } as unknown as typeof Intl.NumberFormat;
      Intl.NumberFormat = Counting;
    });
    afterEach(() => {
      Intl.NumberFormat = Original;
    });

    it('are made once per locale, currency and decimals, not on every amount (an instalment list formats dozens)', () => {
      const amounts = Array.from({ length: 24 }, (_, index) => `${100 + index}.${String(index).padStart(2, '0')}`);
      for (const amount of amounts) formatAmount(amount, 'USD', 'pt-BR');
      for (const amount of amounts) formatAmount(amount, 'USD', 'pt-BR');
      assert.equal(made, 1);
      formatAmount('10.125', 'USD', 'pt-BR');
      formatAmount('10.375', 'USD', 'pt-BR');
      formatAmount('10.00', 'USD', 'es');
      assert.equal(made, 3);
    });
  });
});
