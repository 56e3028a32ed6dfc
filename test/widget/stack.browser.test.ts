import { expect } from '@open-wc/testing';

// The back end the widget's browser tests run against: a relay on the page's server and a
// sandbox on another origin. This proves the wiring before any element depends on it.
describe('the test page\'s checkout back end', () => {
  it('serves the relay\'s widget config for a sandbox offer, with nothing secret in it', async () => {
    const env = (await (await fetch('/__test-env')).json()) as { sandboxUrl: string; relayPath: string };
    const response = await fetch(`${env.relayPath}/config?offer=77BcHrY`);
    expect(response.status).to.equal(200);
    const text = await response.text();
    expect(text).to.not.contain('sandbox-secret');
    const config = JSON.parse(text) as { offer: { id: string }; tokenization: { url: string } };
    expect(config.offer.id).to.equal('77BcHrY');
    expect(config.tokenization.url.startsWith(env.sandboxUrl)).to.equal(true);
  });

  it('reaches the sandbox\'s controls through the page\'s server', async () => {
    const response = await fetch('/__sandbox/reset', { method: 'POST' });
    expect(response.status).to.equal(200);
  });
});
