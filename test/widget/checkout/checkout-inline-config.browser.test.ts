// The offer's configuration given by the page (`inline-config`, src/widget/checkout/inline-config.ts):
// used while fresh, without a request to the relay; anything else leaves the checkout to ask the relay.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { WidgetConfig } from '../../../src/relay/index.js';
import { readyCheckout, relayRequests, sandboxSuite, textOf } from './checkout-harness.js';

const SCRIPT_ID = 'offer-config';
const HOUR_MS = 60 * 60_000;

/** The relay's answer for the offer, fetched around the recording, with a product name of the page's own. */
async function relayConfig(offer = '77BcHrY'): Promise<WidgetConfig> {
  const config = (await (await fetch(`/relay/config?offer=${offer}`)).json()) as WidgetConfig;
  return { ...config, product: { ...config.product, name: 'Nome da página' } };
}

/** Puts the page's JSON script in the document, as `inlineCheckoutConfig` writes it. */
function givePage(body: unknown): void {
  document.getElementById(SCRIPT_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SCRIPT_ID;
  script.textContent = typeof body === 'string' ? body : JSON.stringify(body);
  document.body.append(script);
}

const productName = (el: PayCheckout) => textOf(el.shadowRoot!.querySelector('[part="product-name"]'));
const inlineCheckout = () => readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" inline-config=${SCRIPT_ID}></pay-checkout>`);

describe('<pay-checkout> with the configuration in the page', () => {
  const suite = sandboxSuite();
  afterEach(() => document.getElementById(SCRIPT_ID)?.remove());

  it('draws the form from a fresh one without asking the relay', async () => {
    const config = await relayConfig();
    givePage({ config, expiresAt: new Date(Date.now() + HOUR_MS).toISOString() });
    const requests = suite.record().requests;
    const el = await inlineCheckout();
    expect(productName(el)).to.equal('Nome da página');
    // Long enough for a request started with the form to have been made.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(relayRequests(requests, suite.env).map((request) => request.url)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  for (const [what, body] of [
    ['not JSON', '{"config":'],
    ['without a field the checkout needs', async () => ({ config: { ...(await relayConfig()), tokenization: undefined } })],
    ['of another offer', async () => ({ config: await relayConfig('FOTOprm'), expiresAt: new Date(Date.now() + HOUR_MS).toISOString() })],
    ['past its date (a page a CDN kept)', async () => ({ config: await relayConfig(), expiresAt: new Date(Date.now() - 1_000).toISOString() })],
    ['without a date', async () => ({ config: await relayConfig() })],
  ] as const) {
    it(`asks the relay instead of using one ${what}`, async () => {
      givePage(typeof body === 'string' ? body : await body());
      const requests = suite.record().requests;
      const el = await inlineCheckout();
      expect(productName(el)).to.equal('Curso de Fotografia');
      expect(relayRequests(requests, suite.env)).to.have.length(1);
    });
  }

  it('asks the relay when the script it names is not in the page', async () => {
    const requests = suite.record().requests;
    const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" inline-config="nowhere"></pay-checkout>`);
    await waitUntil(() => el.shadowRoot?.querySelector('form'), 'the checkout form did not appear', { timeout: 5000 });
    expect(relayRequests(requests, suite.env)).to.have.length(1);
  });
});
