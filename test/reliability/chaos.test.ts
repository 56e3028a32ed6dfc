/**
 * Chaos (the reliability and security suites): hundreds of checkouts through the
 * widget's own payment code (`PaymentAttempt` over `RelayConnection`: one `Idempotency-Key`
 * per attempt, sent again on every try; 429 and "still processing" waited out, a lost answer
 * or a 5xx tried again with the same key after a short back-off, at most N times, then a clear
 * error) → the relay (in-process, mounted at `/checkout`) → the sandbox on a loopback port,
 * whose charge endpoint fails at random: 5xx and 503 before the service, inside it (the
 * acquirer) and after it (the answer lost), delays past the relay client's 300 ms per-attempt
 * timeout, dropped connections, 429 with `Retry-After`, HTML and plain-text bodies. Between
 * the widget and the relay the buyer's network and a proxy fail too (relay-faults.ts): a
 * connection dropped before the relay or after it made the order, an answer cut mid-body, a
 * proxy's HTML 502, plain-text 503 and 429 with `Retry-After`, a relay slower than the proxy's
 * timeout that makes the order after the proxy answered 504, and a connection that stalls until
 * the widget's own time limit drops it while the request reaches the relay later.
 *
 * Afterwards every checkout must be in a known state, no checkout may have two orders, and no
 * promise may have been left rejected without a handler.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../../src/client/abortable-wait.js';
import { createClient } from '../../src/client/index.js';
import { toNodeListener } from '../../src/http/node-listener.js';
import { createRelay, RELAY_ERROR_TYPES, type Relay } from '../../src/relay/index.js';
import { TEST_CARDS } from '../../src/sandbox/card/card-outcomes.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';
import type { FaultRule } from '../../src/sandbox/world/world.js';
import { PaymentAttempt, type AttemptOutcome, type PaymentRequest, type PaymentServices } from '../../src/widget/checkout/payment-attempt.js';
import { RelayConnection } from '../../src/widget/checkout/relay-connection.js';
import type { AntifraudProfiler } from '../../src/widget/providers/antifraud-profiler.js';
import { createApiCardTokenizer } from '../../src/widget/providers/card-tokenizer.js';
import { CLIENT_ID, CLIENT_SECRET, PUBLIC_CLIENT_ID, recordingFetch, type RecordingFetch } from './checkout-stack.js';
import { seedFromEnvironment } from './charge-fuzz-inputs.js';
import { faultyRelayLeg } from './relay-faults.js';

/** A fixed seed, so every run plans the same buyers; `CHAOS_SEED` plans others. */
const CHAOS_SEED = seedFromEnvironment('CHAOS_SEED', 0xc4a05);
const CHECKOUTS = 600;
const PARALLEL_CHECKOUTS = 20;
/** The relay client's time limit per attempt; the delay faults last longer. */
const REQUEST_TIMEOUT_MS = 300;
const PAST_TIMEOUT_MS = 450;
/** Waits the relay asks the widget for (`retryAfter`, whole seconds) pass this many times faster here. */
const WAIT_SCALE = 50;
/** The proxy in front of the relay: how long it waits for the relay, and the seconds its own 429 asks for. */
const PROXY_TIMEOUT_MS = 400;
const PROXY_RETRY_AFTER_SECONDS = 2;
/** The widget's time limit on a relay call, scaled down like the waits: longer than the relay takes here with its retries. */
const WIDGET_TIMEOUT_MS = 3_000;
const CHARGE_PATH = '/public_api/payments/';
const RELAY_BASE = 'http://relay.test/checkout';

/** The faults, each with a name for the figures; `remaining` counts firings down from a number no run reaches. */
const FAULT_SUPPLY = 1_000_000;
const FAULTS: Array<{ kind: string; rule: Omit<FaultRule, 'path' | 'method' | 'remaining'> }> = [
  { kind: 'before 503 json', rule: { phase: 'before', status: 503, probability: 0.05 } },
  { kind: 'before 500 text', rule: { phase: 'before', status: 500, body: 'text', probability: 0.03 } },
  { kind: 'before 502 html', rule: { phase: 'before', status: 502, body: 'html', probability: 0.03 } },
  { kind: 'before drop', rule: { phase: 'before', drop: true, probability: 0.04 } },
  { kind: 'before delay past timeout', rule: { phase: 'before', delayMs: PAST_TIMEOUT_MS, probability: 0.04 } },
  { kind: 'before 429 Retry-After 1', rule: { phase: 'before', status: 429, retryAfter: 1, probability: 0.02 } },
  { kind: 'acquirer 503 json', rule: { phase: 'acquirer', status: 503, probability: 0.05 } },
  { kind: 'acquirer 500 html', rule: { phase: 'acquirer', status: 500, body: 'html', probability: 0.02 } },
  { kind: 'after 502 html', rule: { phase: 'after', status: 502, body: 'html', probability: 0.04 } },
  { kind: 'after 503 json', rule: { phase: 'after', status: 503, probability: 0.04 } },
  { kind: 'after drop', rule: { phase: 'after', drop: true, probability: 0.04 } },
  { kind: 'after delay past timeout', rule: { phase: 'after', delayMs: PAST_TIMEOUT_MS, probability: 0.03 } },
];

/** A small seeded generator, so the mix of methods, cards and buyers is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The sandbox on a loopback port, counting requests still being handled (a delayed one may outlive its client). */
interface LoopbackSandbox {
  sandbox: Sandbox;
  url: string;
  /** Resolves once no request is being handled. */
  drained(): Promise<void>;
  close(): Promise<void>;
}

async function serveSandbox(): Promise<LoopbackSandbox> {
  const sandbox = createSandbox();
  let handling = 0;
  const server: Server = createServer(
    toNodeListener(async (request, info) => {
      handling += 1;
      try {
        return await sandbox.fetch(request, info);
      } finally {
        handling -= 1;
      }
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    sandbox,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async drained() {
      while (handling > 0) await waitFor(10);
    },
    async close() {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A test double of the device profiler that reports to the sandbox as its script does. */
function sandboxProfiler(sandboxUrl: string): AntifraudProfiler {
  const reference = randomUUID();
  const report = (event: 'start' | 'complete') =>
    fetch(`${sandboxUrl}/sandbox/profiler/attempts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reference, event }) });
  let started: Promise<Response> | undefined;
  const start = () => (started ??= report('start'));
  return {
    reference,
    start,
    async complete() {
      const done = (await start()).ok && (await report('complete')).ok;
      return done ? { reference, profiled: true } : { reference, profiled: false, fallbackReason: 'failed' };
    },
  };
}

/** What one buyer does. */
interface CheckoutPlan {
  /** Also `metadata.utm_content` of the charge: how its orders are found in the sandbox. */
  id: string;
  request: PaymentRequest;
  /** Times the buyer presses "Pay" again after an interruption before giving up. */
  patience: number;
  buyerIp: string;
  /** Seeds the faults the buyer's requests meet on the way to the relay: their n-th request meets the same on every run. */
  networkSeed: number;
}

/** How a checkout ended, as the buyer saw it. */
type CheckoutEnd =
  | { end: 'order'; orderId: string; status: string }
  | { end: 'refused'; errorType: string }
  | { end: 'gave-up'; waitSeconds: number | undefined }
  | { end: 'card-not-accepted' }
  /** Anything the widget code did not turn into one of the above: a throw, a 3DS outcome (no 3DS here). */
  | { end: 'unexpected'; detail: string };

interface CheckoutRun {
  plan: CheckoutPlan;
  attempt: PaymentAttempt;
  end: CheckoutEnd;
  runs: number;
}

function planCheckouts(count: number, random: () => number): CheckoutPlan[] {
  const cards = [TEST_CARDS.approved, TEST_CARDS.approved, TEST_CARDS.declined, TEST_CARDS.refused, '6362970000457013', TEST_CARDS.challenge];
  return Array.from({ length: count }, (_, index) => {
    const id = `chaos-${index}-${randomUUID()}`;
    const roll = random();
    const method = roll < 0.4 ? 'pix' : roll < 0.7 ? 'boleto' : 'credit_card';
    const request: PaymentRequest = {
      method,
      offerId: method === 'boleto' && random() < 0.5 ? 'BOLEplan' : '77BcHrY',
      customer: {
        name: 'Ana Souza',
        email: `buyer${index}@example.com`,
        phone: '5511987654321',
        fingerprint: `device-${index}`,
        docType: 'cpf',
        docNumber: '52998224725',
      },
      metadata: { utm_source: 'chaos', utm_content: id },
      amountInCents: 9700,
      currency: 'BRL',
    };
    if (method === 'credit_card') {
      const number = cards[Math.floor(random() * cards.length)]!;
      request.card = { details: { number, holderName: 'ANA SOUZA', expMonth: '12', expYear: '2034', cvv: '123' }, installments: 1 + Math.floor(random() * 3) };
    }
    return {
      id,
      request,
      patience: random() < 0.12 ? 0 : 3,
      buyerIp: `198.51.100.${1 + (index % 250)}`,
      networkSeed: Math.floor(random() * 4_294_967_296),
    };
  });
}

/** The end of a run of the attempt; `undefined` when the buyer should press "Pay" again. */
function endOf(outcome: AttemptOutcome, buyerGivesUp: boolean): CheckoutEnd | undefined {
  switch (outcome.outcome) {
    case 'created':
      return { end: 'order', orderId: outcome.order.id, status: outcome.order.status };
    case 'interrupted':
      return buyerGivesUp ? { end: 'gave-up', waitSeconds: outcome.waitSeconds } : undefined;
    case 'refused':
      return { end: 'refused', errorType: outcome.errorType };
    case 'card-not-accepted':
      return { end: 'card-not-accepted' };
    default:
      return { end: 'unexpected', detail: `outcome ${outcome.outcome}` };
  }
}

describe('chaos: checkouts through widget code, relay and a failing sandbox', () => {
  let served: LoopbackSandbox;
  let relay: Relay;
  let upstream: RecordingFetch;
  const reported: unknown[] = [];
  let unhandledRejections = 0;
  const countUnhandled = () => {
    unhandledRejections += 1;
  };

  before(async () => {
    process.on('unhandledRejection', countUnhandled);
    served = await serveSandbox();
    const { world } = served.sandbox;
    // The spec's per-minute limits would stop the run after 60 charges: a one-second window keeps real 429s in the mix.
    world.limits.overrides = {
      chargesPerIp: { limit: 1_000_000 },
      chargesPerToken: { limit: 80, windowSeconds: 1 },
      cardTokensPerUser: { limit: 1_000_000 },
    };
    upstream = recordingFetch((request) => fetch(request));
    const client = createClient({
      baseUrl: served.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch: upstream.fetch,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 40, totalTimeoutMs: 2_500 },
      // The sandbox's own limits answer 429 here; the client's pacing would only queue.
      pacing: false,
    });
    relay = createRelay({
      apiBaseUrl: served.url,
      client,
      orderTokenSecret: 'order-token-secret-of-the-chaos-relay',
      publicClientId: PUBLIC_CLIENT_ID,
      offers: ['77BcHrY', 'BOLEplan'],
      basePath: '/checkout',
      chargeRateLimit: false,
      // The API's own 429s are what is tested here: no share of the budget held back before them.
      chargeQueue: false,
      onError: (error) => reported.push(error),
    });
  });

  after(async () => {
    process.off('unhandledRejection', countUnhandled);
    await served.close();
  });

  it(`${CHECKOUTS} checkouts: no duplicate charge, every checkout in a known state, no unhandled rejection`, { timeout: 120_000 }, async () => {
    const startedAt = Date.now();
    const { sandbox } = served;
    sandbox.world.faults = FAULTS.map(({ rule }) => ({ ...rule, method: 'POST', path: CHARGE_PATH, remaining: FAULT_SUPPLY }));
    const ruleKinds = new Map(sandbox.world.faults.map((rule, index) => [rule, FAULTS[index]!.kind]));
    const widgetLeg = faultyRelayLeg({ proxyTimeoutMs: PROXY_TIMEOUT_MS, widgetTimeoutMs: WIDGET_TIMEOUT_MS, retryAfterSeconds: PROXY_RETRY_AFTER_SECONDS });

    let widgetChargeCalls = 0;
    let automaticWaits = 0;
    const services = (plan: CheckoutPlan): PaymentServices => {
      const toRelay = widgetLeg.between(
        (input, init) => relay.fetch(new Request(input, init), { remoteAddress: plan.buyerIp }),
        seededRandom(plan.networkSeed),
      );
      const connection = new RelayConnection({
        relay: RELAY_BASE,
        timeoutMs: WIDGET_TIMEOUT_MS,
        fetch: (input, init) => {
          widgetChargeCalls += 1;
          return toRelay(input, init);
        },
      });
      return {
        relay: connection,
        cardTokenizer: createApiCardTokenizer({ url: `${served.url}/public_api/card-tokens/`, publicClientId: PUBLIC_CLIENT_ID }),
        antifraudProfiler: sandboxProfiler(served.url),
        sleep: (ms, signal) => waitFor(ms / WAIT_SCALE, signal),
        onStep: (step) => {
          if (step.step === 'waiting') automaticWaits += 1;
        },
      };
    };

    let widgetRetries = 0;
    async function checkout(plan: CheckoutPlan): Promise<CheckoutRun> {
      const attempt = new PaymentAttempt(plan.request, services(plan));
      for (let runs = 1; ; runs += 1) {
        let outcome: AttemptOutcome;
        try {
          outcome = await attempt.run(new AbortController().signal);
        } catch (error) {
          return { plan, attempt, end: { end: 'unexpected', detail: `threw ${String(error)}` }, runs };
        }
        const end = endOf(outcome, runs > plan.patience);
        if (end) return { plan, attempt, end, runs };
        widgetRetries += 1;
        // The widget's retry: the wait the relay asked for, else a short growing back-off.
        const waitSeconds = outcome.outcome === 'interrupted' ? outcome.waitSeconds : undefined;
        await waitFor(waitSeconds === undefined ? Math.min(200, 10 * 2 ** runs) : (waitSeconds * 1000) / WAIT_SCALE);
      }
    }

    const plans = planCheckouts(CHECKOUTS, seededRandom(CHAOS_SEED));
    const runs: CheckoutRun[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL_CHECKOUTS }, async () => {
        while (next < plans.length) runs.push(await checkout(plans[next++]!));
      }),
    );
    const checkoutsDone = Date.now();

    // A delayed request may still be on its way to making an order: settle the world first,
    // the relay's requests that the proxy gave up on, then the sandbox's.
    await widgetLeg.settled();
    await served.drained();
    const faultsFired = Object.fromEntries(
      [...ruleKinds].map(([rule, kind]) => [kind, FAULT_SUPPLY - (rule.remaining ?? FAULT_SUPPLY)]),
    );
    sandbox.world.faults = [];
    widgetLeg.stop();
    // Counted before the replays below, which go through the relay too.
    const chargeCallsFromWidget = widgetChargeCalls;
    const chargeCallsAtRelay = widgetLeg.reachedRelay();

    const ordersByCheckout = new Map<string, string[]>();
    for (const order of sandbox.world.orders.values()) {
      const checkoutId = order.metadata.utm_content;
      if (checkoutId?.startsWith('chaos-')) ordersByCheckout.set(checkoutId, [...(ordersByCheckout.get(checkoutId) ?? []), order.id]);
    }

    // Every charge that reached the sandbox carried its checkout's one key, the key of the widget's attempt.
    const attemptKeys = new Map(runs.map((run) => [run.plan.id, run.attempt.idempotencyKey]));
    const upstreamCharges = upstream.requests.filter((request) => request.path === CHARGE_PATH);
    const otherKeys = upstreamCharges.filter((charge) => {
      const checkoutId = (JSON.parse(charge.body!) as { metadata: { utm_content: string } }).metadata.utm_content;
      return charge.idempotencyKey !== attemptKeys.get(checkoutId);
    });

    /*
     * A checkout is in a KNOWN final state when one of these holds:
     * - the relay answered an order (201), and the sandbox holds exactly that one order for it;
     * - the buyer got a clear error (a refusal with a relay error type, a card refused at
     *   tokenization, or "try again" until they gave up), and either the sandbox holds no order
     *   for it (nothing was charged), or it holds exactly one and the same attempt, run again
     *   with the same key once the faults are gone, answers that very order (the charge is
     *   recoverable: the buyer's next try, or the merchant's webhook, finds it).
     * Anything else (an error without a relay type, a throw, an order the sandbox does not
     * hold, or an order that the key does not lead back to) is UNKNOWN. Two or more orders for
     * one checkout is a DUPLICATE charge.
     */
    const unknown: string[] = [];
    let duplicates = 0;
    let recovered = 0;
    for (const run of runs) {
      const orders = ordersByCheckout.get(run.plan.id) ?? [];
      if (orders.length > 1) duplicates += 1;
      const { end } = run;
      if (end.end === 'order') {
        if (orders.length !== 1 || orders[0] !== end.orderId) unknown.push(`${run.plan.id}: answered ${end.orderId}, sandbox holds [${orders.join(', ')}]`);
        continue;
      }
      const clearError =
        end.end === 'gave-up' || end.end === 'card-not-accepted' || (end.end === 'refused' && (RELAY_ERROR_TYPES as readonly string[]).includes(end.errorType));
      if (!clearError) {
        unknown.push(`${run.plan.id}: ended ${JSON.stringify(end)}`);
        continue;
      }
      if (orders.length === 0) continue;
      const replay = await run.attempt.run(new AbortController().signal);
      if (replay.outcome === 'created' && orders.length === 1 && replay.order.id === orders[0]) recovered += 1;
      else unknown.push(`${run.plan.id}: ended ${end.end} with [${orders.join(', ')}] in the sandbox; its key now answers ${JSON.stringify(replay)}`);
    }

    const ends = new Map<string, number>();
    for (const { end } of runs) {
      const name = end.end === 'order' ? `order ${end.status}` : end.end === 'refused' ? `refused ${end.errorType}` : end.end;
      ends.set(name, (ends.get(name) ?? 0) + 1);
    }
    const methods = new Map<string, number>();
    for (const { plan } of runs) methods.set(plan.request.method, (methods.get(plan.request.method) ?? 0) + 1);
    const ordersMade = [...ordersByCheckout.values()].reduce((sum, orders) => sum + orders.length, 0);
    const relayRetries = upstreamCharges.length - chargeCallsAtRelay;
    const widgetFaultsFired = widgetLeg.fired;
    const upstreamAnswers = new Map<string, number>();
    for (const { status } of upstreamCharges) upstreamAnswers.set(String(status ?? 'none'), (upstreamAnswers.get(String(status ?? 'none')) ?? 0) + 1);
    console.log(
      [
        'chaos summary',
        `  checkouts            ${runs.length} (${PARALLEL_CHECKOUTS} in parallel) ${JSON.stringify(Object.fromEntries(methods))}`,
        `  ends                 ${JSON.stringify(Object.fromEntries([...ends].sort()))}`,
        `  faults fired         ${JSON.stringify(faultsFired)}`,
        `  faults fired, total  ${Object.values(faultsFired).reduce((sum, count) => sum + count, 0)}`,
        `  widget-side faults   ${JSON.stringify(widgetFaultsFired)}`,
        `  widget-side, total   ${Object.values(widgetFaultsFired).reduce((sum, count) => sum + count, 0)} (seed ${CHAOS_SEED})`,
        `  widget retries       ${widgetRetries} runs again with the same key after an interruption, ${automaticWaits} automatic waits (429 or key in processing)`,
        `  relay retries        ${relayRetries} (${chargeCallsFromWidget} charge calls from the widget, ${chargeCallsAtRelay} of them at the relay, ${upstreamCharges.length} charge requests upstream)`,
        `  upstream answers     ${JSON.stringify(Object.fromEntries([...upstreamAnswers].sort()))} (none: dropped or past the timeout)`,
        `  orders               ${ordersMade} in the sandbox; ${recovered} of them found again by replaying a given-up attempt's key`,
        `  duplicates           ${duplicates}`,
        `  keys                 ${attemptKeys.size} attempts, ${otherKeys.length} upstream charges with a key other than their attempt's`,
        `  unknown states       ${unknown.length}`,
        `  unhandled rejections ${unhandledRejections}`,
        `  relay onError        ${reported.length}`,
        `  elapsed              ${checkoutsDone - startedAt} ms for the checkouts, ${Date.now() - startedAt} ms with the checks`,
      ].join('\n'),
    );

    assert.equal(runs.length, CHECKOUTS);
    assert.equal(duplicates, 0, 'no checkout has two orders');
    assert.equal(otherKeys.length, 0, 'every charge went upstream with its attempt\'s one key');
    assert.deepEqual(unknown, [], 'every checkout ends in a known state');
    assert.equal(unhandledRejections, 0, 'no unhandled rejection');
    assert.deepEqual(widgetLeg.relayThrew, [], 'the relay answered every request, the ones the proxy gave up on included');
    for (const [kind, fired] of Object.entries(faultsFired)) assert.ok(fired > 0, `the fault "${kind}" never fired`);
    for (const [kind, fired] of Object.entries(widgetFaultsFired)) assert.ok(fired > 0, `the widget-side fault "${kind}" never fired`);
    assert.ok((ends.get('order paid') ?? 0) > 0 && (ends.get('order waiting_payment') ?? 0) > 0, 'cards and Pix/boleto orders were made');
  });
});
