// Runs inside an iframe whose document has a strict CSP with Trusted Types (see
// antifraud-profiler.browser.test.ts): profiles once and reports to the test page.
import { createSandboxAntifraudProfiler } from '../../../src/widget/providers/antifraud-profiler.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
});

/** Proves the page really enforces Trusted Types: a plain string must not become a script URL. */
function trustedTypesEnforced(): boolean {
  try {
    document.createElement('script').src = '/never-loaded.js';
    return false;
  } catch {
    return true;
  }
}

const scriptUrl = document.querySelector<HTMLMetaElement>('meta[name="profiler-script"]')?.content ?? '';
const profiler = createSandboxAntifraudProfiler({ scriptUrl });
profiler.start();
const profile = await profiler.complete({ timeoutMs: 5000 });
parent.postMessage({ type: 'csp-profiler-result', profile, violations, trustedTypesEnforced: trustedTypesEnforced() }, parent.location.origin);
