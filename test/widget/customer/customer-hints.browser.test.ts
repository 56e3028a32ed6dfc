import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widget/customer/customer-fields.js';
import type { PayCustomerFields } from '../../../src/widget/customer/customer-fields.component.js';

const inputOf = (el: PayCustomerFields, name: string) => el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const textOf = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The texts an input's `aria-describedby` points at, joined: what a screen reader reads after its name. */
function descriptionOf(el: PayCustomerFields, name: string): string {
  const ids = (inputOf(el, name).getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => textOf(el.shadowRoot!.getElementById(id))).join(' ');
}

async function fieldsIn(locale: string, requireDocument = false): Promise<PayCustomerFields> {
  return fixture<PayCustomerFields>(html`<pay-customer-fields locale=${locale} ?require-document=${requireDocument}></pay-customer-fields>`);
}

describe('<pay-customer-fields> hints for buyers outside Brazil', () => {
  it('explain the international phone format in es and en, with an example the field takes', async () => {
    const examples: Record<string, RegExp> = {
      'es-MX': /^Con \+ y el código del país, por ejemplo (\+52 55 1234 5678)\. .*\(11\) 98765-4321\.$/,
      'en-US': /^With \+ and the country code, for example (\+1 212 555 0123)\. .*\(11\) 98765-4321\.$/,
    };
    for (const [locale, pattern] of Object.entries(examples)) {
      const el = await fieldsIn(locale);
      const hint = descriptionOf(el, 'phone');
      expect(hint, locale).to.match(pattern);
      // The number in the example is one the field accepts as it is written.
      inputOf(el, 'phone').focus();
      await sendKeys({ type: pattern.exec(hint)![1]! });
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
      expect(inputOf(el, 'phone').getAttribute('aria-invalid'), locale).to.equal('false');
      // The error line is always on the page (a live region), empty while the number is valid.
      expect(textOf(el.shadowRoot!.querySelector('#field-phone-error')), locale).to.equal('');
    }
  });

  it('say what a CPF or CNPJ is and when it is needed, in es and en', async () => {
    const es = await fieldsIn('es-MX');
    expect(descriptionOf(es, 'document')).to.match(/CPF \(de una persona\).*CNPJ \(de una empresa\).*identificación fiscal de Brasil.*boleto o Pix Automático\.$/);
    const en = await fieldsIn('en-US');
    expect(descriptionOf(en, 'document')).to.match(/CPF \(a person’s\) or CNPJ \(a company’s\) is a Brazilian tax ID.*boleto or Pix Automático\.$/);
  });

  it('stay short in pt-BR, where every buyer knows the CPF and the DDD', async () => {
    const el = await fieldsIn('pt-BR');
    expect(descriptionOf(el, 'phone')).to.equal('Com DDD, por exemplo (11) 98765-4321.');
    expect(descriptionOf(el, 'document')).to.equal('Pode digitar só os números.');
  });

  it('are accessible in es-MX and en-US, with the document optional and required', async () => {
    for (const locale of ['es-MX', 'en-US']) {
      for (const required of [false, true]) {
        const el = await fieldsIn(locale, required);
        await expect(el).to.be.accessible();
      }
    }
  });
});
