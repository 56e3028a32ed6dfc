/**
 * The token and pacing benchmark: how the relay's client spends access tokens and paces charges.
 *
 * Tokens: 1,000 charges through the relay, ten at a time, with the sandbox's limits lifted; the
 * relay's client fetches through a wrapper that counts `POST /public_api/token/`. Goal: 1.
 * Pacing: the sandbox's charge limits scaled from a minute to a second (chargesPerIp and
 * chargesPerToken 6 per second), the client's pacing set to the same windows, and ten times
 * the limit (60 charges) sent to the relay at once: the API's 429s (goal 0), orders made twice
 * (goal 0), and how long the last buyer waited for its order.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '../src/client/index.js';
import { DEFAULT_API_KEY } from '../src/sandbox/index.js';
import { pixChargeBody, startChargeStack, type ChargeStack } from './charge-stack.js';
import { control } from '../test/sandbox/controls-requests.js';
import { median } from './stats.js';

const TOKEN_PATH = '/public_api/token/';
const PAYMENTS_PATH = '/public_api/payments/';

export interface TokenAndPacingOptions {
  charges: number;
  concurrency: number;
  scaledLimit: number;
  windowSeconds: number;
  burstFactor: number;
}

export interface TokenAndPacingResult {
  tokens: { charges: number; concurrency: number; tokenRequests: number; perThousand: number; failed: number };
  burst: {
    limit: number;
    windowSeconds: number;
    buyers: number;
    created: number;
    failed: number;
    upstream429: number;
    upstreamCharges: number;
    duplicates: number;
    lastBuyerWaitMs: number;
    medianWaitMs: number;
  };
}

interface UpstreamCount {
  fetch: typeof fetch;
  count(path: string, status?: number): number;
}

/** A fetch that counts every upstream request by path and status. */
function countingFetch(): UpstreamCount {
  const seen: Array<{ path: string; status: number }> = [];
  return {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const entry = { path: new URL(request.url).pathname, status: 0 };
      seen.push(entry);
      const response = await fetch(request);
      entry.status = response.status;
      return response;
    },
    count: (path, status) => seen.filter((entry) => entry.path === path && (status === undefined || entry.status === status)).length,
  };
}

/** A buyer's charge through the relay: its status and how long it took. */
async function buyerCharge(stack: ChargeStack): Promise<{ status: number; waitedMs: number }> {
  const started = performance.now();
  const response = await fetch(`${stack.relayUrl}/charges`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(pixChargeBody()),
  });
  await response.arrayBuffer();
  return { status: response.status, waitedMs: performance.now() - started };
}

async function measureTokens(charges: number, concurrency: number): Promise<TokenAndPacingResult['tokens']> {
  const upstream = countingFetch();
  const stack = await startChargeStack({
    client: (baseUrl) => createClient({ baseUrl, clientId: DEFAULT_API_KEY.clientId, clientSecret: DEFAULT_API_KEY.clientSecret, fetch: upstream.fetch, pacing: false }),
  });
  try {
    let failed = 0;
    for (let sent = 0; sent < charges; sent += concurrency) {
      const batch = await Promise.all(Array.from({ length: Math.min(concurrency, charges - sent) }, () => buyerCharge(stack)));
      failed += batch.filter((outcome) => outcome.status !== 201).length;
    }
    const tokenRequests = upstream.count(TOKEN_PATH);
    return { charges, concurrency, tokenRequests, perThousand: (tokenRequests * 1000) / charges, failed };
  } finally {
    await stack.close();
  }
}

async function measureBurst({ scaledLimit, windowSeconds, burstFactor }: TokenAndPacingOptions): Promise<TokenAndPacingResult['burst']> {
  const upstream = countingFetch();
  const windowMs = windowSeconds * 1000;
  const stack = await startChargeStack({
    sandboxLimits: true,
    client: (baseUrl) =>
      createClient({
        baseUrl,
        clientId: DEFAULT_API_KEY.clientId,
        clientSecret: DEFAULT_API_KEY.clientSecret,
        fetch: upstream.fetch,
        pacing: { chargesPerIp: { limit: scaledLimit, windowMs }, chargesPerToken: { limit: scaledLimit, windowMs } },
      }),
  });
  try {
    const window = { limit: scaledLimit, windowSeconds };
    const scaled = await control(stack.sandboxUrl, 'PUT', '/__sandbox/limits', { limits: { chargesPerIp: window, chargesPerToken: window } });
    if (!scaled.ok) throw new Error(`the sandbox refused the scaled limits: ${scaled.status} ${await scaled.text()}`);
    const ordersBefore = stack.orderCount();
    const buyers = scaledLimit * burstFactor;
    const outcomes = await Promise.all(Array.from({ length: buyers }, () => buyerCharge(stack)));
    const created = outcomes.filter((outcome) => outcome.status === 201).length;
    const waits = outcomes.map((outcome) => outcome.waitedMs);
    return {
      limit: scaledLimit,
      windowSeconds,
      buyers,
      created,
      failed: buyers - created,
      upstream429: upstream.count(PAYMENTS_PATH, 429),
      upstreamCharges: upstream.count(PAYMENTS_PATH),
      // Each buyer sent its own key: any order beyond one per created charge was made twice.
      duplicates: stack.orderCount() - ordersBefore - created,
      lastBuyerWaitMs: Math.max(...waits),
      medianWaitMs: median(waits),
    };
  } finally {
    await stack.close();
  }
}

export async function measureTokenAndPacing(options: TokenAndPacingOptions): Promise<TokenAndPacingResult> {
  return { tokens: await measureTokens(options.charges, options.concurrency), burst: await measureBurst(options) };
}
