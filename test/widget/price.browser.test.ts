import { expect, fixture, html } from '@open-wc/testing';
import '../../src/widget/price/price.js';
import type { PayPrice } from '../../src/widget/price/price.component.js';

const text = (el: PayPrice) => el.shadowRoot?.querySelector('[part="amount"]')?.textContent?.replace(/\s/g, ' ') ?? null;

describe('<pay-price>', () => {
  it('is accessible', async () => {
    const el = await fixture<PayPrice>(html`<pay-price amount="104.70"></pay-price>`);
    await expect(el).to.be.accessible();
  });

  it('defaults to reais in pt-BR', async () => {
    const el = await fixture<PayPrice>(html`<pay-price amount="104.70"></pay-price>`);
    expect(el.currency).to.equal('BRL');
    expect(el.locale).to.equal('pt-BR');
    expect(text(el)).to.equal('R$ 104,70');
  });

  it('shows the cents of a currency usually written without them, never a rounded figure', async () => {
    const el = await fixture<PayPrice>(html`<pay-price amount="1234.50" currency="CLP"></pay-price>`);
    expect(text(el)).to.equal('CLP 1.234,50');
    el.amount = '1234.00';
    await el.updateComplete;
    expect(text(el)).to.equal('CLP 1.234');
  });

  it('keeps every cent of an amount a float would round', async () => {
    const el = await fixture<PayPrice>(html`<pay-price amount="9007199254740993.01"></pay-price>`);
    expect(text(el)).to.equal('R$ 9.007.199.254.740.993,01');
  });

  describe('when the currency and locale change', () => {
    it('formats each of the ten currencies', async () => {
      const expected: Record<string, RegExp> = {
        BRL: /^R\$ 1\.234,50$/,
        EUR: /^€ 1\.234,50$/,
        MXN: /^MX\$ 1\.234,50$/,
        PEN: /^PEN 1\.234,50$/,
        USD: /^US\$ 1\.234,50$/,
        CLP: /^CLP 1\.234,50$/,
        COP: /^COP 1\.234,50$/,
        ARS: /^ARS 1\.234,50$/,
        BOB: /^BOB 1\.234,50$/,
        UYU: /^UYU 1\.234,50$/,
      };
      for (const [currency, pattern] of Object.entries(expected)) {
        const el = await fixture<PayPrice>(html`<pay-price amount="1234.50" currency=${currency}></pay-price>`);
        expect(text(el), currency).to.match(pattern);
      }
    });

    it('follows the locale and its region, falling back to the closest supported language', async () => {
      const el = await fixture<PayPrice>(html`<pay-price amount="1234.50" currency="USD" locale="en"></pay-price>`);
      expect(text(el)).to.equal('$1,234.50');
      el.locale = 'es';
      await el.updateComplete;
      expect(text(el)).to.equal('1234,50 US$');
      el.locale = 'es-MX';
      await el.updateComplete;
      expect(text(el)).to.equal('USD 1,234.50');
      el.locale = 'fr-FR';
      await el.updateComplete;
      expect(text(el)).to.equal('US$ 1.234,50');
    });
  });

  describe('when the amount is not a decimal string', () => {
    it('renders nothing rather than a wrong amount', async () => {
      const el = await fixture<PayPrice>(html`<pay-price amount="12,50"></pay-price>`);
      expect(el.formatted).to.equal(undefined);
      expect(el.shadowRoot?.querySelector('[part="amount"]')).to.equal(null);
    });

    it('renders nothing for a currency outside the API\'s list', async () => {
      const el = await fixture<PayPrice>(html`<pay-price amount="10.00" currency="GBP"></pay-price>`);
      expect(el.formatted).to.equal(undefined);
    });
  });
});
