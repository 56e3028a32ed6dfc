import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatAmount } from '../../../src/widget/i18n/format-amount.js';
import { numberFormatsMade } from './number-formats-made.js';

describe('formatAmount', () => {
  it('formats a decimal string in the buyer\'s locale, keeping cents a currency usually leaves out', () => {
    assert.equal(formatAmount('104.70', 'BRL', 'pt-BR')?.replace(/\s/g, ' '), 'R$ 104,70');
    assert.equal(formatAmount('1234.5', 'BRL', 'en')?.replace(/\s/g, ' '), 'R$1,234.50');
    assert.equal(formatAmount('1234', 'CLP', 'es')?.replace(/\s/g, ' '), '1234 CLP');
    assert.equal(formatAmount('1234.5', 'CLP', 'es')?.replace(/\s/g, ' '), '1234,50 CLP');
    assert.equal(formatAmount('0.125', 'BRL', 'pt-BR')?.replace(/\s/g, ' '), 'R$ 0,125');
    assert.equal(formatAmount('1e3', 'BRL', 'pt-BR'), undefined);
  });

  describe('reais for a pt-BR buyer', () => {
    /** Decimal strings of every shape the API may send: leading zeros, no decimals, many, negative, large. */
    function amounts(): string[] {
      const fixed = ['0', '-0', '0.5', '0.05', '0.125', '007.10', '97', '97.00', '104.7', '999.999', '1000', '1234.5', '-1234.5', '1000000.10', '10.10000', '123456789012.345678'];
      // A fixed seed: the same 600 amounts on every run.
      let seed = 20261126;
      const next = (below: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % below;
      const digits = (count: number) => Array.from({ length: count }, () => String(next(10))).join('');
      const random = Array.from({ length: 600 }, () => {
        const decimals = next(7);
        return `${next(8) === 0 ? '-' : ''}${digits(1 + next(13))}${decimals === 0 ? '' : `.${digits(decimals)}`}`;
      });
      return [...fixed, ...random];
    }

    it('are written exactly as Intl.NumberFormat writes them, for every tag that formats as pt-BR', () => {
      const intl = (amount: string) => {
        const decimals = Math.max(2, (amount.split('.')[1] ?? '').replace(/0+$/, '').length);
        return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount as Intl.StringNumericLiteral);
      };
      // fr-FR: a language the checkout does not speak writes as its texts do, in pt-BR.
      for (const tag of ['pt-BR', 'pt-br', 'pt', 'fr-FR']) {
        for (const amount of amounts()) assert.equal(formatAmount(amount, 'BRL', tag), intl(amount), `${amount} in ${tag}`);
      }
      assert.equal(formatAmount('1234.5', 'BRL', 'pt-BR'), 'R$\u00a01.234,50');
    });

    it('are written without Intl, whose first formatter on a page loads its data; other tags and currencies still go through it', () => {
      assert.equal(
        numberFormatsMade(() => amounts().forEach((amount) => formatAmount(amount, 'BRL', 'pt-BR', 'pt-BR'))),
        0,
      );
      let texts: Array<string | undefined> = [];
      const made = numberFormatsMade(() => (texts = [formatAmount('1234.5', 'BRL', 'pt-PT'), formatAmount('1234.5', 'EUR', 'pt-BR')]));
      assert.deepEqual(texts.map((text) => text?.replace(/\s/g, ' ')), ['1234,50 R$', '€ 1.234,50']);
      assert.equal(made, 2);
    });
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
