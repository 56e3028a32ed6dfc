import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import {
  addressFieldsOf,
  cardFieldsOf,
  chargeRequests,
  chooseMethod,
  customerFieldsOf,
  deepActiveElement,
  fillCard,
  fillCustomer,
  readyCheckout,
  sandboxSuite,
} from './checkout-harness.js';

const customerInput = (el: PayCheckout, name: string) => customerFieldsOf(el).shadowRoot!.querySelector<HTMLElement>(`[name="${name}"]`)!;

describe('<pay-checkout> when the buyer presses Enter', () => {
  const suite = sandboxSuite();

  it('in a customer field, pays: the form is submitted and its problems shown', async () => {
    const el = await readyCheckout();
    let submits = 0;
    el.shadowRoot!.querySelector('form')!.addEventListener('submit', () => (submits += 1));
    customerInput(el, 'name').focus();
    await sendKeys({ type: 'Maria Silva' });
    await sendKeys({ press: 'Enter' });
    await customerFieldsOf(el).updateComplete;
    expect(submits).to.equal(1);
    // The form was checked as "Pay" checks it: focus on the first field to fix, the e-mail.
    await waitUntil(() => deepActiveElement() === customerInput(el, 'email'), 'focus did not move to the e-mail');
    expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(0);
  });

  it('in the last card field, pays by card', async () => {
    const el = await readyCheckout();
    // Charged without 3-D Secure, so no billing address to fill (one card choice).
    el.methods = 'pix,boleto,credit_card';
    await el.updateComplete;
    await chooseMethod(el, 'credit_card');
    await waitUntil(() => cardFieldsOf(el), 'the card form did not load');
    await fillCustomer(el);
    await fillCard(el, '4111111111111111');
    cardFieldsOf(el).shadowRoot!.querySelector<HTMLInputElement>('#card-holderName')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => chargeRequests(suite.recording.requests, suite.env).length === 1, 'no charge was posted', { timeout: 8000 });
  });

  it('on a method or in a select, does not pay', async () => {
    const el = await readyCheckout();
    await chooseMethod(el, 'threeDs');
    let submits = 0;
    el.shadowRoot!.querySelector('form')!.addEventListener('submit', () => (submits += 1));
    const radio = el.shadowRoot!.querySelector('pay-method-picker')!.shadowRoot!.querySelector<HTMLInputElement>('input:checked')!;
    radio.focus();
    await sendKeys({ press: 'Enter' });
    // The billing address's state, a select in <pay-address-fields>.
    (await addressFieldsOf(el)).shadowRoot!.querySelector<HTMLSelectElement>('select[name="state"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Escape' });
    expect(submits).to.equal(0);
  });
});
