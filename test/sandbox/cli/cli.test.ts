import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SCOPES } from '../../../src/contract/auth.js';
import {
  parseKeyArgument,
  parseSandboxArguments,
  startBanner,
  withCommandKeys,
  type SandboxCommandOptions,
} from '../../../src/sandbox/cli/cli-options.js';
import { DEFAULT_API_KEY, defaultFixture } from '../../../src/sandbox/world/fixture.js';
import { serveSandbox } from '../../../src/sandbox/cli/serve.js';
import type { SandboxFixture } from '../../../src/sandbox/world/state.js';

const bin = fileURLToPath(new URL('../../../bin/pay-checkout.js', import.meta.url));
const SPAWN_TIMEOUT_MS = 15_000;

interface CliProcess {
  child: ChildProcess;
  /** Lines of stdout so far. */
  out: string[];
  err(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnSandbox(args: string[]): CliProcess {
  const child = spawn(process.execPath, [bin, 'sandbox', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  let stderr = '';
  createInterface({ input: child.stdout! }).on('line', (line) => out.push(line));
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, out, err: () => stderr, exited };
}

/** Waits for the first stdout line and answers the base URL it announces. */
async function listeningUrl(cli: CliProcess): Promise<string> {
  const deadline = Date.now() + SPAWN_TIMEOUT_MS;
  while (cli.out.length === 0) {
    if (cli.child.exitCode !== null) throw new Error(`sandbox exited ${cli.child.exitCode}: ${cli.err()}`);
    if (Date.now() > deadline) throw new Error('sandbox printed nothing');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const match = /^pay-checkout sandbox listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(cli.out[0]!);
  assert.ok(match, `unexpected first line: ${cli.out[0]}`);
  assert.notEqual(Number(match[2]), 0);
  return match[1]!;
}

/** Runs a command that must end by itself; answers its exit code and output. */
async function runToExit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = spawnSandbox(args);
  try {
    const { code } = await cli.exited;
    return { code, stdout: cli.out.join('\n'), stderr: cli.err() };
  } finally {
    cli.child.kill('SIGKILL');
  }
}

async function requestToken(url: string, clientId: string, clientSecret: string): Promise<Response> {
  return fetch(`${url}/public_api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret }),
  });
}

async function accessToken(url: string, clientId: string, clientSecret: string): Promise<{ token: string; scope: string }> {
  const response = await requestToken(url, clientId, clientSecret);
  assert.equal(response.status, 200);
  const body = (await response.json()) as { access_token: string; scope: string };
  return { token: body.access_token, scope: body.scope };
}

const get = (url: string, path: string, token: string) => fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });

const CARD = { holderName: 'ANA SOUZA', number: '4111111111111111', expMonth: '12', expYear: '2099', cvv: '123' };
const tokenizeCard = (url: string, publicClientId: string) =>
  fetch(`${url}/public_api/card-tokens/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-client-id': publicClientId },
    body: JSON.stringify(CARD),
  });

/** A small world: one account, one product with two offers, one secret key. */
function smallFixture(): SandboxFixture {
  const full = defaultFixture();
  return {
    accounts: [full.accounts[0]!],
    apiKeys: [{ clientId: 'fixture-client', clientSecret: 'fixture-secret', scopes: ['read', 'offers'], accountId: full.accounts[0]!.id }],
    publicKeys: [],
    products: full.products.filter((product) => product.id === 'prod_foto'),
    offers: full.offers.filter((offer) => offer.id === '77BcHrY' || offer.id === 'FOTOprm'),
    checkouts: [],
    affiliates: [],
    orders: [],
  };
}

describe('pay-checkout sandbox (spawned)', { concurrency: true, timeout: 30_000 }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'pay-checkout-sandbox-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints its URL, then the default credentials, which get a token that reads the fees', async () => {
    const cli = spawnSandbox(['--port', '0']);
    try {
      const url = await listeningUrl(cli);
      while (cli.out.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      const credentials = cli.out.slice(1).join('\n');
      assert.match(credentials, /client_id sandbox-client\s+client_secret sandbox-secret/);
      assert.match(credentials, /X-client-id sandbox-public/);
      const { token, scope } = await accessToken(url, DEFAULT_API_KEY.clientId, DEFAULT_API_KEY.clientSecret);
      assert.deepEqual(scope.split(' ').sort(), [...SCOPES].sort());
      const fees = await get(url, '/public_api/fees/', token);
      assert.equal(fees.status, 200);
      assert.ok(Array.isArray(((await fees.json()) as { paymentMethods: unknown }).paymentMethods));
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('--key gives a token with exactly its scopes and replaces the default keys; --public-key replaces sandbox-public', async () => {
    const cli = spawnSandbox([
      '--port', '0',
      '--key', 'ci-client:ci:secret:read offers',
      '--key', 'ci-writer:w-secret:write,payments',
      '--public-key', 'ci-public:card_tokens',
    ]);
    try {
      const url = await listeningUrl(cli);
      // Keys given on the command line are not echoed back.
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.doesNotMatch(cli.out.join('\n'), /ci:secret|secret key:|public key:/);

      const reader = await accessToken(url, 'ci-client', 'ci:secret');
      assert.equal(reader.scope, 'read offers');
      assert.equal((await accessToken(url, 'ci-writer', 'w-secret')).scope, 'write payments');
      assert.equal((await get(url, '/public_api/offers/', reader.token)).status, 200);
      assert.equal((await get(url, '/public_api/fees/', reader.token)).status, 403);

      const defaultKey = await requestToken(url, DEFAULT_API_KEY.clientId, DEFAULT_API_KEY.clientSecret);
      assert.equal(defaultKey.status, 401);
      assert.deepEqual(await defaultKey.json(), { error: 'invalid_client' });

      assert.equal((await tokenizeCard(url, 'ci-public')).status, 201);
      assert.equal((await tokenizeCard(url, 'sandbox-public')).status, 401);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('exits 2 naming an unknown scope of --key, with the usage', async () => {
    const { code, stderr } = await runToExit(['--port', '0', '--key', 'a:b:read,paymentz']);
    assert.equal(code, 2);
    assert.match(stderr, /"paymentz"/);
    assert.match(stderr, /Usage: pay-checkout sandbox/);
  });

  it('exits 2 with the usage for a bad port', async () => {
    const { code, stderr } = await runToExit(['--port', '65536']);
    assert.equal(code, 2);
    assert.match(stderr, /--port "65536"/);
    assert.match(stderr, /Usage: pay-checkout sandbox/);
  });

  it('--fixture serves the file\'s world instead of the default one', async () => {
    const file = join(dir, 'small.json');
    writeFileSync(file, JSON.stringify(smallFixture()));
    const cli = spawnSandbox(['--port', '0', '--fixture', file]);
    try {
      const url = await listeningUrl(cli);
      const { token } = await accessToken(url, 'fixture-client', 'fixture-secret');
      const offers = await get(url, '/public_api/offers/', token);
      assert.equal(offers.status, 200);
      const body = (await offers.json()) as { count: number; results: Array<{ id: string }> };
      assert.equal(body.count, 2);
      assert.deepEqual(body.results.map((offer) => offer.id).sort(), ['77BcHrY', 'FOTOprm']);
      assert.equal((await requestToken(url, DEFAULT_API_KEY.clientId, DEFAULT_API_KEY.clientSecret)).status, 401);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('exits 2 for an invalid fixture, naming the JSON path of the problem', async () => {
    const broken = smallFixture();
    (broken.products[0] as { currency: string }).currency = 'XYZ';
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    const { code, stderr, stdout } = await runToExit(['--port', '0', '--fixture', file]);
    assert.equal(code, 2);
    assert.match(stderr, /products\[0\]\.currency: "XYZ"/);
    assert.equal(stdout, '');
  });

  it('exits 1 when the port is already taken', async () => {
    const taken = await serveSandbox({ port: 0 });
    try {
      const { code, stderr } = await runToExit(['--port', new URL(taken.url).port]);
      assert.equal(code, 1);
      assert.match(stderr, /cannot listen on 127\.0\.0\.1:\d+/);
    } finally {
      await taken.close();
    }
  });

  it('closes the server and exits 0 on SIGTERM', async () => {
    const cli = spawnSandbox(['--port', '0']);
    try {
      const url = await listeningUrl(cli);
      cli.child.kill('SIGTERM');
      const { code, signal } = await cli.exited;
      assert.equal(signal, null);
      assert.equal(code, 0);
      assert.match(cli.out.at(-1)!, /stopped \(SIGTERM\)/);
      await assert.rejects(fetch(`${url}/public_api/offers/`));
    } finally {
      cli.child.kill('SIGKILL');
    }
  });
});

describe('sandbox command arguments', () => {
  const parsed = (args: string[]): SandboxCommandOptions => {
    const result = parseSandboxArguments(args);
    assert.ok(result.ok, result.ok ? '' : result.message);
    return result.options;
  };
  const refused = (args: string[]): string => {
    const result = parseSandboxArguments(args);
    assert.equal(result.ok, false);
    return result.ok ? '' : result.message;
  };

  it('defaults to 127.0.0.1:4010 with the fixture\'s keys', () => {
    assert.deepEqual(parsed([]), { port: 4010, host: '127.0.0.1', keys: [], publicKey: undefined, fixtureFile: undefined, help: false });
  });

  it('takes --option value and --option=value, port 0 included', () => {
    const options = parsed(['--port=0', '--host', 'localhost', '--fixture', 'world.json']);
    assert.equal(options.port, 0);
    assert.equal(options.host, 'localhost');
    assert.equal(options.fixtureFile, 'world.json');
  });

  it('refuses a port that is not a whole number from 0 to 65535', () => {
    for (const port of ['-1', '65536', 'abc', '1.5', '']) assert.match(refused(['--port', port]), /--port/, port);
    assert.equal(parsed(['--port', '65535']).port, 65535);
  });

  it('takes an IP address or a host name, IPv6 with or without brackets, and refuses anything else', () => {
    assert.equal(parsed(['--host', '[::1]']).host, '::1');
    assert.equal(parsed(['--host', '::1']).host, '::1');
    assert.equal(parsed(['--host', 'sandbox.local']).host, 'sandbox.local');
    for (const host of ['bad host', 'http://127.0.0.1', '', '-x.example']) assert.match(refused([`--host=${host}`]), /--host/, host);
  });

  it('refuses unknown options, positional arguments and an option without its value', () => {
    assert.match(refused(['--verbose']), /--verbose/);
    assert.match(refused(['start']), /start/);
    assert.match(refused(['--key']), /--key/);
  });

  it('reads --key scopes comma-separated or space-separated, and lets the secret hold colons', () => {
    assert.deepEqual(parseKeyArgument('id:se:cr:et:read,offers'), { clientId: 'id', clientSecret: 'se:cr:et', scopes: ['read', 'offers'] });
    assert.deepEqual(parseKeyArgument('id:secret:read  payments'), { clientId: 'id', clientSecret: 'secret', scopes: ['read', 'payments'] });
  });

  it('refuses a --key without id, secret or scopes, or with an unknown scope', () => {
    assert.throws(() => parseKeyArgument(':secret:read'), /ID:SECRET:SCOPES/);
    assert.throws(() => parseKeyArgument('id:read'), /ID:SECRET:SCOPES/);
    assert.throws(() => parseKeyArgument('id::read'), /secret is empty/);
    assert.throws(() => parseKeyArgument('id:secret:'), /at least one scope/);
    assert.throws(() => parseKeyArgument('id:secret:read,Payments'), /--key "id:secret:read,Payments": .*"Payments"/);
  });

  it('refuses the same key id twice and reads --public-key', () => {
    assert.match(refused(['--key', 'a:1:read', '--key', 'a:2:write']), /"a" is given twice/);
    assert.deepEqual(parsed(['--public-key', 'pk:card_tokens']).publicKey, { clientId: 'pk', scopes: ['card_tokens'] });
    assert.match(refused(['--public-key', 'pk']), /ID:SCOPES/);
    assert.match(refused(['--public-key', 'pk:cards']), /"cards"/);
  });

  it('puts the command\'s keys on the fixture\'s first account, replacing the fixture\'s keys', () => {
    const fixture = defaultFixture();
    const options = parsed(['--key', 'k1:s1:read,offers', '--public-key', 'p1:card_tokens']);
    const result = withCommandKeys(fixture, options);
    assert.deepEqual(result.apiKeys, [{ clientId: 'k1', clientSecret: 's1', scopes: ['read', 'offers'], accountId: 'acc_main' }]);
    assert.deepEqual(result.publicKeys, [{ clientId: 'p1', scopes: ['card_tokens'], accountId: 'acc_main' }]);
    assert.deepEqual(withCommandKeys(fixture, parsed([])).apiKeys, fixture.apiKeys);
  });

  it('prints the URL first and the credentials only when not given on the command line', () => {
    const fixture = defaultFixture();
    const banner = startBanner('http://127.0.0.1:4010', fixture, parsed([]));
    assert.equal(banner[0], 'pay-checkout sandbox listening on http://127.0.0.1:4010');
    assert.match(banner.join('\n'), /sandbox-secret/);
    const given = startBanner('http://127.0.0.1:4010', fixture, parsed(['--key', 'k:s:read']));
    assert.doesNotMatch(given.join('\n'), /client_secret/);
    assert.match(given.join('\n'), /sandbox-public/);
  });
});

describe('serveSandbox', () => {
  it('serves the sandbox on a free loopback port and frees it on close', async () => {
    const served = await serveSandbox({ port: 0, host: '127.0.0.1' });
    const { token } = await accessToken(served.url, DEFAULT_API_KEY.clientId, DEFAULT_API_KEY.clientSecret);
    assert.match(served.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(new URL(served.url).port, '0');
    assert.equal((await get(served.url, '/public_api/offers/', token)).status, 200);
    await served.close();
    await assert.rejects(fetch(`${served.url}/public_api/offers/`));
  });

  it('passes sandbox options through: a fixture of its own', async () => {
    const served = await serveSandbox({ port: 0, fixture: smallFixture() });
    try {
      assert.equal(served.sandbox.world.offers.size, 2);
      assert.equal((await requestToken(served.url, 'fixture-client', 'fixture-secret')).status, 200);
    } finally {
      await served.close();
    }
  });

  it('rejects with the listen error when the port is taken', async () => {
    const first = await serveSandbox({ port: 0 });
    try {
      await assert.rejects(serveSandbox({ port: Number(new URL(first.url).port) }), { code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });
});
