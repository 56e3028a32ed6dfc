/**
 * A shop whose back end is not Node: Debian's nginx, started here on loopback with its own prefix,
 * serves a static shop page (the widget's script-tag build) and proxies `/checkout/` to the
 * `pay-checkout relay` command on the same origin, with examples/nginx/shop.conf's site block as
 * docs/relay.md shows it. In Chromium a Pix is paid through it: the order's event stream passes
 * through nginx event by event, and the page's own `pay-paid` listener sends the buyer to the
 * thank-you page. A test card is paid through the same nginx and the same command, which
 * `--sandbox-providers` points at the sandbox's anti-fraud profiler and 3-D Secure.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';
import { scriptTagModuleBuild } from '../build/shared-builds.js';
// @ts-expect-error scripts/executables.js is plain JavaScript without types
import { findNginx } from '../../scripts/executables.js';
import { parseRelayArguments } from '../../src/relay/cli-options.js';
import { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY, serveSandbox, type ServedSandbox } from '../../src/sandbox/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SITE = readFileSync(join(ROOT, 'examples/nginx/shop.conf'), 'utf8');
const UNIT = readFileSync(join(ROOT, 'examples/nginx/pay-checkout-relay.service'), 'utf8');
const OFFER = '77BcHrY';
const WEBHOOK_SECRET = 'nginx-test-webhook-secret';
const STEP_TIMEOUT_MS = 20_000;
const BUYER = { name: 'Maria Silva', email: 'maria.silva@example.com', phone: '11987654321', document: '52998224725' };

/** A port free right now on 127.0.0.1 (nginx cannot be told to pick one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Replaces `from` in `text`, failing when it is not there: the example must keep the lines the test adapts. */
function replaceOnce(text: string, from: string, to: string): string {
  assert.ok(text.includes(from), `examples/nginx/shop.conf no longer has "${from}"`);
  return text.replace(from, to);
}

/** A shop page: the widget from its script-tag build, the buyer prefilled, a redirect on `pay-paid`. */
function shopPage(relay: string, methods: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Loja</title><script type="module" src="/pay-checkout/pay-checkout.js"></script></head>
<body>
<h1>Loja</h1>
<pay-checkout id="checkout" relay="${relay}" offer="${OFFER}" methods="${methods}"></pay-checkout>
<script>
  const checkout = document.getElementById('checkout');
  checkout.customer = ${JSON.stringify(BUYER)};
  checkout.addEventListener('pay-paid', (event) => location.assign('/obrigado.html?pedido=' + encodeURIComponent(event.detail.order.id)));
</script>
</body>
</html>
`;
}

interface RunningRelay {
  url: string;
  process: ChildProcess;
}

/** `pay-checkout relay` as docs/relay.md runs it behind nginx; resolves with the URL it prints. */
function startRelayCommand(args: string[], env: Record<string, string>): Promise<RunningRelay> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/pay-checkout.js'), 'relay', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve({ url: match[1]!, process: child });
    });
    child.once('exit', (code) => reject(new Error(`pay-checkout relay exited ${code}: ${err}`)));
  });
}

function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Reads a server-sent event stream to its end, calling `onChunk` with all that came so far at each chunk. */
async function readEvents(body: ReadableStream<Uint8Array>, onChunk: (text: string) => Promise<void> | void): Promise<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let all = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return all;
    all += decoder.decode(value, { stream: true });
    await onChunk(all);
  }
}

async function payButton(page: Page): Promise<void> {
  await page.locator('pay-checkout [part="submit"]').click();
}

describe('the relay command behind Debian\'s nginx, on the shop\'s own origin', { timeout: 180_000 }, () => {
  let dir: string;
  let sandbox: ServedSandbox;
  let relay: RunningRelay;
  let nginx: ChildProcess;
  let browser: Browser;
  let shop: string;

  before(async () => {
    const nginxPath = (findNginx as () => string | undefined)();
    assert.ok(nginxPath, 'nginx was not found: npm test\'s pretest step installs Debian\'s nginx as root, or set NGINX_PATH');
    const launchOptions = chromiumLaunchOptions();
    dir = mkdtempSync(join(tmpdir(), 'pay-checkout-nginx-'));
    // nginx's workers read the shop's files: the directory must be readable by their user.
    chmodSync(dir, 0o755);
    const www = join(dir, 'www');
    mkdirSync(join(dir, 'temp'));
    const built = join(dir, 'widget');
    await scriptTagModuleBuild(built);
    cpSync(built, join(www, 'pay-checkout'), { recursive: true });
    writeFileSync(join(www, 'index.html'), shopPage('/checkout', 'pix'));
    writeFileSync(join(www, 'cartao.html'), shopPage('/checkout', 'credit_card'));
    writeFileSync(join(www, 'obrigado.html'), '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Obrigado</title></head><body><h1>Obrigado!</h1></body></html>\n');

    const port = await freePort();
    shop = `http://127.0.0.1:${port}`;
    sandbox = await serveSandbox({ port: 0, host: '127.0.0.1' });
    relay = await startRelayCommand(
      ['--api', sandbox.url, '--client-id', DEFAULT_API_KEY.clientId, '--public-client-id', DEFAULT_PUBLIC_KEY.clientId, '--offers', OFFER,
        '--port', '0', '--base-path', '/checkout', '--trust-proxy', '1', '--allowed-origin', shop, '--sandbox-providers'],
      { PAY_CHECKOUT_CLIENT_SECRET: DEFAULT_API_KEY.clientSecret, PAY_CHECKOUT_WEBHOOK_SECRET: WEBHOOK_SECRET },
    );
    const registered = await fetch(`${sandbox.url}/__sandbox/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Shop relay', url: `${shop}/checkout/webhooks`, secret: WEBHOOK_SECRET, events: ['purchase_approved', 'pix_gerado'] }),
    });
    assert.equal(registered.status, 201);

    // The documented site block, on this test's port, files and relays.
    let site = replaceOnce(SITE, 'listen 80;', `listen 127.0.0.1:${port};`);
    site = replaceOnce(site, 'root /var/www/shop;', `root ${www};`);
    site = replaceOnce(site, 'proxy_pass http://127.0.0.1:4020;', `proxy_pass ${new URL(relay.url).origin};`);
    const temp = join(dir, 'temp');
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${site}}
`,
    );
    nginx = spawn(nginxPath, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let nginxErrors = '';
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxErrors += chunk.toString()));
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      const answered = await fetch(`${shop}/obrigado.html`).then((response) => response.ok, () => false);
      if (answered) break;
      assert.ok(nginx.exitCode === null, `nginx exited ${nginx.exitCode}: ${nginxErrors}`);
      assert.ok(Date.now() < deadline, 'nginx did not answer');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    browser = await chromium.launch({ ...launchOptions, timeout: STEP_TIMEOUT_MS });
  });

  after(async () => {
    await browser?.close();
    await stop(nginx, 'SIGQUIT');
    await stop(relay?.process, 'SIGTERM');
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the widget\'s files gzip-compressed, its chunks cached for good and its entry checked again on each visit', async () => {
    /** Status, headers and the size of the body as it came over the wire, asked for as a browser asks. */
    const head = (path: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
        httpGet(`${shop}${path}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
        }).on('error', reject);
      });
    const widget = join(dir, 'www', 'pay-checkout');
    const core = readdirSync(join(widget, 'chunks')).find((file) => /^checkout-core-.*\.js$/.test(file));
    assert.ok(core, 'the build has no core chunk');
    const entry = await head('/pay-checkout/pay-checkout.js');
    const chunk = await head(`/pay-checkout/chunks/${core}`);
    assert.deepEqual(
      [entry.status, entry.headers['content-encoding'], entry.headers['cache-control'], chunk.status, chunk.headers['content-encoding'], chunk.headers['cache-control']],
      [200, 'gzip', 'no-cache', 200, 'gzip', 'public, max-age=31536000, immutable'],
    );
    // What the buyer's phone receives is about what the budgets count, not the file's own size.
    assert.ok(chunk.bytes < statSync(join(widget, 'chunks', core)).size / 2, `${chunk.bytes} bytes over the wire`);
  });

  it('pix: paid through nginx; the status events pass one by one, and the page\'s pay-paid listener redirects', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();
    try {
      await page.goto(`${shop}/`);
      await page.locator('pay-checkout [part="submit"]').waitFor();
      const charge = page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === `${shop}/checkout/charges`);
      await payButton(page);
      const answer = await charge;
      assert.equal(answer.status(), 201);
      const { id, orderToken } = (await answer.json()) as { id: string; orderToken: string };
      await page.locator('pay-checkout pay-pix-result').waitFor();

      // The stream through nginx: the first status arrives while the order is unpaid and the
      // relay holds the stream open; only then is the order paid, and "paid" follows.
      const stream = await fetch(`${shop}/checkout/orders/${encodeURIComponent(id)}/events?token=${encodeURIComponent(orderToken)}`);
      assert.equal(stream.status, 200);
      assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.ok(stream.body);
      let paidRequested = false;
      const all = await readEvents(stream.body, async (text) => {
        if (!paidRequested && text.includes('"waiting_payment"')) {
          paidRequested = true;
          const paid = await fetch(`${sandbox.url}/__sandbox/orders/${encodeURIComponent(id)}/pay`, { method: 'POST' });
          assert.ok(paid.ok, `the sandbox answered ${paid.status} to paying the order`);
        }
      });
      assert.ok(paidRequested, 'the first event (waiting_payment) did not come before the order was paid');
      assert.match(all, /event: status\ndata: \{[^\n]*"status":"paid"/);

      await page.waitForURL(`${shop}/obrigado.html?pedido=${encodeURIComponent(id)}`);
      assert.equal(await page.locator('h1').textContent(), 'Obrigado!');
    } finally {
      await context.close();
    }
  });

  it('card 4111 1111 1111 1111: approved through nginx, and the page redirects', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();
    try {
      await page.goto(`${shop}/cartao.html`);
      const field = (name: string) => page.locator(`pay-checkout input[name="${name}"]`);
      await field('cc-number').pressSequentially('4111111111111111');
      await field('cc-name').fill('MARIA SILVA');
      await field('cc-exp').pressSequentially('1230');
      await field('cc-csc').pressSequentially('123');
      const charge = page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === `${shop}/checkout/charges`);
      await payButton(page);
      // Approved at once: the page leaves for the thank-you page before the answer's body can be read.
      assert.equal((await charge).status(), 201);
      await page.waitForURL(new RegExp(`^${shop}/obrigado\\.html\\?pedido=\\w+`));
    } finally {
      await context.close();
    }
  });

  it('the systemd unit runs the command with options it accepts, on the port shop.conf proxies to', () => {
    const execStart = /^ExecStart=(.+)$/m.exec(UNIT)?.[1];
    assert.ok(execStart);
    const [program, command, ...args] = execStart.split(' ');
    assert.match(program!, /\/node_modules\/\.bin\/pay-checkout$/);
    assert.equal(command, 'relay');
    const parsed = parseRelayArguments(args, { PAY_CHECKOUT_CLIENT_SECRET: 'from relay.env', PAY_CHECKOUT_WEBHOOK_SECRET: 'from relay.env' });
    assert.ok(parsed.ok && !parsed.help, parsed.ok ? 'help' : parsed.message);
    assert.equal(parsed.options.basePath, '/checkout');
    assert.equal(parsed.options.trustProxy, 1);
    assert.equal(`http://${parsed.options.host}:${parsed.options.port}`, /proxy_pass (\S+);/.exec(SITE)?.[1]);
    assert.match(UNIT, /^EnvironmentFile=\/etc\/pay-checkout\/relay\.env$/m);
  });
});
