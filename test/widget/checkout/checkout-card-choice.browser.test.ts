// The card is one choice for the buyer: the checkout's setup (the offer's methods, the page's
// `methods`, a 3-D Secure provider) decides whether it is charged as `threeDs` or `credit_card`,
// and the events say which.
import { expect, html, oneEvent } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { PayBeforeSubmitDetail } from '../../../src/widget/events/before-submit-event.js';
import {
  addressFieldsOf as drawnAddressFields,
  cardFieldsOf,
  chargeRequests,
  chooseMethod,
  customerFieldsOf,
  fillAddress,
  fillCard,
  fillCustomer,
  methodPickerOf,
  pay,
  readyCheckout,
  recordFetch,
  sandboxSuite,
  type TestEnv,
  textOf,
} from './checkout-harness.js';

const VISA = '4111111111111111';
const ADDRESS_FIELDS = ['zipcode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'];

const radiosOf = (el: PayCheckout) => Array.from(methodPickerOf(el).shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
const methodsOf = (el: PayCheckout) => radiosOf(el).map((radio) => radio.value);
/** The billing address's fields on screen: none unless the customer fields ask for it, then those `<pay-address-fields>` draws once fetched. */
async function addressFieldsOf(el: PayCheckout): Promise<string[]> {
  if (!customerFieldsOf(el).requireAddress) return [];
  const root = (await drawnAddressFields(el)).shadowRoot!;
  return ADDRESS_FIELDS.filter((name) => root.querySelector(`[name="${name}"]`));
}

/** A checkout whose `pay-ready` was caught: its `methods` are those on screen. */
async function readyWithEvent(template?: ReturnType<typeof html>): Promise<{ el: PayCheckout; methods: unknown }> {
  const ready = new Promise<CustomEvent>((resolve) => document.addEventListener('pay-ready', (event) => resolve(event as CustomEvent), { once: true }));
  const el = await readyCheckout(template);
  return { el, methods: (await ready).detail.methods };
}

/** Pays the chosen card and answers what the page was told before and after the charge, and what was sent. */
async function payCard(el: PayCheckout, env: TestEnv, recording: ReturnType<typeof recordFetch>) {
  await fillCustomer(el);
  if ((await addressFieldsOf(el)).length > 0) await fillAddress(el);
  await fillCard(el, VISA);
  const beforeSubmit = oneEvent(el, 'pay-before-submit');
  const created = oneEvent(el, 'pay-order-created');
  await pay(el);
  const before = (await beforeSubmit).detail as PayBeforeSubmitDetail;
  const order = (await created).detail.order;
  const body = JSON.parse(chargeRequests(recording.requests, env)[0]!.body!) as Record<string, unknown>;
  return { before, order, body };
}

describe('<pay-checkout>: one card choice', () => {
  const suite = sandboxSuite();

  describe('when the offer takes both card methods and a 3-D Secure provider is there', () => {
    it('shows one card choice, "Cartão de crédito", charged as threeDs', async () => {
      const { el, methods } = await readyWithEvent();
      expect(methodsOf(el)).to.deep.equal(['pix', 'boleto', 'threeDs']);
      expect(methods).to.deep.equal(['pix', 'boleto', 'threeDs']);
      const card = radiosOf(el).find((radio) => radio.value === 'threeDs')!;
      expect(textOf(card.closest('label')!.querySelector('[part="option-name"]'))).to.equal('Cartão de crédito');
      // Described by its explanation, then by the accepted brands' marks (once the card form's code is here).
      const [explanation, marks] = card.getAttribute('aria-describedby')!.split(' ');
      expect(marks).to.equal('method-threeDs-marks');
      expect(textOf(methodPickerOf(el).shadowRoot!.querySelector(`#${explanation}`))).to.equal(
        'Aprovação na hora, à vista ou parcelado.',
      );
      expect(textOf(methodPickerOf(el).shadowRoot!.querySelector('fieldset'))).to.not.contain('3-D Secure');
      await expect(el).to.be.accessible();
    });

    it('reports threeDs in method-change, asks the billing address, and drops it again for Pix', async () => {
      const { el } = await readyWithEvent();
      expect(await addressFieldsOf(el)).to.deep.equal([]);
      const changed = oneEvent(el, 'pay-method-change');
      await chooseMethod(el, 'threeDs');
      expect((await changed).detail).to.deep.equal({ method: 'threeDs', previous: 'pix' });
      expect(await addressFieldsOf(el)).to.deep.equal(ADDRESS_FIELDS);
      expect(cardFieldsOf(el)).to.not.equal(null);
      await expect(el).to.be.accessible();
      await chooseMethod(el, 'pix');
      expect(await addressFieldsOf(el)).to.deep.equal([]);
    });

    it('charges threeDs with the authentication and the address, and says so in before-submit and order-created', async () => {
      const { el } = await readyWithEvent();
      await chooseMethod(el, 'threeDs');
      const { before, order, body } = await payCard(el, suite.env, suite.recording);
      expect(before.method).to.equal('threeDs');
      expect(order.paymentMethod).to.equal('threeDs');
      expect(body['paymentMethod']).to.equal('threeDs');
      expect(body['threeDSecure']).to.have.property('eci', '05');
      expect(body['address']).to.include({ zipcode: '01310100' });
    });

    it('keeps the card where the page lists its first card name', async () => {
      const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="credit_card,pix,threeDs"></pay-checkout>`);
      expect(methodsOf(el)).to.deep.equal(['threeDs', 'pix']);
      expect(radiosOf(el)[0]!.checked).to.equal(true);
      expect(await addressFieldsOf(el)).to.deep.equal(ADDRESS_FIELDS);
    });
  });

  describe('when the page lists credit_card and not threeDs', () => {
    it('charges the card as credit_card, asks no address, and says credit_card in every event', async () => {
      const { el, methods } = await readyWithEvent(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="pix,credit_card"></pay-checkout>`);
      expect(methods).to.deep.equal(['pix', 'credit_card']);
      const changed = oneEvent(el, 'pay-method-change');
      await chooseMethod(el, 'credit_card');
      expect((await changed).detail).to.deep.equal({ method: 'credit_card', previous: 'pix' });
      expect(textOf(radiosOf(el)[1]!.closest('label')!.querySelector('[part="option-name"]'))).to.equal('Cartão de crédito');
      expect(await addressFieldsOf(el)).to.deep.equal([]);
      const { before, order, body } = await payCard(el, suite.env, suite.recording);
      expect(before.method).to.equal('credit_card');
      expect(order.paymentMethod).to.equal('credit_card');
      expect(body['paymentMethod']).to.equal('credit_card');
      expect(body).to.not.have.property('threeDSecure');
      expect(body).to.not.have.property('address');
      // No 3-D Secure session was started.
      expect(suite.recording.requests.filter((request) => request.url.includes('/3ds/'))).to.have.length(0);
    });
  });

  describe('when the page lists only threeDs', () => {
    it('offers the card alone, charged as threeDs', async () => {
      const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="threeDs"></pay-checkout>`);
      expect(methodsOf(el)).to.deep.equal(['threeDs']);
      expect(await addressFieldsOf(el)).to.deep.equal(ADDRESS_FIELDS);
    });
  });

  describe('when the relay names no 3-D Secure provider', () => {
    it('charges the card as credit_card, with no address', async () => {
      suite.record((request, send) => {
        if (!new URL(request.url).pathname.endsWith('/config')) return undefined;
        return send().then(async (response) => {
          const config = (await response.clone().json()) as Record<string, unknown>;
          return new Response(JSON.stringify({ ...config, threeDSecure: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
        });
      });
      const { el, methods } = await readyWithEvent();
      expect(methods).to.deep.equal(['pix', 'boleto', 'credit_card']);
      await chooseMethod(el, 'credit_card');
      expect(await addressFieldsOf(el)).to.deep.equal([]);
    });
  });
});
