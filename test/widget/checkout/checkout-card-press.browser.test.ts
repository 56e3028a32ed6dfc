import { expect, fixture, html, waitUntil } from '@open-wc/testing';
// The script-tag build's entry, not define.js: the card form comes on demand.
import '../../../src/widget/script-tag.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';

/** Whether the page fetched a module whose path ends with `path`. */
const fetched = (path: string) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith(path));

/** A press as a finger or a mouse button makes it, on `target` inside the method choice. */
const press = (target: Element) => target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, pointerType: 'touch', isPrimary: true }));

// Each browser test file runs in a page of its own: the card form's code is not here until this test asks for it.
describe('the checkout from the script-tag entry, when the buyer presses a method', () => {
  before(() => {
    sessionStorage.clear();
    // The test server serves every module as a file of its own: the page's default list of 250 loads would fill up.
    performance.setResourceTimingBufferSize(5_000);
  });

  it('starts fetching the card form when the card option is pressed and draws it hidden, so the click only shows it, and nothing for another option', async () => {
    const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="pix,credit_card"></pay-checkout>`);
    await waitUntil(() => el.shadowRoot?.querySelector('form'), 'the checkout form did not appear', { timeout: 5000 });
    await el.updateComplete;
    const picker = el.shadowRoot!.querySelector('pay-method-picker')!;
    const option = (method: string) => picker.shadowRoot!.querySelector(`input[value="${method}"]`)!.closest('label')!;

    // On the option's text as on its radio: the press is on the label either way.
    press(option('pix').querySelector('[part="option-name"]')!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(customElements.get('pay-card-fields')).to.equal(undefined);
    expect(fetched('/src/widget/card/card-fields.ts')).to.equal(false);

    press(option('credit_card').querySelector('[part="option-name"]')!);
    await waitUntil(() => customElements.get('pay-card-fields'), 'the card form was not fetched on the press', { timeout: 5000 });
    expect(fetched('/src/widget/checkout/payment-code.ts')).to.equal(true);
    // Pressed, not picked: Pix is still the choice, and the card form is drawn but hidden, out of reach.
    await el.updateComplete;
    expect(picker.value).to.equal('pix');
    const drawn = el.shadowRoot!.querySelector('pay-card-fields')!;
    expect(drawn).to.be.instanceOf(customElements.get('pay-card-fields')!);
    expect(el.shadowRoot!.querySelector<HTMLFieldSetElement>('fieldset.card')!.hidden).to.equal(true);
    await (drawn as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(drawn.shadowRoot!.querySelector<HTMLInputElement>('input[name="cc-number"]')!.checkVisibility()).to.equal(false);

    // The click only shows it: the same card form, now on screen.
    option('credit_card').querySelector('input')!.click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('pay-card-fields')).to.equal(drawn);
    expect(el.shadowRoot!.querySelector<HTMLFieldSetElement>('fieldset.card')!.hidden).to.equal(false);
    expect(drawn.shadowRoot!.querySelector<HTMLInputElement>('input[name="cc-number"]')!.checkVisibility()).to.equal(true);
    // A card without 3-D Secure asks for no billing address, although its code came with the card form's.
    const customer = el.shadowRoot!.querySelector('pay-customer-fields')!;
    await customer.updateComplete;
    expect(customer.shadowRoot!.querySelector('pay-address-fields')).to.equal(null);
    expect(customer.visibleFields).not.to.include('zipcode');

    // Back to Pix: the card form goes, as it always has, and what was typed in it with it.
    option('pix').querySelector('input')!.click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('pay-card-fields')).to.equal(null);
    el.remove();
  });

  it('starts fetching the billing address too when the card pressed goes through 3-D Secure, and draws it hidden, out of the form\'s checks, so the click only shows it', async () => {
    const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="pix,threeDs"></pay-checkout>`);
    await waitUntil(() => el.shadowRoot?.querySelector('form'), 'the checkout form did not appear', { timeout: 5000 });
    await el.updateComplete;
    const picker = el.shadowRoot!.querySelector('pay-method-picker')!;
    const card = picker.shadowRoot!.querySelector('input[value="threeDs"]')!.closest('label')!;
    const customer = el.shadowRoot!.querySelector('pay-customer-fields')!;
    expect(customer.shadowRoot!.querySelector('pay-address-fields')).to.equal(null);
    press(card.querySelector('input')!);
    await el.updateComplete;
    expect(picker.value).to.equal('pix');
    await waitUntil(() => customer.shadowRoot!.querySelector('pay-address-fields'), 'the billing address was not drawn during the press', { timeout: 5000 });
    const drawn = customer.shadowRoot!.querySelector<HTMLElement>('pay-address-fields')!;
    // Drawn, not asked for: hidden, and neither checked nor sent while Pix is the choice.
    expect(drawn.hidden).to.equal(true);
    expect(drawn.checkVisibility()).to.equal(false);
    expect(customer.visibleFields.filter((name) => name === 'zipcode')).to.deep.equal([]);
    expect(customer.billingAddress()).to.equal(undefined);

    // The click picks the card: the same element is shown, not drawn again.
    card.querySelector('input')!.click();
    await el.updateComplete;
    await customer.updateComplete;
    expect(picker.value).to.equal('threeDs');
    expect(customer.shadowRoot!.querySelector('pay-address-fields')).to.equal(drawn);
    expect(drawn.hidden).to.equal(false);
    expect(customer.visibleFields).to.include('zipcode');

    // Back to Pix: the address is neither drawn nor asked for.
    picker.shadowRoot!.querySelector<HTMLInputElement>('input[value="pix"]')!.click();
    await el.updateComplete;
    await customer.updateComplete;
    expect(customer.shadowRoot!.querySelector('pay-address-fields')).to.equal(null);
    el.remove();
  });
});
