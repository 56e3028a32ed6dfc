/**
 * What the relay tests share: a real sandbox on loopback, a relay in front of it whose
 * upstream requests are counted, calls to the relay's fetch handler (with the socket address
 * a Node server would pass), the relay on a loopback port through `toNodeHandler`, and the
 * widget's request bodies.
 *
 * With `RELAY_TEST_PATH=node` in the environment, `call` (and so every test written with it)
 * goes through `toNodeHandler` on a loopback port instead of the fetch handler: the Node path
 * that reads the body into bytes and writes answers without `Response` objects. The buyer's
 * address is then handed over in a header only this harness reads and removes.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '../../src/client/index.js';
import { TEST_CARDS } from '../../src/sandbox/card/card-outcomes.js';
import { createRelay, toNodeHandler, type Relay, type RelayOptions } from '../../src/relay/index.js';
import { createOrderTokens } from '../../src/relay/order-token.js';
import type { SandboxOptions } from '../../src/sandbox/sandbox.js';
import type { Store } from '../../src/store/store.js';
import { pixChargeBody } from '../sandbox/controls-requests.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';

export { TEST_CARDS, pixChargeBody };

export const CLIENT_ID = 'sandbox-client';
export const CLIENT_SECRET = 'sandbox-secret';
export const PUBLIC_CLIENT_ID = 'sandbox-public';
export const WEBHOOK_SECRET = 'whsec-relay-test-7c1f';
/** Signs order tokens for a relay given a ready client (which brings no client secret to derive it from). */
export const ORDER_TOKEN_SECRET = 'order-token-secret-for-relay-tests-5d2e9a';
/** Offers of the default fixture: 77BcHrY (prod_foto, 97.00, all five methods), BOLEplan (pix and boleto). */
export const SOLD_OFFERS = ['77BcHrY', 'FOTOprm', 'BOLEplan', 'CLUBmes'];
export const BUYER_IP = '203.0.113.7';

export interface UpstreamRequest {
  method: string;
  path: string;
}

export interface RelayUnderTest {
  running: RunningSandbox;
  relay: Relay;
  /** Every request the relay sent to the API, in order. */
  upstream: UpstreamRequest[];
  /** How many upstream requests went to `path` (exact pathname). */
  upstreamCount(path: string): number;
  /** Errors the relay reported through `onError`. */
  reported: unknown[];
  /** Every access token the API issued to the relay. */
  accessTokens: string[];
  /** A request to the relay's fetch handler, from `remoteAddress` (default BUYER_IP). */
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string | undefined;
}

/** A sandbox and a relay in front of it; `options` (or what they are made from the sandbox) override the relay's defaults. */
export async function startRelay(
  given: Partial<RelayOptions> | ((running: RunningSandbox) => Partial<RelayOptions>) = {},
  sandboxOptions: SandboxOptions = {},
): Promise<RelayUnderTest> {
  const running = await startSandbox(sandboxOptions);
  const options = typeof given === 'function' ? given(running) : given;
  const upstream: UpstreamRequest[] = [];
  const reported: unknown[] = [];
  const accessTokens: string[] = [];
  const countingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    upstream.push({ method: request.method, path });
    const response = await fetch(request);
    if (path === '/public_api/token/' && response.ok) {
      accessTokens.push(((await response.clone().json()) as { access_token: string }).access_token);
    }
    return response;
  };
  const usesOwnClient = options.client !== undefined;
  const relay = createRelay({
    apiBaseUrl: running.baseUrl,
    ...(usesOwnClient ? { orderTokenSecret: ORDER_TOKEN_SECRET } : { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, fetch: countingFetch }),
    publicClientId: PUBLIC_CLIENT_ID,
    offers: SOLD_OFFERS,
    webhookSecret: WEBHOOK_SECRET,
    allowedOrigins: ['https://shop.example'],
    onError: (error) => reported.push(error),
    ...options,
  });
  const node = process.env['RELAY_TEST_PATH'] === 'node' ? await serveWithTestAddress(relay) : undefined;
  return {
    running,
    relay,
    upstream,
    upstreamCount: (path) => upstream.filter((request) => request.path === path).length,
    reported,
    accessTokens,
    call(method, path, { body, headers = {}, remoteAddress = BUYER_IP } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        init.headers = { 'Content-Type': 'application/json', ...headers };
      }
      if (node) {
        init.headers = { ...(init.headers as Record<string, string>), ...(remoteAddress === undefined ? {} : { [TEST_ADDRESS_HEADER]: remoteAddress }) };
        return fetch(`${node.url}${path}`, init);
      }
      return relay.fetch(new Request(`http://relay.test${path}`, init), remoteAddress === undefined ? {} : { remoteAddress });
    },
    async close() {
      await node?.close();
      await running.close();
    },
  };
}

/** The header carrying a test's buyer address to `serveWithTestAddress`, which removes it. */
const TEST_ADDRESS_HEADER = 'x-relay-test-remote-address';

/** The relay on a loopback port through `toNodeHandler`, each request's socket address the one its test names. */
async function serveWithTestAddress(relay: Relay): Promise<ServedRelayForTest> {
  const handler = toNodeHandler(relay);
  return serveListener((req: IncomingMessage, res: ServerResponse) => {
    const address = req.headers[TEST_ADDRESS_HEADER];
    delete req.headers[TEST_ADDRESS_HEADER];
    Object.defineProperty(req.socket, 'remoteAddress', { value: typeof address === 'string' ? address : undefined, configurable: true });
    handler(req, res);
  });
}

/**
 * One instance of the fixture's shop relay on a shared `store`, as several instances run: its
 * order statuses come from webhooks through the store, never from a poll of the API, so a test
 * sees what the store carries between instances. `options` add to it; a `client` of its own
 * replaces the key pair (its order tokens are then signed with `ORDER_TOKEN_SECRET`).
 */
export function relayInstanceOn(apiBaseUrl: string, store: Store, options: Partial<RelayOptions> = {}): Relay {
  return createRelay({
    apiBaseUrl,
    ...(options.client === undefined ? { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } : { orderTokenSecret: ORDER_TOKEN_SECRET }),
    publicClientId: PUBLIC_CLIENT_ID,
    offers: SOLD_OFFERS,
    webhookSecret: WEBHOOK_SECRET,
    store,
    orderRefreshMs: 3_600_000,
    events: { pollMs: 3_600_000, maxPollMs: 3_600_000 },
    ...options,
  });
}

/** The path of an order's route with its token in the query, as an EventSource asks for it: `orderPath(order, '/events')`. */
export function orderPath(order: { id: string; orderToken: string }, suffix: '' | '/events' = ''): string {
  return `/orders/${order.id}${suffix}?token=${order.orderToken}`;
}

/**
 * The same path for an order known by its id alone (a webhook's), with the token a relay made
 * by `startRelay` from the client secret signs for it.
 */
export async function signedOrderPath(id: string, suffix: '' | '/events' = ''): Promise<string> {
  return orderPath({ id, orderToken: await createOrderTokens([CLIENT_SECRET]).issue(id) }, suffix);
}

/** `POST /charges` with a fresh `Idempotency-Key` unless one is given. */
export function postCharge(
  relay: Pick<RelayUnderTest, 'call'>,
  body: unknown,
  { key = randomUUID(), headers = {}, remoteAddress }: { key?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<Response> {
  return relay.call('POST', '/charges', { body, headers: { 'Idempotency-Key': key, ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });
}

/**
 * `startRelay` with a client that tries each charge once (a failed try reaches the relay at once,
 * and is one call to the API); `charges()` counts the charges it sent to the API.
 */
export async function startRelayTryingOnce(options: Partial<RelayOptions>): Promise<RelayUnderTest & { charges(): number }> {
  let charges = 0;
  const counting: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    if (request.method === 'POST' && new URL(request.url).pathname === '/public_api/payments/') charges += 1;
    return fetch(request);
  };
  const relay = await startRelay((running) => ({ client: singleAttemptClient(running, counting), ...options }));
  return { ...relay, charges: () => charges };
}

/** Makes the sandbox answer the next `count` charges 502 before creating anything (0: none). */
export async function failCharges(relay: RelayUnderTest, count: number): Promise<void> {
  const rules = count === 0 ? [] : [{ method: 'POST', path: '/public_api/payments/', status: 502, body: 'html', count }];
  await sandboxControl(relay.running, 'PUT', '/__sandbox/faults', { rules });
}

/** A try the relay sent to the API, which failed it: 502 upstream_unavailable. */
export async function failedCharge(response: Promise<Response>): Promise<void> {
  assert.equal((await refusal(await response, 502)).type, 'upstream_unavailable');
}

/** A client of the sandbox that tries each request once, so a failure reaches the relay at once; `fetch` sees each request. */
export function singleAttemptClient(running: RunningSandbox, fetcher: typeof fetch = fetch) {
  return createClient({ baseUrl: running.baseUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, retry: { maxAttempts: 1 }, fetch: fetcher });
}

/** A card token from the sandbox's tokenization route, as the browser gets it with the public client id. */
export async function tokenizeCard(running: RunningSandbox, number: string = TEST_CARDS.approved): Promise<string> {
  const response = await fetch(`${running.baseUrl}/public_api/card-tokens/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-client-id': PUBLIC_CLIENT_ID },
    body: JSON.stringify({ holderName: 'ANA SOUZA', number, expMonth: '12', expYear: '2034', cvv: '123' }),
  });
  if (response.status !== 201) throw new Error(`tokenization failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The widget's body of a card charge on 77BcHrY. */
export function cardChargeBody(method: 'credit_card' | 'threeDs', token: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...pixChargeBody(), paymentMethod: method, card: { token }, antifraud_profiling_attempt_reference: randomUUID(), ...extra };
}

/** A JSON call to a sandbox test control. */
export async function sandboxControl(running: RunningSandbox, method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${running.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return response;
}

export interface ServedRelayForTest {
  url: string;
  close(): Promise<void>;
}

/** The relay on a loopback port through `toNodeHandler`, as a merchant's `http` server runs it. */
export async function serveOnLoopback(relay: Relay): Promise<ServedRelayForTest> {
  return serveListener(toNodeHandler(relay));
}

async function serveListener(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<ServedRelayForTest> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The parsed `{ error }` body of a refusal, after checking its status. */
export async function refusal(response: Response, status: number): Promise<{ type: string; message: string; fields?: Record<string, string[]>; retryAfter?: number }> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return (JSON.parse(text) as { error: { type: string; message: string; fields?: Record<string, string[]>; retryAfter?: number } }).error;
}
