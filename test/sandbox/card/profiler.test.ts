import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { flattenFieldErrors, isFieldErrorTree } from '../../../src/contract/errors.js';
import type { ProfiledAttemptView } from '../../../src/sandbox/card/profiler.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

const BROWSER_USER_AGENT = 'Mozilla/5.0 (SandboxTest) Chrome/130.0';

interface SandboxProfilerApi {
  start(reference: string): Promise<void>;
  complete(reference: string): Promise<void>;
}

/** Loads the served script into a fresh page-like context whose fetch reaches the sandbox. */
function loadProfiler(source: string): { profiler: SandboxProfilerApi; requests: string[]; keydown: () => void } {
  const listeners = new Map<string, () => void>();
  const requests: string[] = [];
  const window: { SandboxProfiler?: SandboxProfilerApi } = {};
  runInNewContext(source, {
    window,
    document: { addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) },
    navigator: { language: 'pt-BR' },
    screen: { width: 1280, height: 800 },
    fetch: (url: string, init: RequestInit) => {
      requests.push(url);
      return fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'User-Agent': BROWSER_USER_AGENT } });
    },
  });
  assert.ok(window.SandboxProfiler, 'the script defines window.SandboxProfiler');
  return { profiler: window.SandboxProfiler, requests, keydown: () => listeners.get('keydown')?.() };
}

describe('sandbox: anti-fraud profiler stand-in', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  const report = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${running.baseUrl}/sandbox/profiler/attempts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const readAttempt = (reference: string) => fetch(`${running.baseUrl}/sandbox/profiler/attempts/${reference}`);
  const script = async () => (await fetch(`${running.baseUrl}/sandbox/profiler.js`)).text();

  it('serves a JavaScript file without eval that reports to the sandbox absolute URL', async () => {
    const response = await fetch(`${running.baseUrl}/sandbox/profiler.js`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('Content-Type') ?? '', /^text\/javascript/);
    const source = await response.text();
    assert.doesNotMatch(source, /\beval\(|new Function|setTimeout\(['"]/);
    assert.ok(source.includes(JSON.stringify(`${running.baseUrl}/sandbox/profiler/attempts`)));
  });

  it('answers 503 instead of the script with ?fail=1, so a page can test its fallback', async () => {
    const response = await fetch(`${running.baseUrl}/sandbox/profiler.js?fail=1`);
    assert.equal(response.status, 503);
    assert.doesNotMatch(response.headers.get('Content-Type') ?? '', /javascript/);
    assert.equal((await fetch(`${running.baseUrl}/sandbox/profiler.js?fail=0`)).status, 200);
  });

  it('records a reference the page starts, then its completion, through the script API', async () => {
    const { profiler, requests, keydown } = loadProfiler(await script());
    const reference = randomUUID();
    keydown();
    await profiler.start(reference);
    assert.deepEqual(requests, [`${running.baseUrl}/sandbox/profiler/attempts`]);
    const seen = running.sandbox.world.profiledReferences.get(reference);
    assert.ok(seen);
    assert.equal(seen.userAgent, BROWSER_USER_AGENT);
    assert.ok(Math.abs(seen.at - running.sandbox.clock.now()) < 5000);

    const started = (await (await readAttempt(reference)).json()) as ProfiledAttemptView;
    assert.equal(started.started, true);
    assert.equal(started.completed, false);
    assert.equal(started.at, new Date(seen.at).toISOString());
    const { timeZone, ...signals } = started.signals ?? {};
    assert.equal(typeof timeZone, 'string');
    assert.deepEqual(signals, { language: 'pt-BR', screen: '1280x800', keyEvents: 1, pointerEvents: 0 });

    await running.sandbox.clock.advance(30);
    await profiler.complete(reference);
    const completed = (await (await readAttempt(reference)).json()) as ProfiledAttemptView;
    assert.equal(completed.completed, true);
    assert.equal(completed.at, started.at);
    assert.ok(completed.completedAt !== null && Date.parse(completed.completedAt) - Date.parse(completed.at) >= 30_000);
  });

  it('rejects the script promise when the sandbox refuses the report', async () => {
    const { profiler } = loadProfiler(await script());
    await assert.rejects(profiler.start('not-a-uuid'), /HTTP 400/);
    await assert.rejects(profiler.complete(randomUUID()), /HTTP 409/);
  });

  it('refuses a reference that is not a UUID v4 (a v1 UUID, free text), naming reference', async () => {
    for (const reference of ['6fa459ea-ee8a-11ca-94c1-0800200c9a66', 'tentativa-1', '']) {
      const response = await report({ reference, event: 'start' });
      assert.equal(response.status, 400, reference);
      const body: unknown = await response.json();
      assert.ok(isFieldErrorTree(body));
      assert.deepEqual(Object.keys(flattenFieldErrors(body)), ['reference']);
    }
    assert.equal(running.sandbox.world.profiledReferences.size, 0);
  });

  it('refuses an unknown event, naming event', async () => {
    const response = await report({ reference: randomUUID(), event: 'finish' });
    assert.equal(response.status, 400);
    assert.deepEqual(Object.keys((await response.json()) as object), ['event']);
  });

  it('answers 409 to a completion of a reference that never started', async () => {
    const reference = randomUUID();
    assert.equal((await report({ reference, event: 'complete' })).status, 409);
    assert.equal(running.sandbox.world.profiledReferences.has(reference), false);
  });

  it('keeps the first start time when the same reference starts again', async () => {
    const reference = randomUUID();
    assert.equal((await report({ reference, event: 'start' })).status, 200);
    const first = running.sandbox.world.profiledReferences.get(reference)!.at;
    await running.sandbox.clock.advance(10);
    assert.equal((await report({ reference, event: 'start' })).status, 200);
    assert.equal(running.sandbox.world.profiledReferences.get(reference)!.at, first);
  });

  it('answers 404 for a reference never profiled and 400 for one that is not a UUID v4', async () => {
    assert.equal((await readAttempt(randomUUID())).status, 404);
    const invalid = await readAttempt('abc');
    assert.equal(invalid.status, 400);
    assert.deepEqual(Object.keys((await invalid.json()) as object), ['reference']);
  });

  it('forgets every reference on reset', async () => {
    const reference = randomUUID();
    await report({ reference, event: 'start' });
    await report({ reference, event: 'complete' });
    running.sandbox.reset();
    assert.equal((await readAttempt(reference)).status, 404);
    await report({ reference, event: 'start' });
    assert.equal(((await (await readAttempt(reference)).json()) as ProfiledAttemptView).completed, false);
  });

  it('answers CORS for the reports: preflight 204 and Access-Control-Allow-Origin on the answer', async () => {
    const preflight = await fetch(`${running.baseUrl}/sandbox/profiler/attempts`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://loja.exemplo.com.br', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), '*');
    const answer = await report({ reference: randomUUID(), event: 'start' }, { Origin: 'https://loja.exemplo.com.br' });
    assert.equal(answer.headers.get('Access-Control-Allow-Origin'), '*');
  });
});
