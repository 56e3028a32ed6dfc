import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { CLIENT_ID, CLIENT_SECRET, pixChargeBody, PUBLIC_CLIENT_ID } from './relay-harness.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/pay-checkout.js', import.meta.url));

describe('pay-checkout relay: logs, metrics and the stop', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  it('writes JSON logs, serves metrics on their own port, and drains at SIGTERM with readyz 503 first', async () => {
    const child = spawn(
      process.execPath,
      [bin, 'relay', '--api', running.baseUrl, '--client-id', CLIENT_ID, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', '77BcHrY', '--port', '0',
        '--log-format', 'json', '--log-level', 'info', '--metrics-port', '0', '--shutdown-grace', '2000'],
      { env: { ...process.env, PAY_CHECKOUT_CLIENT_SECRET: CLIENT_SECRET }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const stderr: string[] = [];
    createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
    try {
      // The async iterator keeps lines that arrive together; two `once` calls could miss the second.
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const first = String((await lines.next()).value);
      const url = /listening on (\S+)$/.exec(first)![1]!;
      const second = String((await lines.next()).value);
      const metricsUrl = /^pay-checkout relay metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)$/.exec(second)?.[1];
      assert.ok(metricsUrl, second);
      assert.equal((await fetch(`${url}/metrics`)).status, 404, 'the widget-facing port serves no metrics');

      const requestId = `lb-${randomUUID()}`;
      const charge = await fetch(`${url}/charges`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), 'X-Request-Id': requestId },
        body: JSON.stringify(pixChargeBody()),
      });
      assert.equal(charge.status, 201);
      assert.equal(charge.headers.get('x-request-id'), requestId);
      const scraped = await (await fetch(metricsUrl)).text();
      assert.match(scraped, /^pay_checkout_relay_charges_total\{method="pix",outcome="waiting_payment"\} 1$/m);
      assert.match(scraped, /^pay_checkout_relay_process_cpu_seconds_total /m, 'process metrics too');
      assert.equal((await fetch(`${url}/readyz`)).status, 200);

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      let sawDraining = false;
      for (let tries = 0; tries < 40 && !sawDraining; tries += 1) {
        const ready = await fetch(`${url}/readyz`);
        const body = (await ready.json()) as { reason?: string };
        sawDraining = ready.status === 503 && body.reason === 'draining';
        if (!sawDraining) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.ok(sawDraining, 'readyz answered 503 draining while the relay still served');
      assert.equal((await fetch(`${url}/healthz`)).status, 200, 'still alive during the grace');
      assert.deepEqual(await exited, [0, null]);

      const entries = stderr.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      const chargeLine = entries.find((entry) => entry['msg'] === 'charge');
      assert.equal(chargeLine?.['requestId'], requestId);
      assert.deepEqual(
        entries.filter((entry) => entry['msg'] === 'draining' || entry['msg'] === 'drained').map((entry) => entry['msg']),
        ['draining', 'drained'],
      );
      assert.ok(!stderr.join('\n').includes(CLIENT_SECRET));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('exits 2 naming a bad operating flag', async () => {
    const base = [bin, 'relay', '--api', running.baseUrl, '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', 'A'];
    for (const [flag, value, pattern] of [
      ['--log-format', 'xml', /--log-format "xml": expected json or pretty/],
      ['--log-level', 'loud', /--log-level "loud"/],
      ['--metrics-port', 'x', /--metrics-port "x"/],
      ['--shutdown-grace', 'soon', /--shutdown-grace "soon"/],
    ] as const) {
      await assert.rejects(run(process.execPath, [...base, flag, value]), (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 2);
        assert.match(error.stderr, pattern);
        return true;
      });
    }
  });
});
