/**
 * The relay's benchmark: what the relay adds to a charge, and how many requests per
 * second it serves. The relay and the sandbox run in a child process (bench/charge-stack.ts, every
 * limit off); this process sends the requests, so the load generator has a core of its own. The
 * child runs them from the package compiled for the run (bench/compiled-package.ts), the code a
 * merchant's server imports, not from src/ through tsx's transform.
 *
 * Latency: sequential charges, one at a time, in turn straight to the sandbox
 * (`POST /public_api/payments/` with a bearer token), through the bare passthrough proxy of the
 * same child process (`startBareProxy`: the same hop, no checks) and through the relay
 * (`POST {relay}/charges`), each over a kept-alive HTTP connection, after a warm-up of all three.
 * Throughput: autocannon, 10 connections, on the relay's `GET config`, and on `POST charges` of
 * the relay and of the bare proxy (a fresh `Idempotency-Key` per request through `setupRequest`).
 * The two `POST charges` loads take turns in CHARGE_LOAD_ROUNDS short rounds, the first of each
 * pair alternating, so a swing in the load of the shared machine falls on both alike.
 * CPU: around each round, the child process says what it has spent (`ProcessUsage`), so each
 * round gives the CPU time per charge of the whole child (the sandbox's share is the same for the
 * proxy and the relay) and its garbage collection pauses: where the throughput gap is, and how
 * many microseconds a charge the goal asks the relay to shed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon, { type AutocannonResult } from 'autocannon';
import { DEFAULT_API_KEY } from '../src/sandbox/index.js';
import { BENCH_OFFER, pixChargeBody, type ProcessUsage } from './charge-stack.js';
import { withCompiledPackage } from './compiled-package.js';
import { median, p99 } from './stats.js';

export interface LatencyFigures {
  median: number;
  p99: number;
}

export interface ThroughputFigures {
  /** Mean requests per second over the run. */
  requestsPerSecond: number;
  total: number;
  latencyMedian: number;
  latencyP99: number;
  /** Answers other than 2xx, plus errors and timeouts: 0 in a sound run. */
  failures: number;
}

/** The child process's cost per charge under load, the median of the rounds. */
export interface ChargeCost {
  /** CPU time per charge, user and kernel, microseconds. */
  cpuMicros: number;
  /** Of it, in the kernel. */
  systemMicros: number;
  /** Scavenge pauses, milliseconds per 1,000 charges. */
  minorGcMsPer1000: number;
  /** Mark-compact pauses, milliseconds per 1,000 charges. */
  majorGcMsPer1000: number;
}

export interface RelayOverheadResult {
  requests: number;
  warmUp: number;
  direct: LatencyFigures;
  /** The bare passthrough proxy in the relay's process. */
  proxy: LatencyFigures;
  relay: LatencyFigures;
  connections: number;
  durationSeconds: number;
  config: ThroughputFigures;
  charges: ThroughputFigures;
  /** `POST charges` through the bare proxy, in turns with the relay's. */
  proxyCharges: ThroughputFigures;
  /** Rounds each `POST charges` load was split into (`durationSeconds` in all, each). */
  chargeRounds: number;
  /** What a charge cost the child process under load, through each. */
  cost: { proxy: ChargeCost; relay: ChargeCost };
}

/** Turns of the relay's and the bare proxy's `POST charges` loads. */
export const CHARGE_LOAD_ROUNDS = 5;

export interface RelayOverheadOptions {
  requests: number;
  warmUp: number;
  connections: number;
  durationSeconds: number;
}

interface ChildStack {
  child: ChildProcess;
  sandboxUrl: string;
  relayUrl: string;
  proxyUrl: string;
  /** What the child has spent so far. */
  usage(): Promise<ProcessUsage>;
}

async function startChildStack(compiledDir: string): Promise<ChildStack> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'charge-stack.ts'), compiledDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((line: string) => void)[] = [];
  let exited: Error | undefined;
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      if (exited) reject(exited);
      else waiting.push(resolve);
    });
  // The child answers in JSON lines; anything else it prints (a log line) is shown, not taken for an answer.
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) waiting.shift()?.(line);
    else console.log(`bench/charge-stack.ts: ${line}`);
  });
  child.once('exit', (code) => {
    exited = new Error(`bench/charge-stack.ts exited with ${code}`);
    // Nothing more will come: whoever waits for a line is told why.
    for (const resolve of waiting.splice(0)) resolve('');
  });
  const firstLine = await nextLine();
  if (exited) throw exited;
  return {
    child,
    ...(JSON.parse(firstLine) as Omit<ChildStack, 'child' | 'usage'>),
    async usage() {
      const answer = nextLine();
      child.stdin!.write('usage\n');
      const line = await answer;
      if (exited) throw exited;
      return JSON.parse(line) as ProcessUsage;
    },
  };
}

/** The cost per charge of one round, from the child's usage before and after it. */
export function roundCost(before: ProcessUsage, after: ProcessUsage, charges: number): ChargeCost {
  const per = (value: number) => value / Math.max(charges, 1);
  return {
    cpuMicros: per(after.userMicros - before.userMicros + after.systemMicros - before.systemMicros),
    systemMicros: per(after.systemMicros - before.systemMicros),
    minorGcMsPer1000: per(after.minorGcMs - before.minorGcMs) * 1000,
    majorGcMsPer1000: per(after.majorGcMs - before.majorGcMs) * 1000,
  };
}

/** Each figure's median over the rounds. */
function medianCost(rounds: ChargeCost[]): ChargeCost {
  const of = (key: keyof ChargeCost) => median(rounds.map((round) => round[key]));
  return { cpuMicros: of('cpuMicros'), systemMicros: of('systemMicros'), minorGcMsPer1000: of('minorGcMsPer1000'), majorGcMsPer1000: of('majorGcMsPer1000') };
}

async function expectCreated(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
}

async function accessToken(sandboxUrl: string): Promise<string> {
  const response = await fetch(`${sandboxUrl}/public_api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: DEFAULT_API_KEY.clientId, client_secret: DEFAULT_API_KEY.clientSecret }),
  });
  if (response.status !== 200) throw new Error(`token request answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function timed(call: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

function throughputOf(result: AutocannonResult): ThroughputFigures {
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    latencyMedian: result.latency.p50,
    latencyP99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Rounds of one load as one figure: requests over the whole time, the median round's median latency, the worst round's p99. */
function throughputOfRounds(rounds: AutocannonResult[], durationSeconds: number): ThroughputFigures {
  const total = rounds.reduce((sum, round) => sum + round.requests.total, 0);
  return {
    requestsPerSecond: total / durationSeconds,
    total,
    latencyMedian: median(rounds.map((round) => round.latency.p50)),
    latencyP99: Math.max(...rounds.map((round) => round.latency.p99)),
    failures: rounds.reduce((sum, round) => sum + round.non2xx + round.errors + round.timeouts, 0),
  };
}

export function measureRelayOverhead(options: RelayOverheadOptions): Promise<RelayOverheadResult> {
  return withCompiledPackage((dir) => measureOnPackage(dir, options));
}

async function measureOnPackage(compiledDir: string, { requests, warmUp, connections, durationSeconds }: RelayOverheadOptions): Promise<RelayOverheadResult> {
  const { child, sandboxUrl, relayUrl, proxyUrl, usage } = await startChildStack(compiledDir);
  try {
    const token = await accessToken(sandboxUrl);
    const body = JSON.stringify(pixChargeBody());
    const direct = () =>
      fetch(`${sandboxUrl}/public_api/payments/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Idempotency-Key': randomUUID() },
        body,
      }).then((response) => expectCreated(response, 'the sandbox'));
    const charge = (url: string, what: string) => () =>
      fetch(`${url}/charges`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }, body }).then((response) =>
        expectCreated(response, what),
      );
    const throughProxy = charge(proxyUrl, 'the bare proxy');
    const throughRelay = charge(relayUrl, 'the relay');

    for (let i = 0; i < warmUp; i += 1) {
      await direct();
      await throughProxy();
      await throughRelay();
    }
    const samples = { direct: [] as number[], proxy: [] as number[], relay: [] as number[] };
    for (let i = 0; i < requests; i += 1) {
      samples.direct.push(await timed(direct));
      samples.proxy.push(await timed(throughProxy));
      samples.relay.push(await timed(throughRelay));
    }

    const config = await autocannon({ url: `${relayUrl}/config?offer=${BENCH_OFFER}`, connections, duration: durationSeconds });
    const roundSeconds = durationSeconds / CHARGE_LOAD_ROUNDS;
    const chargeLoad = (url: string) =>
      autocannon({
        url,
        connections,
        duration: roundSeconds,
        requests: [
          {
            method: 'POST',
            path: '/charges',
            setupRequest: (request) => ({ ...request, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body }),
          },
        ],
      });
    const rounds = { proxy: [] as AutocannonResult[], relay: [] as AutocannonResult[] };
    const costs = { proxy: [] as ChargeCost[], relay: [] as ChargeCost[] };
    for (let round = 0; round < CHARGE_LOAD_ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (['proxy', 'relay'] as const) : (['relay', 'proxy'] as const);
      for (const side of order) {
        const before = await usage();
        const result = await chargeLoad(side === 'proxy' ? proxyUrl : relayUrl);
        costs[side].push(roundCost(before, await usage(), result.requests.total));
        rounds[side].push(result);
      }
    }

    return {
      requests,
      warmUp,
      direct: { median: median(samples.direct), p99: p99(samples.direct) },
      proxy: { median: median(samples.proxy), p99: p99(samples.proxy) },
      relay: { median: median(samples.relay), p99: p99(samples.relay) },
      connections,
      durationSeconds,
      config: throughputOf(config),
      charges: throughputOfRounds(rounds.relay, durationSeconds),
      proxyCharges: throughputOfRounds(rounds.proxy, durationSeconds),
      chargeRounds: CHARGE_LOAD_ROUNDS,
      cost: { proxy: medianCost(costs.proxy), relay: medianCost(costs.relay) },
    };
  } finally {
    child.stdin?.end();
    await new Promise((resolve) => {
      const timer = setTimeout(() => (child.kill(), resolve(undefined)), 5000);
      child.once('exit', () => (clearTimeout(timer), resolve(undefined)));
    });
  }
}
