import { expect } from '@open-wc/testing';
import { resetSandbox } from '../checkout/checkout-harness.js';
import { resultOfStrictCspPage } from '../strict-csp-frame.js';

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
    const { darkModules, label, error, violations } = await resultOfStrictCspPage<{ darkModules?: number; label?: string; error?: string; violations: string[] }>({
      policy,
      pageModule: '/test/widget/results/strict-csp-pix-page.ts',
      messageType: 'csp-pix-result',
    });
    expect(error).to.equal(undefined);
    expect(violations).to.deep.equal([]);
    expect(darkModules).to.be.greaterThan(100);
    expect(label).to.contain('QR code Pix');
  });
});
