import { expect } from '@open-wc/testing';
import { resetSandbox } from '../checkout/checkout-harness.js';

describe('<pay-pix-result> under a strict CSP with Trusted Types', () => {
  beforeEach(async () => {
    await resetSandbox();
  });

  it('draws the QR code with no inline script, no eval and no HTML from strings', async () => {
    const policy = [
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "require-trusted-types-for 'script'",
      'trusted-types lit-html',
    ].join('; ');
    const result = new Promise<{ rects?: number; label?: string; error?: string; violations: string[] }>((resolve) => {
      window.addEventListener('message', function onMessage(event: MessageEvent) {
        if (event.source !== frame.contentWindow || event.data?.type !== 'csp-pix-result') return;
        window.removeEventListener('message', onMessage);
        resolve(event.data);
      });
    });
    const frame = document.createElement('iframe');
    frame.title = 'Strict CSP shop';
    frame.srcdoc = `<!doctype html><html lang="pt-BR"><head>
      <meta http-equiv="Content-Security-Policy" content="${policy}">
      <title>Strict CSP shop</title>
      <script type="module" src="/test/widget/results/strict-csp-pix-page.ts"></script>
      </head><body></body></html>`;
    document.body.append(frame);
    try {
      const { rects, label, error, violations } = await result;
      expect(error).to.equal(undefined);
      expect(violations).to.deep.equal([]);
      expect(rects).to.be.greaterThan(100);
      expect(label).to.contain('QR code Pix');
    } finally {
      frame.remove();
    }
  });
});
