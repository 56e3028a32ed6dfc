import { expect } from '@open-wc/testing';
import { createSandboxAntifraudProfiler } from '../../../src/widget/providers/antifraud-profiler.js';

// Its own file, so its page has no profiler loaded yet: a loaded one would be reused.
describe('createSandboxAntifraudProfiler when the profiler cannot run', () => {
  let scriptUrl: string;

  before(async () => {
    const env = (await (await fetch('/__test-env')).json()) as { sandboxUrl: string };
    scriptUrl = `${env.sandboxUrl}/sandbox/profiler.js`;
    await fetch('/__sandbox/reset', { method: 'POST' });
  });

  after(async () => {
    await fetch('/__sandbox/faults', { method: 'DELETE' });
  });

  it('resolves profiled:false within the timeout when the script fails to load', async () => {
    const profiler = createSandboxAntifraudProfiler({ scriptUrl: `${scriptUrl}?fail=1` });
    profiler.start();
    const started = performance.now();
    const profile = await profiler.complete({ timeoutMs: 2000 });
    expect(performance.now() - started).to.be.below(2000);
    expect(profile).to.deep.equal({ reference: profiler.reference, profiled: false, fallbackReason: 'unavailable' });
    expect(document.querySelectorAll(`script[src="${scriptUrl}?fail=1"]`)).to.have.length(0);
  });

  it('resolves profiled:false at the timeout when the script is slow, without rejecting', async () => {
    await fetch('/__sandbox/faults', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: [{ method: 'GET', path: '/sandbox/profiler.js', delayMs: 4000 }] }),
    });
    const profiler = createSandboxAntifraudProfiler({ scriptUrl: `${scriptUrl}?slow=1` });
    profiler.start();
    const started = performance.now();
    const profile = await profiler.complete({ timeoutMs: 300 });
    const elapsed = performance.now() - started;
    expect(elapsed).to.be.within(250, 1500);
    expect(profile).to.deep.equal({ reference: profiler.reference, profiled: false, fallbackReason: 'timeout' });
  });

  it('resolves profiled:false at once when the caller aborts', async () => {
    // The slow load of the previous test is still pending and is shared, not started again.
    const profiler = createSandboxAntifraudProfiler({ scriptUrl: `${scriptUrl}?slow=1` });
    const controller = new AbortController();
    const pending = profiler.complete({ timeoutMs: 10000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const profile = await pending;
    expect(performance.now() - started).to.be.below(1000);
    expect(profile).to.deep.equal({ reference: profiler.reference, profiled: false, fallbackReason: 'aborted' });
    expect(document.querySelectorAll(`script[src="${scriptUrl}?slow=1"]`)).to.have.length(1);
  });
});
