import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../harness.js';
import { chargeHeaders, control, pixChargeBody } from '../controls-requests.js';

describe('sandbox: injected faults', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(async () => {
    assert.equal((await control(running.baseUrl, 'POST', '/__sandbox/reset')).status, 200);
  });
  after(() => running.close());

  async function setFaults(rules: unknown[]): Promise<void> {
    const response = await control(running.baseUrl, 'PUT', '/__sandbox/faults', { rules });
    assert.equal(response.status, 200, await response.clone().text());
  }

  const charge = () => running.api('POST', '/public_api/payments/', { body: pixChargeBody(), headers: chargeHeaders() });
  const fees = () => running.api('GET', '/public_api/fees/');

  it('503 before: answers instead of the sandbox, and the handler does not run', async () => {
    await setFaults([{ method: 'POST', path: '/public_api/payments/', status: 503 }]);
    const ordersBefore = running.sandbox.world.orders.size;
    const response = await charge();
    assert.equal(response.status, 503);
    assert.equal(typeof ((await response.json()) as { detail: unknown }).detail, 'string');
    assert.equal(running.sandbox.world.orders.size, ordersBefore);
    // The method filters: a GET on another path is untouched.
    assert.equal((await fees()).status, 200);
  });

  it('5xx after: the handler ran (the charge exists) and its answer is replaced', async () => {
    await setFaults([{ method: 'POST', path: '/public_api/payments/', phase: 'after', status: 500 }]);
    const ordersBefore = running.sandbox.world.orders.size;
    const response = await charge();
    assert.equal(response.status, 500);
    assert.equal(running.sandbox.world.orders.size, ordersBefore + 1);
  });

  it('5xx acquirer: the charge fails inside the service, no order is made and the key is free again', async () => {
    await setFaults([{ method: 'POST', path: '/public_api/payments/', phase: 'acquirer', status: 503, count: 1 }]);
    const ordersBefore = running.sandbox.world.orders.size;
    const headers = chargeHeaders();
    const failed = await running.api('POST', '/public_api/payments/', { body: pixChargeBody(), headers });
    assert.equal(failed.status, 503);
    assert.equal(running.sandbox.world.orders.size, ordersBefore);
    const retry = await running.api('POST', '/public_api/payments/', { body: pixChargeBody(), headers });
    assert.equal(retry.status, 201);
    assert.equal(running.sandbox.world.orders.size, ordersBefore + 1);
  });

  it('drop: the connection closes without an answer (fetch rejects)', async () => {
    await setFaults([{ path: '/public_api/fees/', drop: true }]);
    await assert.rejects(fees(), TypeError);
  });

  it('drop after: the charge is made and its answer lost', async () => {
    await setFaults([{ path: '/public_api/payments/', phase: 'after', drop: true }]);
    const ordersBefore = running.sandbox.world.orders.size;
    await assert.rejects(charge(), TypeError);
    assert.equal(running.sandbox.world.orders.size, ordersBefore + 1);
  });

  it('delay: the answer comes late and unchanged', async () => {
    await setFaults([{ path: '/public_api/fees/', delayMs: 300 }]);
    const started = performance.now();
    const response = await fees();
    assert.ok(performance.now() - started >= 290, 'answered before the delay');
    assert.equal(response.status, 200);
    assert.ok(Array.isArray(((await response.json()) as { paymentMethods: unknown }).paymentMethods));
  });

  it('a plain-text 429 with Retry-After, as the live service sometimes sends', async () => {
    await setFaults([{ path: '/public_api/fees/', status: 429, body: 'text', retryAfter: 7 }]);
    const response = await fees();
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('Retry-After'), '7');
    assert.match(response.headers.get('Content-Type') ?? '', /^text\/plain/);
    const text = await response.text();
    assert.throws(() => JSON.parse(text), SyntaxError);
    assert.match(text, /7 seconds/);
  });

  it('an HTML 502', async () => {
    await setFaults([{ path: '/public_api/*', status: 502, body: 'html' }]);
    const response = await fees();
    assert.equal(response.status, 502);
    assert.match(response.headers.get('Content-Type') ?? '', /^text\/html/);
    assert.match(await response.text(), /^<!doctype html>/i);
  });

  it('probability 0 never fires; probability 1 always does', async () => {
    await setFaults([{ path: '/public_api/fees/', status: 503, probability: 0 }]);
    for (let index = 0; index < 20; index += 1) assert.equal((await fees()).status, 200);
    await setFaults([{ path: '/public_api/fees/', status: 503, probability: 1 }]);
    for (let index = 0; index < 5; index += 1) assert.equal((await fees()).status, 503);
  });

  it('count 2 fires twice, then the rule is spent', async () => {
    await setFaults([{ path: '/public_api/fees/', status: 503, count: 2 }]);
    assert.deepEqual([(await fees()).status, (await fees()).status, (await fees()).status], [503, 503, 200]);
    const { rules } = (await (await control(running.baseUrl, 'GET', '/__sandbox/faults')).json()) as { rules: Array<{ remaining: number }> };
    assert.equal(rules[0]!.remaining, 0);
  });

  it('DELETE /__sandbox/faults stops every fault', async () => {
    await setFaults([{ path: '/public_api/fees/', status: 503 }]);
    assert.equal((await fees()).status, 503);
    assert.equal((await control(running.baseUrl, 'DELETE', '/__sandbox/faults')).status, 200);
    assert.equal((await fees()).status, 200);
  });
});
