import { expect, fixture, html, waitUntil } from '@open-wc/testing';
// The script-tag build's entry, not define.js: the card form and the result views come on demand.
import '../../../src/widget/script-tag.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';

/** A checkout on the test page's relay once its form is on screen. */
async function readyCheckout(methods?: string): Promise<PayCheckout> {
  const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" methods=${methods ?? ''}></pay-checkout>`);
  await waitUntil(() => el.shadowRoot?.querySelector('form'), 'the checkout form did not appear', { timeout: 5000 });
  await el.updateComplete;
  return el;
}

/** Whether the page fetched a module whose path ends with `path`. */
const fetched = (path: string) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith(path));

// Each browser test file runs in a page of its own: nothing is registered before these tests but what the entry registers.
describe('the checkout from the script-tag entry', () => {
  before(() => {
    sessionStorage.clear();
    // The test server serves every module as a file of its own: the page's default list of 250 loads would fill up.
    performance.setResourceTimingBufferSize(5_000);
  });

  it('never fetches the card form for an offer shown without card methods', async () => {
    const el = await readyCheckout('pix,boleto');
    // Long enough for a fetch started with the form to have ended.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(customElements.get('pay-card-fields')).to.equal(undefined);
    expect(fetched('/src/widget/card/card-fields.ts')).to.equal(false);
    expect(['pay-pix-result', 'pay-boleto-result', 'pay-card-result', 'pay-3ds-dialog'].filter((tag) => customElements.get(tag))).to.deep.equal([]);
    el.remove();
  });

  it('fetches the card form only once the buyer picks a card, and shows it then', async () => {
    const el = await readyCheckout('pix,credit_card');
    // A buyer paying by Pix never fetches it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetched('/src/widget/card/card-fields.ts')).to.equal(false);
    const picker = el.shadowRoot!.querySelector('pay-method-picker')!;
    picker.shadowRoot!.querySelector<HTMLInputElement>('input[value="credit_card"]')!.click();
    await waitUntil(() => customElements.get('pay-card-fields'), 'the card form was not registered', { timeout: 5000 });
    await el.updateComplete;
    const cardFields = el.shadowRoot!.querySelector('pay-card-fields');
    expect(cardFields).to.be.instanceOf(customElements.get('pay-card-fields')!);
    await (cardFields as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(cardFields!.shadowRoot!.querySelector('input[autocomplete="cc-number"]')).to.not.equal(null);
    el.remove();
  });

  it('fetches the chosen method\'s result view and the QR encoder while the buyer fills the form, not on the way through the method choice', async () => {
    const el = await readyCheckout('pix,boleto');
    el.shadowRoot!.querySelector('pay-method-picker')!.shadowRoot!.querySelector<HTMLInputElement>('input[value="pix"]')!.focus();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(customElements.get('pay-pix-result')).to.equal(undefined);
    expect(fetched('/src/widget/results/qr-encoder.ts')).to.equal(false);

    const customer = el.shadowRoot!.querySelector('pay-customer-fields')!;
    customer.shadowRoot!.querySelector<HTMLInputElement>('input[name="email"]')!.focus();
    // Before "Pay": the order can be drawn as soon as the relay answers.
    await waitUntil(() => customElements.get('pay-pix-result') && fetched('/src/widget/results/qr-encoder.ts'), 'the Pix view and its encoder were not fetched', { timeout: 5000 });
    expect(customElements.get('pay-boleto-result')).to.equal(undefined);
    el.remove();
  });
});
