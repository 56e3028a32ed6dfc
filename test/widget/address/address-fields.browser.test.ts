import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widget/address/address-fields.js';
import type { PayAddressFields } from '../../../src/widget/address/address-fields.component.js';

// The page's server mounts the demo's relay at /relay, whose address lookup is the sandbox's CEP table.
const RELAY = '/relay';

const control = <T extends HTMLElement = HTMLInputElement>(el: PayAddressFields, name: string) => el.shadowRoot!.querySelector<T>(`[name="${name}"]`);
const textOf = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const errorOf = (el: PayAddressFields, name: string) => textOf(el.shadowRoot!.querySelector(`#field-${name}-error`));
const labelOf = (el: PayAddressFields, name: string) => textOf(el.shadowRoot!.querySelector(`label[for="field-${name}"]`));
const statusOf = (el: PayAddressFields) => textOf(el.shadowRoot!.querySelector('.zipcode [role="status"]'));

async function typeInto(el: PayAddressFields, name: string, text: string): Promise<void> {
  control(el, name)!.focus();
  await sendKeys({ type: text });
  await el.updateComplete;
}

async function choose(el: PayAddressFields, name: string, value: string): Promise<void> {
  const select = control<HTMLSelectElement>(el, name)!;
  select.value = value;
  select.dispatchEvent(new Event('change'));
  await el.updateComplete;
}

/** The address requests the page makes while `run` runs. */
async function addressRequests(run: () => Promise<void>): Promise<string[]> {
  const original = window.fetch;
  const urls: string[] = [];
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/address')) urls.push(new URL(url, location.href).pathname + new URL(url, location.href).search);
    return original(input, init);
  };
  try {
    await run();
  } finally {
    window.fetch = original;
  }
  return urls;
}

async function drawn(template: ReturnType<typeof html>): Promise<PayAddressFields> {
  const el = await fixture<PayAddressFields>(template);
  await waitUntil(() => control(el, 'zipcode'), 'the address fields were not drawn', { timeout: 5000 });
  return el;
}

describe('<pay-address-fields>', () => {
  it('is accessible in pt-BR and in en', async () => {
    for (const locale of ['pt-BR', 'en']) {
      const el = await drawn(html`<pay-address-fields locale=${locale} relay=${RELAY} currency="USD"></pay-address-fields>`);
      await expect(el).to.be.accessible();
      el.validate();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });

  it('defaults to a Brazilian address: no country, the states by their full names, sent by their codes', async () => {
    const el = await drawn(html`<pay-address-fields></pay-address-fields>`);
    expect(el.visibleFields).to.deep.equal(['zipcode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state']);
    expect(control(el, 'country')).to.equal(null);
    const options = [...control<HTMLSelectElement>(el, 'state')!.options];
    expect(options).to.have.length(28);
    expect(options.find((option) => option.value === 'SP')?.textContent?.trim()).to.equal('São Paulo');
    expect(options.find((option) => option.value === 'DF')?.textContent?.trim()).to.equal('Distrito Federal');
    await choose(el, 'state', 'SP');
    expect(control<HTMLSelectElement>(el, 'state')!.selectedOptions[0]!.textContent!.trim()).to.equal('São Paulo');
  });

  describe('when the buyer types a whole CEP', () => {
    it('fills street, district, city and state from the relay, all still editable, and says so', async () => {
      const el = await drawn(html`<pay-address-fields relay=${RELAY}></pay-address-fields>`);
      const asked = await addressRequests(async () => {
        await typeInto(el, 'zipcode', '0131010');
        await typeInto(el, 'zipcode', '0');
        await waitUntil(() => control(el, 'street')!.value !== '', 'the street was not filled', { timeout: 5000 });
      });
      expect(asked).to.deep.equal(['/relay/address?cep=01310100']);
      expect(control(el, 'street')!.value).to.equal('Avenida Paulista');
      expect(control(el, 'neighborhood')!.value).to.equal('Bela Vista');
      expect(control(el, 'city')!.value).to.equal('São Paulo');
      expect(control<HTMLSelectElement>(el, 'state')!.value).to.equal('SP');
      expect(statusOf(el)).to.equal('Endereço preenchido pelo CEP.');
      await typeInto(el, 'number', '1000');
      control(el, 'street')!.select();
      await typeInto(el, 'street', 'Alameda Santos');
      expect(el.validate()).to.equal(true);
      expect(el.billingAddress()).to.deep.equal({
        zipcode: '01310100',
        street: 'Alameda Santos',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
      });
      await expect(el).to.be.accessible();
    });

    it('says "CEP não encontrado" on the CEP of an address that does not exist, and will not send it', async () => {
      const el = await drawn(html`<pay-address-fields relay=${RELAY}></pay-address-fields>`);
      await typeInto(el, 'zipcode', '12345678');
      await waitUntil(() => errorOf(el, 'zipcode') !== '', 'no message on the CEP', { timeout: 5000 });
      expect(errorOf(el, 'zipcode')).to.equal('CEP não encontrado.');
      expect(control(el, 'zipcode')!.getAttribute('aria-invalid')).to.equal('true');
      expect(control(el, 'zipcode')!.getAttribute('aria-describedby')).to.contain('field-zipcode-error');
      expect(el.validate()).to.equal(false);
      expect(el.invalidFields[0]).to.equal('zipcode');
      // Another CEP takes the message away.
      control(el, 'zipcode')!.focus();
      await sendKeys({ press: 'Backspace' });
      await el.updateComplete;
      expect(errorOf(el, 'zipcode')).to.not.equal('CEP não encontrado.');
      await expect(el).to.be.accessible();
    });

    it('says it in the buyer\'s language', async () => {
      const el = await drawn(html`<pay-address-fields locale="en" relay=${RELAY}></pay-address-fields>`);
      await typeInto(el, 'zipcode', '12345678');
      await waitUntil(() => errorOf(el, 'zipcode') !== '', 'no message on the CEP', { timeout: 5000 });
      expect(errorOf(el, 'zipcode')).to.equal('CEP not found.');
    });

    it('leaves the fields for typing, with nothing blocking, when the lookup fails', async () => {
      const el = await drawn(html`<pay-address-fields relay=${RELAY}></pay-address-fields>`);
      // The sandbox's table answers 503 for this CEP, as a CEP service that is down.
      const asked = await addressRequests(async () => {
        await typeInto(el, 'zipcode', '99999999');
        await waitUntil(() => statusOf(el) === '', 'the lookup did not end', { timeout: 5000 });
      });
      expect(asked).to.deep.equal(['/relay/address?cep=99999999']);
      expect(errorOf(el, 'zipcode')).to.equal('');
      expect(control(el, 'street')!.value).to.equal('');
      await typeInto(el, 'street', 'Rua Chile');
      await typeInto(el, 'number', '12');
      await typeInto(el, 'neighborhood', 'Centro');
      await typeInto(el, 'city', 'Salvador');
      await choose(el, 'state', 'BA');
      expect(el.validate()).to.equal(true);
      expect(el.billingAddress()?.zipcode).to.equal('99999999');
    });

    it('never overwrites what the buyer typed while the CEP was looked up', async () => {
      const el = await drawn(html`<pay-address-fields relay=${RELAY}></pay-address-fields>`);
      // A slow network: the answer comes after the buyer typed the street.
      const original = window.fetch;
      window.fetch = async (input, init) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return original(input, init);
      };
      try {
        await typeInto(el, 'zipcode', '01310100');
        await typeInto(el, 'street', 'Rua Augusta');
        await waitUntil(() => control(el, 'city')!.value !== '', 'the city was not filled', { timeout: 5000 });
      } finally {
        window.fetch = original;
      }
      expect(control(el, 'street')!.value).to.equal('Rua Augusta');
      expect(control(el, 'city')!.value).to.equal('São Paulo');
    });

    it('asks nothing without a relay', async () => {
      const el = await drawn(html`<pay-address-fields></pay-address-fields>`);
      const asked = await addressRequests(() => typeInto(el, 'zipcode', '01310100'));
      expect(asked).to.deep.equal([]);
      expect(control(el, 'street')!.value).to.equal('');
    });
  });

  describe('on a foreign-currency offer', () => {
    it('asks the country first, named by the browser in the buyer\'s language, sent as its ISO code', async () => {
      const el = await drawn(html`<pay-address-fields locale="en" relay=${RELAY} currency="USD"></pay-address-fields>`);
      expect(el.visibleFields[0]).to.equal('country');
      const select = control<HTMLSelectElement>(el, 'country')!;
      const options = [...select.options].slice(1);
      expect(options).to.have.length(249);
      expect(options.every((option) => /^[A-Z]{2}$/.test(option.value))).to.equal(true);
      expect(options.find((option) => option.value === 'US')?.textContent?.trim()).to.equal('United States');
      expect(options.find((option) => option.value === 'BR')?.textContent?.trim()).to.equal('Brazil');
      expect(options.some((option) => ['EU', 'UN', 'UK', 'XK', 'ZZ'].includes(option.value))).to.equal(false);
      // An English page has no country to guess.
      expect(select.value).to.equal('');
      expect(labelOf(el, 'country')).to.equal('Country');
    });

    it('starts a Brazilian Portuguese page on Brazil, with the CEP lookup', async () => {
      const el = await drawn(html`<pay-address-fields relay=${RELAY} currency="EUR"></pay-address-fields>`);
      const select = control<HTMLSelectElement>(el, 'country')!;
      expect(select.value).to.equal('BR');
      expect(select.selectedOptions[0]!.textContent!.trim()).to.equal('Brasil');
      await typeInto(el, 'zipcode', '40020000');
      await waitUntil(() => control(el, 'city')!.value === 'Salvador', 'the city was not filled', { timeout: 5000 });
    });

    it('takes an address abroad with no CEP lookup, a free postal code and a two-letter state', async () => {
      const el = await drawn(html`<pay-address-fields locale="en" relay=${RELAY} currency="USD"></pay-address-fields>`);
      await choose(el, 'country', 'US');
      expect(labelOf(el, 'zipcode')).to.equal('Postal code');
      const state = control(el, 'state')!;
      expect(state.localName).to.equal('input');
      expect(state.maxLength).to.equal(2);
      const asked = await addressRequests(async () => {
        await typeInto(el, 'zipcode', '94105-1804');
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect(asked).to.deep.equal([]);
      expect(control(el, 'zipcode')!.value).to.equal('94105-1804');
      await typeInto(el, 'street', 'Market Street');
      await typeInto(el, 'number', '1');
      await typeInto(el, 'neighborhood', 'SoMa');
      await typeInto(el, 'city', 'San Francisco');
      await typeInto(el, 'state', 'c1');
      expect(el.validate()).to.equal(false);
      await el.updateComplete;
      expect(errorOf(el, 'state')).to.equal('Enter the 2-letter code.');
      control(el, 'state')!.select();
      await typeInto(el, 'state', 'ca');
      expect(control(el, 'state')!.value).to.equal('CA');
      expect(el.validate()).to.equal(true);
      expect(el.billingAddress()).to.deep.equal({
        zipcode: '941051804',
        street: 'Market Street',
        number: '1',
        neighborhood: 'SoMa',
        city: 'San Francisco',
        state: 'CA',
        country: 'US',
      });
      await expect(el).to.be.accessible();
    });

    it('empties the postal code and the state when the buyer picks another country', async () => {
      const el = await drawn(html`<pay-address-fields locale="en" currency="USD"></pay-address-fields>`);
      await choose(el, 'country', 'US');
      await typeInto(el, 'zipcode', '94105');
      await typeInto(el, 'state', 'CA');
      await choose(el, 'country', 'CA');
      expect(control(el, 'zipcode')!.value).to.equal('');
      expect(control(el, 'state')!.value).to.equal('');
      await choose(el, 'country', 'BR');
      expect(control<HTMLSelectElement>(el, 'state')!.localName).to.equal('select');
      expect(control<HTMLSelectElement>(el, 'state')!.value).to.equal('');
    });

    it('refuses letters in a postal code abroad, which the API cannot take', async () => {
      const el = await drawn(html`<pay-address-fields locale="en" currency="GBP"></pay-address-fields>`);
      await choose(el, 'country', 'GB');
      await typeInto(el, 'zipcode', 'SW1A 1AA');
      el.validate();
      await el.updateComplete;
      expect(errorOf(el, 'zipcode')).to.equal('Use digits only.');
    });
  });
});
