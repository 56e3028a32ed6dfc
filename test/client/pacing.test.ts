import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimitError } from '../../src/client/index.js';
import { createPacer, pacedWindowMs, PACING_KEYS, type PacingLimits } from '../../src/client/pacing.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import type { SlotWindow, Store } from '../../src/store/store.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { newKey, pixChargeBody, recordingFetch, sandboxClient, setLimits } from './client-harness.js';

const PAYMENTS = '/public_api/payments/';
const wide = { limit: 1000, windowMs: 1000 };

describe('pacedWindowMs', () => {
  it('paces a window 2 % longer than the limit\'s, at least 500 ms', () => {
    assert.equal(pacedWindowMs(60_000), 61_200);
    assert.equal(pacedWindowMs(3_600_000), 3_672_000);
    assert.equal(pacedWindowMs(1000), 1500);
  });
});

describe('createPacer', () => {
  it('a charge takes a slot of both charge windows in one reservation; other requests of the "other" window', async () => {
    const store = createMemoryStore();
    const taken: string[][] = [];
    const recordingStore = { ...store, reserveSlots: (windows: readonly SlotWindow[], maxWaitMs: number) => (taken.push(windows.map((window) => window.key)), store.reserveSlots(windows, maxWaitMs)) };
    const limits: PacingLimits = { chargesPerIp: wide, chargesPerToken: wide, otherPerUser: wide, maxWaitMs: 0 };
    const pacer = createPacer({ store: recordingStore, limits, clientId: 'client-a' });
    await pacer.admit('charge');
    await pacer.admit('other');
    assert.deepEqual(taken, [[PACING_KEYS.chargesPerIp, 'pacing:{charges}:token:client-a'], [PACING_KEYS.other]]);
  });

  it('two instances whose store answers in a different order than asked still send at most `limit` charges per window', async () => {
    // The instances' charges meet the two windows in different orders when the store's answers
    // come back out of order (two Redis Cluster masters, two connections). A charge that took
    // the per-IP window's first slot but the per-token window's fifth would leave with the
    // fifth's batch, one too many for the per-IP window. The clock stands still, so each
    // charge leaves exactly at its wait.
    const store = createMemoryStore({ now: () => 1_000_000 });
    let calls = 0;
    const shuffled = <T>(answer: () => Promise<T>) => {
      const delayMs = ((calls += 1) * 7) % 11;
      return new Promise<T>((resolve, reject) => setTimeout(() => answer().then(resolve, reject), delayMs));
    };
    const shufflingStore: Store = {
      ...store,
      reserveSlot: (key, limit, windowMs, maxWaitMs) => shuffled(() => store.reserveSlot(key, limit, windowMs, maxWaitMs)),
      reserveSlots: (windows, maxWaitMs) => shuffled(() => store.reserveSlots(windows, maxWaitMs)),
    };
    const limits: PacingLimits = { chargesPerIp: { limit: 4, windowMs: 100 }, chargesPerToken: { limit: 4, windowMs: 100 }, otherPerUser: wide, maxWaitMs: 5_000 };
    const leaves: number[] = [];
    const instances = [0, 1].map(() => createPacer({ store: shufflingStore, limits, clientId: 'client-a', onWait: (_request, waitMs) => void leaves.push(waitMs) }));
    await Promise.all(Array.from({ length: 16 }, (_, index) => instances[index % 2]!.admit('charge')));
    const busiest = Math.max(...leaves.map((from) => leaves.filter((at) => at >= from && at < from + pacedWindowMs(100)).length));
    assert.equal(leaves.length, 16);
    assert.equal(busiest, 4, `charges leave at ${leaves.sort((a, b) => a - b).join(', ')} ms`);
  });

  it('waits for the later of the two charge slots', async () => {
    const limits: PacingLimits = { chargesPerIp: { limit: 2, windowMs: 200 }, chargesPerToken: { limit: 1, windowMs: 200 }, otherPerUser: wide, maxWaitMs: 1000 };
    const pacer = createPacer({ store: createMemoryStore(), limits, clientId: 'client-a' });
    // From before the first charge: its slot is taken after this, so the second cannot come sooner
    // than a window later, however long a busy machine takes to hand back the first admission.
    const started = performance.now();
    await pacer.admit('charge');
    await pacer.admit('charge');
    assert.ok(performance.now() - started >= pacedWindowMs(200) - 5, 'the per-token window did not hold the second charge');
  });

  it('over maxWaitMs: a local RateLimitError with no status and the wait it would have needed', async () => {
    const limits: PacingLimits = { chargesPerIp: wide, chargesPerToken: wide, otherPerUser: { limit: 1, windowMs: 5000 }, maxWaitMs: 1000 };
    const pacer = createPacer({ store: createMemoryStore(), limits, clientId: 'client-a' });
    await pacer.admit('other');
    const error = await pacer.admit('other').then(
      () => assert.fail('expected a refusal'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.status, undefined);
    assert.equal(error.retryAfterSeconds, Math.ceil(pacedWindowMs(5000) / 1000));
  });

  it('an abort while waiting for a slot rejects at once', async () => {
    const limits: PacingLimits = { chargesPerIp: wide, chargesPerToken: wide, otherPerUser: { limit: 1, windowMs: 10_000 }, maxWaitMs: 20_000 };
    const pacer = createPacer({ store: createMemoryStore(), limits, clientId: 'client-a' });
    await pacer.admit('other');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    await assert.rejects(pacer.admit('other', controller.signal), (error: unknown) => (error as Error).name === 'AbortError');
    assert.ok(performance.now() - started < 500);
  });
});

describe('pacing against the sandbox', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  const scaledLimits = { chargesPerIp: { limit: 5, windowSeconds: 1 }, chargesPerToken: { limit: 5, windowSeconds: 1 } };
  const clientPacing = { chargesPerIp: { limit: 5, windowMs: 1000 }, chargesPerToken: { limit: 5, windowMs: 1000 } };

  it('a burst of 20 charges under 5 per second queues: no upstream 429, 20 orders, in four paced windows', async () => {
    await setLimits(running, { limits: scaledLimits });
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch, pacing: clientPacing });
    await client.getAccessToken();
    const started = performance.now();
    const orders = await Promise.all(Array.from({ length: 20 }, () => client.createCharge(pixChargeBody(), { idempotencyKey: newKey() })));
    const elapsed = performance.now() - started;
    assert.equal(recording.to(PAYMENTS).filter((exchange) => exchange.status === 429).length, 0);
    assert.equal(recording.to(PAYMENTS).length, 20);
    assert.equal(new Set(orders.map((order) => order.id)).size, 20);
    // Four windows of five: the last five leave three paced windows after the first.
    assert.ok(elapsed >= 3 * 1000, `the burst was not paced (${elapsed} ms)`);
    assert.ok(elapsed < 3 * pacedWindowMs(1000) + 1500, `the burst took ${elapsed} ms`);
  });

  it('the same burst without pacing earns upstream 429s (the limits are real)', async () => {
    await setLimits(running, { limits: scaledLimits });
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch, pacing: false, retry: { maxAttempts: 1 } });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => client.createCharge(pixChargeBody(), { idempotencyKey: newKey() })));
    const throttled = recording.to(PAYMENTS).filter((exchange) => exchange.status === 429).length;
    assert.ok(throttled >= 10, `only ${throttled} upstream 429s`);
    assert.equal(outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason instanceof RateLimitError).length, throttled);
  });

  it('a charge that would wait longer than maxWaitMs fails at once, with no upstream call', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, {
      fetch: recording.fetch,
      pacing: { chargesPerIp: { limit: 1, windowMs: 10_000 }, maxWaitMs: 500 },
    });
    await client.createCharge(pixChargeBody(), { idempotencyKey: newKey() });
    const started = performance.now();
    const error = await client.createCharge(pixChargeBody(), { idempotencyKey: newKey() }).then(
      () => assert.fail('expected a refusal'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.status, undefined);
    assert.ok((error.retryAfterSeconds ?? 0) >= 10);
    assert.ok(performance.now() - started < 200);
    assert.equal(recording.to(PAYMENTS).length, 1);
  });

  it('two clients on one Store share the per-IP window', async () => {
    const store = createMemoryStore();
    const pacing = { chargesPerIp: { limit: 1, windowMs: 10_000 }, maxWaitMs: 0 };
    const first = sandboxClient(running, { store, pacing });
    const second = sandboxClient(running, { store, pacing, clientId: 'other-client', clientSecret: 'other-secret' });
    await first.createCharge(pixChargeBody(), { idempotencyKey: newKey() });
    await assert.rejects(second.createCharge({ ...pixChargeBody(), items: [{ offerId: 'OUTRofr' }] }, { idempotencyKey: newKey() }), RateLimitError);
  });

  it('other endpoints wait for their own window', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch, pacing: { otherPerUser: { limit: 2, windowMs: 300 } } });
    const started = performance.now();
    await Promise.all([client.getFees(), client.getFees(), client.getFees()]);
    assert.ok(performance.now() - started >= pacedWindowMs(300) - 5, 'the third request did not wait');
    assert.equal(recording.to('/public_api/fees/').length, 3);
  });
});
