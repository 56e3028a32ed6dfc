/**
 * The checkout's whole back end in one process, for the demo page and the browser tests:
 * the sandbox on its own loopback port (its own origin, like the real API, so the 3DS
 * challenge runs cross-origin) and a relay in front of it, served under `relayPath` of the
 * page's own server, as a merchant mounts it. The sandbox's webhook deliveries go to the
 * relay, so order status flows the way it does in production.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeListener } from '../src/http/node-listener.js';
import { createClient } from '../src/client/index.js';
import { createRelay, sandboxAddressLookup, type Relay } from '../src/relay/index.js';
import { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY, serveSandbox, type ServedSandbox } from '../src/sandbox/index.js';

export interface CheckoutStackOptions {
  /** Where the page's server mounts the relay, e.g. `/relay`. */
  relayPath: string;
  /** The page's origin, e.g. `http://localhost:8000`: allowed to call the relay, and where the sandbox's webhooks go. */
  pageOrigin: string;
  /**
   * How long the relay caches offers, products and the fees table (its default: 5 minutes). The
   * demo page shortens it, so a change of the sandbox account (fees registration pending) shows
   * at the next load of the checkout.
   */
  configTtlMs?: number;
  /**
   * The relay neither lines up charges nor paces its calls under the API's limits (60 charges a
   * minute), both of which it keeps for as long as it runs. For the browser tests: they reset the
   * sandbox, its limits with it, before each test, and a minute's budget kept through the whole
   * run would make an attempt in a busy minute wait, and send its charge again, past the test's
   * time. The sandbox's own limits still answer within a test. The demo page keeps both.
   */
  unpaced?: boolean;
}

/** Signs the demo's order tokens when the relay is given a client of its own (`unpaced`). */
const UNPACED_ORDER_TOKEN_SECRET = 'demo-order-tokens-of-an-unpaced-relay-0001';

export interface CheckoutStack {
  sandbox: ServedSandbox;
  relay: Relay;
  /** Handles a request when it is the relay's or a sandbox control's (`/__sandbox/…`); answers false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  close(): Promise<void>;
}

const WEBHOOK_SECRET = 'demo-webhook-secret';

export async function startCheckoutStack({ relayPath, pageOrigin, configTtlMs, unpaced = false }: CheckoutStackOptions): Promise<CheckoutStack> {
  const sandbox = await serveSandbox({ port: 0, host: '127.0.0.1' });
  const key = { clientId: DEFAULT_API_KEY.clientId, clientSecret: DEFAULT_API_KEY.clientSecret };
  const relay = createRelay({
    apiBaseUrl: sandbox.url,
    ...(unpaced
      ? { client: createClient({ baseUrl: sandbox.url, ...key, pacing: false }), orderTokenSecret: UNPACED_ORDER_TOKEN_SECRET, chargeQueue: false }
      : key),
    publicClientId: DEFAULT_PUBLIC_KEY.clientId,
    // The demo sells every offer of the sandbox's fixture.
    offers: () => true,
    allowedOrigins: [pageOrigin],
    webhookSecret: WEBHOOK_SECRET,
    basePath: relayPath,
    threeDSecure: { provider: 'sandbox', sessionsUrl: `${sandbox.url}/sandbox/3ds/sessions` },
    antifraud: { provider: 'sandbox', scriptUrl: `${sandbox.url}/sandbox/profiler.js` },
    // The billing address is filled from the sandbox's CEP table (docs/sandbox.md).
    addressLookup: sandboxAddressLookup(sandbox.url),
    // Buyers on one machine share an address: no per-buyer limit in the demo.
    chargeRateLimit: false,
    ...(configTtlMs === undefined ? {} : { configTtlMs }),
  });
  const relayListener = toNodeListener((request, info) => relay.fetch(request, info));
  // The page cannot call the sandbox's controls cross-origin (they answer no CORS); it reaches
  // them through its own server.
  const controlsListener = toNodeListener((request, info) => sandbox.sandbox.fetch(request, info));

  async function registerWebhooks(): Promise<void> {
    const response = await sandbox.sandbox.fetch(
      new Request(`${sandbox.url}/__sandbox/webhooks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Demo relay',
          url: `${pageOrigin}${relayPath}/webhooks`,
          secret: WEBHOOK_SECRET,
          events: ['purchase_approved', 'purchase_refused', 'pix_gerado', 'boleto_gerado'],
        }),
      }),
    );
    if (response.status !== 201) throw new Error(`could not register the relay's webhooks: ${response.status} ${await response.text()}`);
  }
  await registerWebhooks();

  return {
    sandbox,
    relay,
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0]!;
      if (path === relayPath || path.startsWith(`${relayPath}/`)) {
        relayListener(req, res);
        return true;
      }
      if (path === '/__sandbox/reset' && req.method === 'POST') {
        // A reset forgets webhook apps: the relay's is registered again before answering.
        sandbox.sandbox.reset();
        registerWebhooks().then(
          () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: 'Sandbox reiniciado.' })),
          (error: unknown) => res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: String(error) })),
        );
        return true;
      }
      if (path.startsWith('/__sandbox/')) {
        controlsListener(req, res);
        return true;
      }
      return false;
    },
    close: () => sandbox.close(),
  };
}
