/**
 * examples/relay/inline-config-page.ts (docs/relay.md, "The configuration in the page"): the page
 * holds the relay's own answer for the offer, in the script the checkout names.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { productPage } from '../../examples/relay/inline-config-page.js';

/** A build's pay-checkout.preload.json (test/e2e/preload-links.test.ts checks a real build's, in Chromium). */
const WIDGET = {
  url: '/pay-checkout/',
  manifest: { modules: ['chunks/checkout-core-A1.js'], catalogues: { en: 'chunks/en-B2.js', es: 'chunks/es-C3.js', 'pt-BR': 'chunks/pt-BR-D4.js' }, inlineConfig: 'chunks/inline-config-E5.js' },
};
const preloaded = (page: string) => [...page.matchAll(/<link rel="modulepreload" href="([^"]*)">/g)].map((match) => match[1]);
import { startRelay, type RelayUnderTest } from '../relay/relay-harness.js';

describe('examples/relay/inline-config-page.ts', () => {
  let relay: RelayUnderTest;

  before(async () => {
    relay = await startRelay();
  });
  after(() => relay.close());

  it("renders the checkout beside the script it names, holding the relay's answer for the offer", async () => {
    const page = await productPage(relay.relay, 'http://relay.test/', '77BcHrY', WIDGET);
    assert.match(page, /<pay-checkout relay="http:\/\/relay.test\/" offer="77BcHrY" locale="pt-BR" inline-config="config-77BcHrY"><\/pay-checkout>/);
    assert.deepEqual(preloaded(page), ['/pay-checkout/chunks/checkout-core-A1.js', '/pay-checkout/chunks/pt-BR-D4.js', '/pay-checkout/chunks/inline-config-E5.js']);
    assert.match(page, /<script type="module" src="\/pay-checkout\/pay-checkout.js"><\/script>/);
    const json = /<script type="application\/json" id="config-77BcHrY">(.*?)<\/script>/s.exec(page)?.[1];
    assert.ok(json, page);
    const { config, expiresAt } = JSON.parse(json) as { config: unknown; expiresAt: string };
    assert.deepEqual(config, await (await relay.call('GET', '/config?offer=77BcHrY')).json());
    assert.ok(Date.parse(expiresAt) > Date.now());
  });

  it('points the checkout at the relay where it is mounted, the same URL the configuration was made for', async () => {
    const mounted = await startRelay({ basePath: '/pay' });
    try {
      const page = await productPage(mounted.relay, 'https://shop.example/pay', '77BcHrY', WIDGET);
      assert.match(page, /<pay-checkout relay="https:\/\/shop.example\/pay" offer="77BcHrY"/);
      assert.match(page, /"config":\{"offer":\{"id":"77BcHrY"/);
    } finally {
      await mounted.close();
    }
  });

  it('renders no script for an offer the relay does not sell, nor preloads the reader of one', async () => {
    const page = await productPage(relay.relay, 'http://relay.test/', 'NOPE404', WIDGET);
    assert.doesNotMatch(page, /application\/json/);
    assert.deepEqual(preloaded(page), ['/pay-checkout/chunks/checkout-core-A1.js', '/pay-checkout/chunks/pt-BR-D4.js']);
  });
});
