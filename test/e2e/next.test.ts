/**
 * examples/next, a Next.js App Router shop: `next build`, then `next start` on loopback with the
 * relay's settings in the environment (its route handler, app/api/checkout/[...path]/route.ts,
 * is examples/relay/next-route-handler.ts) and the sandbox behind it. In Chromium the page,
 * rendered on the server and hydrated, has the buyer prefilled from `customer`, and a Pix paid
 * in the sandbox makes its `onPaid` callback send the buyer to /obrigado.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';
import { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY, serveSandbox, type ServedSandbox } from '../../src/sandbox/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const APP = join(ROOT, 'examples/next');
const NEXT = join(ROOT, 'node_modules/next/dist/bin/next');
const OFFER = '77BcHrY';
const STEP_TIMEOUT_MS = 20_000;
/** `next build` of this small app takes about 100 s on a 2-core machine, most of it type checking. */
const BUILD_TIMEOUT_MS = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs `next <args>` in the app; resolves when `ready` matches its output (or it exits 0 when there is none). */
function runNext(args: string[], env: Record<string, string>, ready?: RegExp): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [NEXT, ...args], { cwd: APP, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready?.test(output)) resolve({ child, output: () => output });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => (code === 0 && !ready ? resolve({ child, output: () => output }) : reject(new Error(`next ${args[0]} exited ${code}:\n${output}`))));
  });
}

describe('examples/next: the checkout in a Next.js App Router page, relay in a route handler', { timeout: BUILD_TIMEOUT_MS + 120_000 }, () => {
  let sandbox: ServedSandbox;
  let server: ChildProcess | undefined;
  let browser: Browser;
  let url: string;

  before(async () => {
    const launchOptions = chromiumLaunchOptions();
    const started = performance.now();
    await runNext(['build', '--webpack'], {});
    console.log(`next build: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    sandbox = await serveSandbox({ port: 0, host: '127.0.0.1' });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const running = await runNext(
      ['start', '--port', String(port), '--hostname', '127.0.0.1'],
      {
        PAY_CHECKOUT_API_URL: sandbox.url,
        PAY_CHECKOUT_CLIENT_ID: DEFAULT_API_KEY.clientId,
        PAY_CHECKOUT_CLIENT_SECRET: DEFAULT_API_KEY.clientSecret,
        PAY_CHECKOUT_PUBLIC_CLIENT_ID: DEFAULT_PUBLIC_KEY.clientId,
        PAY_CHECKOUT_OFFERS: OFFER,
        PAY_CHECKOUT_ALLOWED_ORIGINS: url,
      },
      /Ready in/,
    );
    server = running.child;
    browser = await chromium.launch({ ...launchOptions, timeout: STEP_TIMEOUT_MS });
  });

  after(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await sandbox?.close();
  });

  it('server-renders the element with its relay and offer', async () => {
    const html = await (await fetch(`${url}/`)).text();
    assert.match(html, /<pay-checkout relay="\/api\/checkout" offer="77BcHrY" methods="pix"><\/pay-checkout>/);
  });

  it('after hydration the buyer is prefilled, and onPaid sends the buyer to /obrigado once the Pix is paid', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();
    try {
      await page.goto(`${url}/`);
      await page.locator('pay-checkout [part="submit"]').waitFor();
      assert.equal(await page.locator('pay-checkout pay-customer-fields input[name="name"]').inputValue(), 'Maria Silva');
      const charge = page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === `${url}/api/checkout/charges`);
      await page.locator('pay-checkout [part="submit"]').click();
      const answer = await charge;
      assert.equal(answer.status(), 201);
      const { id } = (await answer.json()) as { id: string };
      await page.locator('pay-checkout pay-pix-result').waitFor();
      const paid = await fetch(`${sandbox.url}/__sandbox/orders/${encodeURIComponent(id)}/pay`, { method: 'POST' });
      assert.ok(paid.ok, `the sandbox answered ${paid.status} to paying the order`);
      // No webhook here: the relay reads the order again on its own (docs/relay.md, event stream).
      await page.waitForURL(`${url}/obrigado?pedido=${encodeURIComponent(id)}`, { timeout: 60_000 });
      assert.equal(await page.locator('h1').textContent(), 'Obrigado!');
    } finally {
      await context.close();
    }
  });
});
