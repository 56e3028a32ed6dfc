import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../src/widget/define.js';
import '../../../src/widget/price/price.js';
import type { PayPrice } from '../../../src/widget/price/price.component.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import {
  VALID_CPF,
  cardFieldsOf,
  chooseMethod,
  fillCustomer,
  pay,
  readyCheckout,
  resetSandbox,
  resultOf,
  submitOf,
  textOf,
} from '../checkout/checkout-harness.js';
import { AMOUNTS, CURRENCIES, LITERAL_CASES, REGION_TAGS, intlAmount, plainSpaces } from './regional-formats-table.js';

const priceText = (el: PayPrice) => plainSpaces(el.shadowRoot?.querySelector('[part="amount"]')?.textContent);

async function checkoutIn(locale: string, offer: string): Promise<PayCheckout> {
  return readyCheckout(html`<pay-checkout relay="/relay" offer=${offer} locale=${locale}></pay-checkout>`);
}

const checkoutPrice = (el: PayCheckout) => priceText(el.shadowRoot!.querySelector<PayPrice>('pay-price')!);

describe('regional formats in Chromium', () => {
  describe('<pay-price>', () => {
    it('writes the hand-checked amounts as each region does', async () => {
      const el = await fixture<PayPrice>(html`<pay-price></pay-price>`);
      for (const [tag, currency, amount, expected] of LITERAL_CASES) {
        Object.assign(el, { locale: tag, currency, amount });
        await el.updateComplete;
        expect(priceText(el), `${amount} ${currency} in ${tag}`).to.equal(expected);
      }
    });

    it('writes each of the ten currencies in each region as Chromium\'s Intl does with the rules\' decimals', async () => {
      const el = await fixture<PayPrice>(html`<pay-price></pay-price>`);
      for (const tag of REGION_TAGS) {
        for (const currency of CURRENCIES) {
          for (const amount of AMOUNTS) {
            Object.assign(el, { locale: tag, currency, amount });
            await el.updateComplete;
            expect(priceText(el), `${amount} ${currency} in ${tag}`).to.equal(plainSpaces(intlAmount(amount, tag, currency)));
          }
        }
      }
    });

    it('writes reais for a pt-BR buyer exactly as Chromium\'s Intl does, no-break space included (they are written without it)', async () => {
      const el = await fixture<PayPrice>(html`<pay-price currency="BRL" locale="pt-BR"></pay-price>`);
      for (const amount of ['0', '0.5', '0.125', '97.00', '1234.50', '1234567', '-1234.5', '999999999.999']) {
        el.amount = amount;
        await el.updateComplete;
        expect(el.shadowRoot?.querySelector('[part="amount"]')?.textContent, amount).to.equal(intlAmount(amount, 'pt-BR', 'BRL'));
      }
    });

    it('is accessible in es-MX and en-US', async () => {
      for (const locale of ['es-MX', 'en-US']) {
        const el = await fixture<PayPrice>(html`<pay-price amount="1234.50" currency="MXN" locale=${locale}></pay-price>`);
        await expect(el).to.be.accessible();
      }
    });
  });

  describe('<pay-checkout>', () => {
    beforeEach(async () => {
      await resetSandbox();
    });

    it('writes the price and the pay button in the region of its locale, with the texts of its language', async () => {
      const cases: ReadonlyArray<readonly [string, string, string, string]> = [
        ['es-MX', 'CHILvin', 'CLP 25,000', 'Pagar CLP 25,000'],
        ['es-CL', 'CHILvin', '$25.000', 'Pagar $25.000'],
        ['es-AR', '77BcHrY', 'BRL 97,00', 'Pagar BRL 97,00'],
        ['en-US', 'ENGLusd', '$49.00', 'Pay $49.00'],
        ['pt-BR', 'ENGLusd', 'US$ 49,00', 'Pagar US$ 49,00'],
      ];
      for (const [locale, offer, price, submit] of cases) {
        const el = await checkoutIn(locale, offer);
        expect(checkoutPrice(el), `${offer} in ${locale}`).to.equal(price);
        expect(textOf(submitOf(el)), `${offer} in ${locale}`).to.equal(submit);
      }
    });

    it('writes as Spain does for a Spanish locale without a region, as it always has', async () => {
      const el = await checkoutIn('es', 'CHILvin');
      expect(checkoutPrice(el)).to.equal('25.000 CLP');
    });

    /** The instalment options of a card form in `locale`, once the card fields are drawn. */
    async function instalmentsIn(locale: string): Promise<{ el: PayCheckout; options: (string | undefined)[] }> {
      const el = await checkoutIn(locale, 'CHILvin');
      // Charged without 3-D Secure, so no billing address to fill (one card choice).
      el.methods = 'pix,boleto,credit_card';
      await el.updateComplete;
      await chooseMethod(el, 'credit_card');
      await waitUntil(() => cardFieldsOf(el)?.shadowRoot?.querySelector('select option'), 'the instalments did not show', { timeout: 5000 });
      const options = [...cardFieldsOf(el).shadowRoot!.querySelectorAll('select option')].map((option) => plainSpaces(option.textContent!.trim()));
      return { el, options };
    }

    it('lists the instalments in the region of its locale', async () => {
      const { options } = await instalmentsIn('es-CL');
      expect(options[0]).to.equal('En un pago: $25.000');
      expect(options.length).to.be.greaterThan(1);
      for (const option of options.slice(1)) expect(option).to.match(/^\d+ cuotas? de \$[\d.]+(,\d\d)? (sin|con) interés \(total \$[\d.]+(,\d\d)?\)$/);
    });

    it('lists them with a foreign currency\'s code in es-MX, and stays accessible', async () => {
      const { el, options } = await instalmentsIn('es-MX');
      expect(options[0]).to.equal('En un pago: CLP 25,000');
      for (const option of options.slice(1)) expect(option).to.match(/CLP [\d,]+(\.\d\d)? .*\(total CLP [\d,]+(\.\d\d)?\)$/);
      await expect(el).to.be.accessible();
    });

    const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    const dueDays: ReadonlyArray<readonly [string, (year: number, month: string, day: number) => string]> = [
      ['en-US', (year, month, day) => `${month} ${day}, ${year}`],
      ['en-GB', (year, month, day) => `${day} ${month} ${year}`],
    ];
    for (const [locale, written] of dueDays) {
      it(`shows a boleto's amount and due day as ${locale} writes them, and stays accessible`, async () => {
        const el = await checkoutIn(locale, 'BOLEplan');
        await chooseMethod(el, 'boleto');
        await fillCustomer(el, { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: VALID_CPF });
        const created = oneEvent(el, 'pay-order-created');
        await pay(el);
        const { order } = (await created).detail;
        await waitUntil(() => resultOf(el)?.tagName === 'PAY-BOLETO-RESULT', 'the boleto did not show', { timeout: 5000 });
        const view = resultOf(el)!;
        await view.updateComplete;
        const [year, month, day] = order.boleto!.dueDate.split('-').map(Number) as [number, number, number];
        expect(textOf(view.shadowRoot!.querySelector('[part="due-date"]'))).to.equal(`Due date: ${written(year, MONTHS[month - 1]!, day)}`);
        expect(plainSpaces(textOf(view.shadowRoot!.querySelector('[part="amount"]')))).to.equal('Amount to pay: R$19.90');
        await expect(el).to.be.accessible();
      });
    }
  });
});
