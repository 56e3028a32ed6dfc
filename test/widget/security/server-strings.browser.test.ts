import { expect } from '@open-wc/testing';
import '../../../src/widget/define.js';
import { fillCustomer, pay, readyCheckout, recordFetch, resetSandbox, resultText } from '../checkout/checkout-harness.js';

// Strings from the server (offer and product names, order references, the Pix code) are shown
// as text, never parsed as HTML: a hostile name cannot run script in the shop's page.
const HOSTILE = '<img src=x onerror="window.__payCheckoutOwned=true">';

function everyRoot(root: Document | ShadowRoot): Array<Document | ShadowRoot> {
  const roots: Array<Document | ShadowRoot> = [root];
  for (const element of root.querySelectorAll('*')) if (element.shadowRoot) roots.push(...everyRoot(element.shadowRoot));
  return roots;
}

const injectedImages = () => everyRoot(document).flatMap((root) => [...root.querySelectorAll('img[onerror], img[src="x"]')]);

describe('server strings in the widget', () => {
  let restore: (() => void) | undefined;
  beforeEach(() => resetSandbox());
  afterEach(() => restore?.());

  it('renders a hostile product and offer name, and order reference, as text', async () => {
    const recording = recordFetch((request, send) => {
      const path = new URL(request.url).pathname;
      if (!path.endsWith('/config') && !path.endsWith('/charges')) return undefined;
      return send().then(async (response) => {
        const body = (await response.clone().json()) as { product: { name: string }; offer: { name: string }; refId: string };
        if (path.endsWith('/config')) {
          body.product.name = HOSTILE;
          body.offer.name = HOSTILE;
        } else {
          body.refId = HOSTILE;
        }
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
      });
    });
    restore = recording.restore;
    const el = await readyCheckout();
    expect(el.shadowRoot!.textContent).to.contain(HOSTILE);
    await fillCustomer(el);
    await pay(el);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let tries = 0; tries < 100 && resultText(el) === ''; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(injectedImages()).to.deep.equal([]);
    expect((window as { __payCheckoutOwned?: boolean }).__payCheckoutOwned).to.equal(undefined);
  });
});
