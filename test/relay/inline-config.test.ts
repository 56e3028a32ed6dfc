import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkoutConfigSnapshot, inlineCheckoutConfig, type Relay, type WidgetConfig } from '../../src/relay/index.js';
import { startRelay, type RelayUnderTest } from './relay-harness.js';

const NOW = Date.parse('2026-11-26T03:00:00.000Z');

/** A relay stand-in answering `body` to every request, and keeping the URLs asked for. */
function answeringRelay(body: unknown, headers: Record<string, string> = {}): Relay & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (request) => {
      urls.push(request.url);
      return Response.json(body, { headers });
    },
    close: async () => undefined,
  };
}

describe('the configuration in the page (inlineCheckoutConfig)', () => {
  let relay: RelayUnderTest;

  before(async () => {
    relay = await startRelay();
  });
  after(() => relay.close());

  it("holds the relay's own answer to GET config, usable for the answer's max-age", async () => {
    const snapshot = await checkoutConfigSnapshot(relay.relay, { offer: '77BcHrY', relayUrl: 'http://relay.test/', now: () => NOW });
    const answer = (await (await relay.call('GET', '/config?offer=77BcHrY')).json()) as WidgetConfig;
    assert.deepEqual(snapshot, { config: answer, expiresAt: '2026-11-26T03:01:00.000Z' });
  });

  it('writes it as a JSON script with the id the checkout names, which parses back to the same', async () => {
    const script = await inlineCheckoutConfig(relay.relay, { offer: '77BcHrY', relayUrl: 'http://relay.test', id: 'offer-77', now: () => NOW });
    const match = /^<script type="application\/json" id="offer-77">(.*)<\/script>$/s.exec(script);
    assert.ok(match, script);
    const answer = await (await relay.call('GET', '/config?offer=77BcHrY')).json();
    assert.deepEqual(JSON.parse(match[1]!), { config: answer, expiresAt: '2026-11-26T03:01:00.000Z' });
  });

  it('is empty for an offer the relay does not sell, so the checkout asks (and shows) the refusal itself', async () => {
    assert.equal(await inlineCheckoutConfig(relay.relay, { offer: 'NOPE404', relayUrl: 'http://relay.test' }), '');
    assert.equal(await checkoutConfigSnapshot(relay.relay, { offer: 'NOPE404', relayUrl: 'http://relay.test' }), undefined);
  });

  it('asks the relay under the path it is mounted at', async () => {
    const fake = answeringRelay({ offer: { id: 'X' } });
    await checkoutConfigSnapshot(fake, { offer: 'a b', relayUrl: 'https://shop.example/api/pay/' });
    assert.deepEqual(fake.urls, ['https://shop.example/api/pay/config?offer=a+b']);
  });

  it('leaves out expiresAt when the answer gives no max-age, so the checkout asks the relay', async () => {
    const fake = answeringRelay({ offer: { id: 'X' } }, { 'Cache-Control': 'no-store' });
    assert.deepEqual(await checkoutConfigSnapshot(fake, { offer: 'X', relayUrl: 'https://shop.example/' }), { config: { offer: { id: 'X' } } });
  });

  it('cannot be closed early by a text from the API: <, > and & are JSON escapes', async () => {
    const name = '</script><script>alert(1)</script> & <!--';
    const fake = answeringRelay({ offer: { id: 'X', name } }, { 'Cache-Control': 'max-age=60' });
    const script = await inlineCheckoutConfig(fake, { offer: 'X', relayUrl: 'https://shop.example/' });
    assert.equal(script.indexOf('</script>'), script.length - '</script>'.length);
    const json = script.slice(script.indexOf('>') + 1, -'</script>'.length);
    assert.doesNotMatch(json, /[<>&]/);
    assert.equal((JSON.parse(json) as { config: WidgetConfig }).config.offer.name, name);
  });

  it('refuses an id that would not stay an attribute value', async () => {
    await assert.rejects(inlineCheckoutConfig(relay.relay, { offer: '77BcHrY', relayUrl: 'http://relay.test', id: '"><img src=x>' }), TypeError);
  });
});
