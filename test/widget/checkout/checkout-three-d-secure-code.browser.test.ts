import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { ThreeDSecureProvider } from '../../../src/widget/three-d-secure/provider.js';
import { chooseMethod, fetched, fillAddress, fillCard, fillCustomer, pay, readyCheckout, resetSandbox } from './checkout-harness.js';

/** Approved without a challenge (sandbox-3ds.ts has it too, but imports the sandbox's provider). */
const FRICTIONLESS_CARD = '4111111111111111';

/**
 * The module every loader of the sandbox's 3-D Secure code goes through: the script-tag build's chunk
 * of that code (the npm build's entry exports the provider itself, so this page has its module anyway).
 */
const SANDBOX_CODE = ['/src/widget/three-d-secure/three-d-secure-code.ts'];

// A page of its own, and its tests in this order: once the sandbox's code is fetched, the page keeps it.
describe("the sandbox's 3-D Secure code", () => {
  before(() => {
    // The test server serves every module as a file of its own: the page's default list of 250 loads would fill up.
    performance.setResourceTimingBufferSize(5_000);
  });

  beforeEach(resetSandbox);

  it('is never fetched on a page with a 3-D Secure provider of its own, which authenticates the card', async () => {
    const el = await readyCheckout();
    let authenticated = 0;
    const provider: ThreeDSecureProvider = {
      authenticate: async () => {
        authenticated += 1;
        return { cavv: 'AAABCZIhcQAAAABZlyFxAAAAAAA=', eci: '05', xid: 'page-xid', referenceId: 'page-reference', version: '2.2.0' };
      },
    };
    el.threeDSecureProvider = provider;
    await chooseMethod(el, 'threeDs');
    await fillCustomer(el);
    await fillAddress(el);
    await fillCard(el, FRICTIONLESS_CARD);
    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    const { order } = (await created).detail;
    expect([order.paymentMethod, order.status, authenticated]).to.deep.equal(['threeDs', 'paid', 1]);
    expect(SANDBOX_CODE.filter(fetched)).to.deep.equal([]);
    el.remove();
  });

  it("is fetched as the buyer starts on the form for a card that goes through it, before Pay, when the sandbox's provider is the one in use", async () => {
    const el = await readyCheckout();
    await chooseMethod(el, 'threeDs');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(SANDBOX_CODE.filter(fetched)).to.deep.equal([]);
    await fillCustomer(el);
    await waitUntil(() => SANDBOX_CODE.every(fetched), "the sandbox's 3-D Secure code was not fetched", { timeout: 5000 });
    el.remove();
  });
});
