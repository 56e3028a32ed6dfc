import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
// The script-tag build's entry: the card form, and the marks with it, come on demand.
import '../../../src/widget/script-tag.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';

// A file of its own: each browser test file runs in a page of its own, and here the card form's
// code must not be on the page before the checkout asks for it.
describe('the card brands\' marks when the shop offers the card first', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('keep their row from the form\'s first frame, so the card\'s option never moves when they come', async () => {
    await setViewport({ width: 375, height: 800 });
    expect(customElements.get('pay-card-fields')).to.equal(undefined);
    const heights = new Set<number>();
    let watching = true;
    const option = (el: PayCheckout) =>
      el.shadowRoot?.querySelector('pay-method-picker')?.shadowRoot?.querySelector('input[value="threeDs"]')?.closest('label') ?? undefined;
    const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="threeDs,pix"></pay-checkout>`);
    const frame = () => {
      const label = option(el);
      if (label) heights.add(label.getBoundingClientRect().height);
      if (watching) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const marks = () => option(el)?.querySelector('.marks [role="img"]');
    await waitUntil(marks, 'the marks did not come with the card form', { timeout: 5000 });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    watching = false;
    expect(heights.size, `the option's heights: ${[...heights].join(', ')}`).to.equal(1);
    expect(marks()!.querySelectorAll('svg')).to.have.length(6);
    el.remove();
  });
});
