import { aTimeout, expect } from '@open-wc/testing';
import { isUuidV4 } from '../../../src/widget/attempt/attempt-id.js';
import { BUYER_PAUSE_MS } from '../../../src/widget/idle.js';
import { PROFILER_TRUSTED_TYPES_POLICY, createSandboxAntifraudProfiler } from '../../../src/widget/providers/antifraud-profiler.js';
import type { AntifraudProfile } from '../../../src/widget/providers/antifraud-profiler.js';
import type { SandboxProfilerApi } from '../../../src/widget/providers/sandbox-profiler-script.js';
import { resultOfStrictCspPage } from '../strict-csp-frame.js';

interface TestEnv {
  sandboxUrl: string;
}

type ProfilerWindow = Window & { SandboxProfiler?: SandboxProfilerApi };

/** A key the buyer presses in the page, as the browser dispatches it. */
function pressKey(): number {
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '4', bubbles: true, composed: true }));
  return performance.now();
}

interface ProfiledAttempt {
  reference: string;
  started: boolean;
  completed: boolean;
}

async function profiledAttempt(sandboxUrl: string, reference: string): Promise<{ status: number; attempt?: ProfiledAttempt }> {
  const response = await fetch(`${sandboxUrl}/sandbox/profiler/attempts/${reference}`);
  return response.ok ? { status: response.status, attempt: (await response.json()) as ProfiledAttempt } : { status: response.status };
}

describe('createSandboxAntifraudProfiler against the sandbox', () => {
  let env: TestEnv;
  let scriptUrl: string;

  before(async () => {
    env = (await (await fetch('/__test-env')).json()) as TestEnv;
    scriptUrl = `${env.sandboxUrl}/sandbox/profiler.js`;
    await fetch('/__sandbox/reset', { method: 'POST' });
  });

  it('profiles under a fresh UUID v4 that the sandbox records as completed', async () => {
    const profiler = createSandboxAntifraudProfiler({ scriptUrl });
    expect(isUuidV4(profiler.reference)).to.equal(true);
    expect((await profiledAttempt(env.sandboxUrl, profiler.reference)).status).to.equal(404);

    profiler.start();
    const profile = await profiler.complete({});
    expect(profile).to.deep.equal({ reference: profiler.reference, profiled: true });

    const recorded = await profiledAttempt(env.sandboxUrl, profiler.reference);
    expect(recorded.status).to.equal(200);
    expect(recorded.attempt).to.include({ reference: profiler.reference, started: true, completed: true });
  });

  it('starts by itself when completed without a start', async () => {
    const profiler = createSandboxAntifraudProfiler({ scriptUrl });
    const profile = await profiler.complete({ timeoutMs: 3000 });
    expect(profile.profiled).to.equal(true);
    expect((await profiledAttempt(env.sandboxUrl, profiler.reference)).attempt?.completed).to.equal(true);
  });

  it('gives each instance its own reference and puts one script tag on the page', async () => {
    const first = createSandboxAntifraudProfiler({ scriptUrl });
    const second = createSandboxAntifraudProfiler({ scriptUrl });
    expect(first.reference).to.not.equal(second.reference);
    first.start();
    second.start();
    const profiles = await Promise.all([first.complete({}), second.complete({})]);
    expect(profiles.map((profile) => profile.profiled)).to.deep.equal([true, true]);
    expect(document.querySelectorAll(`script[src="${scriptUrl}"]`)).to.have.length(1);
  });

  it('answers the same outcome when completed twice', async () => {
    const profiler = createSandboxAntifraudProfiler({ scriptUrl });
    profiler.start();
    const first = await profiler.complete({});
    const again = await profiler.complete({ timeoutMs: 100 });
    expect(again).to.deep.equal(first);
  });

  describe('while the buyer types', () => {
    let real: SandboxProfilerApi;
    /** When the page's profiler was told to start, each time. */
    let starts: number[];

    beforeEach(async () => {
      // The script on the page, then its `start` timed: the provider gathers its signals there.
      await createSandboxAntifraudProfiler({ scriptUrl }).complete({});
      const page = window as ProfilerWindow;
      real = page.SandboxProfiler!;
      starts = [];
      page.SandboxProfiler = { start: (reference) => (starts.push(performance.now()), real.start(reference)), complete: (reference) => real.complete(reference) };
    });

    afterEach(() => {
      (window as ProfilerWindow).SandboxProfiler = real;
    });

    it('starts the provider only once the buyer has pressed no key for a pause, never on the next key of a run', async () => {
      const keys = [pressKey()];
      const profiler = createSandboxAntifraudProfiler({ scriptUrl });
      profiler.start();
      // Keys well inside the pause, for a while, then none.
      const typedUntil = performance.now() + 4 * BUYER_PAUSE_MS;
      while (performance.now() < typedUntil) {
        await aTimeout(BUYER_PAUSE_MS / 5);
        keys.push(pressKey());
      }
      for (let waited = 0; starts.length === 0 && waited < 5000; waited += 50) await aTimeout(50);
      expect(starts, 'the provider starts once the keys stop').to.have.length(1);
      const start = starts[0]!;
      const lastKeyBefore = Math.max(...keys.filter((key) => key <= start));
      expect(start - lastKeyBefore, 'time from the last key to the start').to.be.at.least(BUYER_PAUSE_MS);
      expect((await profiledAttempt(env.sandboxUrl, profiler.reference)).attempt).to.include({ started: true, completed: false });
    });

    it('completes at once when the buyer pays while still typing, started first', async () => {
      const profiler = createSandboxAntifraudProfiler({ scriptUrl });
      profiler.start();
      let typing = true;
      const typed = (async () => {
        // Bounded: a completion that waited for the keys to stop would find them stopped here.
        for (let key = 0; typing && key < 100; key += 1) {
          pressKey();
          await aTimeout(BUYER_PAUSE_MS / 5);
        }
        return typing;
      })();
      await aTimeout(BUYER_PAUSE_MS);
      const profile = await profiler.complete({ timeoutMs: 30_000 });
      typing = false;
      expect(await typed, 'the keys were still coming when the profile completed').to.equal(false);
      expect(profile.profiled).to.equal(true);
      expect(starts).to.have.length(1);
      expect((await profiledAttempt(env.sandboxUrl, profiler.reference)).attempt).to.include({ started: true, completed: true });
    });
  });

  it('works in a page with a strict CSP and Trusted Types: no inline script, no eval, only the sandbox\'s origin', async () => {
    const sandboxOrigin = new URL(env.sandboxUrl).origin;
    const policy = [
      "default-src 'none'",
      `script-src 'self' ${sandboxOrigin}`,
      `connect-src ${sandboxOrigin}`,
      "require-trusted-types-for 'script'",
      // The policies docs/widget.md names: the profiler's script loader comes with the card form's code, whose templates are Lit's.
      `trusted-types lit-html ${PROFILER_TRUSTED_TYPES_POLICY}`,
    ].join('; ');
    const { profile, violations, trustedTypesEnforced } = await resultOfStrictCspPage<{ profile: AntifraudProfile; violations: string[]; trustedTypesEnforced: boolean }>({
      policy,
      pageModule: '/test/widget/providers/strict-csp-profiler-page.ts',
      messageType: 'csp-profiler-result',
      extraHead: `<meta name="profiler-script" content="${scriptUrl}">`,
    });
    expect(trustedTypesEnforced).to.equal(true);
    expect(profile.profiled).to.equal(true);
    expect(violations.filter((violation) => !violation.includes('never-loaded'))).to.deep.equal([]);
    expect((await profiledAttempt(env.sandboxUrl, profile.reference)).attempt?.completed).to.equal(true);
  });
});
