/**
 * The relay's `GET config` when its cache is cold: how many upstream round trips in a row it
 * waits for, counted on the requests themselves, not inferred from a time. Every upstream request
 * of a relay in this process (against an in-process sandbox) is held `latencyMs` before it is
 * sent, as the API across the Internet would take, and its start and end are kept. A round trip
 * is "in a row" after another when it starts once that one has ended; the longest such chain is
 * what the buyer's first form waits for. Three visits of one offer: the relay's first (the
 * token, then what the offer needs), one once every cached entry has expired (the token has
 * not), and one from the cache.
 */
import { createRelay } from '../src/relay/index.js';
import { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY, serveSandbox } from '../src/sandbox/index.js';
import { BENCH_OFFER } from './charge-stack.js';

/** One upstream request, milliseconds on this process's clock. */
interface UpstreamSpan {
  path: string;
  start: number;
  end: number;
}

export interface ConfigVisit {
  /** Upstream round trips in a row, the token's included. */
  inRow: number;
  /** The same after the token: what the goal counts. */
  inRowAfterToken: number;
  /** Upstream requests in all. */
  requests: number;
  /** The `GET config`'s own time, milliseconds. */
  ms: number;
}

export interface ColdConfigResult {
  latencyMs: number;
  /** The relay's first `GET config` of the offer. */
  first: ConfigVisit;
  /** Once every cached entry has expired, the token still good. */
  expired: ConfigVisit;
  /** From the cache. */
  cached: ConfigVisit;
}

/** The goal: at most this many upstream round trips in a row after the token. */
export const COLD_CONFIG_GOAL = 2;

/** The longest chain of `spans` in which each starts once the one before it has ended. */
export function roundTripsInRow(spans: readonly UpstreamSpan[]): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  sorted.forEach((span, index) => {
    let before = 0;
    for (let earlier = 0; earlier < index; earlier += 1) {
      if (sorted[earlier]!.end <= span.start) before = Math.max(before, depth[earlier]!);
    }
    depth.push(before + 1);
  });
  return Math.max(0, ...depth);
}

const TOKEN_PATH = '/public_api/token/';
/** Cached entries live this long here, so the second visit can wait them out. */
const CONFIG_TTL_MS = 200;

export async function measureColdConfig({ latencyMs }: { latencyMs: number }): Promise<ColdConfigResult> {
  const sandbox = await serveSandbox({ port: 0, host: '127.0.0.1' });
  sandbox.sandbox.world.limits.disabled = true;
  let spans: UpstreamSpan[] = [];
  const delayedFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const span = { path: new URL(request.url).pathname, start: performance.now(), end: Number.NaN };
    spans.push(span);
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    try {
      const response = await fetch(request);
      const body = await response.arrayBuffer();
      return new Response(body, { status: response.status, headers: response.headers });
    } finally {
      span.end = performance.now();
    }
  };
  const relay = createRelay({
    apiBaseUrl: sandbox.url,
    clientId: DEFAULT_API_KEY.clientId,
    clientSecret: DEFAULT_API_KEY.clientSecret,
    fetch: delayedFetch,
    publicClientId: DEFAULT_PUBLIC_KEY.clientId,
    orderTokenSecret: 'order-token-secret-of-the-cold-config-bench',
    offers: [BENCH_OFFER],
    configTtlMs: CONFIG_TTL_MS,
    onError: (error) => console.error('relay error:', error instanceof Error ? error.message : error),
  });
  const visit = async (): Promise<ConfigVisit> => {
    spans = [];
    const started = performance.now();
    const response = await relay.fetch(new Request(`http://relay.test/config?offer=${BENCH_OFFER}`));
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET config answered ${response.status}: ${text.slice(0, 300)}`);
    return {
      inRow: roundTripsInRow(spans),
      inRowAfterToken: roundTripsInRow(spans.filter((span) => span.path !== TOKEN_PATH)),
      requests: spans.length,
      ms,
    };
  };
  try {
    const first = await visit();
    await new Promise((resolve) => setTimeout(resolve, CONFIG_TTL_MS + 50));
    const expired = await visit();
    const cached = await visit();
    return { latencyMs, first, expired, cached };
  } finally {
    await relay.close();
    await sandbox.close();
  }
}
