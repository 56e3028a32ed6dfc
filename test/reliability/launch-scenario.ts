/**
 * A launch, scaled from minutes to seconds: honest buyers from many addresses offering ten
 * times the API's charge limit, a few greedy addresses each sending twenty times their share,
 * through two relay instances on one real redis-server in front of the sandbox with its limits
 * scaled the same way. Buyers behave as the widget does: one `Idempotency-Key` per attempt,
 * tried again after each 429's `retryAfter` until an order comes or the launch ends. Shared by
 * test/reliability/launch.test.ts (which asserts on the outcome) and `npm run bench` (which
 * writes the figures into docs/performance.md).
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '../../src/client/index.js';
import { createRelay, type Relay, type RelayErrorBody } from '../../src/relay/index.js';
import { createRedisStore } from '../../src/store/redis-store.js';
import type { Store } from '../../src/store/store.js';
import { CLIENT_ID, CLIENT_SECRET, ORDER_TOKEN_SECRET, pixChargeBody, PUBLIC_CLIENT_ID, serveOnLoopback, SOLD_OFFERS, type ServedRelayForTest } from '../relay/relay-harness.js';
import { startSandbox } from '../sandbox/harness.js';
import { startRedisServer } from '../store/redis-server.js';

export interface LaunchSettings {
  /** The API's charges per egress IP per window (per token: twice as many), scaled from 60 a minute. */
  apiLimit: number;
  /** The window of every limit, scaled from a minute. */
  windowMs: number;
  /** Slots of each window the relay keeps for retries of admitted attempts. */
  reserve: number;
  /** The relay's new attempts per buyer address per window. */
  perIpLimit: number;
  honestIps: number;
  greedyIps: number;
  /** Honest attempts offered per window, as a multiple of `apiLimit`. */
  offeredFactor: number;
  /** Each greedy address's attempts per window, as a multiple of its share (`apiLimit` over every address). */
  greedyFactor: number;
  /** How long new attempts keep coming. */
  arrivalMs: number;
  /** When buyers stop trying again: a buyer still in line then ends with their last answer. */
  durationMs: number;
  /** How long the relay keeps a place past the wait it told. */
  graceMs: number;
}

/**
 * The scenario of the test and of the benchmark: a minute becomes 4 s, the API's 60 charges a
 * minute 12 (so the offered load, 30 attempts a second, stays within what one process shares
 * with the sandbox and both relays), and the relay's per-IP limit 3, which an honest address's
 * share of the offered load (2.4 per window) fits. About 20 s of traffic.
 */
export const LAUNCH_SETTINGS: LaunchSettings = {
  apiLimit: 12,
  windowMs: 4_000,
  reserve: 2,
  perIpLimit: 3,
  honestIps: 50,
  greedyIps: 5,
  offeredFactor: 10,
  greedyFactor: 20,
  arrivalMs: 4_000,
  durationMs: 18_000,
  graceMs: 3_000,
};

/** One answer a buyer got. */
export interface LaunchAnswer {
  status: number;
  /** When it was sent, from the launch's start. */
  sentAt: number;
  /** How long the relay took to answer. */
  answerMs: number;
  retryAfter?: number;
  queuePosition?: number;
}

/** One attempt (one key) from arrival to its last answer. */
export interface LaunchAttempt {
  ip: string;
  greedy: boolean;
  key: string;
  arrivedAt: number;
  answers: LaunchAnswer[];
  /** The order's id, when one came. */
  orderId?: string;
  /** From arrival to the order. */
  waitedMs?: number;
}

export interface LaunchResult {
  settings: LaunchSettings;
  attempts: LaunchAttempt[];
  /** The API's 429s on `POST /public_api/payments/`, as the relays' clients received them. */
  upstream429: number;
  /** Charges the relays sent to the API. */
  upstreamCharges: number;
  /** Orders the sandbox holds that no buyer was answered with. */
  duplicates: number;
  /** Errors the relays reported to `onError`. */
  relayErrors: string[];
  /** How long each charge the relays sent waited for its pacing slot. */
  pacingWaitsMs: number[];
  /**
   * `GET config` (a read of the cached config in Redis) sent every 100 ms during the launch, each
   * on its own: what answering a request that reads the store took on this machine at that
   * moment (the sandbox, both relays and every buyer share one process, redis-server another).
   */
  controls: Array<{ sentAt: number; answerMs: number }>;
}

const CONTROL_EVERY_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Address `index` of a kind: honest ones in 198.51.100.0/24 and 198.51.101.0/24, greedy ones in 203.0.113.0/24. */
const honestIp = (index: number) => `198.51.${100 + Math.floor(index / 250)}.${(index % 250) + 1}`;
const greedyIp = (index: number) => `203.0.113.${index + 1}`;

/** When each address sends its attempts: evenly spaced, the addresses' first ones spread over one spacing. */
function arrivals(settings: LaunchSettings): Array<{ ip: string; greedy: boolean; at: number }> {
  const { apiLimit, windowMs, honestIps, greedyIps, offeredFactor, greedyFactor, arrivalMs } = settings;
  const planned: Array<{ ip: string; greedy: boolean; at: number }> = [];
  const honestSpacing = (windowMs * honestIps) / (offeredFactor * apiLimit);
  const greedySpacing = windowMs / ((greedyFactor * apiLimit) / (honestIps + greedyIps));
  for (let index = 0; index < honestIps; index += 1) {
    for (let at = (index / honestIps) * honestSpacing; at < arrivalMs; at += honestSpacing) planned.push({ ip: honestIp(index), greedy: false, at });
  }
  for (let index = 0; index < greedyIps; index += 1) {
    for (let at = (index / greedyIps) * greedySpacing; at < arrivalMs; at += greedySpacing) planned.push({ ip: greedyIp(index), greedy: true, at });
  }
  return planned;
}

/**
 * What a relay that has served a while holds before the launch: the access token, the config,
 * the loaded code of each route and the store's script. Without it the first seconds measure
 * start-up, not the launch. Nothing here takes a slot of any window.
 */
async function warmUp(served: ServedRelayForTest[], stores: Store[]): Promise<void> {
  for (const { url } of served) {
    const config = await fetch(`${url}/config?offer=${SOLD_OFFERS[0]}`);
    if (!config.ok) throw new Error(`warm-up: config answered ${config.status}`);
    // Refused by the schema, before any limit or the line.
    await (await fetch(`${url}/charges`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }, body: '{}' })).arrayBuffer();
  }
  const budget = { limit: 2, reserve: 1, windowMs: 1_000, graceMs: 0, maxWaiting: 1 };
  for (const store of stores) await store.takeChargeTurn('launch-warm-up', budget, { kind: 'attempt', ticket: 'warm-up', bucket: 'warm-up', join: false });
}

/** Runs the launch on a fresh redis-server, sandbox and two relays, and stops them all. */
export async function runLaunch(settings: LaunchSettings = LAUNCH_SETTINGS): Promise<LaunchResult> {
  const { apiLimit, windowMs, reserve, perIpLimit, graceMs, durationMs } = settings;
  const redis = await startRedisServer();
  const running = await startSandbox();
  const stores: Store[] = [];
  const served: ServedRelayForTest[] = [];
  const relayErrors: string[] = [];
  const pacingWaitsMs: number[] = [];
  let upstream429 = 0;
  let upstreamCharges = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    if (new URL(request.url).pathname === '/public_api/payments/' && request.method === 'POST') {
      upstreamCharges += 1;
      if (response.status === 429) upstream429 += 1;
    }
    return response;
  };
  try {
    // One charge before the launch, so the sandbox's charge path is loaded and compiled; the
    // limits set next start every window again.
    const warmCharge = await running.api('POST', '/public_api/payments/', { body: pixChargeBody(), headers: { 'X-Idempotency-Key': randomUUID() } });
    if (warmCharge.status !== 201) throw new Error(`warm-up: the sandbox answered a charge with ${warmCharge.status}`);
    const limits = await fetch(`${running.baseUrl}/__sandbox/limits`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        limits: {
          chargesPerIp: { limit: apiLimit, windowSeconds: windowMs / 1000 },
          chargesPerToken: { limit: 2 * apiLimit, windowSeconds: windowMs / 1000 },
        },
      }),
    });
    if (!limits.ok) throw new Error(`the sandbox refused the scaled limits: ${limits.status} ${await limits.text()}`);

    function instance(): Relay {
      const store = createRedisStore({ url: redis.url, keyPrefix: 'launch:' });
      stores.push(store);
      const client = createClient({
        baseUrl: running.baseUrl,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        store,
        fetch: countingFetch,
        pacing: { chargesPerIp: { limit: apiLimit, windowMs }, chargesPerToken: { limit: 2 * apiLimit, windowMs }, maxWaitMs: 1_000 },
        onPacingWait: (request, waitMs) => {
          if (request === 'charge') pacingWaitsMs.push(waitMs);
        },
      });
      return createRelay({
        apiBaseUrl: running.baseUrl,
        client,
        orderTokenSecret: ORDER_TOKEN_SECRET,
        publicClientId: PUBLIC_CLIENT_ID,
        offers: SOLD_OFFERS,
        store,
        trustProxy: ['127.0.0.1'],
        chargeRateLimit: { limit: perIpLimit, windowMs },
        chargeQueue: { limit: apiLimit, windowMs, reserve, graceMs },
        onError: (error) => relayErrors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
      });
    }
    served.push(await serveOnLoopback(instance()), await serveOnLoopback(instance()));
    await warmUp(served, stores);
    const ordersBefore = running.sandbox.world.orders.size;

    const started = performance.now();
    const endAt = started + durationMs;
    const attempts: LaunchAttempt[] = [];

    async function attempt(ip: string, greedy: boolean, at: number, instance: number): Promise<void> {
      await sleep(started + at - performance.now());
      const tried: LaunchAttempt = { ip, greedy, key: randomUUID(), arrivedAt: performance.now() - started, answers: [] };
      attempts.push(tried);
      for (let index = instance; ; index += 1) {
        const sent = performance.now();
        const response = await fetch(`${served[index % served.length]!.url}/charges`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': tried.key, 'X-Forwarded-For': ip },
          body: JSON.stringify(pixChargeBody()),
        });
        const body = (await response.json()) as { id?: string } & Partial<RelayErrorBody>;
        const answered = performance.now();
        const answer: LaunchAnswer = { status: response.status, sentAt: sent - started, answerMs: answered - sent };
        if (body.error?.retryAfter !== undefined) answer.retryAfter = body.error.retryAfter;
        if (body.error?.queuePosition !== undefined) answer.queuePosition = body.error.queuePosition;
        tried.answers.push(answer);
        if (response.status === 201) {
          tried.orderId = body.id!;
          tried.waitedMs = answered - started - tried.arrivedAt;
          return;
        }
        // As the widget: wait what the relay said (a second when it said nothing), unless the launch is over by then.
        const waitMs = (answer.retryAfter ?? 1) * 1000;
        if (answered + waitMs > endAt) return;
        await sleep(waitMs);
      }
    }

    const controls: LaunchResult['controls'] = [];
    async function control(index: number): Promise<void> {
      const sent = performance.now();
      await (await fetch(`${served[index % served.length]!.url}/config?offer=${SOLD_OFFERS[0]}`)).arrayBuffer();
      controls.push({ sentAt: sent - started, answerMs: performance.now() - sent });
    }
    // Sent on a clock of their own, not one after another, so a stall shows in every control sent during it.
    const sentControls: Array<Promise<void>> = [];
    const controlTimer = setInterval(() => sentControls.push(control(sentControls.length)), CONTROL_EVERY_MS);

    try {
      await Promise.all(arrivals(settings).map(({ ip, greedy, at }, index) => attempt(ip, greedy, at, index)));
    } finally {
      clearInterval(controlTimer);
      await Promise.all(sentControls);
    }
    const answered = new Set(attempts.flatMap((tried) => (tried.orderId ? [tried.orderId] : [])));
    return {
      settings,
      attempts,
      upstream429,
      upstreamCharges,
      duplicates: running.sandbox.world.orders.size - ordersBefore - answered.size,
      relayErrors,
      pacingWaitsMs,
      controls,
    };
  } finally {
    for (const server of served) await server.close();
    for (const store of stores) await store.close();
    await running.close();
    await redis.stop();
  }
}

/** The value at quantile `q` (0..1), nearest rank; undefined for no samples. */
function quantile(samples: readonly number[], q: number): number | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1];
}

/**
 * The fair share of orders: max-min fairness over what each address asked for. With `orders`
 * made and address i asking for `demands[i]`, the level λ with Σ min(demand, λ) = orders; an
 * address that asked for more than λ is owed λ. A greedy address is allowed ⌈λ⌉ + 1: the
 * round the line was in when it formed may already have served it.
 */
export function fairShare(demands: readonly number[], orders: number): number {
  const sorted = [...demands].sort((a, b) => a - b);
  let left = orders;
  for (let index = 0; index < sorted.length; index += 1) {
    const level = left / (sorted.length - index);
    if (sorted[index]! >= level) return level;
    left -= sorted[index]!;
  }
  return sorted.at(-1) ?? 0;
}

export interface LaunchFigures {
  honestAttempts: number;
  honestOrders: number;
  /** Honest attempts still in line when the launch ended (their last answer a 429 with a place). */
  honestWaiting: number;
  /** From arrival to order, of the honest attempts that got one. */
  honestWaitP50Ms: number | undefined;
  honestWaitP95Ms: number | undefined;
  /** Orders per honest address: least, median, most. */
  honestOrdersPerIp: { min: number; median: number; max: number };
  greedyAttempts: number;
  /** Orders of each greedy address. */
  greedyOrdersPerIp: number[];
  /** The max-min fair share of orders (`fairShare`). */
  fairShare: number;
  /** The slowest answer among the 429s. */
  slowest429Ms: number;
  /** The 95th percentile of the 429s' answer times. */
  p95429Ms: number;
  /** The longest an admitted charge waited in the client's pacing. */
  longestPacingWaitMs: number;
  /**
   * The most a 429 took beyond the slowest `GET config` sent within 250 ms of it: the time the
   * relay spent on it that the machine's load does not explain (waiting for a slot would show here).
   */
  slowest429BeyondControlMs: number;
  p95429BeyondControlMs: number;
  answers429: number;
}

export function launchFigures(result: LaunchResult): LaunchFigures {
  const { attempts, settings } = result;
  const honest = attempts.filter((tried) => !tried.greedy);
  const perIp = new Map<string, { greedy: boolean; demand: number; orders: number }>();
  for (const tried of attempts) {
    const entry = perIp.get(tried.ip) ?? { greedy: tried.greedy, demand: 0, orders: 0 };
    entry.demand += 1;
    if (tried.orderId) entry.orders += 1;
    perIp.set(tried.ip, entry);
  }
  const honestOrders = [...perIp.values()].filter((entry) => !entry.greedy).map((entry) => entry.orders);
  const waits = honest.flatMap((tried) => (tried.waitedMs === undefined ? [] : [tried.waitedMs]));
  const refusals = attempts.flatMap((tried) => tried.answers.filter((answer) => answer.status === 429));
  const ordered = attempts.filter((tried) => tried.orderId).length;
  const beyondControl = refusals.map((answer) => {
    const near = result.controls.filter((control) => Math.abs(control.sentAt - answer.sentAt) <= CONTROL_EVERY_MS * 2.5).map((control) => control.answerMs);
    return answer.answerMs - Math.max(0, ...near);
  });
  return {
    honestAttempts: honest.length,
    honestOrders: waits.length,
    honestWaiting: honest.filter((tried) => !tried.orderId && tried.answers.at(-1)?.queuePosition !== undefined).length,
    honestWaitP50Ms: quantile(waits, 0.5),
    honestWaitP95Ms: quantile(waits, 0.95),
    honestOrdersPerIp: { min: Math.min(...honestOrders), median: quantile(honestOrders, 0.5)!, max: Math.max(...honestOrders) },
    greedyAttempts: attempts.length - honest.length,
    greedyOrdersPerIp: Array.from({ length: settings.greedyIps }, (_, index) => perIp.get(greedyIp(index))?.orders ?? 0),
    fairShare: fairShare([...perIp.values()].map((entry) => entry.demand), ordered),
    slowest429Ms: Math.max(0, ...refusals.map((answer) => answer.answerMs)),
    p95429Ms: quantile(refusals.map((answer) => answer.answerMs), 0.95) ?? 0,
    longestPacingWaitMs: Math.max(0, ...result.pacingWaitsMs),
    slowest429BeyondControlMs: Math.max(0, ...beyondControl),
    p95429BeyondControlMs: quantile(beyondControl, 0.95) ?? 0,
    answers429: refusals.length,
  };
}
