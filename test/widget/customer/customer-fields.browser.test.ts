import { aTimeout, expect, fixture, html, waitUntil } from '@open-wc/testing';
import { a11ySnapshot, findAccessibilityNode, sendKeys } from '@web/test-runner-commands';
import '../../../src/widget/customer/customer-fields.js';
import type { PayCustomerFields } from '../../../src/widget/customer/customer-fields.component.js';
import type { PayAddressFields } from '../../../src/widget/address/address-fields.component.js';

const inputOf = (el: PayCustomerFields | PayAddressFields, name: string) => el.shadowRoot!.querySelector<HTMLInputElement>(`[name="${name}"]`);
const textOf = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const errorOf = (el: PayCustomerFields | PayAddressFields, name: string) => textOf(el.shadowRoot!.querySelector(`#field-${name}-error`));
const labelOf = (el: PayCustomerFields, name: string) => textOf(el.shadowRoot!.querySelector(`label[for="field-${name}"]`));

/** The texts an input's `aria-describedby` points at, in order. */
function descriptionOf(el: PayCustomerFields | PayAddressFields, name: string): string[] {
  const ids = (inputOf(el, name)!.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => textOf(el.shadowRoot!.getElementById(id)));
}

async function typeInto(el: PayCustomerFields | PayAddressFields, name: string, text: string): Promise<void> {
  inputOf(el, name)!.focus();
  await sendKeys({ type: text });
  await el.updateComplete;
}

/** The billing address's element, once it is fetched and drawn. */
async function addressOf(el: PayCustomerFields): Promise<PayAddressFields> {
  await waitUntil(() => el.shadowRoot!.querySelector('pay-address-fields')?.shadowRoot?.querySelector('[name="zipcode"]'), 'the address fields were not drawn', { timeout: 5000 });
  return el.shadowRoot!.querySelector('pay-address-fields')!;
}

async function fillBuyer(el: PayCustomerFields): Promise<void> {
  await typeInto(el, 'name', 'Maria Silva');
  await typeInto(el, 'email', 'Maria@Example.COM');
  await typeInto(el, 'phone', '11987654321');
}

describe('<pay-customer-fields>', () => {
  it('is accessible', async () => {
    const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
    await expect(el).to.be.accessible();
  });

  it('defaults to name, e-mail, phone and an optional CPF or CNPJ, with autofill and keyboards set', async () => {
    const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
    expect(el.visibleFields).to.deep.equal(['name', 'email', 'phone', 'document']);
    expect(labelOf(el, 'document')).to.equal('CPF ou CNPJ (opcional)');
    // What the browser gives screen readers: the label's words and "(opcional)" apart.
    interface AxNode {
      role: string;
      name: string;
      children: AxNode[];
    }
    const tree = (await a11ySnapshot({})) as unknown as AxNode;
    expect(findAccessibilityNode<AxNode>(tree, (node) => node.role === 'textbox' && node.name.startsWith('CPF'))?.name).to.equal('CPF ou CNPJ (opcional)');
    expect(inputOf(el, 'email')!.getAttribute('autocomplete')).to.equal('email');
    expect(inputOf(el, 'email')!.type).to.equal('email');
    expect(inputOf(el, 'phone')!.getAttribute('autocomplete')).to.equal('tel');
    expect(inputOf(el, 'phone')!.getAttribute('inputmode')).to.equal('tel');
    expect(inputOf(el, 'document')!.getAttribute('inputmode')).to.equal('numeric');
    expect(inputOf(el, 'birthDate')).to.equal(null);
    expect(inputOf(el, 'zipcode')).to.equal(null);
    expect(descriptionOf(el, 'phone')).to.deep.equal(['Com DDD, por exemplo (11) 98765-4321.']);
  });

  describe('when the buyer types', () => {
    it('lays out a key inside its input alone, each empty line under a field keeping its space', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields require-address></pay-customer-fields>`);
      const address = await addressOf(el);
      // What Chromium asks of a box to lay it out again without its ancestors: its size and layout
      // contained, and a parent that is no flex or grid box.
      for (const input of [...el.shadowRoot!.querySelectorAll('input'), ...address.shadowRoot!.querySelectorAll('input')]) {
        expect(getComputedStyle(input).contain.split(' '), input.name).to.include.members(['size', 'layout']);
        expect(getComputedStyle(input.parentElement!).display, input.name).to.equal('block');
        expect(input.getBoundingClientRect().height, input.name).to.equal(44);
      }
      // Under the e-mail, the empty error and the empty suggestion each keep the 0.25rem above them,
      // as the field's grid gave them; collapsed together, the form below would move up.
      const errorLine = el.shadowRoot!.querySelector('#field-email-error')!;
      const [above, error, suggestion] = [errorLine.previousElementSibling!, errorLine, errorLine.nextElementSibling!].map((node) => node.getBoundingClientRect());
      expect([error!.height, suggestion!.height]).to.deep.equal([0, 0]);
      expect([error!.top - above!.bottom, suggestion!.top - error!.bottom]).to.deep.equal([4, 4]);
    });

    it('formats the phone as people write it, keeping the caret after the same digit', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      await typeInto(el, 'phone', '1187654321');
      const phone = inputOf(el, 'phone')!;
      expect(phone.value).to.equal('(11) 8765-4321');
      // A ninth digit typed in the middle turns the landline mask into a mobile's; the caret stays after it.
      phone.setSelectionRange(5, 5);
      await sendKeys({ type: '9' });
      await el.updateComplete;
      expect(phone.value).to.equal('(11) 98765-4321');
      expect(phone.selectionStart).to.equal(6);
    });

    it('switches the document mask from CPF to CNPJ past 11 digits', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      await typeInto(el, 'document', '52998224725');
      expect(inputOf(el, 'document')!.value).to.equal('529.982.247-25');
      await sendKeys({ type: '000' });
      expect(inputOf(el, 'document')!.value).to.equal('52.998.224/7250-00');
    });

    it('shows an error when the buyer leaves a field they typed in, beside it, and clears it once fixed', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      await typeInto(el, 'email', 'maria@');
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
      expect(errorOf(el, 'email')).to.equal('E-mail inválido. Confira se está no formato nome@exemplo.com.');
      expect(inputOf(el, 'email')!.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(el, 'email')).to.deep.equal([
        'Você vai receber a confirmação da compra neste endereço.',
        'E-mail inválido. Confira se está no formato nome@exemplo.com.',
      ]);
      await typeInto(el, 'email', 'example.com');
      expect(errorOf(el, 'email')).to.equal('');
      expect(inputOf(el, 'email')!.getAttribute('aria-invalid')).to.equal('false');
    });

    it('announces an error as the card form does: in a polite live region there before it, tied to the field once shown', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      const region = el.shadowRoot!.querySelector('#field-phone-error');
      expect(region?.getAttribute('aria-live')).to.equal('polite');
      expect(textOf(region)).to.equal('');
      await typeInto(el, 'phone', '119');
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
      // The same element, so the text entering it is announced.
      expect(el.shadowRoot!.querySelector('#field-phone-error')).to.equal(region);
      expect(textOf(region)).to.equal('Telefone incompleto. Informe o DDD e o número.');
      expect(inputOf(el, 'phone')!.getAttribute('aria-describedby')).to.contain('field-phone-error');
    });

    it('says nothing about a field the buyer only passed through', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      inputOf(el, 'name')!.focus();
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
      expect(errorOf(el, 'name')).to.equal('');
    });
  });

  describe('when the e-mail\'s domain looks mistyped', () => {
    const suggestionOf = (el: PayCustomerFields) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="suggestion"]');

    async function leaveEmail(el: PayCustomerFields, address: string): Promise<void> {
      await typeInto(el, 'email', address);
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
    }

    it('offers the address meant once the buyer leaves the field, announced politely, and blocks nothing', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      await typeInto(el, 'name', 'Maria Silva');
      await leaveEmail(el, 'maria@gmial.com');
      await waitUntil(() => suggestionOf(el), 'no suggestion appeared');
      const suggestion = suggestionOf(el)!;
      expect(textOf(suggestion)).to.equal('Você quis dizer maria@gmail.com?');
      expect(suggestion.type).to.equal('button');
      expect(suggestion.closest('[aria-live]')!.getAttribute('aria-live')).to.equal('polite');
      // The region was on the page before the suggestion, so screen readers announce what enters it.
      expect(el.shadowRoot!.querySelectorAll('.suggestion[aria-live="polite"]')).to.have.length(1);
      expect(errorOf(el, 'email')).to.equal('');
      await expect(el).to.be.accessible();
      await typeInto(el, 'phone', '11987654321');
      expect(el.validate()).to.equal(true);
      expect(el.customerDetails()!.email).to.equal('maria@gmial.com');
    });

    it('fills the address meant on one tap, from the keyboard too, and gives focus back to the field', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      await leaveEmail(el, 'joao@hotmial.com');
      await waitUntil(() => suggestionOf(el), 'no suggestion appeared');
      // Back from the next field to the suggestion, as a keyboard user reaches it.
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(el.shadowRoot!.activeElement).to.equal(suggestionOf(el));
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(inputOf(el, 'email')!.value).to.equal('joao@hotmail.com');
      expect(suggestionOf(el)).to.equal(null);
      expect(el.shadowRoot!.activeElement).to.equal(inputOf(el, 'email'));
    });

    it('takes the suggestion away once the buyer edits the address', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      await leaveEmail(el, 'ana@yahoo.com.bt');
      await waitUntil(() => suggestionOf(el), 'no suggestion appeared');
      expect(textOf(suggestionOf(el))).to.equal('Você quis dizer ana@yahoo.com.br?');
      await typeInto(el, 'email', 'x');
      expect(suggestionOf(el)).to.equal(null);
    });

    it('suggests nothing for a common domain or one close to none', async () => {
      for (const address of ['ana@uol.com.br', 'ana@empresa.com.br']) {
        const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
        await leaveEmail(el, address);
        // The check is fetched on the first blur: it has had the time to answer once a typo's suggestion shows.
        const typo = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
        await leaveEmail(typo, 'ana@uol.com.vr');
        await waitUntil(() => suggestionOf(typo), 'no suggestion appeared for the typo');
        await el.updateComplete;
        expect(suggestionOf(el), address).to.equal(null);
      }
    });

    for (const [locale, text] of [
      ['es', '¿Quisiste decir rui@bol.com.br?'],
      ['en', 'Did you mean rui@bol.com.br?'],
    ] as const) {
      it(`asks in ${locale}`, async () => {
        const el = await fixture<PayCustomerFields>(html`<pay-customer-fields locale=${locale}></pay-customer-fields>`);
        await leaveEmail(el, 'rui@bol.con.br');
        await waitUntil(() => suggestionOf(el), 'no suggestion appeared');
        expect(textOf(suggestionOf(el))).to.equal(text);
      });
    }
  });

  describe('validate()', () => {
    it('shows every problem and focuses the first field to fix', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      await typeInto(el, 'name', 'Maria Silva');
      expect(el.validate()).to.equal(false);
      await el.focusFirstInvalid();
      expect(el.invalidFields).to.deep.equal(['email', 'phone']);
      expect(errorOf(el, 'email')).to.equal('Informe seu e-mail.');
      expect(el.shadowRoot!.activeElement).to.equal(inputOf(el, 'email'));
      expect(el.customerDetails()).to.equal(undefined);
      await expect(el).to.be.accessible();
    });

    it('answers the buyer as the charge takes them', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      await fillBuyer(el);
      await typeInto(el, 'document', '11.222.333/0001-81');
      expect(el.validate()).to.equal(true);
      expect(el.customerDetails()).to.deep.equal({
        name: 'Maria Silva',
        email: 'Maria@example.com',
        phone: '5511987654321',
        docType: 'cnpj',
        docNumber: '11222333000181',
      });
    });

    it('requires the CPF or CNPJ when asked to, and checks its digits', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields require-document></pay-customer-fields>`);
      await fillBuyer(el);
      expect(labelOf(el, 'document')).to.equal('CPF ou CNPJ');
      expect(el.validate()).to.equal(false);
      await el.updateComplete;
      expect(errorOf(el, 'document')).to.equal('Informe seu CPF ou CNPJ.');
      await typeInto(el, 'document', '52998224726');
      expect(el.validate()).to.equal(false);
      await el.updateComplete;
      expect(errorOf(el, 'document')).to.equal('CPF inválido. Confira os números.');
    });

    it('drops the "required" message of the CPF once it is optional again', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields require-document></pay-customer-fields>`);
      el.validate();
      await el.updateComplete;
      expect(errorOf(el, 'document')).to.equal('Informe seu CPF ou CNPJ.');
      el.requireDocument = false;
      await el.updateComplete;
      expect(errorOf(el, 'document')).to.equal('');
    });

    it('asks the birth date when told to, and sends it as YYYY-MM-DD', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields ask-birth-date></pay-customer-fields>`);
      await fillBuyer(el);
      expect(el.validate()).to.equal(false);
      await el.updateComplete;
      expect(errorOf(el, 'birthDate')).to.equal('Informe sua data de nascimento.');
      await typeInto(el, 'birthDate', '17051990');
      expect(inputOf(el, 'birthDate')!.value).to.equal('17/05/1990');
      expect(el.validate()).to.equal(true);
      expect(el.customerDetails()?.birthDate).to.equal('1990-05-17');
    });
  });

  describe('with the billing address', () => {
    it('fetches it on demand, checks it with the buyer\'s fields and answers it as the charge and 3DS take it', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields require-address></pay-customer-fields>`);
      const address = await addressOf(el);
      await fillBuyer(el);
      expect(el.validate()).to.equal(false);
      await address.updateComplete;
      expect(el.invalidFields).to.deep.equal(['zipcode', 'street', 'number', 'neighborhood', 'city', 'state']);
      await typeInto(address, 'zipcode', '01310100');
      expect(inputOf(address, 'zipcode')!.value).to.equal('01310-100');
      await typeInto(address, 'street', 'Avenida Paulista');
      await typeInto(address, 'number', '1000');
      await typeInto(address, 'neighborhood', 'Bela Vista');
      await typeInto(address, 'city', 'São Paulo');
      const state = address.shadowRoot!.querySelector<HTMLSelectElement>('[name="state"]')!;
      state.value = 'SP';
      state.dispatchEvent(new Event('change'));
      await address.updateComplete;
      expect(el.validate()).to.equal(true);
      expect(el.billingAddress()).to.deep.equal({
        zipcode: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
      });
      await expect(el).to.be.accessible();
    });

    it('checks the address in the same round as the buyer\'s fields, and focuses the buyer\'s first field to fix', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields require-address></pay-customer-fields>`);
      const address = await addressOf(el);
      await typeInto(el, 'name', 'Maria Silva');
      expect(el.validate()).to.equal(false);
      await el.updateComplete;
      await address.updateComplete;
      expect(el.invalidFields).to.deep.equal(['email', 'phone', 'zipcode', 'street', 'number', 'neighborhood', 'city', 'state']);
      expect(descriptionOf(address, 'zipcode')).to.deep.equal(['Por exemplo 01310-100.', 'Informe o CEP.']);
      // Every focus the round asked for has happened by now.
      await aTimeout(50);
      expect(el.shadowRoot!.activeElement).to.equal(inputOf(el, 'email'));
      expect(address.shadowRoot!.activeElement).to.equal(null);
    });

    it('pairs the short address fields when the fields have room, whatever the screen: one column in a narrow column', async () => {
      const tops = async (width: string) => {
        const box = await fixture<HTMLDivElement>(html`<div style="width: ${width}"><pay-customer-fields require-address></pay-customer-fields></div>`);
        const address = await addressOf(box.querySelector('pay-customer-fields')!);
        const top = (name: string) => inputOf(address, name)!.getBoundingClientRect().top;
        return { neighborhood: top('neighborhood'), city: top('city') };
      };
      // The test page is wider than 30rem either way: only the checkout's own width decides.
      expect(innerWidth).to.be.greaterThan(30 * 16);
      const wide = await tops('40rem');
      expect(wide.city).to.equal(wide.neighborhood);
      const narrow = await tops('24rem');
      expect(narrow.city).to.be.greaterThan(narrow.neighborhood);
    });

    it('is not on the page, nor fetched, until it is asked for', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
      expect(el.shadowRoot!.querySelector('pay-address-fields')).to.equal(null);
      expect(el.billingAddress()).to.equal(undefined);
      el.requireAddress = true;
      await el.updateComplete;
      await addressOf(el);
    });
  });

  describe('showServerErrors()', () => {
    it('puts the API\'s messages on their fields, as text, and answers what it placed', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields require-address></pay-customer-fields>`);
      const address = await addressOf(el);
      const placed = el.showServerErrors({
        'customer.phone': ['Informe o telefone no formato E.164 <i>sem +</i>.'],
        'address.zipcode': ['O CEP deve ter exatamente 8 dígitos.'],
        'items.0.offerId': ['Oferta não encontrada.'],
      });
      expect(placed.sort()).to.deep.equal(['address.zipcode', 'customer.phone']);
      await el.updateComplete;
      await address.updateComplete;
      expect(errorOf(el, 'phone')).to.equal('Informe o telefone no formato E.164 <i>sem +</i>.');
      expect(el.shadowRoot!.querySelector('#field-phone-error i')).to.equal(null);
      expect(descriptionOf(address, 'zipcode')).to.deep.equal(['Por exemplo 01310-100.', 'O CEP deve ter exatamente 8 dígitos.']);
      await el.focusFirstInvalid();
      expect(el.shadowRoot!.activeElement).to.equal(inputOf(el, 'phone'));
      await expect(el).to.be.accessible();
    });

    it('puts the document\'s and the country\'s request fields on the fields the buyer typed them in', async () => {
      const el = await fixture<PayCustomerFields>(html`<pay-customer-fields require-address></pay-customer-fields>`);
      const address = await addressOf(el);
      const placed = el.showServerErrors({
        'customer.docType': ['Tipo de documento inválido.'],
        'address.country': ['País não atendido.'],
        'customer.document': ['Campo desconhecido.'],
        'customer.street': ['Campo desconhecido.'],
      });
      expect(placed.sort()).to.deep.equal(['address.country', 'customer.docType']);
      await el.updateComplete;
      await address.updateComplete;
      expect(errorOf(el, 'document')).to.equal('Tipo de documento inválido.');
      expect(errorOf(address, 'state')).to.equal('País não atendido.');
      expect(errorOf(address, 'street')).to.equal('');
    });
  });

  it('starts from the prefill but never overwrites what the buyer typed', async () => {
    const el = await fixture<PayCustomerFields>(html`<pay-customer-fields></pay-customer-fields>`);
    await typeInto(el, 'name', 'Ana Souza');
    el.prefill = { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321' };
    await el.updateComplete;
    expect(inputOf(el, 'name')!.value).to.equal('Ana Souza');
    expect(inputOf(el, 'email')!.value).to.equal('maria@example.com');
    expect(inputOf(el, 'phone')!.value).to.equal('(11) 98765-4321');
  });

  it('follows the locale', async () => {
    const el = await fixture<PayCustomerFields>(html`<pay-customer-fields locale="es" require-address></pay-customer-fields>`);
    await addressOf(el);
    expect(textOf(el.shadowRoot!.querySelector('legend'))).to.not.equal('Seus dados');
    expect(labelOf(el, 'email')).to.equal('Correo electrónico');
    await expect(el).to.be.accessible();
  });
});
