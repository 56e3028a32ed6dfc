/**
 * README.md's "A merchant's first five minutes", steps 1 to 3, as a merchant follows them, in a
 * copy of the project of this test's own (its files as git sees them, the installed node_modules
 * linked in): the README's `npm run build`, run by the shell as printed; its `dist/cdn/` served by
 * a static server of this test's own with the README's page; the README's two commands run by
 * the shell as printed (`npx pay-checkout sandbox`, `npx pay-checkout relay …`), which in that
 * copy run the build's compiled command line; then a Pix and a test card paid in Chromium. One
 * thing differs from a merchant's machine: each port is a free one (the README's 4010, 4020 and
 * 8080 are put in its place everywhere, and `--port` added to the two commands). The copy keeps
 * the build from rewriting the dist/ other tests read while they run.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.js';
import { docFence, ROOT } from './markdown-fences.js';

const STEP_TIMEOUT_MS = 20_000;
/** The whole build, on a machine busy with the other tests running beside this one. */
const BUILD_TIMEOUT_MS = 240_000;
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The build command and the folder it writes, as README's step 1 names them. */
function readmeBuildStep(): { command: string; cdnDir: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const step = /1\. \*\*Put the widget on a page\.\*\* `([^`]+)` writes the script-tag build to `([^`]+)`/.exec(readme);
  assert.ok(step, "README's step 1 names no build command and folder");
  return { command: step[1]!, cdnDir: step[2]! };
}

/**
 * A copy of the project as a merchant's clone has it: the files git tracks or would track (none it
 * ignores, so no dist/), with the installed node_modules linked in.
 */
function merchantCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-readme-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of new Set(listed.split('\0').filter((name) => name !== ''))) {
    // A file deleted in the working tree but not yet in the index is listed and is not there.
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The README's commands, one per line once continuation lines are joined. */
function readmeCommands(): string[] {
  return docFence('readme-try-commands')
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/**
 * Runs one command line with bash, in a process group of its own (bash, npx and the command), so
 * it can be stopped as a whole; resolves once it prints `listening on URL`, with that URL.
 */
async function startCommand(line: string, cwd: string, children: ChildProcess[]): Promise<string> {
  const child = spawn('bash', ['-c', line], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL from: ${line}\n${stderr}`)), 60_000);
    lines.on('line', (text) => {
      const url = /listening on (\S+)$/.exec(text)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', (code) => reject(new Error(`${line} exited ${code}: ${stderr}`)));
  });
}

/** The static server: the build's files, and the README's page as index.html. */
async function serveStatic(dir: string, page: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>\n<html><body>\n${page}</body></html>\n`);
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(join(dir, path));
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe("README: a merchant's first five minutes, as printed", { timeout: 110_000 + BUILD_TIMEOUT_MS }, () => {
  const children: ChildProcess[] = [];
  let copyDir: string;
  let server: Server;
  let browser: Browser;
  let pageUrl: string;
  let sandboxUrl: string;
  let ports: Record<string, number>;

  before(async () => {
    ports = { '4010': await freePort(), '4020': await freePort(), '8080': await freePort() };
    const withPorts = (text: string) => text.replace(/127\.0\.0\.1:(4010|4020|8080)\b/g, (_, port: string) => `127.0.0.1:${ports[port]}`);
    copyDir = merchantCopy();
    const { command, cdnDir } = readmeBuildStep();
    execFileSync('bash', ['-c', command], { cwd: copyDir, stdio: 'pipe', timeout: BUILD_TIMEOUT_MS });
    server = await serveStatic(join(copyDir, cdnDir), withPorts(docFence('readme-try-page')), ports['8080']!);
    pageUrl = `http://127.0.0.1:${ports['8080']}/`;
    const [sandbox, relay] = readmeCommands();
    [sandboxUrl] = await Promise.all([
      startCommand(`${withPorts(sandbox!)} --port ${ports['4010']}`, copyDir, children),
      startCommand(`${withPorts(relay!)} --port ${ports['4020']}`, copyDir, children),
    ]);
    browser = await chromium.launch({ ...chromiumLaunchOptions(), timeout: STEP_TIMEOUT_MS });
  });

  after(async () => {
    await browser?.close();
    for (const child of children) if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    if (server) await new Promise((resolve) => server.close(resolve));
    if (copyDir) rmSync(copyDir, { recursive: true, force: true });
  });

  it('shows the build, the two commands and the page that go together', () => {
    assert.deepEqual(readmeBuildStep(), { command: 'npm run build', cdnDir: 'dist/cdn/' });
    // The build made the command line the two commands run in the copy, and the page's script.
    assert.ok(existsSync(join(copyDir, 'dist', 'cli.js')));
    assert.ok(existsSync(join(copyDir, 'dist', 'cdn', 'pay-checkout.js')));
    const commands = readmeCommands();
    assert.equal(commands.length, 2);
    assert.match(commands[0]!, /^npx pay-checkout sandbox$/);
    assert.match(commands[1]!, /^PAY_CHECKOUT_CLIENT_SECRET=sandbox-secret npx pay-checkout relay --api http:\/\/127\.0\.0\.1:4010 /);
    // The page's origin is the one the relay allows; the tag's relay is the relay's own address.
    assert.match(commands[1]!, /--allowed-origin http:\/\/127\.0\.0\.1:8080 /);
    assert.match(docFence('readme-try-page'), /relay="http:\/\/127\.0\.0\.1:4020"/);
  });

  /** Opens the README's page; answers it with the `pay-checkout:` console lines it writes. */
  async function openPage(): Promise<{ page: Page; notes: string[]; errors: string[] }> {
    const page = await browser.newPage();
    const notes: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('pay-checkout:')) notes.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pageUrl);
    await page.evaluate(() => {
      const checkout = document.querySelector('pay-checkout') as HTMLElement & { customer: unknown };
      // With the billing address: the relay's sandbox providers make the card a 3-D Secure one.
      checkout.customer = {
        name: 'Maria Silva',
        email: 'maria@example.com',
        phone: '11987654321',
        address: { zipcode: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      };
      (window as unknown as { paid: number }).paid = 0;
      document.addEventListener('pay-paid', () => ((window as unknown as { paid: number }).paid += 1));
    });
    return { page, notes, errors };
  }

  const methodsOf = (page: Page) => page.locator('pay-checkout input[name="method"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const waitForPaid = (page: Page) => page.waitForFunction(() => (window as unknown as { paid: number }).paid === 1, undefined, { timeout: STEP_TIMEOUT_MS });

  /** Presses pay; answers the relay's answer to `POST charges`. */
  async function pay(page: Page): Promise<{ id: string; status: string }> {
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/charges') && answer.request().method() === 'POST', { timeout: STEP_TIMEOUT_MS }),
      page.locator('pay-checkout [part="submit"]').click(),
    ]);
    assert.equal(response.status(), 201);
    return (await response.json()) as { id: string; status: string };
  }

  it('pays with Pix: the checkout offers the one-time offer\'s methods, one card choice among them; the order is paid through the sandbox and the page shows it', async () => {
    const { page, notes, errors } = await openPage();
    try {
      await page.locator('pay-checkout input[name="method"][value="pix"]').waitFor({ timeout: STEP_TIMEOUT_MS });
      // One card choice, charged as threeDs: the offer takes both card methods and the relay names a 3-D Secure provider.
      assert.deepEqual(await methodsOf(page), ['pix', 'boleto', 'threeDs']);
      await page.locator('pay-checkout input[name="method"][value="pix"]').check();
      const order = await pay(page);
      assert.equal(order.status, 'waiting_payment');
      const paid = await fetch(`${sandboxUrl}/__sandbox/orders/${order.id}/pay`, { method: 'POST' });
      assert.ok(paid.ok, `the sandbox answered ${paid.status}`);
      await waitForPaid(page);
      assert.deepEqual(notes, []);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('pays with the test card 4111 1111 1111 1111, profiled by the sandbox and authenticated frictionless', async () => {
    const { page, notes, errors } = await openPage();
    try {
      await page.locator('pay-checkout input[name="method"][value="threeDs"]').check({ timeout: STEP_TIMEOUT_MS });
      const field = (name: string) => page.locator(`pay-checkout input[name="${name}"]`);
      await field('cc-number').pressSequentially('4111111111111111');
      await field('cc-name').fill('MARIA SILVA');
      await field('cc-exp').pressSequentially('1230');
      await field('cc-csc').pressSequentially('123');
      const order = await pay(page);
      assert.equal(order.status, 'paid');
      await waitForPaid(page);
      assert.deepEqual(notes, []);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
