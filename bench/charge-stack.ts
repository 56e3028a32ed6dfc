/**
 * The back end the relay benchmarks drive: a sandbox on a loopback port and a relay in front of
 * it, on another loopback port through `toNodeHandler`, as a merchant's Node server runs it.
 * Every limit that would hold a request back is off (the sandbox's limits, the client's pacing,
 * the relay's per-IP charge limit and its charge line), so what is measured is the relay's own cost. Run as a child
 * process (`node --import tsx bench/charge-stack.ts`), it prints one JSON line with the two URLs
 * and runs until its stdin closes, so the load generator gets a core of its own.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type PayClient } from '../src/client/index.js';
import { createRelay, toNodeHandler } from '../src/relay/index.js';
import { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY, serveSandbox } from '../src/sandbox/index.js';

/** The offer of the default fixture the benchmarks sell (97.00, every method). */
export const BENCH_OFFER = '77BcHrY';

/** A Pix charge on BENCH_OFFER, the body both the API and the relay's `POST charges` take. */
export function pixChargeBody(): Record<string, unknown> {
  return {
    paymentMethod: 'pix',
    customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '5511987654321', fingerprint: 'bench-device', docType: 'cpf', docNumber: '52998224725' },
    items: [{ offerId: BENCH_OFFER }],
  };
}

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
}

export async function startChargeStack({ client, sandboxLimits = false }: ChargeStackOptions = {}): Promise<ChargeStack> {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    sandboxUrl: sandbox.url,
    relayUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orderCount: () => sandbox.sandbox.world.orders.size,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await sandbox.close();
    },
  };
}

if (process.argv[1] === import.meta.filename) {
  const stack = await startChargeStack();
  process.stdout.write(`${JSON.stringify({ sandboxUrl: stack.sandboxUrl, relayUrl: stack.relayUrl })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void stack.close().then(() => process.exit(0)));
}
