import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import { formatAmount } from '../../../src/widget/i18n/format-amount.js';
import type { AntifraudProfiler } from '../../../src/widget/providers/antifraud-profiler.js';
import {
  addressFieldsOf,
  cardFieldsOf,
  chargeRequests,
  chooseMethod,
  customerFieldsOf,
  deepActiveElement,
  fillCard,
  fillCustomer,
  liveRegionText,
  methodPickerOf,
  pay,
  readyCheckout,
  sandboxSuite,
  submitOf,
  textOf,
} from './checkout-harness.js';
import { resultOfStrictCspPage } from '../strict-csp-frame.js';

const radiosOf = (el: PayCheckout) => Array.from(methodPickerOf(el).shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
const fieldInput = (el: PayCheckout, name: string) => customerFieldsOf(el).shadowRoot!.querySelector<HTMLInputElement>(`[name="${name}"]`);
const fieldError = (el: PayCheckout, name: string) => textOf(customerFieldsOf(el).shadowRoot!.querySelector(`#field-${name}-error`));
/** A shop that charges cards without 3-D Secure: its list leaves `threeDs` out. */
const cardWithout3ds = () => readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="pix,credit_card"></pay-checkout>`);

describe('<pay-checkout>', () => {
  const suite = sandboxSuite();

  it('is accessible', async () => {
    const el = await readyCheckout();
    await expect(el).to.be.accessible();
  });

  it('defaults to pt-BR and every method of the one-time offer but Pix Automático, Pix chosen, and says it is ready', async () => {
    const ready = new Promise<CustomEvent>((resolve) => document.addEventListener('pay-ready', (event) => resolve(event as CustomEvent), { once: true }));
    const el = await readyCheckout();
    const { detail } = await ready;
    expect(detail).to.deep.equal({
      offer: { id: '77BcHrY', name: 'Curso de Fotografia à vista', price: '97.00' },
      currency: 'BRL',
      methods: ['pix', 'boleto', 'threeDs'],
    });
    expect(el.locale).to.equal('pt-BR');
    expect(textOf(el.shadowRoot!.querySelector('[part="product-name"]'))).to.equal('Curso de Fotografia');
    expect(textOf(el.shadowRoot!.querySelector('[part="price"]')!.shadowRoot!.querySelector('[part="amount"]'))).to.equal('R$ 97,00');
    // One card choice, charged with 3-D Secure: the offer takes both card methods and the relay names a provider.
    expect(radiosOf(el).map((radio) => radio.value)).to.deep.equal(['pix', 'boleto', 'threeDs']);
    expect(radiosOf(el).find((radio) => radio.checked)?.value).to.equal('pix');
    expect(textOf(submitOf(el))).to.equal('Pagar R$ 97,00');
    expect(cardFieldsOf(el)).to.equal(null);
    expect(fieldInput(el, 'zipcode')).to.equal(null);
  });

  it('hides a product image that cannot load instead of showing a broken one', async () => {
    suite.record((request, send) => {
      if (!new URL(request.url).pathname.endsWith('/config')) return undefined;
      return send().then(async (response) => {
        const body = (await response.clone().json()) as { product: { image: string } };
        body.product.image = `${location.origin}/no-such-image.png`;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      });
    });
    const el = await readyCheckout();
    const image = el.shadowRoot!.querySelector<HTMLImageElement>('[part="product-image"]')!;
    await waitUntil(() => image.hidden, 'the broken image stayed on screen');
    expect(getComputedStyle(image).display).to.equal('none');
  });

  it('names each method with its explanation, tied to its radio', async () => {
    const el = await readyCheckout();
    const picker = methodPickerOf(el).shadowRoot!;
    const boleto = radiosOf(el).find((radio) => radio.value === 'boleto')!;
    expect(textOf(boleto.closest('label'))).to.contain('Boleto bancário');
    expect(textOf(picker.querySelector(`#${boleto.getAttribute('aria-describedby')}`))).to.equal(
      'A compensação leva de 1 a 3 dias úteis após o pagamento.',
    );
    expect(textOf(picker.querySelector('legend'))).to.equal('Como você quer pagar?');
  });

  it('offers only the methods of the methods attribute, in its order', async () => {
    const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="boleto, credit_card,paypal"></pay-checkout>`);
    expect(radiosOf(el).map((radio) => radio.value)).to.deep.equal(['boleto', 'credit_card']);
    expect(radiosOf(el)[0]!.checked).to.equal(true);
    // Boleto needs the CPF: no "(opcional)" on it.
    expect(textOf(customerFieldsOf(el).shadowRoot!.querySelector('label[for="field-document"]'))).to.equal('CPF ou CNPJ');
  });

  it('offers Pix Automático for a subscription offer, and for a one-time offer only when the methods attribute names it', async () => {
    const subscription = await readyCheckout(html`<pay-checkout relay="/relay" offer="CLUBmes"></pay-checkout>`);
    expect(radiosOf(subscription).map((radio) => radio.value)).to.deep.equal(['pix', 'pix_auto', 'boleto', 'threeDs']);
    const asked = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="pix_auto,pix"></pay-checkout>`);
    expect(radiosOf(asked).map((radio) => radio.value)).to.deep.equal(['pix_auto', 'pix']);
  });

  describe('when the buyer chooses a method', () => {
    it('moves with the arrow keys and fires method-change', async () => {
      const el = await readyCheckout();
      radiosOf(el)[0]!.focus();
      const changed = oneEvent(el, 'pay-method-change');
      await sendKeys({ press: 'ArrowDown' });
      expect((await changed).detail).to.deep.equal({ method: 'boleto', previous: 'pix' });
      await el.updateComplete;
      expect(textOf(customerFieldsOf(el).shadowRoot!.querySelector('label[for="field-document"]'))).to.equal('CPF ou CNPJ');
    });

    it('asks for the card, and prices the instalments chosen on the button', async () => {
      const config = (await (await fetch('/relay/config?offer=77BcHrY')).json()) as { installments: { installments: number; total: string }[] };
      const el = await cardWithout3ds();
      await chooseMethod(el, 'credit_card');
      const card = cardFieldsOf(el);
      expect(card).to.not.equal(null);
      await card.updateComplete;
      const select = card.shadowRoot!.querySelector<HTMLSelectElement>('select')!;
      select.focus();
      select.value = '3';
      select.dispatchEvent(new Event('change'));
      await card.updateComplete;
      await el.updateComplete;
      const total = config.installments.find((option) => option.installments === 3)!.total;
      expect(textOf(submitOf(el))).to.equal(`Pagar ${formatAmount(total, 'BRL', 'pt-BR')!.replace(/\s/g, ' ')}`);
      await expect(el).to.be.accessible();
    });

    it('asks for the billing address for 3-D Secure', async () => {
      const el = await readyCheckout();
      await chooseMethod(el, 'threeDs');
      const address = (await addressFieldsOf(el)).shadowRoot!;
      for (const name of ['zipcode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state']) {
        expect(address.querySelector(`[name="${name}"]`), name).to.not.equal(null);
      }
      expect(address.querySelector('[name="zipcode"]')!.getAttribute('autocomplete')).to.equal('postal-code');
      await expect(el).to.be.accessible();
    });
  });

  describe('when the buyer pays with fields to fix', () => {
    it('shows each error beside its field, focuses the first and sends nothing', async () => {
      const el = await readyCheckout();
      await pay(el);
      await customerFieldsOf(el).updateComplete;
      expect(fieldError(el, 'name')).to.equal('Informe o nome.');
      expect(fieldError(el, 'email')).to.equal('Informe seu e-mail.');
      expect(fieldError(el, 'phone')).to.equal('Informe seu telefone com DDD.');
      const name = fieldInput(el, 'name')!;
      expect(name.getAttribute('aria-invalid')).to.equal('true');
      expect(name.getAttribute('aria-describedby')).to.equal('field-name-error');
      await waitUntil(() => deepActiveElement() === name, 'focus did not move to the first field to fix');
      await waitUntil(() => liveRegionText(el) !== '', 'the count was not announced');
      expect(liveRegionText(el)).to.equal('Há 3 campos para corrigir.');
      expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(0);
      await expect(el).to.be.accessible();
    });

    it("counts every field that shows an error, each of the card's and of the billing address's", async () => {
      const el = await readyCheckout();
      await chooseMethod(el, 'threeDs');
      const address = await addressFieldsOf(el);
      await cardFieldsOf(el).updateComplete;
      await pay(el);
      await waitUntil(() => liveRegionText(el) !== '', 'the count was not announced');
      const invalid = [customerFieldsOf(el), address, cardFieldsOf(el)].map(
        (part) => part.shadowRoot!.querySelectorAll('[aria-invalid="true"]').length,
      );
      // The buyer's three, the address's six required and the card's four.
      expect(invalid).to.deep.equal([3, 6, 4]);
      expect(liveRegionText(el)).to.equal('Há 13 campos para corrigir.');
    });

    it('requires the CPF for boleto', async () => {
      const el = await readyCheckout();
      await chooseMethod(el, 'boleto');
      await fillCustomer(el);
      await pay(el);
      await customerFieldsOf(el).updateComplete;
      expect(fieldError(el, 'document')).to.equal('Informe seu CPF ou CNPJ.');
      await waitUntil(() => deepActiveElement() === fieldInput(el, 'document'), 'focus did not move to the CPF');
      expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(0);
    });
  });

  it('lets the page cancel the payment in before-submit', async () => {
    const el = await cardWithout3ds();
    await chooseMethod(el, 'credit_card');
    await fillCustomer(el);
    await fillCard(el, '4111111111111111');
    const seen: unknown[] = [];
    el.addEventListener('pay-before-submit', (event) => {
      seen.push(event.detail);
      event.preventDefault();
    });
    await pay(el);
    expect(seen).to.deep.equal([{ method: 'credit_card', offerId: '77BcHrY', amount: '97.00', currency: 'BRL', installments: 1 }]);
    // Neither the card's tokenization nor the charge was asked for.
    expect(suite.recording.requests.filter((request) => request.url.includes('/card-tokens/'))).to.have.length(0);
    expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(0);
    expect(textOf(submitOf(el))).to.equal('Pagar R$ 97,00');
  });

  it('prefills the buyer\'s fields from the customer property, formatted', async () => {
    const el = await readyCheckout();
    el.customer = { name: 'João da Silva', email: 'joao@example.com', phone: '+55 11 98765-4321', document: '52998224725' };
    await el.updateComplete;
    await customerFieldsOf(el).updateComplete;
    expect(fieldInput(el, 'name')!.value).to.equal('João da Silva');
    expect(fieldInput(el, 'phone')!.value).to.equal('+55 (11) 98765-4321');
    expect(fieldInput(el, 'document')!.value).to.equal('529.982.247-25');
  });

  it('asks and sends the birth date when ask-birth-date is set', async () => {
    const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" ask-birth-date></pay-checkout>`);
    await fillCustomer(el);
    fieldInput(el, 'birthDate')!.focus();
    await sendKeys({ type: '17051990' });
    expect(fieldInput(el, 'birthDate')!.value).to.equal('17/05/1990');
    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    await created;
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body!) as { customer: { birthDate: string } };
    expect(body.customer.birthDate).to.equal('1990-05-17');
  });

  it('fires antifraud-fallback when the profile could not complete, and pays with its reference', async () => {
    const reference = '3b241101-e2bb-4255-8caf-4136c566a962';
    const profiler: AntifraudProfiler = {
      reference,
      start: () => undefined,
      complete: async () => ({ reference, profiled: false, fallbackReason: 'timeout' }),
    };
    const el = await cardWithout3ds();
    el.antifraudProfiler = profiler;
    await chooseMethod(el, 'credit_card');
    await fillCustomer(el);
    await fillCard(el, '4111111111111111');
    const fallback = oneEvent(el, 'pay-antifraud-fallback');
    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    expect((await fallback).detail).to.deep.equal({ reference, reason: 'timeout' });
    await created;
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body!) as { antifraud_profiling_attempt_reference: string };
    expect(body.antifraud_profiling_attempt_reference).to.equal(reference);
  });

  it('starts the anti-fraud profile once the card form is on screen, in an idle moment, and never for a Pix payment', async () => {
    const reference = '6f0c9a52-3d1e-4b7a-9c44-2f1e8d7b5a10';
    let starts = 0;
    const profiler: AntifraudProfiler = {
      reference,
      start: () => void (starts += 1),
      complete: async () => ({ reference, profiled: true }),
    };
    const idle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve()));
    const el = await cardWithout3ds();
    el.antifraudProfiler = profiler;
    await el.updateComplete;
    await idle();
    expect(starts, 'Pix is chosen: no card form, no profile').to.equal(0);
    // A Pix payment carries no anti-fraud reference, so it starts no profile.
    await fillCustomer(el);
    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    await created;
    await idle();
    expect(starts).to.equal(0);

    const other = await cardWithout3ds();
    other.antifraudProfiler = profiler;
    await chooseMethod(other, 'credit_card');
    await waitUntil(() => cardFieldsOf(other) !== null, 'the card form shows');
    await waitUntil(() => starts === 1, 'the profile starts once the card form is on screen');
    await fillCard(other, '4111111111111111');
    await idle();
    expect(starts, 'once, not on every render').to.equal(1);
  });

  describe('in each language', () => {
    const expected = {
      'pt-BR': { legend: 'Como você quer pagar?', submit: 'Pagar R$ 97,00', name: 'Nome completo' },
      es: { legend: '¿Cómo quieres pagar?', submit: 'Pagar 97,00 BRL', name: 'Nombre completo' },
      en: { legend: 'How would you like to pay?', submit: 'Pay R$97.00', name: 'Full name' },
    } as const;
    for (const [locale, texts] of Object.entries(expected)) {
      it(`renders ${locale}`, async () => {
        const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" locale=${locale}></pay-checkout>`);
        expect(textOf(methodPickerOf(el).shadowRoot!.querySelector('legend'))).to.equal(texts.legend);
        expect(textOf(submitOf(el))).to.equal(texts.submit);
        expect(textOf(customerFieldsOf(el).shadowRoot!.querySelector('label[for="field-name"]'))).to.equal(texts.name);
        expect(el.shadowRoot!.querySelector('[part="base"]')!.getAttribute('lang')).to.equal(locale);
        await expect(el).to.be.accessible();
      });
    }
  });

  describe('with the themes of docs/widget.md', () => {
    it('keeps 4.5:1 contrast in the dark theme, errors and banner included', async () => {
      const el = await readyCheckout(html`
        <pay-checkout
          relay="/relay"
          offer="77BcHrY"
          style="--pay-color-primary: #a8c7fa; --pay-color-on-primary: #062e6f; --pay-color-text: #e3e2e6; --pay-color-muted: #c4c6d0;
                 --pay-color-background: #1b1b1f; --pay-color-input-background: #1b1b1f; --pay-color-border: #8e9099;
                 --pay-color-error: #ffb4ab; --pay-color-focus: #ffb95c; --pay-radius: 12px"
        ></pay-checkout>
      `);
      await pay(el);
      await customerFieldsOf(el).updateComplete;
      await expect(el).to.be.accessible();
    });

    it('keeps 4.5:1 contrast in the light theme', async () => {
      const el = await readyCheckout(html`
        <pay-checkout
          relay="/relay"
          offer="77BcHrY"
          style="--pay-color-primary: #00639b; --pay-color-on-primary: #ffffff; --pay-color-text: #191c1e; --pay-color-muted: #41484d;
                 --pay-color-background: #f8f9fb; --pay-color-input-background: #ffffff; --pay-color-border: #71787e;
                 --pay-color-error: #ba1a1a; --pay-color-focus: #8f4c00; --pay-font-family: Georgia, serif"
        ></pay-checkout>
      `);
      await pay(el);
      await customerFieldsOf(el).updateComplete;
      await expect(el).to.be.accessible();
    });
  });

  it('fits a 320px wide phone without sideways scrolling, with 44px touch targets', async () => {
    await setViewport({ width: 320, height: 640 });
    try {
      const el = await readyCheckout();
      await chooseMethod(el, 'threeDs');
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      expect(submitOf(el).getBoundingClientRect().height).to.be.at.least(44);
      const zipcode = (await addressFieldsOf(el)).shadowRoot!.querySelector('[name="zipcode"]')!;
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      expect(zipcode.getBoundingClientRect().height).to.be.at.least(44);
      const option = methodPickerOf(el).shadowRoot!.querySelector('[part="option"]')!;
      expect(option.getBoundingClientRect().height).to.be.at.least(44);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('pays by card in a page with a strict CSP and Trusted Types: no inline script, no eval', async () => {
    const sandboxOrigin = new URL(suite.env.sandboxUrl).origin;
    const policy = [
      "default-src 'none'",
      `script-src 'self' ${sandboxOrigin}`,
      `connect-src 'self' ${sandboxOrigin}`,
      `frame-src ${sandboxOrigin}`,
      `img-src 'self' ${sandboxOrigin} https: data:`,
      "require-trusted-types-for 'script'",
      'trusted-types lit-html pay-checkout-profiler',
    ].join('; ');
    const { status, error, violations, trustedTypesEnforced } = await resultOfStrictCspPage<{ status?: string; error?: string; violations: string[]; trustedTypesEnforced: boolean }>({
      policy,
      pageModule: '/test/widget/checkout/strict-csp-checkout-page.ts',
      messageType: 'csp-checkout-result',
    });
    expect(error).to.equal(undefined);
    expect(status).to.equal('paid');
    expect(trustedTypesEnforced).to.equal(true);
    expect(violations).to.deep.equal([]);
  });

  describe('where it lives in the page', () => {
    it('keeps loading when moved in the DOM while the configuration loads', async () => {
      const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
      const elsewhere = document.createElement('div');
      document.body.append(elsewhere);
      try {
        elsewhere.append(el);
        await waitUntil(() => el.shadowRoot!.querySelector('form'), 'the moved checkout never loaded', { timeout: 5000 });
        expect(relayConfigLoads()).to.equal(1);
      } finally {
        elsewhere.remove();
      }
    });

    it('works when connected a second time, without loading again', async () => {
      const el = await readyCheckout();
      const parent = el.parentElement!;
      el.remove();
      await new Promise((resolve) => setTimeout(resolve, 50));
      parent.append(el);
      await el.updateComplete;
      expect(relayConfigLoads()).to.equal(1);
      await fillCustomer(el);
      const created = oneEvent(el, 'pay-order-created');
      await pay(el);
      expect((await created).detail.order.status).to.equal('waiting_payment');
    });

    it('works inside another element\'s shadow root', async () => {
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const el = document.createElement('pay-checkout');
      el.relay = '/relay';
      el.offer = '77BcHrY';
      el.methods = 'pix,credit_card';
      root.append(el);
      await waitUntil(() => el.shadowRoot!.querySelector('form'), 'the checkout did not load', { timeout: 5000 });
      await el.updateComplete;
      await chooseMethod(el, 'credit_card');
      await fillCustomer(el);
      await fillCard(el, '4111111111111111');
      const paid = new Promise<Event>((resolve) => host.addEventListener('pay-paid', resolve, { once: true }));
      await pay(el);
      expect(((await paid) as CustomEvent).composed).to.equal(true);
      await expect(el).to.be.accessible();
    });
  });

  function relayConfigLoads(): number {
    return suite.recording.requests.filter((request) => request.url.includes('/relay/config')).length;
  }
});
