import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasCatalogue, loadCatalogue, loadedCatalogue, type PluralForms } from '../../../src/widget/i18n/catalogue.js';
import { translate } from '../../../src/widget/i18n/translate.js';
import { numberFormatsMade, pluralRulesAsked } from './number-formats-made.js';

// Runs first: no catalogue is loaded yet in this process.
describe('translate, before a catalogue arrives', () => {
  it('gives an empty text rather than failing, showing a key or another language', async () => {
    assert.equal(hasCatalogue('pt-BR'), false);
    assert.equal(hasCatalogue('en'), false);
    assert.equal(translate('pt-BR', 'checkout.retry'), '');
    assert.equal(translate('en', 'checkout.fieldsToFix', { count: 1200 }), '');
    await loadCatalogue('pt-BR');
    assert.equal(translate('pt-BR', 'checkout.retry'), 'Tentar novamente');
    assert.equal(translate('es', 'field.installments.hint', { count: 0 }), '', 'pt-BR on the page does not stand in for Spanish');
  });

  it('gives an empty text, never its name, for a text of a part not on the page yet', async () => {
    await loadCatalogue('pt-BR');
    assert.equal(hasCatalogue('pt-BR', 'results'), false);
    assert.equal(translate('pt-BR', 'pix.title'), '');
    assert.equal(translate('pt-BR', 'installments.option.interestFree', { count: 1, amount: 'R$ 1,00', total: 'R$ 1,00' }), '');
    await loadCatalogue('pt-BR', 'card');
    assert.equal(translate('pt-BR', 'installments.option.interestFree', { count: 1, amount: 'R$ 1,00', total: 'R$ 1,00' }), 'À vista: R$ 1,00');
  });
});

describe('translate', () => {
  before(async () => {
    await Promise.all((['pt-BR', 'es', 'en'] as const).flatMap((locale) => (['form', 'card', 'results'] as const).map((part) => loadCatalogue(locale, part))));
  });

  it('gives the text of the key in each locale', () => {
    assert.equal(translate('pt-BR', 'checkout.retry'), 'Tentar novamente');
    assert.equal(translate('es', 'checkout.retry'), 'Intentar de nuevo');
    assert.equal(translate('en', 'checkout.retry'), 'Try again');
  });

  it('fills every placeholder with its parameter', () => {
    assert.equal(translate('pt-BR', 'checkout.submit', { amount: 'R$ 104,70' }), 'Pagar R$ 104,70');
    assert.equal(
      translate('pt-BR', 'installments.option.withInterest', { count: 3, amount: 'R$ 36,10', total: 'R$ 108,30' }),
      '3x de R$ 36,10 com juros (total R$ 108,30)',
    );
  });

  it('renders parameters as text, never interpreting them', () => {
    const brand = '<img src=x onerror=alert(1)> {amount}';
    assert.equal(translate('en', 'field.cardNumber.brand', { brand }), `Card brand: ${brand}`);
  });

  it('writes numbers with the locale\'s digit grouping', () => {
    assert.equal(translate('pt-BR', 'checkout.fieldsToFix', { count: 1200 }), 'Há 1.200 campos para corrigir.');
    assert.equal(translate('en', 'checkout.fieldsToFix', { count: 1200 }), '1,200 fields need fixing.');
  });

  it('writes an integer below 1000 as Intl would in each language, without Intl, whose first formatter on a page loads its data', () => {
    const locales = ['pt-BR', 'es', 'en'] as const;
    for (const locale of locales) {
      const intl = new Intl.NumberFormat(locale);
      for (let count = -999; count < 1000; count += 1) assert.equal(intl.format(count), String(count), `${count} in ${locale}`);
    }
    const made = numberFormatsMade(() => {
      for (const locale of locales) {
        for (const count of [0, 1, 12, 999]) assert.ok(translate(locale, 'field.installments.hint', { count }).includes(String(count)), `${count} in ${locale}`);
      }
    });
    assert.equal(made, 0);
    // A fraction goes through Intl: its decimal sign is the language's.
    assert.equal(translate('pt-BR', 'checkout.queued', { count: 2.5 }), 'Muitas compras agora. Sua vez em cerca de 2,5 s.');
  });

  it('tells a buyer in the relay\'s line of charges their wait, in each language and its digits', () => {
    assert.equal(translate('pt-BR', 'checkout.queued', { count: 20 }), 'Muitas compras agora. Sua vez em cerca de 20 s.');
    assert.equal(translate('es', 'checkout.queued', { count: 20 }), 'Muchas compras en este momento. Tu turno en alrededor de 20 s.');
    assert.equal(translate('en', 'checkout.queued', { count: 20 }), 'Lots of orders right now. Your turn in about 20 s.');
    assert.equal(translate('pt-BR', 'checkout.queued', { count: 1200 }), 'Muitas compras agora. Sua vez em cerca de 1.200 s.');
    assert.equal(translate('en', 'checkout.queued', { count: 1200 }), 'Lots of orders right now. Your turn in about 1,200 s.');
    assert.equal(translate('es', 'checkout.queued', { count: 12000 }), 'Muchas compras en este momento. Tu turno en alrededor de 12.000 s.');
  });

  it('keeps a placeholder without a value visible', () => {
    assert.equal(translate('en', 'checkout.submit'), 'Pay {amount}');
  });

  describe('plural texts', () => {
    it('picks the singular form for one and the plural for more', () => {
      assert.equal(translate('pt-BR', 'error.rateLimited', { count: 1 }), 'Muitas tentativas em pouco tempo. Vamos tentar de novo em 1 segundo.');
      assert.equal(translate('pt-BR', 'error.rateLimited', { count: 30 }), 'Muitas tentativas em pouco tempo. Vamos tentar de novo em 30 segundos.');
      assert.equal(translate('en', 'checkout.fieldsToFix', { count: 1 }), '1 field needs fixing.');
      assert.equal(translate('en', 'checkout.fieldsToFix', { count: 2 }), '2 fields need fixing.');
    });

    it('follows each language\'s plural rules, not English ones', () => {
      // CLDR: 0 is singular in Portuguese, plural in Spanish and English.
      assert.equal(translate('pt-BR', 'field.installments.hint', { count: 0 }), 'Pagamento em 0 parcela.');
      assert.equal(translate('es', 'field.installments.hint', { count: 0 }), 'Hasta 0 cuotas.');
      assert.equal(translate('en', 'field.installments.hint', { count: 0 }), 'Up to 0 installments.');
    });

    it('picks a whole count\'s form as Intl\'s plural rules do, without asking them: the first made on a page loads their data', () => {
      const locales = ['pt-BR', 'es', 'en'] as const;
      const counts = [...Array.from({ length: 4001 }, (_, index) => index - 2000), 1_000_000, -1_000_000, 2_500_000];
      const texts: string[] = [];
      const asked = pluralRulesAsked(() => {
        for (const locale of locales) for (const count of counts) texts.push(translate(locale, 'field.installments.hint', { count }));
      });
      assert.equal(asked, 0);
      let index = 0;
      for (const locale of locales) {
        const rules = new Intl.PluralRules(locale);
        const forms = loadedCatalogue(locale)!['field.installments.hint'] as PluralForms;
        for (const count of counts) {
          const written = Math.abs(count) < 1000 ? String(count) : new Intl.NumberFormat(locale).format(count);
          const form = rules.select(count) === 'one' ? forms.one : forms.other;
          assert.equal(texts[index++], form.replace('{count}', written), `${count} in ${locale}`);
        }
      }
      // A fraction is left to Intl: 1.5 is "one" in Portuguese and not in Spanish or English.
      const fractions = pluralRulesAsked(() => {
        assert.equal(translate('pt-BR', 'field.installments.hint', { count: 1.5 }), 'Pagamento em 1,5 parcela.');
        assert.equal(translate('es', 'field.installments.hint', { count: 1.5 }), 'Hasta 1,5 cuotas.');
      });
      assert.equal(fractions, 2);
    });

    it('reads the "many" category (round millions in Spanish) as the plural form', () => {
      assert.equal(translate('es', 'checkout.fieldsToFix', { count: 1_000_000 }), 'Hay 1.000.000 campos por corregir.');
    });

    it('writes the instalment lines of the picker', () => {
      assert.equal(translate('pt-BR', 'installments.option.interestFree', { count: 1, amount: 'R$ 104,70', total: 'R$ 104,70' }), 'À vista: R$ 104,70');
      assert.equal(
        translate('pt-BR', 'installments.option.interestFree', { count: 3, amount: 'R$ 34,90', total: 'R$ 104,70' }),
        '3x de R$ 34,90 sem juros (total R$ 104,70)',
      );
      assert.equal(
        translate('es', 'installments.option.interestFree', { count: 3, amount: 'R$ 34,90', total: 'R$ 104,70' }),
        '3 cuotas de R$ 34,90 sin interés (total R$ 104,70)',
      );
    });
  });

  it('accepts only the parameters a text has (checked by the typecheck)', () => {
    // @ts-expect-error `checkout.submit` has `{amount}`, not `{total}`.
    assert.equal(translate('en', 'checkout.submit', { total: 'x' }), 'Pay {amount}');
  });
});
