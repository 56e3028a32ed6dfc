// Runs inside an iframe whose document has a strict CSP with Trusted Types (see
// strict-csp.browser.test.ts): a Pix result view draws a real charge's QR code, loading the
// encoder on demand, and the page reports to the test.
import '../../../src/widget/define.js';
import { createCharge, drawnModules, qrDrawn } from './results-harness.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
});

function report(result: Record<string, unknown>): void {
  parent.postMessage({ type: 'csp-pix-result', violations, ...result }, parent.location.origin);
}

try {
  const { order } = await createCharge('pix');
  const view = document.createElement('pay-pix-result');
  view.order = order;
  document.body.append(view);
  const svg = await qrDrawn(view);
  report({ darkModules: drawnModules(svg).flat().filter(Boolean).length, label: svg.getAttribute('aria-label') });
} catch (error) {
  report({ error: String(error) });
}
