import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiServerError, ConnectionError } from '../../src/client/index.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { newKey, pixChargeBody, recordingFetch, sandboxClient, setFaults } from './client-harness.js';

const PAYMENTS = '/public_api/payments/';
const FEES = '/public_api/fees/';

describe('retries against the sandbox', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  const orders = () => running.sandbox.world.orders;
  const keysSent = (recording: ReturnType<typeof recordingFetch>) =>
    recording.to(PAYMENTS).map((exchange) => exchange.headers.get('X-Idempotency-Key'));

  it('a 5xx on a charge, then success: retried with the same key, exactly one order, returned', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await setFaults(running, [{ method: 'POST', path: PAYMENTS, status: 503, count: 1 }]);
    const before = new Set(orders().keys());
    const key = newKey();
    const order = await client.createCharge(pixChargeBody(), { idempotencyKey: key });
    const created = [...orders().keys()].filter((id) => !before.has(id));
    assert.deepEqual(created, [order.id]);
    assert.deepEqual(recording.to(PAYMENTS).map((exchange) => exchange.status), [503, 201]);
    assert.deepEqual(keysSent(recording), [key, key]);
  });

  it('a charge that failed inside the service (acquirer 5xx): retried with the same key, exactly one order', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await setFaults(running, [{ method: 'POST', path: PAYMENTS, phase: 'acquirer', status: 502, body: 'html', count: 1 }]);
    const before = new Set(orders().keys());
    const key = newKey();
    const order = await client.createCharge(pixChargeBody(), { idempotencyKey: key });
    const created = [...orders().keys()].filter((id) => !before.has(id));
    assert.deepEqual(created, [order.id]);
    assert.deepEqual(recording.to(PAYMENTS).map((exchange) => exchange.status), [502, 201]);
    assert.deepEqual(keysSent(recording), [key, key]);
  });

  it('a 5xx that replaced the answer of a made charge: retried with the same key, the one order returned', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await setFaults(running, [{ method: 'POST', path: PAYMENTS, phase: 'after', status: 500, count: 1 }]);
    const before = new Set(orders().keys());
    const key = newKey();
    const order = await client.createCharge(pixChargeBody(), { idempotencyKey: key });
    const created = [...orders().keys()].filter((id) => !before.has(id));
    assert.deepEqual(created, [order.id]);
    assert.deepEqual(recording.to(PAYMENTS).map((exchange) => exchange.status), [500, 201]);
    assert.deepEqual(keysSent(recording), [key, key]);
  });

  it('a dropped connection after the charge was made, then success: exactly one order, the one returned', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await setFaults(running, [{ method: 'POST', path: PAYMENTS, phase: 'after', drop: true, count: 1 }]);
    const before = new Set(orders().keys());
    const key = newKey();
    const order = await client.createCharge(pixChargeBody(), { idempotencyKey: key });
    const created = [...orders().keys()].filter((id) => !before.has(id));
    assert.deepEqual(created, [order.id]);
    assert.deepEqual(recording.to(PAYMENTS).map((exchange) => exchange.status), [0, 201]);
    assert.deepEqual(keysSent(recording), [key, key]);
  });

  it('429 with Retry-After 1, then success: waits the second and answers', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await client.getAccessToken();
    await setFaults(running, [{ path: FEES, status: 429, body: 'text', retryAfter: 1, count: 1 }]);
    const started = performance.now();
    const fees = await client.getFees();
    const elapsed = performance.now() - started;
    assert.ok(fees.paymentMethods.length > 0);
    assert.ok(elapsed >= 990, `answered after ${elapsed} ms, before Retry-After`);
    assert.ok(elapsed < 2500, `took ${elapsed} ms`);
    assert.deepEqual(recording.to(FEES).map((exchange) => exchange.status), [429, 200]);
  });

  it('409 in processing: two concurrent charges with one key both resolve to the same order', async () => {
    running.sandbox.world.accounts.get('acc_main')!.processingDelayMs = 300;
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch, retry: { baseDelayMs: 100, maxDelayMs: 400, maxAttempts: 6 } });
    const before = new Set(orders().keys());
    const key = newKey();
    const [first, second] = await Promise.all([
      client.createCharge(pixChargeBody(), { idempotencyKey: key }),
      client.createCharge(pixChargeBody(), { idempotencyKey: key }),
    ]);
    assert.equal(first.id, second.id);
    assert.deepEqual([...orders().keys()].filter((id) => !before.has(id)), [first.id]);
    const statuses = recording.to(PAYMENTS).map((exchange) => exchange.status);
    assert.ok(statuses.includes(409), `no 409 was met: ${statuses.join(', ')}`);
    assert.equal(statuses.filter((status) => status === 201).length, 2);
  });

  it('5xx every time: stops after maxAttempts with ApiServerError', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch, retry: { maxAttempts: 3 } });
    await setFaults(running, [{ path: FEES, status: 503 }]);
    await assert.rejects(client.getFees(), ApiServerError);
    assert.equal(recording.to(FEES).length, 3);
  });

  it('a request that is not idempotent (duplicate a product) is not retried after a 5xx', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    const path = '/public_api/products/prod_foto/duplicate/';
    await setFaults(running, [{ path, status: 502, count: 1 }]);
    await assert.rejects(client.duplicateProduct('prod_foto'), ApiServerError);
    assert.equal(recording.to(path).length, 1);
  });

  it('a lost connection on a GET is retried', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await setFaults(running, [{ path: FEES, drop: true, count: 2 }]);
    await client.getFees();
    assert.deepEqual(recording.to(FEES).map((exchange) => exchange.status), [0, 0, 200]);
  });

  it('a lost connection used up by maxAttempts is a ConnectionError', async () => {
    const client = sandboxClient(running, { retry: { maxAttempts: 2 } });
    await setFaults(running, [{ path: FEES, drop: true }]);
    await assert.rejects(client.getFees(), ConnectionError);
  });
});

describe('aborting', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  it('an abort during a retry back-off rejects at once with the AbortError', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch, retry: { baseDelayMs: 20_000, maxDelayMs: 20_000 } });
    await setFaults(running, [{ path: FEES, status: 503, count: 1 }]);
    const controller = new AbortController();
    const pending = client.getFees({ signal: controller.signal });
    while (recording.to(FEES).every((exchange) => exchange.status !== 503)) await new Promise((resolve) => setTimeout(resolve, 5));
    const abortedAt = performance.now();
    controller.abort();
    await assert.rejects(pending, (error: unknown) => error instanceof DOMException && error.name === 'AbortError');
    assert.ok(performance.now() - abortedAt < 200, 'the back-off was not cut short');
    assert.equal(recording.to(FEES).length, 1);
  });

  it('an abort while the answer is awaited aborts the request and rejects with the signal\'s reason', async () => {
    const client = sandboxClient(running);
    await client.getAccessToken();
    await setFaults(running, [{ path: FEES, delayMs: 1500 }]);
    const controller = new AbortController();
    const reason = new Error('the buyer left');
    const started = performance.now();
    setTimeout(() => controller.abort(reason), 100);
    await assert.rejects(client.getFees({ signal: controller.signal }), (error: unknown) => error === reason);
    assert.ok(performance.now() - started < 1000, 'the request was not aborted');
  });

  it('an abort while a charge waits for its 409 "in processing" to clear rejects fast', async () => {
    running.sandbox.world.accounts.get('acc_main')!.processingDelayMs = 800;
    const client = sandboxClient(running, { retry: { baseDelayMs: 5000, maxDelayMs: 5000 } });
    await client.getAccessToken();
    const key = newKey();
    const first = client.createCharge(pixChargeBody(), { idempotencyKey: key });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const controller = new AbortController();
    const second = client.createCharge(pixChargeBody(), { idempotencyKey: key, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    await assert.rejects(second, (error: unknown) => error instanceof DOMException && error.name === 'AbortError');
    assert.ok(performance.now() - started < 1000, 'the wait was not cut short');
    assert.equal((await first).status, 'waiting_payment');
  });

  it('an already aborted signal sends nothing', async () => {
    const recording = recordingFetch();
    const client = sandboxClient(running, { fetch: recording.fetch });
    await assert.rejects(client.getFees({ signal: AbortSignal.abort() }), (error: unknown) => (error as Error).name === 'AbortError');
    assert.equal(recording.exchanges.length, 0);
  });

  it('a token request left behind by an aborted caller fails without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await setFaults(running, [{ path: '/public_api/token/', status: 503, delayMs: 50 }]);
      const client = sandboxClient(running, { retry: { maxAttempts: 1 } });
      const controller = new AbortController();
      const pending = client.getFees({ signal: controller.signal });
      setTimeout(() => controller.abort(), 10);
      await assert.rejects(pending, (error: unknown) => (error as Error).name === 'AbortError');
      await new Promise((resolve) => setTimeout(resolve, 150));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
