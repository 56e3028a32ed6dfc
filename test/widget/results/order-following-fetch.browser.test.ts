import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { PayPixResult } from '../../../src/widget/results/pix-result/pix-result.component.js';
import { fetched, fillCustomer, pay, readyCheckout, resetSandbox, sandboxControl } from '../checkout/checkout-harness.js';
import { cardCheckout, checkoutResult } from './results-harness.js';

/** What only an order that may still change needs: its live following, and the reader of the order kept for a reload. */
const FOLLOWING = ['/src/widget/results/order-following.ts', '/src/widget/results/live-status.ts', '/src/widget/results/order-resume.ts'];

const keptOrders = () => Object.keys(sessionStorage).filter((key) => key.startsWith('pay-checkout:order:'));

// A page of its own: no order has been shown in it before these tests, so nothing fetched the following's code.
describe('the code of following an order and of reading it back after a reload', () => {
  before(() => {
    // The test server serves every module as a file of its own: the page's default list of 250 loads would fill up.
    performance.setResourceTimingBufferSize(5_000);
  });

  beforeEach(resetSandbox);

  it('is not fetched for a card paid at once, which is not kept for a reload either', async () => {
    const el = await cardCheckout('4111111111111111');
    const paid = oneEvent(el, 'pay-paid');
    await pay(el);
    await paid;
    await checkoutResult(el, 'pay-card-result');
    // Time for any fetch the paid order would start.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(FOLLOWING.filter(fetched)).to.deep.equal([]);
    expect(keptOrders()).to.deep.equal([]);
    el.remove();
  });

  it('keeps a Pix order for a reload as soon as it shows, before its following\'s code is here, and reads it back after the reload', async () => {
    const el = await readyCheckout();
    el.methods = 'pix';
    await el.updateComplete;
    await fillCustomer(el);
    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    const { order } = (await created).detail;
    // Kept in the same task as the order is shown, whatever the network does with the following's code.
    expect(keptOrders()).to.have.length(1);
    const kept = JSON.parse(sessionStorage.getItem(keptOrders()[0]!)!) as { version: number; order: { id: string }; orderToken: string };
    expect([kept.version, kept.order.id, kept.orderToken.length > 0]).to.deep.equal([2, order.id, true]);
    await checkoutResult(el, 'pay-pix-result');
    el.remove();

    const again = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
    const view = (await checkoutResult(again, 'pay-pix-result')) as PayPixResult;
    expect(view.order!.id).to.equal(order.id);
    expect(FOLLOWING.every(fetched)).to.equal(true);

    // Paid: the order is forgotten.
    const paid = oneEvent(again, 'pay-paid');
    await sandboxControl(`orders/${order.id}/pay`, 'POST');
    await paid;
    expect(keptOrders()).to.deep.equal([]);
    again.remove();
  });
});
