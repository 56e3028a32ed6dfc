/**
 * Fuzzing every route of the relay through its real Node server on a loopback port, where the
 * requests are bytes on a socket rather than `Request` objects: config, charges, orders/{id},
 * orders/{id}/events, webhooks, unknown paths and preflights, with random methods (TRACE,
 * CONNECT, WebDAV's, made-up ones), paths (percent-encoded, dot segments, double slashes,
 * absolute form, longer than Node's header limit), query strings, headers (hostile or repeated
 * Host, Origin, Content-Type, Transfer-Encoding, a `Content-Length` that lies either way,
 * `Expect`, `Upgrade`) and bodies (random bytes, deep JSON, huge strings, UTF-16 and Latin-1
 * text, broken UTF-8), framed honestly, chunked or not at all.
 *
 * Whatever comes in: no answer is a 5xx, except a 501 for a method the relay never serves
 * (the sandbox behind it stays up, so not even a 502); every JSON refusal has the relay's
 * error shape; nothing is printed, nothing reaches `onError`, no exception or rejection goes
 * unhandled; every case ends within a few seconds; and after an honestly framed request on a
 * connection the server kept open, the next request on it is served.
 *
 * The cases come from one seeded sample (`FUZZ_SEED` replays another) and run sixteen at a time,
 * since a body that lies about its length costs the server's body timeout.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { FIXED_WEBHOOK_EVENTS } from '../../src/contract/webhooks.js';
import { createStandaloneServer } from '../../src/http/node-server.js';
import { relayRefusal, toNodeHandler } from '../../src/relay/node.js';
import { WebhookRefusedError } from '../../src/relay/index.js';
import { openRawConnection, type RawAnswer } from '../http/raw-http.js';
import {
  answered,
  chargeBodyArbitrary,
  contentTypeArbitrary,
  describeRequest,
  extraHeadersArbitrary,
  FUZZ_SEED,
  headerValue,
  idempotencyKeyArbitrary,
  queryArbitrary,
  type FuzzBody,
} from './charge-fuzz-inputs.js';
import { assertRelayErrorShape, CLIENT_SECRET, createPixOrders, FUZZ_CUSTOMER, SHOP_ORIGIN, startInProcessStack, WEBHOOK_SECRET, type InProcessStack } from './checkout-stack.js';

const CASES = 3_000;
const CONCURRENCY = 16;
/** The server's body timeout here: a body that lies about its length waits this long for its 408. */
const BODY_TIMEOUT_MS = 300;
/** The longest one case may take, however hostile: a case still going after this is a hang. */
const CASE_DEADLINE_MS = 5_000;
/** The methods of HTTP itself: a 501 for one of these would be wrong. */
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);


/** How the body is put on the wire. */
type Framing = 'length' | 'chunked' | 'unframed' | 'short-length' | 'long-length' | 'long-length-then-close' | 'huge-length';

interface RouteCase {
  method: string;
  version: string;
  target: string;
  /** Host header lines: none, one, or several. */
  hosts: string[];
  headers: [string, string][];
  body: Uint8Array;
  framing: Framing;
  /** Sizes of the chunks of a chunked body. */
  chunkSizes: number[];
}

const methodArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('GET', 'POST', 'OPTIONS') },
  { weight: 4, arbitrary: fc.constantFrom('HEAD', 'PUT', 'DELETE', 'PATCH') },
  { weight: 3, arbitrary: fc.constantFrom('TRACE', 'CONNECT', 'TRACK', 'PROPFIND', 'QUERY', 'MKCOL', 'PURGE', 'FOO', 'get', 'Post', 'M-SEARCH') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~-]{1,10}$/) },
);

/** A path segment: plain, percent-encoded from any text, or one of the spellings path parsers trip on. */
const segmentArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 16 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.stringMatching(/^[!-~]{0,12}$/).map((text) => text.replace(/[?#]/g, '')) },
  { weight: 2, arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%2E.', '%2F', '%2f..%2f', '%zz', '%', '%00', '%C0%AF', '%E2%80%AE', 'a%20b', '\\', '..\\..', ';x', '%3Bx') },
);

type RouteKind = 'config' | 'charges' | 'webhooks' | 'order' | 'events' | 'unknown';

/** Each route's own method, which most cases use: the others try the rest. */
const ROUTE_METHOD: Record<RouteKind, string> = { config: 'GET', charges: 'POST', webhooks: 'POST', order: 'GET', events: 'GET', unknown: 'GET' };

const routeKindArbitrary: fc.Arbitrary<RouteKind> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<RouteKind>('config') },
  { weight: 5, arbitrary: fc.constant<RouteKind>('charges') },
  { weight: 3, arbitrary: fc.constant<RouteKind>('webhooks') },
  { weight: 2, arbitrary: fc.constantFrom<RouteKind>('order', 'events') },
  { weight: 2, arbitrary: fc.constant<RouteKind>('unknown') },
);

function routeArbitrary(kind: RouteKind, orderIds: readonly string[]): fc.Arbitrary<string> {
  const orderId = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...orderIds) }, { weight: 2, arbitrary: segmentArbitrary }, { weight: 1, arbitrary: fc.constant('a'.repeat(200)) });
  switch (kind) {
    case 'order':
      return orderId.map((id) => `/orders/${id}`);
    case 'events':
      return orderId.map((id) => `/orders/${id}/events`);
    case 'unknown':
      return fc.array(segmentArbitrary, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`);
    default:
      return fc.constant(`/${kind}`);
  }
}

/** A path as sent: the route itself mostly, else wrapped in dot segments, doubled slashes, other forms or great length. */
function targetArbitrary(kind: RouteKind, orderIds: readonly string[]): fc.Arbitrary<string> {
  const route = routeArbitrary(kind, orderIds);
  const path = fc.oneof(
    { weight: 10, arbitrary: route },
    { weight: 1, arbitrary: route.map((path) => `${path}/`) },
    { weight: 1, arbitrary: route.map((path) => `/x/..${path}`) },
    { weight: 1, arbitrary: route.map((path) => `/%2e%2e${path}`) },
    { weight: 1, arbitrary: route.map((path) => `/${path}`) },
    { weight: 1, arbitrary: route.map((path) => `http://evil.example${path}`) },
    { weight: 1, arbitrary: fc.constantFrom('*', 'evil.example:443', '', '/?', '/#x') },
    { weight: 1, arbitrary: fc.tuple(route, fc.integer({ min: 1_000, max: 20_000 })).map(([path, length]) => `${path}/${'a'.repeat(length)}`) },
  );
  const query = fc.oneof(
    { weight: kind === 'config' ? 1 : 3, arbitrary: queryArbitrary },
    { weight: kind === 'config' ? 4 : 1, arbitrary: fc.constantFrom('?offer=77BcHrY', '?offer=BOLEplan', '?offer=nope', '?offer=77BcHrY&offer=FOTOprm', '?offer=%E0%A4%A', '?offer[]=77BcHrY') },
  );
  return fc.tuple(path, query).map(([target, search]) => `${target}${search}`);
}

function hostArbitrary(port: number): fc.Arbitrary<string[]> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(`127.0.0.1:${port}`, '127.0.0.1', 'shop.example').map((host) => [host]) },
    {
      weight: 3,
      arbitrary: fc.constantFrom('', 'a b', '[::1', '[::1]:4020', 'x:99999', 'evil.example/x', 'user@evil.example', 'evil.example?x', 'evil.example#x', '..', ':80', 'xn--lj-via.example').map((host) => [host]),
    },
    { weight: 1, arbitrary: headerValue(30).map((host) => [host]) },
    { weight: 1, arbitrary: fc.constantFrom(0, 1, 2).map((pick) => [[], [`127.0.0.1:${port}`, 'evil.example'], ['evil.example', 'evil.example']][pick]!) },
  );
}

/** The headers a widget or the API sends: JSON, the attempt's key, the shop's origin (each may be off). */
const routeHeadersArbitrary: fc.Arbitrary<[string, string][]> = fc
  .record({
    origin: fc.option(fc.oneof(fc.constantFrom(SHOP_ORIGIN, 'https://evil.example', 'null', `${SHOP_ORIGIN}.evil.example`), headerValue(30)), { nil: undefined }),
    contentType: contentTypeArbitrary,
    idempotencyKey: idempotencyKeyArbitrary,
  })
  .map(({ origin, contentType, idempotencyKey }) => {
    const headers: [string, string][] = [];
    if (origin !== undefined) headers.push(['Origin', origin]);
    if (contentType !== undefined) headers.push(['Content-Type', contentType]);
    if (idempotencyKey !== undefined) headers.push(['Idempotency-Key', idempotencyKey]);
    return headers;
  });

/** Headers a careless or hostile client adds: a preflight's, a lying `Content-Length`, framing and upgrade headers, a huge one. */
const hostileHeadersArbitrary: fc.Arbitrary<[string, string][]> = fc
  .record(
    {
      extra: extraHeadersArbitrary,
      requestMethod: fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'TRACE'), headerValue(10)),
      requestHeaders: fc.oneof(fc.constantFrom('content-type, idempotency-key', 'x-evil', '*'), headerValue(30)),
      transferEncoding: fc.constantFrom('chunked', 'gzip', 'chunked, gzip', 'gzip, chunked', 'identity', 'Chunked', 'chunked, chunked'),
      expect: fc.constantFrom('100-continue', 'foo'),
      connection: fc.constantFrom('close', 'keep-alive', 'Upgrade', 'keep-alive, Upgrade'),
      upgrade: fc.constantFrom('websocket', 'h2c', 'HTTP/2.0'),
      encoding: fc.constantFrom('gzip', 'br', 'identity'),
      long: fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'v'.repeat(length)),
    },
    { requiredKeys: [] },
  )
  .map((picked) => {
    const headers: [string, string][] = Object.entries(picked.extra ?? {});
    if (picked.requestMethod !== undefined) headers.push(['Access-Control-Request-Method', picked.requestMethod]);
    if (picked.requestHeaders !== undefined) headers.push(['Access-Control-Request-Headers', picked.requestHeaders]);
    if (picked.transferEncoding !== undefined) headers.push(['Transfer-Encoding', picked.transferEncoding]);
    if (picked.expect !== undefined) headers.push(['Expect', picked.expect]);
    if (picked.connection !== undefined) headers.push(['Connection', picked.connection]);
    if (picked.upgrade !== undefined) headers.push(['Upgrade', picked.upgrade]);
    if (picked.encoding !== undefined) headers.push(['Content-Encoding', picked.encoding]);
    if (picked.long !== undefined) headers.push(['X-Long', picked.long]);
    return headers;
  });

function text(body: FuzzBody): Uint8Array {
  if (body.payload === undefined) return new Uint8Array();
  return body.payload instanceof Uint8Array ? body.payload : new Uint8Array(Buffer.from(body.payload, 'utf8'));
}

const VALID_CHARGE = JSON.stringify({ paymentMethod: 'pix', customer: FUZZ_CUSTOMER, items: [{ offerId: '77BcHrY' }] });

/** Bodies in the wrong encoding, or not text at all. */
const WRONG_ENCODINGS: readonly Uint8Array[] = [
  new Uint8Array(Buffer.from(VALID_CHARGE, 'utf16le')),
  new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VALID_CHARGE, 'utf16le')])),
  new Uint8Array(Buffer.from(VALID_CHARGE.replace('Ana Souza', 'Conceição'), 'latin1')),
  new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(VALID_CHARGE)])),
  new Uint8Array(Buffer.from(VALID_CHARGE.replace('Ana', '\uD800'))),
  new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  new Uint8Array([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]),
];

/** A valid charge with a string of `length` units added: past the charge limit (16 KiB) mostly, sometimes past the webhook limit (256 KiB). */
const hugeStringBody: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.constantFrom('x', 'é', '\u0000', '💳'),
    fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 4_000, max: 40_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 70_000, max: 300_000 }) }),
  )
  .map(([unit, length]) => new Uint8Array(Buffer.from(JSON.stringify({ ...JSON.parse(VALID_CHARGE), notes: unit.repeat(length) }))));

/** JSON nested `depth` levels deep, as arrays or objects. */
const deepJsonBody: fc.Arbitrary<Uint8Array> = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 100, max: 40_000 }))
  .map(([open, depth]) => new Uint8Array(Buffer.from(`${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`)));

function bodyArbitrary(kind: RouteKind, orderIds: readonly string[]): fc.Arbitrary<Uint8Array> {
  const charge = fc.record({
    paymentMethod: fc.constantFrom('pix', 'boleto', 'credit_card'),
    customer: fc.constant(FUZZ_CUSTOMER),
    items: fc.constantFrom([{ offerId: '77BcHrY' }], [{ offerId: 'BOLEplan', quantity: 2 }], [{ offerId: '77BcHrY', quantity: Number.MAX_SAFE_INTEGER }]),
  });
  const delivery = fc.record(
    {
      secret: fc.oneof(fc.constant(WEBHOOK_SECRET), fc.string({ maxLength: 30 })),
      event: fc.constantFrom(...FIXED_WEBHOOK_EVENTS),
      data: fc.record({ id: fc.oneof(fc.constantFrom(...orderIds), fc.string({ maxLength: 20 })), status: fc.constantFrom('paid', 'waiting_payment', 'x') }),
    },
    { requiredKeys: ['secret'] },
  );
  return fc.oneof(
    { weight: kind === 'webhooks' ? 1 : 6, arbitrary: chargeBodyArbitrary(charge).map(text) },
    { weight: kind === 'webhooks' ? 6 : 1, arbitrary: chargeBodyArbitrary(delivery).map(text) },
    { weight: kind === 'charges' || kind === 'webhooks' ? 1 : 6, arbitrary: fc.constant(new Uint8Array()) },
    { weight: 1, arbitrary: deepJsonBody },
    { weight: 1, arbitrary: hugeStringBody },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_ENCODINGS) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2_000 }) },
  );
}

const framingArbitrary: fc.Arbitrary<Framing> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Framing>('length') },
  { weight: 4, arbitrary: fc.constant<Framing>('chunked') },
  { weight: 1, arbitrary: fc.constantFrom<Framing>('unframed', 'short-length', 'long-length', 'long-length-then-close', 'huge-length') },
);

const ROUTE_KINDS: readonly RouteKind[] = ['config', 'charges', 'webhooks', 'order', 'events', 'unknown'];

function caseArbitrary(port: number, orderIds: readonly string[]): fc.Arbitrary<RouteCase> {
  // One arbitrary per route, made once: `chain` would otherwise build them again for every case.
  const byKind = new Map(ROUTE_KINDS.map((kind) => [kind, routeCaseArbitrary(kind, port, orderIds)]));
  return routeKindArbitrary.chain((kind) => byKind.get(kind)!);
}

function routeCaseArbitrary(kind: RouteKind, port: number, orderIds: readonly string[]): fc.Arbitrary<RouteCase> {
  return fc.record({
    method: fc.oneof({ weight: 10, arbitrary: fc.constant(ROUTE_METHOD[kind]) }, { weight: 2, arbitrary: fc.constant('OPTIONS') }, { weight: 6, arbitrary: methodArbitrary }),
    version: fc.oneof({ weight: 20, arbitrary: fc.constant('HTTP/1.1') }, { weight: 1, arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.2', 'http/1.1') }),
    target: targetArbitrary(kind, orderIds),
    hosts: hostArbitrary(port),
    headers: fc
      .tuple(routeHeadersArbitrary, fc.oneof({ weight: 3, arbitrary: fc.constant<[string, string][]>([]) }, { weight: 1, arbitrary: hostileHeadersArbitrary }))
      .map(([own, hostile]) => [...own, ...hostile]),
    body: bodyArbitrary(kind, orderIds),
    framing: framingArbitrary,
    chunkSizes: fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1, maxLength: 5 }),
  });
}

/** True when the case's body is framed as it truly is: the next request on the connection starts where the server thinks. */
function isHonest(routeCase: RouteCase): boolean {
  const names = routeCase.headers.map(([name]) => name.toLowerCase());
  return (routeCase.framing === 'length' || routeCase.framing === 'chunked') && !names.includes('content-length') && !names.includes('transfer-encoding');
}

function requestBytes(routeCase: RouteCase): Buffer {
  const { body, framing } = routeCase;
  const lines = [`${routeCase.method} ${routeCase.target} ${routeCase.version}`, ...routeCase.hosts.map((host) => `Host: ${host}`)];
  lines.push(...routeCase.headers.map(([name, value]) => `${name}: ${value}`));
  let payload = Buffer.from(body);
  if (framing === 'chunked') {
    lines.push('Transfer-Encoding: chunked');
    const parts: Buffer[] = [];
    let offset = 0;
    // At most about 64 chunks, so a large body in chunks of one byte stays a test of framing, not of patience.
    const smallest = Math.ceil(body.length / 64);
    for (let index = 0; offset < body.length; index += 1) {
      const size = Math.min(Math.max(smallest, routeCase.chunkSizes[index % routeCase.chunkSizes.length]!), body.length - offset);
      parts.push(Buffer.from(`${size.toString(16)}\r\n`), Buffer.from(body.subarray(offset, offset + size)), Buffer.from('\r\n'));
      offset += size;
    }
    payload = Buffer.concat([...parts, Buffer.from('0\r\n\r\n')]);
  } else if (framing === 'length') {
    lines.push(`Content-Length: ${body.length}`);
  } else if (framing === 'short-length') {
    lines.push(`Content-Length: ${Math.floor(body.length / 2)}`);
  } else if (framing === 'long-length' || framing === 'long-length-then-close') {
    lines.push(`Content-Length: ${body.length + 1 + (routeCase.chunkSizes[0] ?? 0)}`);
  } else if (framing === 'huge-length') {
    lines.push(`Content-Length: ${Number.MAX_SAFE_INTEGER}`);
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

function describeCase(routeCase: RouteCase): string {
  const headers = Object.fromEntries([...routeCase.hosts.map((host): [string, string] => ['Host', host]), ...routeCase.headers].map(([name, value]) => [name, value.slice(0, 80)]));
  const request = `${routeCase.method} ${routeCase.target.slice(0, 200)} ${routeCase.version}, framing ${routeCase.framing}, body ${routeCase.body.length} bytes`;
  return `${request}\n${describeRequest(headers, '', { payload: routeCase.body.subarray(0, 150) })}`;
}

/** Runs `work` on every item, `concurrency` at a time. */
async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        await work(items[index]!, index);
      }
    }),
  );
}

describe('fuzz: every relay route through its Node server', () => {
  let stack: InProcessStack;
  let server: Server;
  let port: number;
  const orderIds: string[] = [];
  const printed: string[] = [];
  const unhandled: unknown[] = [];
  const originalConsoleError = console.error;
  const onUnhandled = (error: unknown) => void unhandled.push(error);

  before(async () => {
    stack = startInProcessStack();
    orderIds.push(...(await createPixOrders(stack, 3)));
    // The server `serveRelay` and `pay-checkout relay` run, around this stack's relay.
    server = createStandaloneServer(toNodeHandler(stack.relay, { bodyTimeoutMs: BODY_TIMEOUT_MS }), { refuse: relayRefusal });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    console.error = (...args: unknown[]) => void printed.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    process.on('uncaughtException', onUnhandled);
    process.on('unhandledRejection', onUnhandled);
  });

  after(async () => {
    console.error = originalConsoleError;
    process.off('uncaughtException', onUnhandled);
    process.off('unhandledRejection', onUnhandled);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    stack.sandbox.close();
  });

  it(`${CASES} hostile requests over sockets: never a 5xx but 501 for a method never served, no hang, the next request served`, async () => {
    const cases = fc.sample(caseArbitrary(port, orderIds), { numRuns: CASES, seed: FUZZ_SEED });
    const seen = new Map<number, number>();
    const failures: string[] = [];
    let unanswered = 0;
    let unservedMethods = 0;
    let followUps = 0;
    const fail = (routeCase: RouteCase, index: number, problem: string) => {
      if (failures.length < 5) failures.push(`case ${index} (FUZZ_SEED=${FUZZ_SEED}): ${problem}\n${describeCase(routeCase)}`);
    };

    await inPool(cases, CONCURRENCY, async (routeCase, index) => {
      const started = Date.now();
      const connection = openRawConnection(port);
      try {
        connection.write(requestBytes(routeCase));
        if (routeCase.framing === 'long-length-then-close') connection.end();
        const bodiless = routeCase.method === 'HEAD';
        const answer: RawAnswer | undefined = await connection.nextAnswer({ waitMs: CASE_DEADLINE_MS, bodiless });
        if (Date.now() - started >= CASE_DEADLINE_MS) return fail(routeCase, index, 'no answer and no close within the deadline: a hang');
        if (answer === undefined) {
          // Only a client that hung up in the middle of its own body goes unanswered.
          if (routeCase.framing !== 'long-length-then-close') return fail(routeCase, index, `closed without an answer: ${connection.received().slice(0, 200)}`);
          unanswered += 1;
          return;
        }
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
        // A 501 is right only for a method the relay never serves.
        if (answer.status === 501 && !HTTP_METHODS.has(routeCase.method)) unservedMethods += 1;
        else if (answer.status >= 500) return fail(routeCase, index, `HTTP ${answer.status} ${answer.body.slice(0, 300)}`);
        if (answer.status >= 400 && !bodiless && answer.headers['content-type']?.startsWith('application/json')) {
          try {
            assertRelayErrorShape(answer.body, describeCase(routeCase));
          } catch (error) {
            return fail(routeCase, index, (error as Error).message.split('\n')[0]!);
          }
        }
        const everything = connection.received();
        if (everything.includes(WEBHOOK_SECRET) || everything.includes(CLIENT_SECRET)) return fail(routeCase, index, 'a secret in the answer');
        const kept = answer.headers['connection'] !== 'close' && !answer.headers['content-type']?.startsWith('text/event-stream');
        if (isHonest(routeCase) && kept && !connection.closedByServer) {
          connection.write(`GET /config?offer=77BcHrY HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
          const next = await connection.nextAnswer({ waitMs: CASE_DEADLINE_MS });
          if (next?.status !== 200) return fail(routeCase, index, `the next request on the connection got ${next ? `HTTP ${next.status} ${next.body.slice(0, 200)}` : 'no answer'}`);
          followUps += 1;
        }
      } finally {
        connection.destroy();
      }
    });

    const cases_ = answered(seen) + unanswered;
    const statuses = JSON.stringify(Object.fromEntries([...seen].sort(([a], [b]) => a - b)));
    console.log(
      `fuzz relay routes: ${cases_} cases over sockets, seed ${FUZZ_SEED}, statuses ${statuses}, ` +
        `5xx ${[...seen].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0)} (all 501 for unserved methods: ${unservedMethods}), ` +
        `next request served on ${followUps} kept connections, unanswered after the client hung up ${unanswered}`,
    );
    assert.deepEqual(failures, []);
    assert.equal(cases_, CASES, 'every case ended');
    // Deliveries with a wrong secret are told, once in the run (their 10 minutes), not as failures.
    const refusals = stack.reported.filter((error) => error instanceof WebhookRefusedError);
    assert.ok(refusals.length <= 1, `${refusals.length} webhook refusals told`);
    assert.deepEqual(stack.reported.filter((error) => !(error instanceof WebhookRefusedError)), [], 'the relay reported no server-side failure');
    assert.deepEqual(printed, [], 'nothing was printed');
    assert.deepEqual(unhandled, [], 'no exception or rejection went unhandled');
    for (const status of [200, 201, 204, 400, 401, 403, 404, 405, 408, 413, 415, 501]) {
      assert.ok((seen.get(status) ?? 0) > 0, `the cases reached a ${status}: ${statuses}`);
    }
    assert.ok(followUps > CASES / 3, `the next request was tried on ${followUps} connections`);
    assert.equal((await fetch(`http://127.0.0.1:${port}/config?offer=77BcHrY`)).status, 200, 'the relay still serves');
  });
});
