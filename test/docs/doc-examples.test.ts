/**
 * The code blocks of README.md and docs/*.md, each checked (test/docs/markdown-fences.ts says
 * how they are marked). This file holds the inventory, the excerpts, and every block that runs
 * in Node: the shell steps and answer samples of docs/relay.md, the snippets, command lines and
 * transcripts of docs/sandbox.md, the demo's banner and policy, the widget's themes. The blocks
 * that need a browser are in widget-examples.test.ts.
 *
 * How the package's own name resolves here: code in a block imports `pay-checkout/sandbox`,
 * `pay-checkout/relay` as a merchant writes it. Node resolves a package's own name only through
 * the "exports" of package.json, which point at dist/, and a fresh build of dist/ takes tens of
 * seconds on this machine (test/build/npm-build.ts does it for the build's own tests). So the
 * name is mapped to the sources by tsconfig.json's "paths", which tsx (the loader the Node
 * suites run under) applies at run time as tsc does when type-checking: a block runs against
 * the current sources in a few milliseconds, whether or not a stale dist/ is lying around. A
 * test below holds "paths" and "exports" together, and test/build/ssr.test.ts imports every
 * entry of the real build by the package's name.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createServer as createViteServer, type Logger, type ViteDevServer } from 'vite';
import { createShopServer } from '../../examples/relay/node-http.js';
import { runCli } from '../../src/cli.js';
import { createRelay, type ChargeAnswer, type PublicOrder } from '../../src/relay/index.js';
import { CLIENT_SECRET_ENV, parseRelayArguments, relayUsage, WEBHOOK_SECRET_ENV } from '../../src/relay/cli-options.js';
import { parseSandboxArguments, sandboxUsage } from '../../src/sandbox/cli/cli-options.js';
import { defaultFixture } from '../../src/sandbox/world/fixture.js';
import { parseFixture } from '../../src/sandbox/world/fixture-file.js';
import type { Sandbox, ServedSandbox } from '../../src/sandbox/index.js';
import { pixChargeBody } from '../sandbox/controls-requests.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { allFences, docFence, docFenceEntry, excerptMismatch, ROOT, sampleDifferences, type Fence } from './markdown-fences.js';

const run = promisify(execFile);

/** Runs `script` with bash (`set -e`: a failing line fails the block); answers its standard output. */
async function bash(script: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const { stdout } = await run('bash', ['-c', `set -e\n${script}`], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, timeout: 20_000 });
  return stdout;
}

/**
 * A TypeScript block as a module of its own, in a temporary directory, imported through tsx;
 * `epilogue` exports what the test looks at. Answers the module.
 */
async function runModuleBlock<T>(code: string, epilogue: string): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-doc-block-'));
  try {
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(dir, 'block.ts'), `${code}\n${epilogue}\n`);
    return (await import(pathToFileURL(join(dir, 'block.ts')).href)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function testSources(dir = join(ROOT, 'test')): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const [file, text] of testSources(path)) found.set(file, text);
    else if (entry.name.endsWith('.test.ts')) found.set(relative(ROOT, path), readFileSync(path, 'utf8'));
  }
  return found;
}

const where = (fence: Fence) => `${fence.file}:${fence.line}`;

describe('the code blocks of README.md and docs/*.md', () => {
  const fences = allFences();

  it('are all marked with how they are checked', () => {
    assert.ok(fences.length > 30, `only ${fences.length} code blocks found: is the parser broken?`);
    const unmarked = fences.filter((fence) => fence.check === undefined).map((fence) => `${where(fence)} ${fence.marker ?? '(no <!-- doc-check: … --> line before it)'}`);
    assert.deepEqual(unmarked, []);
  });

  it('are each run or compared by a test, under a name of their own', () => {
    const names = fences.flatMap((fence) => (fence.check?.kind === 'run' ? [fence.check.name] : []));
    assert.deepEqual(names.filter((name, index) => names.indexOf(name) !== index), [], 'a name is given twice');
    const claimed = new Set<string>();
    for (const source of testSources().values()) {
      for (const match of source.matchAll(/docFence(?:Entry)?\('([^']+)'\)/g)) claimed.add(match[1]!);
    }
    assert.deepEqual(names.filter((name) => !claimed.has(name)), [], 'blocks no test takes');
    assert.deepEqual([...claimed].filter((name) => !names.includes(name)), [], 'tests of blocks that are gone');
  });

  for (const fence of fences) {
    const check = fence.check;
    if (check?.kind !== 'excerpt') continue;
    it(`${where(fence)} is an excerpt of ${check.path}`, () => {
      const file = join(ROOT, check.path);
      assert.ok(existsSync(file), `${check.path} does not exist`);
      const mismatch = excerptMismatch(fence.text, readFileSync(file, 'utf8'));
      assert.equal(mismatch, undefined, mismatch);
    });
  }

  it('are excerpts only of examples that a test runs', () => {
    const sources = [...testSources().values()];
    const examples = [...new Set(fences.flatMap((fence) => (fence.check?.kind === 'excerpt' && fence.check.path.startsWith('examples/') ? [fence.check.path] : [])))];
    assert.ok(examples.length >= 5);
    const unrun = examples.filter((path) => {
      const module = path.replace(/\.ts$/, '');
      // A module is imported by its .js or .ts name; a configuration file (nginx, systemd) is read by its own.
      return !sources.some((text) => text.includes(`${module}.js'`) || text.includes(`${module}.ts'`) || text.includes(`'${path}'`));
    });
    assert.deepEqual(unrun, []);
  });

  it('import the package by names that tsconfig.json maps to the sources of package.json "exports"', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | { default: string }> };
    const tsconfig = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const paths = (JSON.parse(tsconfig) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
    const expected: Record<string, string[]> = {};
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue;
      const source = target.default.replace(/^\.\/dist\//, './src/').replace(/\.js$/, '.ts');
      assert.ok(existsSync(join(ROOT, source)), `${entry}: ${source} does not exist`);
      expected[entry === '.' ? manifest.name : `${manifest.name}${entry.slice(1)}`] = [source];
    }
    assert.deepEqual(paths, expected);
  });

  it('and the pages around them name only files that exist', () => {
    const missing: string[] = [];
    for (const file of ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)]) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const named = [...text.matchAll(/`((?:src|test|examples|demo|scripts|docs|bench|bin)\/[^`\s]*)`/g)].map((match) => match[1]!);
      const linked = [...text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => relative(ROOT, join(ROOT, dirname(file), match[1]!)));
      for (const path of [...named, ...linked]) {
        if (/[*<>{}…]/.test(path)) continue;
        if (!existsSync(join(ROOT, path.replace(/:\d+$/, '')))) missing.push(`${file}: ${path}`);
      }
    }
    assert.deepEqual(missing, []);
  });
});

describe('README.md and docs/demo.md: the two commands', () => {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  /** `npm install && npm start` → ['start']: the scripts a block runs, each of which must exist. */
  function npmScripts(block: string): string[] {
    const commands = block.trim().split('&&').map((command) => command.trim());
    assert.equal(commands[0], 'npm install');
    return commands.slice(1).map((command) => {
      const match = /^npm (?:run )?([\w:-]+)$/.exec(command);
      assert.ok(match, `not an npm script: ${command}`);
      assert.ok(scripts[match[1]!], `package.json has no "${match[1]}" script`);
      return match[1]!;
    });
  }

  it('starts the demo with `npm start`, which is vite with vite.config.ts (started below as it does)', () => {
    assert.deepEqual(npmScripts(docFence('readme-start')), ['start']);
    assert.deepEqual(npmScripts(docFence('demo-start')), ['start']);
    assert.equal(scripts['start'], 'vite');
  });

  it('runs every test with `npm test` (scripts/test.js, after the pretest step)', () => {
    assert.deepEqual(npmScripts(docFence('readme-test')), ['test']);
    assert.equal(scripts['test'], 'node scripts/test.js');
    assert.equal(scripts['pretest'], 'node scripts/pretest.js');
    // What the README says the run ends with: the summary line scripts/test.js prints.
    assert.match(readFileSync(join(ROOT, 'scripts/test.js'), 'utf8'), /passed, \$\{totals\.failed\} failed/);
  });
});

describe('docs/relay.md', () => {
  const SHOP_SETTINGS = { clientId: 'sandbox-client', publicClientId: 'sandbox-public', offers: ['77BcHrY'], allowedOrigins: [] as string[] };
  let running: RunningSandbox;
  let shop: Server;
  let shopPort: number;
  let env: Record<string, string>;

  /** A shell block of the page as it runs here: the sandbox's and the shop's real ports. */
  const onThisMachine = (block: string) =>
    block.replaceAll('http://127.0.0.1:4010', running.baseUrl).replaceAll('localhost:3000', `localhost:${shopPort}`).replaceAll('127.0.0.1:3000', `127.0.0.1:${shopPort}`);

  async function charge(body: unknown): Promise<Response> {
    return fetch(`http://127.0.0.1:${shopPort}/checkout/charges`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
  }

  before(async () => {
    running = await startSandbox();
    // The five-minute path: the secrets come from the environment the page's `export` lines set.
    // None of this process's own PAY_CHECKOUT_ variables (npm test names its shared builds in one) reach the shell.
    const inherited = Object.fromEntries(Object.keys(process.env).filter((name) => name.startsWith('PAY_CHECKOUT_')).map((name) => [name, undefined]));
    const exported = await bash(`${docFence('relay-env')}\nenv`, { env: { ...inherited, PAY_CHECKOUT_CLIENT_SECRET: '', PAY_CHECKOUT_WEBHOOK_SECRET: '' } });
    env = Object.fromEntries(exported.split('\n').filter((line) => line.startsWith('PAY_CHECKOUT_')).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    shop = createShopServer({ apiBaseUrl: running.baseUrl, ...SHOP_SETTINGS }, env);
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopPort = (shop.address() as AddressInfo).port;
  });

  after(async () => {
    shop?.closeAllConnections();
    await new Promise((resolve) => shop?.close(resolve));
    await running?.close();
  });

  it('sets the two secrets of the five-minute path with `export`', () => {
    assert.deepEqual(Object.keys(env).sort(), [CLIENT_SECRET_ENV, WEBHOOK_SECRET_ENV]);
    assert.equal(env[CLIENT_SECRET_ENV], 'sandbox-secret');
  });

  it('answers the curl of the five-minute path with the config the page shows', async () => {
    const answer = JSON.parse(await bash(onThisMachine(docFence('relay-config-curl')))) as unknown;
    const sample = JSON.parse(docFence('relay-config-answer')) as unknown;
    assert.deepEqual(sampleDifferences(sample, answer, { partialArrays: ['$.installments'], replace: (text) => text.replaceAll('http://127.0.0.1:4010', running.baseUrl) }), []);
    // "(instalments 3 to 11 left out)": the sample shows the others.
    assert.deepEqual((answer as { installments: { installments: number }[] }).installments.map((option) => option.installments), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.deepEqual((sample as { installments: { installments: number }[] }).installments.map((option) => option.installments), [1, 2, 12]);
  });

  it('answers a Pix charge with the public view the page shows', async () => {
    const response = await charge(pixChargeBody());
    assert.equal(response.status, 201);
    assert.deepEqual(sampleDifferences(JSON.parse(docFence('relay-charge-answer')), await response.json()), []);
  });

  it('takes the payment of an order through the webhook the curl lines register', async () => {
    const order = (await (await charge(pixChargeBody())).json()) as ChargeAnswer;
    // Each curl's answer on a line of its own, to read them apart.
    const output = await bash(`curl() { command curl "$@"; echo; }\n${onThisMachine(docFence('relay-webhook-curl')).replaceAll('ORDER_ID', order.id)}`);
    const [registered, paid] = output.trim().split('\n');
    assert.equal((JSON.parse(paid!) as { status: string }).status, 'paid', paid);
    assert.equal((JSON.parse(registered!) as { url: string }).url, `http://127.0.0.1:${shopPort}/checkout/webhooks`);
    // The relay learns it from the sandbox's delivery, signed with the secret of the export line.
    const deadline = Date.now() + 5_000;
    let status = '';
    while (status !== 'paid' && Date.now() < deadline) {
      const deliveries = (await (await fetch(`${running.baseUrl}/__sandbox/webhooks/deliveries?event=purchase_approved`)).json()) as { results: { orderId: string; attempts: { status: number | null }[] }[] };
      const delivered = deliveries.results.find((delivery) => delivery.orderId === order.id)?.attempts.some((attempt) => attempt.status === 200);
      if (delivered) status = ((await (await fetch(`http://127.0.0.1:${shopPort}/checkout/orders/${order.id}`, { headers: { Authorization: `Bearer ${order.orderToken}` } })).json()) as PublicOrder).status;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(status, 'paid');
  });

  it('refuses a malformed e-mail with the error the page shows', async () => {
    const body = pixChargeBody();
    const response = await charge({ ...body, customer: { ...body.customer, email: 'maria.example.com' } });
    assert.equal(response.status, 400);
    assert.deepEqual(sampleDifferences(JSON.parse(docFence('relay-error-answer')), await response.json()), []);
  });

  it('streams an order\'s status as the transcript shows: the current status, keep-alives, each change, then the end', async () => {
    const relay = createRelay({
      apiBaseUrl: running.baseUrl,
      clientId: 'sandbox-client',
      clientSecret: 'sandbox-secret',
      publicClientId: 'sandbox-public',
      offers: ['77BcHrY'],
      // Fast enough for a test: keep-alives every 20 ms, the order read again from the API after 50 ms.
      events: { keepAliveMs: 20, pollMs: 50, maxPollMs: 50 },
    });
    const created = await relay.fetch(
      new Request('http://shop.test/charges', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify(pixChargeBody()) }),
    );
    const order = (await created.json()) as ChargeAnswer;
    const stream = await relay.fetch(new Request(`http://shop.test/orders/${order.id}/events?token=${order.orderToken}`));
    assert.equal(stream.headers.get('Content-Type'), 'text/event-stream; charset=utf-8');
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': keep-alive\n\n')) text += (await reader.read()).value ?? '';
    assert.equal((await fetch(`${running.baseUrl}/__sandbox/orders/${order.id}/pay`, { method: 'POST' })).status, 200);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;

    const blocks = (transcript: string) => transcript.split('\n\n').filter((block) => block !== '').map((block) => block.split('\n'));
    const real = blocks(text);
    const sample = blocks(docFence('relay-event-stream'));
    const same = (shown: string[], sent: string[]) =>
      shown.length === sent.length &&
      shown.every((line, index) =>
        line.startsWith('data: ') && sent[index]!.startsWith('data: ')
          ? sampleDifferences(JSON.parse(line.slice(6)), JSON.parse(sent[index]!.slice(6))).length === 0
          : line === sent[index],
      );
    assert.ok(same(sample[0]!, real[0]!), `the first event: ${real[0]!.join('\\n')}`);
    assert.ok(same(sample.at(-1)!, real.at(-1)!), `the last event: ${real.at(-1)!.join('\\n')}`);
    let from = 0;
    for (const shown of sample) {
      const at = real.findIndex((sent, index) => index >= from && same(shown, sent));
      assert.ok(at >= 0, `not sent, in this order: ${shown.join('\\n')}\nsent:\n${text}`);
      from = at + 1;
    }
  });

  it('draws the card data going to the API, never through the relay', async () => {
    const figure = docFence('relay-data-flow');
    assert.match(figure, /browser \(widget\) ──► your server: relay ──► Public API/);
    assert.match(figure, /card number, CVV, expiry/);
    // The browser is told to tokenize at the API itself, with the public client id…
    const config = (await (await fetch(`http://127.0.0.1:${shopPort}/checkout/config?offer=77BcHrY`)).json()) as { tokenization: { url: string; publicClientId: string } };
    assert.equal(config.tokenization.url, `${running.baseUrl}/public_api/card-tokens/`);
    assert.equal(config.tokenization.publicClientId, 'sandbox-public');
    // …and the relay refuses a card number.
    const refused = await charge({ ...pixChargeBody(), card: { number: '4111111111111111' } });
    assert.equal(refused.status, 400);
    assert.equal(((await refused.json()) as { error: { type: string } }).error.type, 'card_data_refused');
  });

  it('gives the relay command with exactly its required flags and secret variables', () => {
    const block = docFence('relay-command').replace(/\\\n/g, ' ');
    const words = block.trim().split(/\s+/);
    const variables = words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.slice(0, word.indexOf('=')));
    assert.deepEqual(variables, [CLIENT_SECRET_ENV, WEBHOOK_SECRET_ENV]);
    const command = words.slice(variables.length);
    assert.deepEqual(command.slice(0, 3), ['npx', 'pay-checkout', 'relay']);
    assert.equal(command.at(-1), '[options]');
    const flags = command.slice(3, -1);
    const values: Record<string, string> = { URL: 'http://127.0.0.1:4010', ID: 'an-id', 'A,B': 'A,B' };
    const args = flags.map((word) => (word.startsWith('--') ? word : values[word] ?? word));
    const secrets = { [CLIENT_SECRET_ENV]: 'a-secret', [WEBHOOK_SECRET_ENV]: 'another-secret' };
    assert.equal(parseRelayArguments(args, secrets).ok, true, 'the command line as shown is refused');
    // Each flag shown is required: without it the command refuses to start.
    for (let index = 0; index < args.length; index += 2) {
      const without = [...args.slice(0, index), ...args.slice(index + 2)];
      assert.equal(parseRelayArguments(without, secrets).ok, false, `${args[index]} is shown but not required`);
    }
    assert.equal(parseRelayArguments(args, { [WEBHOOK_SECRET_ENV]: 'another-secret' }).ok, false, `${CLIENT_SECRET_ENV} is shown but not required`);
    // And nothing else is: the help's "Required" flags are these, the secret's flag aside.
    const usage = relayUsage();
    const required = usage.slice(usage.indexOf('Required:') + 1, usage.indexOf('', usage.indexOf('Required:'))).map((line) => line.trim().split(/\s+/)[0]);
    assert.deepEqual(required.filter((flag) => flag !== '--client-secret'), flags.filter((word) => word.startsWith('--')));
  });
});

describe('docs/sandbox.md', () => {
  it('gives the command with every option it takes, and their defaults', () => {
    const block = docFence('sandbox-command').trim();
    assert.ok(block.startsWith('npx pay-checkout sandbox '), block);
    const shown = [...block.matchAll(/\[(--[\w-]+) ([^\]]+)\]/g)].map((match) => ({ flag: match[1]!, value: match[2]! }));
    const inUsage = sandboxUsage()
      .map((line) => /^ {2}(--[\w-]+)/.exec(line)?.[1])
      .filter((flag): flag is string => flag !== undefined && flag !== '--help');
    assert.deepEqual(shown.map((option) => option.flag), inUsage);
    // A value that is not a placeholder is the default: giving it changes nothing.
    const concrete = shown.filter((option) => !/^[A-Z:]+$/.test(option.value));
    assert.deepEqual(concrete.map((option) => option.flag), ['--port', '--host']);
    assert.deepEqual(parseSandboxArguments(concrete.flatMap((option) => [option.flag, option.value])), parseSandboxArguments([]));
  });

  it('prints the banner the page shows, and stops on SIGTERM with exit code 0', async () => {
    // `npx pay-checkout sandbox` runs the package's bin; --port 0 so that a busy 4010 cannot fail the test.
    const child = spawn(process.execPath, [join(ROOT, 'bin/pay-checkout.js'), 'sandbox', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      const deadline = Date.now() + 20_000;
      while (!stdout.includes('docs/sandbox.md\n') && Date.now() < deadline && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      assert.ok(url, `no URL printed:\n${stdout}\n${stderr}`);
      assert.equal(stdout, docFence('sandbox-banner').replaceAll('http://127.0.0.1:4010', url));
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await exited;
    assert.equal(code, 0, stderr);
    assert.ok(stdout.endsWith('pay-checkout sandbox stopped (SIGTERM)\n'), stdout);
  });

  it('runs the in-process example: a token from the fetch handler, the clock, the world, reset and close', async () => {
    const block = await runModuleBlock<{ sandbox: Sandbox; response: Response }>(docFence('sandbox-in-process'), 'export { sandbox, response };');
    assert.equal(block.response.status, 200);
    const token = (await block.response.json()) as { access_token: string; expires_in: number };
    assert.equal(token.expires_in, 36000);
    assert.equal(block.sandbox.world.orders.size, defaultFixture().orders.length, 'the world after reset is the fixture again');
  });

  it('runs the on-a-port example: a URL without a trailing slash, closed at the end', async () => {
    const block = await runModuleBlock<{ served: ServedSandbox }>(docFence('sandbox-on-a-port'), 'export { served };');
    assert.match(block.served.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    await assert.rejects(fetch(`${block.served.url}/__sandbox/clock`), 'the sandbox still answers after close()');
  });

  it('writes the default fixture as JSON with the one-liner, and the sandbox takes it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-doc-fixture-'));
    try {
      // A merchant's project resolves `pay-checkout/sandbox` from node_modules; here tsx maps it
      // to the sources (see the top of this file), for the `node` of the line as it is written.
      await bash(docFence('sandbox-fixture-json'), { cwd: dir, env: { NODE_OPTIONS: `--import=${import.meta.resolve('tsx')}`, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json') } });
      const written = JSON.parse(readFileSync(join(dir, 'world.json'), 'utf8')) as unknown;
      assert.deepEqual(written, JSON.parse(JSON.stringify(defaultFixture())));
      assert.equal(parseFixture(written).success, true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints the fixture problems the page shows, by JSON path, and exits with code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-doc-fixture-'));
    try {
      // What the paragraph before the block says the file has.
      const world = JSON.parse(JSON.stringify(defaultFixture())) as { products: { currency: string }[]; offers: { price: number }[] };
      world.products[0]!.currency = 'XYZ';
      world.offers[5]!.price = -1;
      const file = join(dir, 'world.json');
      writeFileSync(file, JSON.stringify(world, null, 2));
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(['sandbox', '--fixture', file], { out: (line) => out.push(line), err: (line) => err.push(line) });
      assert.equal(code, 2);
      assert.deepEqual(out, []);
      assert.equal(`${err.join('\n')}\n`.replace(file, 'world.json'), docFence('sandbox-fixture-errors'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docs/demo.md: what `npm start` prints and serves', () => {
  let server: ViteDevServer;
  const logged: string[] = [];

  before(async () => {
    const record = (message: string) => void logged.push(message);
    const logger: Logger = {
      info: record,
      warn: () => undefined,
      warnOnce: () => undefined,
      error: record,
      clearScreen: () => undefined,
      hasErrorLogged: () => false,
      hasWarned: false,
    };
    // What the `vite` command does: the project's config, listen, then print the URLs.
    server = await createViteServer({
      configFile: join(ROOT, 'vite.config.ts'),
      root: join(ROOT, 'demo'),
      customLogger: logger,
      server: { host: '127.0.0.1', port: 0, strictPort: false, watch: null },
    });
    await server.listen();
    server.printUrls();
  });

  after(async () => {
    await server?.close();
  });

  const pageUrl = () => server.resolvedUrls!.local[0]!;

  async function banner(): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const first = logged.findIndex((message) => message.startsWith('  pay-checkout demo: '));
      if (first >= 0 && logged.length >= first + 3) return logged.slice(first, first + 3);
      if (Date.now() > deadline) throw new Error(`no banner:\n${logged.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const sandboxUrl = async () => /sandbox (http:\/\/127\.0\.0\.1:\d+)/.exec((await banner())[1]!)![1]!;

  it('prints the banner the page shows', async () => {
    const printed = (await banner()).join('\n');
    const port = new URL(pageUrl()).port;
    const shown = docFence('demo-banner').replaceAll('127.0.0.1:5173', `127.0.0.1:${port}`).replaceAll('http://127.0.0.1:41234', await sandboxUrl());
    assert.equal(`${printed.replace(/\n$/, '')}\n`, shown);
  });

  it('serves the page with the Content-Security-Policy the page shows', async () => {
    const response = await fetch(pageUrl(), { headers: { Accept: 'text/html' } });
    assert.equal(response.status, 200);
    const port = new URL(pageUrl()).port;
    const shown = docFence('demo-csp').trim().split('\n').join(' ').replaceAll('SANDBOX', await sandboxUrl()).replaceAll('ws://127.0.0.1:5173', `ws://127.0.0.1:${port}`);
    assert.equal(response.headers.get('Content-Security-Policy'), shown);
  });
});

describe('docs/widget.md: the two themes', () => {
  /** `pay-checkout { --a: b; … }` or a style attribute's `--a: b; …`, as a map. */
  function declarations(css: string): Record<string, string> {
    const body = css.includes('{') ? css.slice(css.indexOf('{') + 1, css.lastIndexOf('}')) : css;
    return Object.fromEntries(
      body
        .split(';')
        .map((part) => part.replace(/\s+/g, ' ').trim())
        .filter((part) => part !== '')
        .map((part) => [part.slice(0, part.indexOf(':')).trim(), part.slice(part.indexOf(':') + 1).trim()]),
    );
  }

  function luminance(hex: string): number {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  }

  function contrast(a: string, b: string): number {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  }

  /** What each figure of the paragraph before a theme measures: a colour against another. */
  const FIGURES: Record<string, [string, string]> = {
    text: ['--pay-color-text', '--pay-color-background'],
    muted: ['--pay-color-muted', '--pay-color-background'],
    error: ['--pay-color-error', '--pay-color-background'],
    primary: ['--pay-color-primary', '--pay-color-background'],
    'focus ring': ['--pay-color-focus', '--pay-color-background'],
    border: ['--pay-color-border', '--pay-color-background'],
    "the pay button's text on the primary": ['--pay-color-on-primary', '--pay-color-primary'],
  };

  const browserTest = readFileSync(join(ROOT, 'test/widget/checkout/checkout.browser.test.ts'), 'utf8');
  const testedThemes = [...browserTest.matchAll(/style="([^"]*--pay-color-primary[^"]*)"/g)].map((match) => declarations(match[1]!));

  const themes: Record<string, () => Fence> = {
    light: () => docFenceEntry('widget-light-theme'),
    dark: () => docFenceEntry('widget-dark-theme'),
  };
  for (const [name, themeFence] of Object.entries(themes)) {
    it(`the ${name} theme is one the browser tests check with axe, with the contrast its paragraph says`, () => {
      const fence = themeFence();
      const theme = declarations(fence.text);
      assert.ok(
        testedThemes.some((tested) => JSON.stringify(tested) === JSON.stringify(theme)),
        `no pay-checkout in test/widget/checkout/checkout.browser.test.ts has these properties: ${JSON.stringify(theme)}`,
      );
      for (const [label, [foreground, background]] of Object.entries(FIGURES)) {
        const ratio = contrast(theme[foreground]!, theme[background]!).toFixed(1);
        assert.ok(fence.intro.includes(`${label} ${ratio}:1`), `"${label} ${ratio}:1" is not in: ${fence.intro}`);
      }
      for (const text of ['text', 'muted', 'error', 'primary', "the pay button's text on the primary"]) {
        const [foreground, background] = FIGURES[text]!;
        assert.ok(contrast(theme[foreground]!, theme[background]!) >= 4.5, `${text} is under 4.5:1`);
      }
    });
  }
});
