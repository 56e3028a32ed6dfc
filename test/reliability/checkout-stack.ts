/**
 * What the reliability suites share: the relay in front of a sandbox with every upstream
 * request recorded (path, `X-Idempotency-Key`, `Authorization`, the access tokens the sandbox
 * issued), the check of the relay's documented error shape, and card-number-like values for
 * the fuzzers and the card-data checks.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient, type ClientOptions } from '../../src/client/index.js';
import { createRelay, RELAY_ERROR_TYPES, type Relay, type RelayOptions } from '../../src/relay/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/sandbox.js';

export const CLIENT_ID = 'sandbox-client';
export const CLIENT_SECRET = 'sandbox-secret';
export const PUBLIC_CLIENT_ID = 'sandbox-public';
export const WEBHOOK_SECRET = 'whsec-reliability-5b2e9c41d7';
/** Offers of the default fixture the relays here sell: 77BcHrY (all five methods), BOLEplan (pix and boleto). */
const SOLD_OFFERS = ['77BcHrY', 'FOTOprm', 'BOLEplan'];
/** The origin the relays here allow. */
export const SHOP_ORIGIN = 'https://shop.example';
/** Where in-process requests pretend to go; the host is never resolved. */
export const SANDBOX_ORIGIN = 'http://sandbox.test';
const RELAY_ORIGIN = 'http://relay.test';

/** One request the relay's client sent upstream. */
export interface UpstreamRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  /** The body as sent (charges only; other bodies are not kept). */
  body: string | undefined;
  /** The answer's status; undefined while waiting, or when no answer came (dropped, timed out). */
  status?: number;
}

/** A `fetch` that records what goes through it, and the access tokens the token endpoint answered. */
export interface RecordingFetch {
  fetch: typeof fetch;
  requests: UpstreamRequest[];
  /** Every `access_token` the API issued through this fetch. */
  issuedTokens: string[];
}

/** Wraps `target` so every request and every issued access token is kept for the test to look at. */
export function recordingFetch(target: (request: Request) => Promise<Response>): RecordingFetch {
  const requests: UpstreamRequest[] = [];
  const issuedTokens: string[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const body = path === '/public_api/payments/' ? await request.clone().text() : undefined;
    const sent: UpstreamRequest = {
      method: request.method,
      path,
      idempotencyKey: request.headers.get('X-Idempotency-Key'),
      authorization: request.headers.get('Authorization'),
      body,
    };
    requests.push(sent);
    const response = await target(request);
    sent.status = response.status;
    if (path === '/public_api/token/' && response.ok) {
      issuedTokens.push(((await response.clone().json()) as { access_token: string }).access_token);
    }
    return response;
  };
  return { fetch: wrapped, requests, issuedTokens };
}

/** The in-process sandbox as a `fetch` target: no socket, no abort (nothing here waits long). */
function inProcessTarget(sandbox: Sandbox, remoteAddress = '127.0.0.1'): (request: Request) => Promise<Response> {
  return (request) => sandbox.fetch(request, { remoteAddress });
}

/** The buyer of the fuzzers' well-formed charges. */
export const FUZZ_CUSTOMER = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  phone: '5511987654321',
  fingerprint: 'device-7f3a',
  docType: 'cpf',
  docNumber: '52998224725',
};

/** Creates `count` Pix orders of 77BcHrY through the stack's relay; answers their ids. */
export async function createPixOrders(stack: Pick<InProcessStack, 'call'>, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await stack.call('/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ paymentMethod: 'pix', customer: FUZZ_CUSTOMER, items: [{ offerId: '77BcHrY' }] }),
    });
    assert.equal(response.status, 201, await response.clone().text());
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

export interface InProcessStack {
  sandbox: Sandbox;
  relay: Relay;
  upstream: RecordingFetch;
  /** What the relay told `onError`. */
  reported: unknown[];
  /** Calls the relay's fetch handler as a Node server would, from `remoteAddress`. */
  call(path: string, init?: RequestInit, remoteAddress?: string): Promise<Response>;
}

/**
 * A sandbox and a relay in front of it, both in-process, with the sandbox's limits, the relay's
 * per-IP limit, its charge line and the client's pacing off: every request is judged on what it holds, never
 * on how many came before it.
 */
export function startInProcessStack(
  relayOptions: Partial<RelayOptions> = {},
  clientOptions: Partial<ClientOptions> = {},
): InProcessStack {
  const sandbox = createSandbox();
  sandbox.world.limits.disabled = true;
  const upstream = recordingFetch(inProcessTarget(sandbox));
  const reported: unknown[] = [];
  const client = createClient({
    baseUrl: SANDBOX_ORIGIN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: upstream.fetch,
    pacing: false,
    ...clientOptions,
  });
  const relay = createRelay({
    apiBaseUrl: SANDBOX_ORIGIN,
    client,
    orderTokenSecret: 'order-token-secret-of-the-in-process-stack',
    publicClientId: PUBLIC_CLIENT_ID,
    offers: SOLD_OFFERS,
    webhookSecret: WEBHOOK_SECRET,
    allowedOrigins: [SHOP_ORIGIN],
    chargeRateLimit: false,
    chargeQueue: false,
    onError: (error) => reported.push(error),
    ...relayOptions,
  });
  return {
    sandbox,
    relay,
    upstream,
    reported,
    call: (path, init = {}, remoteAddress = '203.0.113.7') => relay.fetch(new Request(`${RELAY_ORIGIN}${path}`, init), { remoteAddress }),
  };
}

/** The relay's error body, as docs/relay.md ("Errors") documents it. */
export interface RelayErrorAnswer {
  type: string;
  message: string;
  fields?: Record<string, string[]>;
  retryAfter?: number;
}

/**
 * Checks that `text` is exactly the relay's documented error shape
 * `{ error: { type, message, fields?, retryAfter? } }` with a known `type`, and answers it.
 * `context` goes into every failure message, so a fuzz failure shows the request.
 */
export function assertRelayErrorShape(text: string, context: string): RelayErrorAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`an error answer that is not JSON: ${text.slice(0, 200)}\n${context}`);
  }
  assert.ok(typeof body === 'object' && body !== null && !Array.isArray(body), `error body not an object\n${context}`);
  assert.deepEqual(Object.keys(body), ['error'], `error body keys\n${context}`);
  const error = (body as { error: unknown }).error as Record<string, unknown>;
  assert.ok(typeof error === 'object' && error !== null && !Array.isArray(error), `error not an object\n${context}`);
  for (const key of Object.keys(error)) {
    assert.ok(['type', 'message', 'fields', 'retryAfter'].includes(key), `unexpected key error.${key}\n${context}`);
  }
  assert.ok((RELAY_ERROR_TYPES as readonly unknown[]).includes(error['type']), `unknown error.type ${String(error['type'])}\n${context}`);
  assert.equal(typeof error['message'], 'string', `error.message\n${context}`);
  if ('fields' in error) {
    const fields = error['fields'];
    assert.ok(typeof fields === 'object' && fields !== null && !Array.isArray(fields), `error.fields not an object\n${context}`);
    // `fields` names the request fields at fault: present means at least one (docs/relay.md, "Errors").
    assert.ok(Object.keys(fields).length > 0, `error.fields is empty\n${context}`);
    for (const [path, messages] of Object.entries(fields)) {
      assert.ok(
        Array.isArray(messages) && messages.length > 0 && messages.every((message) => typeof message === 'string'),
        `error.fields[${JSON.stringify(path)}] is not a list of messages\n${context}`,
      );
    }
  }
  if ('retryAfter' in error) {
    const retryAfter = error['retryAfter'];
    assert.ok(typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0, `error.retryAfter\n${context}`);
  }
  return error as unknown as RelayErrorAnswer;
}

/** The Luhn check digit that makes `payload` + digit a valid card-like number. */
function luhnCheckDigit(payload: string): string {
  let sum = 0;
  for (let index = 0; index < payload.length; index += 1) {
    // From the right of the final number, the payload's last digit is in the doubled position.
    let digit = Number(payload[payload.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A card-like number: `payload` (12 to 18 digits) plus its Luhn check digit. */
export function luhnNumber(payload: string): string {
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** The number written in groups of four with `separator` (' ' or '-'), as a buyer might paste it. */
export function groupedNumber(number: string, separator: string): string {
  return number.replace(/(\d{4})(?=\d)/g, `$1${separator}`);
}
