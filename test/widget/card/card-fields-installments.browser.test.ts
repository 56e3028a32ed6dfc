import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widget/card/card-fields.js';
import type { PayCardFields } from '../../../src/widget/card/card-fields.component.js';
import type { WidgetInstallmentOption } from '../../../src/relay/config-route.js';
import { press, textOf } from './card-fields-harness.js';

const OPTIONS: WidgetInstallmentOption[] = [
  { installments: 1, installmentAmount: '104.70', total: '104.70', interest: '0.00', interestPercentage: '0', interestFree: true },
  { installments: 3, installmentAmount: '34.90', total: '104.70', interest: '0.00', interestPercentage: '0', interestFree: true },
  { installments: 4, installmentAmount: '27.49', total: '109.96', interest: '5.26', interestPercentage: '5.02', interestFree: false },
];

function optionTexts(el: PayCardFields): string[] {
  return [...el.shadowRoot!.querySelectorAll('option')].map((option) => (option.textContent ?? '').replace(/\s+/g, ' ').trim());
}

const select = (el: PayCardFields) => el.shadowRoot!.querySelector('select')!;

describe('<pay-card-fields> instalments', () => {
  it('is accessible with the select', async () => {
    const el = await fixture<PayCardFields>(html`<pay-card-fields .installments=${OPTIONS}></pay-card-fields>`);
    await expect(el).to.be.accessible();
    expect(textOf(el, 'label[for="card-installments"]')).to.equal('Parcelas');
    expect(select(el).getBoundingClientRect().height).to.be.at.least(44);
  });

  it('labels interest-free and with-interest options in pt-BR', async () => {
    const el = await fixture<PayCardFields>(html`<pay-card-fields .installments=${OPTIONS}></pay-card-fields>`);
    expect(optionTexts(el)).to.deep.equal([
      'À vista: R$ 104,70',
      '3x de R$ 34,90 sem juros (total R$ 104,70)',
      '4x de R$ 27,49 com juros (total R$ 109,96)',
    ]);
    const hint = select(el).getAttribute('aria-describedby');
    expect(textOf(el, `#${hint}`)).to.equal('Em até 4 parcelas.');
  });

  it('labels them in Spanish', async () => {
    const el = await fixture<PayCardFields>(html`<pay-card-fields locale="es" .installments=${OPTIONS}></pay-card-fields>`);
    expect(optionTexts(el)).to.deep.equal([
      'En un pago: 104,70 BRL',
      '3 cuotas de 34,90 BRL sin interés (total 104,70 BRL)',
      '4 cuotas de 27,49 BRL con interés (total 109,96 BRL)',
    ]);
  });

  it('labels them in English', async () => {
    const el = await fixture<PayCardFields>(html`<pay-card-fields locale="en" .installments=${OPTIONS}></pay-card-fields>`);
    expect(optionTexts(el)).to.deep.equal([
      'Pay in full: R$104.70',
      '3 installments of R$34.90, interest-free (total R$104.70)',
      '4 installments of R$27.49 with interest (total R$109.96)',
    ]);
  });

  it('keeps every cent of the amounts and follows the currency', async () => {
    const el = await fixture<PayCardFields>(html`
      <pay-card-fields
        currency="CLP"
        .installments=${[
          { installments: 2, installmentAmount: '4503599627370496.51', total: '9007199254740993.02', interest: '0', interestPercentage: '0', interestFree: true },
        ]}
      ></pay-card-fields>
    `);
    expect(optionTexts(el)).to.deep.equal(['2x de CLP 4.503.599.627.370.496,51 sem juros (total CLP 9.007.199.254.740.993,02)']);
  });

  it('follows the first option when the chosen count is not offered', async () => {
    const el = await fixture<PayCardFields>(html`<pay-card-fields selected-installments="7" .installments=${OPTIONS}></pay-card-fields>`);
    expect(el.selectedInstallments).to.equal(1);
    el.selectedInstallments = 3;
    await el.updateComplete;
    expect(select(el).value).to.equal('3');
  });

  describe('when the buyer picks with the keyboard', () => {
    it('changes the count and tells the page', async () => {
      const el = await fixture<PayCardFields>(html`<pay-card-fields .installments=${OPTIONS}></pay-card-fields>`);
      const details: number[] = [];
      el.addEventListener('pay-card-change', (event) => details.push(event.detail.installments));
      select(el).focus();
      await press(el, 'ArrowDown');
      await press(el, 'ArrowDown');
      expect(el.selectedInstallments).to.equal(4);
      expect(details).to.deep.equal([3, 4]);
    });
  });

  describe('with the relay\'s config for a real offer', () => {
    it('shows one option per count from 1 to 12, each priced from the config', async () => {
      const env = (await (await fetch('/__test-env')).json()) as { relayPath: string };
      const config = (await (await fetch(`${env.relayPath}/config?offer=77BcHrY`)).json()) as {
        installments: WidgetInstallmentOption[];
        product: { currency: 'BRL' };
      };
      const el = await fixture<PayCardFields>(
        html`<pay-card-fields currency=${config.product.currency} .installments=${config.installments}></pay-card-fields>`,
      );
      expect(config.installments.map((option) => option.installments)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      // The offer's amounts stay under R$ 1.000, so the only separator is the decimal comma.
      const reais = (amount: string) => `R$ ${amount.replace('.', ',')}`;
      const expected = config.installments.map((option) =>
        option.installments === 1 && option.interestFree
          ? `À vista: ${reais(option.total)}`
          : `${option.installments}x de ${reais(option.installmentAmount)} ${option.interestFree ? 'sem juros' : 'com juros'} (total ${reais(option.total)})`,
      );
      expect(optionTexts(el)).to.deep.equal(expected);
      expect(config.installments.some((option) => !option.interestFree)).to.equal(true);
      await expect(el).to.be.accessible();
    });
  });

  describe('when the buyer types the card number', () => {
    it('writes the options and the brands again only when the locale, the currency or the options change', async () => {
      const el = await fixture<PayCardFields>(html`<pay-card-fields .installments=${OPTIONS}></pay-card-fields>`);
      // formatAmount reads each formatter's options once per amount.
      const { resolvedOptions } = Intl.NumberFormat.prototype;
      const { ListFormat } = Intl;
      const intl = Intl as unknown as Record<string, unknown>;
      let formatted = 0;
      let listFormats = 0;
      Intl.NumberFormat.prototype.resolvedOptions = function (this: Intl.NumberFormat) {
        formatted += 1;
        return resolvedOptions.call(this);
      };
      intl['ListFormat'] = class extends ListFormat {
        constructor(...args: ConstructorParameters<typeof ListFormat>) {
          super(...args);
          listFormats += 1;
        }
      };
      try {
        el.shadowRoot!.querySelector<HTMLInputElement>('input[name="cc-number"]')!.focus();
        await sendKeys({ type: '4111111111111111' });
        await el.updateComplete;
        expect([formatted, listFormats]).to.deep.equal([0, 0]);
        expect(el.shadowRoot!.querySelector<HTMLInputElement>('input[name="cc-number"]')!.value).to.equal('4111 1111 1111 1111');
        el.currency = 'USD';
        await el.updateComplete;
        expect(formatted).to.equal(OPTIONS.length * 2);
        expect(optionTexts(el)[0]).to.equal('À vista: US$ 104,70');
      } finally {
        Intl.NumberFormat.prototype.resolvedOptions = resolvedOptions;
        intl['ListFormat'] = ListFormat;
      }
    });
  });
});
