import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { startRedisServer } from '../store/redis-server.js';
import { parseRelayArguments } from '../../src/relay/cli-options.js';
import { CLIENT_ID, CLIENT_SECRET, PUBLIC_CLIENT_ID } from './relay-harness.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/pay-checkout.js', import.meta.url));

type CommandFailure = NodeJS.ErrnoException & { code: number; stdout: string; stderr: string };

function failsWith(args: string[], code: number, pattern: RegExp, env: NodeJS.ProcessEnv = {}) {
  return assert.rejects(run(process.execPath, [bin, 'relay', ...args], { env: { ...process.env, ...env } }), (error: CommandFailure) => {
    assert.equal(error.code, code);
    assert.match(error.stderr, pattern);
    return true;
  });
}

describe('pay-checkout relay', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  it('serves the relay, prints one line with its URL, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [bin, 'relay', '--api', running.baseUrl, '--client-id', CLIENT_ID, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', '77BcHrY,FOTOprm', '--port', '0', '--base-path', '/pay'],
      { env: { ...process.env, PAY_CHECKOUT_CLIENT_SECRET: CLIENT_SECRET, PAY_CHECKOUT_WEBHOOK_SECRET: 'whsec-cli' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const lines = createInterface({ input: child.stdout! });
      const stdout: string[] = [];
      lines.on('line', (line) => stdout.push(line));
      const [first] = (await once(lines, 'line')) as [string];
      const match = /^pay-checkout relay listening on (http:\/\/127\.0\.0\.1:\d+\/pay)$/.exec(first);
      assert.ok(match, first);
      const url = match[1]!;

      const config = await fetch(`${url}/config?offer=FOTOprm`);
      assert.equal(config.status, 200);
      assert.equal(((await config.json()) as { tokenization: { publicClientId: string } }).tokenization.publicClientId, PUBLIC_CLIENT_ID);
      const refused = await fetch(`${url}/config?offer=ENGLusd`);
      assert.equal(refused.status, 404);
      // The webhook secret from the environment enabled the route.
      const webhook = await fetch(`${url}/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"secret":"no"}' });
      assert.equal(webhook.status, 401);

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number];
      assert.equal(code, 0);
      assert.deepEqual(stdout, [first], 'one line on standard output');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('says at start, on standard error, that the API refused its client secret', async () => {
    const child = spawn(
      process.execPath,
      [bin, 'relay', '--api', running.baseUrl, '--client-id', CLIENT_ID, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', '77BcHrY', '--port', '0'],
      { env: { ...process.env, PAY_CHECKOUT_CLIENT_SECRET: 'not-the-secret' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const [first] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      assert.match(first, /^pay-checkout relay listening on /);
      const [said] = (await once(createInterface({ input: child.stderr! }), 'line')) as [string];
      assert.match(said, /AuthenticationError.*401/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('keeps its state in Redis with --redis', async () => {
    const redis = await startRedisServer();
    const child = spawn(
      process.execPath,
      [bin, 'relay', '--api', running.baseUrl, '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', '77BcHrY', '--port', '0', '--redis', redis.url],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const inspector = new Redis(redis.url);
    try {
      const [first] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      const url = /listening on (\S+)$/.exec(first)![1]!;
      assert.equal((await fetch(`${url}/config?offer=77BcHrY`)).status, 200);
      const keys = await inspector.keys('*relay:cache:fees');
      assert.equal(keys.length, 1, 'the config cache is in Redis');
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      assert.deepEqual(await exited, [0, null]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      inspector.disconnect();
      await redis.stop();
    }
  });

  it('gives the widget the sandbox\'s profiler, 3-D Secure and CEP table with --sandbox-providers, and none without it', async () => {
    const settingsOf = async (extra: string[]) => {
      const child = spawn(
        process.execPath,
        [bin, 'relay', '--api', `${running.baseUrl}/`, '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', '77BcHrY', '--port', '0', ...extra],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      try {
        const [first] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
        const url = /listening on (\S+)$/.exec(first)![1]!;
        const config = (await (await fetch(`${url}/config?offer=77BcHrY`)).json()) as { threeDSecure: unknown; antifraud: unknown };
        const address = await fetch(`${url}/address?cep=01310-100`);
        return { threeDSecure: config.threeDSecure, antifraud: config.antifraud, address: [address.status, await address.json()] };
      } finally {
        child.kill('SIGTERM');
      }
    };
    assert.deepEqual(await settingsOf([]), {
      threeDSecure: null,
      antifraud: null,
      address: [404, { error: { type: 'not_found', message: 'No such route.' } }],
    });
    const settings = await settingsOf(['--sandbox-providers']);
    assert.deepEqual(settings, {
      threeDSecure: { provider: 'sandbox', sessionsUrl: `${running.baseUrl}/sandbox/3ds/sessions` },
      antifraud: { provider: 'sandbox', scriptUrl: `${running.baseUrl}/sandbox/profiler.js` },
      address: [200, { zipcode: '01310100', street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', country: 'BR' }],
    });
    // The sandbox really serves the profiler where the widget is sent.
    const script = await fetch((settings.antifraud as { scriptUrl: string }).scriptUrl);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
  });

  it('says where the secrets can come from in --help', async () => {
    const { stdout } = await run(process.execPath, [bin, 'relay', '--help']);
    assert.match(stdout, /^Usage: pay-checkout relay/);
    assert.match(stdout, /PAY_CHECKOUT_CLIENT_SECRET/);
    assert.match(stdout, /PAY_CHECKOUT_WEBHOOK_SECRET/);
  });

  it('exits 2 naming a missing argument or a bad option', async () => {
    const base = ['--api', running.baseUrl, '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--public-client-id', PUBLIC_CLIENT_ID];
    await failsWith(base, 2, /--offers is required/);
    await failsWith(['--api', running.baseUrl, '--client-id', CLIENT_ID, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', 'A'], 2, /--client-secret \(or PAY_CHECKOUT_CLIENT_SECRET\) is required/, {
      PAY_CHECKOUT_CLIENT_SECRET: '',
    });
    await failsWith([...base, '--offers', 'A', '--port', '70000'], 2, /--port "70000"/);
    await failsWith([...base, '--offers', 'A', '--allowed-origin', 'https://shop.example/'], 2, /allowedOrigins holds "https:\/\/shop.example\/"/);
    await failsWith([...base, '--offers', 'A', '--launch'], 2, /Unknown option '--launch'/);
    await failsWith([...base, '--offers', 'A', '--trust-proxy', '10.0.0.0/99'], 2, /trustProxy holds/);
    await failsWith([...base, '--offers', 'A', '--trust-proxy', 'proxy.internal'], 2, /--trust-proxy "proxy.internal"/);
  });

  it('takes the proxies to trust as their addresses and CIDR ranges, the option\'s safest form', () => {
    const base = ['--api', running.baseUrl, '--client-id', CLIENT_ID, '--client-secret', CLIENT_SECRET, '--public-client-id', PUBLIC_CLIENT_ID, '--offers', 'A'];
    const trusted = (value: string) => {
      const parsed = parseRelayArguments([...base, '--trust-proxy', value], {});
      assert.ok(parsed.ok && !parsed.help, JSON.stringify(parsed));
      return parsed.options.trustProxy;
    };
    assert.deepEqual(trusted('10.0.0.0/8, 127.0.0.1,::1'), ['10.0.0.0/8', '127.0.0.1', '::1']);
    assert.equal(trusted('2'), 2);
    assert.equal(trusted('true'), true);
    assert.equal(trusted('false'), false);
  });

  it('is listed in the command line\'s help', async () => {
    const { stdout } = await run(process.execPath, [bin, '--help']);
    assert.match(stdout, /relay\s+run the merchant relay/);
  });
});
