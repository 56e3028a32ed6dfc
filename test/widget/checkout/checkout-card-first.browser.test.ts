import { expect, fixture, html, waitUntil } from '@open-wc/testing';
// The script-tag build's entry, not define.js: the card form and the payment's code come on demand.
import '../../../src/widget/script-tag.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';

/** Whether the page fetched a module whose path ends with `path`. */
const fetched = (path: string) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith(path));

// A page of its own: nothing has fetched the payment's code before this test.
describe('a checkout whose first method is the card, from the script-tag entry', () => {
  before(() => {
    sessionStorage.clear();
    // The test server serves every module as a file of its own: the page's default list of 250 loads would fill up.
    performance.setResourceTimingBufferSize(5_000);
  });

  // The card form's chunk imports the payment's in the script-tag build (vite.build-cdn.config.ts): found
  // only when the card form's code arrives, the payment's would be one more round trip before the card form.
  it('fetches the payment\'s code beside the card form, before any focus in the form', async () => {
    expect(fetched('/src/widget/checkout/payment-code.ts')).to.equal(false);
    const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="credit_card,pix"></pay-checkout>`);
    await waitUntil(() => fetched('/src/widget/card/card-fields.ts'), 'the card form was not fetched', { timeout: 5000 });
    await waitUntil(() => fetched('/src/widget/checkout/payment-code.ts'), 'the payment\'s code was not fetched', { timeout: 5000 });
    expect(el.shadowRoot!.activeElement).to.equal(null);
    el.remove();
  });
});
