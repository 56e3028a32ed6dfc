/**
 * The back end the relay benchmarks drive: a sandbox on a loopback port and a relay in front of
 * it, on another loopback port through `toNodeHandler`, as a merchant's Node server runs it.
 * Every limit that would hold a request back is off (the sandbox's limits, the client's pacing,
 * the relay's per-IP charge limit and its charge line), so what is measured is the relay's own
 * cost. Beside the relay, in the same process, a bare passthrough proxy (`startBareProxy`): the
 * same hop with no checks, the floor any relay in this place costs. Run as a child process
 * (`node --import tsx bench/charge-stack.ts [compiled package directory]`), it prints one JSON
 * line with the three URLs and runs until its stdin closes, so the load generator gets a core of
 * its own. Given the directory of the compiled package (bench/compiled-package.ts), it runs the
 * relay, its client and the sandbox from there, as a merchant's server runs them; without one,
 * from src/. For each line it reads on stdin it prints one `ProcessUsage` line: what the process
 * has spent so far.
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants as perfConstants, PerformanceObserver } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as sourceClient from '../src/client/index.js';
import type { PayClient } from '../src/client/index.js';
import * as sourceRelay from '../src/relay/index.js';
import * as sourceSandbox from '../src/sandbox/index.js';

/** The offer of the default fixture the benchmarks sell (97.00, every method). */
export const BENCH_OFFER = '77BcHrY';

/** A Pix charge on BENCH_OFFER, the body both the API and the relay's `POST charges` take: the tests' own. */
export { pixChargeBody } from '../test/sandbox/controls-requests.js';

export interface ChargeStack {
  sandboxUrl: string;
  relayUrl: string;
  /** Orders the sandbox holds (the fixture's included). */
  orderCount(): number;
  close(): Promise<void>;
}

export interface ChargeStackOptions {
  /** The relay's API client; default: the sandbox's key with pacing off. */
  client?: (sandboxUrl: string) => PayClient;
  /** Whether the sandbox enforces its rate limits; default false (lifted). */
  sandboxLimits?: boolean;
  /** Where the relay, its client and the sandbox come from; default src/. */
  modules?: StackModules;
}

/** The package's modules the stack runs: src/'s, or the compiled package's (`compiledModules`). */
export interface StackModules {
  client: Pick<typeof sourceClient, 'createClient'>;
  relay: Pick<typeof sourceRelay, 'createRelay' | 'toNodeHandler'>;
  sandbox: Pick<typeof sourceSandbox, 'serveSandbox' | 'DEFAULT_API_KEY' | 'DEFAULT_PUBLIC_KEY'>;
}

const SOURCE_MODULES: StackModules = { client: sourceClient, relay: sourceRelay, sandbox: sourceSandbox };

/** The same modules from the package compiled into `dir` (bench/compiled-package.ts). */
export async function compiledModules(dir: string): Promise<StackModules> {
  const load = (entry: string) => import(pathToFileURL(join(dir, entry, 'index.js')).href);
  const [client, relay, sandbox] = await Promise.all([load('client'), load('relay'), load('sandbox')]);
  return { client, relay, sandbox } as StackModules;
}

export async function startChargeStack({ client, sandboxLimits = false, modules = SOURCE_MODULES }: ChargeStackOptions = {}): Promise<ChargeStack> {
  const { createClient } = modules.client;
  const { createRelay, toNodeHandler } = modules.relay;
  const { serveSandbox, DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY } = modules.sandbox;
  const sandbox = await serveSandbox({ port: 0, host: '127.0.0.1' });
  sandbox.sandbox.world.limits.disabled = !sandboxLimits;
  const relay = createRelay({
    apiBaseUrl: sandbox.url,
    client: client
      ? client(sandbox.url)
      : createClient({ baseUrl: sandbox.url, clientId: DEFAULT_API_KEY.clientId, clientSecret: DEFAULT_API_KEY.clientSecret, pacing: false }),
    orderTokenSecret: 'order-token-secret-of-the-benchmark-stack',
    publicClientId: DEFAULT_PUBLIC_KEY.clientId,
    offers: [BENCH_OFFER],
    chargeRateLimit: false,
    chargeQueue: false,
    onError: (error) => console.error('relay error:', error instanceof Error ? error.message : error),
  });
  const server = createServer(toNodeHandler(relay));
  return {
    sandboxUrl: sandbox.url,
    relayUrl: await listenOnLoopback(server),
    orderCount: () => sandbox.sandbox.world.orders.size,
    async close() {
      await closeServer(server);
      await sandbox.close();
    },
  };
}

async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * The baseline the relay is held against: a `node:http` proxy that sends each request's body as
 * it is to the sandbox's `POST /public_api/payments/` with a bearer token fetched once, over
 * kept-alive connections, and pipes the answer back (`POST {url}/charges`, or any path). No parsing, no checks, no order book: what
 * is left is the hop itself (one more server, one more upstream request), which any relay pays.
 */
export async function startBareProxy(sandboxUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const tokenResponse = await fetch(`${sandboxUrl}/public_api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: sourceSandbox.DEFAULT_API_KEY.clientId, client_secret: sourceSandbox.DEFAULT_API_KEY.clientSecret }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const upstream = new URL('/public_api/payments/', sandboxUrl);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const forwarded = httpRequest(
      upstream,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': req.headers['content-type'] ?? 'application/json',
          'x-idempotency-key': req.headers['idempotency-key'] ?? '',
          ...(req.headers['content-length'] ? { 'content-length': req.headers['content-length'] } : { 'transfer-encoding': 'chunked' }),
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    async close() {
      await closeServer(server);
      agent.destroy();
    },
  };
}

/** What the child process has spent since it started: CPU (all its threads) and garbage collection pauses. */
export interface ProcessUsage {
  /** CPU time in user space, microseconds. */
  userMicros: number;
  /** CPU time in the kernel, microseconds (on loopback, sending a write also runs the receiver's TCP work). */
  systemMicros: number;
  /** Pauses of the young generation's collections (scavenges), milliseconds. */
  minorGcMs: number;
  /** Pauses of the whole heap's collections (mark-compact, and its incremental steps), milliseconds. */
  majorGcMs: number;
}

/** Adds up the process's garbage collection pauses as they happen; answers the usage so far. */
function watchUsage(): () => ProcessUsage {
  let minorGcMs = 0;
  let majorGcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) minorGcMs += entry.duration;
      else if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR || kind === perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL) majorGcMs += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  return () => {
    const { user, system } = process.cpuUsage();
    return { userMicros: user, systemMicros: system, minorGcMs, majorGcMs };
  };
}

if (process.argv[1] === import.meta.filename) {
  const usage = watchUsage();
  const compiledDir = process.argv[2];
  const stack = await startChargeStack(compiledDir === undefined ? {} : { modules: await compiledModules(compiledDir) });
  const proxy = await startBareProxy(stack.sandboxUrl);
  process.stdout.write(`${JSON.stringify({ sandboxUrl: stack.sandboxUrl, relayUrl: stack.relayUrl, proxyUrl: proxy.url })}\n`);
  createInterface({ input: process.stdin }).on('line', () => process.stdout.write(`${JSON.stringify(usage())}\n`));
  process.stdin.on('end', () => void Promise.all([proxy.close(), stack.close()]).then(() => process.exit(0)));
}
