import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import { CHALLENGE_CARD, CHALLENGE_CODE, nextDialog, typeChallengeCode } from '../three-d-secure/sandbox-3ds.js';
import {
  addressFieldsOf,
  bannerText,
  cardFieldsOf,
  chargeRequests,
  chooseMethod,
  customerFieldsOf,
  deepActiveElement,
  fillAddress,
  fillCard,
  fillCustomer,
  liveRegionText,
  readyCheckout,
  sandboxSuite,
  submitOf,
  textOf,
} from './checkout-harness.js';

/** A buyer who chose 3-D Secure, typed everything, and is about to pay with the challenge card. */
async function threeDsCheckout(): Promise<PayCheckout> {
  const el = await readyCheckout();
  await chooseMethod(el, 'threeDs');
  await fillCustomer(el);
  await fillAddress(el);
  await fillCard(el, CHALLENGE_CARD);
  return el;
}

/** Pays with the keyboard (focus on the button, Enter) and waits for the bank's challenge on screen. */
async function payIntoChallenge(el: PayCheckout) {
  const appearing = nextDialog(el.shadowRoot!);
  submitOf(el).focus();
  await sendKeys({ press: 'Enter' });
  return appearing;
}

describe('<pay-checkout> with the 3-D Secure challenge', () => {
  const suite = sandboxSuite();

  it('opens the bank\'s page in an accessible dialog inside the checkout, and pays with the right code', async () => {
    const el = await threeDsCheckout();
    const dialog = await payIntoChallenge(el);
    expect(dialog.getRootNode()).to.equal(el.shadowRoot);
    await expect(el).to.be.accessible();
    const created = oneEvent(el, 'pay-order-created');
    await typeChallengeCode(CHALLENGE_CODE);
    const { order } = (await created).detail;
    expect(order).to.include({ paymentMethod: 'threeDs', status: 'paid' });
    expect(el.shadowRoot!.querySelector('pay-3ds-dialog')).to.equal(null);
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body!) as { threeDSecure: { eci: string } };
    expect(body.threeDSecure.eci).to.equal('05');
  });

  it('does not charge when the code is wrong, and says what the buyer can do', async () => {
    const el = await threeDsCheckout();
    await payIntoChallenge(el);
    const failed = oneEvent(el, 'pay-failed');
    await typeChallengeCode('0000');
    expect((await failed).detail).to.deep.equal({ reason: 'three-d-secure-failed', order: undefined, errorType: undefined });
    await el.updateComplete;
    expect(bannerText(el)).to.equal('Seu banco não confirmou a verificação. Tente de novo ou use outro cartão.');
    expect(el.shadowRoot!.querySelector('[part="banner"]')!.getAttribute('role')).to.equal('alert');
    expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(0);
    expect(textOf(submitOf(el))).to.equal('Pagar R$ 97,00');
    await expect(el).to.be.accessible();
  });

  it('goes back to the form with everything typed when the buyer presses Escape', async () => {
    const el = await threeDsCheckout();
    await payIntoChallenge(el);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => el.shadowRoot!.querySelector('pay-3ds-dialog') === null, 'the dialog stayed open');
    await el.updateComplete;
    expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(0);
    expect(deepActiveElement()).to.equal(submitOf(el));
    expect(bannerText(el)).to.equal('');
    await waitUntil(() => liveRegionText(el) !== '', 'the cancel was not announced');
    expect(liveRegionText(el)).to.equal('Verificação cancelada. Seus dados continuam preenchidos: tente de novo quando quiser.');
    const customer = customerFieldsOf(el).shadowRoot!;
    expect(customer.querySelector<HTMLInputElement>('[name="email"]')!.value).to.equal('maria@example.com');
    expect((await addressFieldsOf(el)).shadowRoot!.querySelector<HTMLInputElement>('[name="zipcode"]')!.value).to.equal('01310-100');
    expect(cardFieldsOf(el).shadowRoot!.querySelector<HTMLInputElement>('#card-number')!.value).to.equal('5555 5555 5555 4444');
    await expect(el).to.be.accessible();

    // The same data pays on the next try.
    await payIntoChallenge(el);
    const created = oneEvent(el, 'pay-order-created');
    await typeChallengeCode(CHALLENGE_CODE);
    expect((await created).detail.order.status).to.equal('paid');
    expect(chargeRequests(suite.recording.requests, suite.env)).to.have.length(1);
  });
});
