/**
 * The relay on a real port, spoken to as hostile or careless clients speak HTTP: methods and
 * Host headers `fetch` would never send, bodies refused before they were read, bodies that
 * trickle in, headers that never end. Each gets a 4xx (or 501) in the relay's error shape, no
 * stack trace on the console, and the connection it came on still serves the next request.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SERVER_TIMEOUTS } from '../../src/http/node-server.js';
import { createRelay, toNodeHandler } from '../../src/relay/index.js';
import { serveRelay, type ServedRelay } from '../../src/relay/serve.js';
import { consoleErrorsDuring, jsonOfSize, rawExchange, sendOnOneConnection, type AgentRequest } from '../http/raw-http.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { CLIENT_ID, CLIENT_SECRET, pixChargeBody, PUBLIC_CLIENT_ID, SOLD_OFFERS, WEBHOOK_SECRET } from './relay-harness.js';

const relayOptions = (running: RunningSandbox) => ({
  apiBaseUrl: running.baseUrl,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  publicClientId: PUBLIC_CLIENT_ID,
  offers: SOLD_OFFERS,
  webhookSecret: WEBHOOK_SECRET,
  chargeRateLimit: false as const,
});

function errorTypeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { error?: { type?: string } }).error?.type;
  } catch {
    return undefined;
  }
}

const CONFIG: AgentRequest = { method: 'GET', path: '/config?offer=77BcHrY' };
const charge = (body: string, contentType = 'application/json'): AgentRequest => ({
  method: 'POST',
  path: '/charges',
  headers: { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), 'Idempotency-Key': randomUUID() },
  body,
});

describe('the relay on a Node server, spoken to by hostile clients', () => {
  let running: RunningSandbox;
  let served: ServedRelay;
  let port: number;

  before(async () => {
    running = await startSandbox();
    running.sandbox.world.limits.disabled = true;
    served = await serveRelay({ ...relayOptions(running), port: 0, bodyTimeoutMs: 400 });
    port = Number(new URL(served.url).port);
  });

  after(async () => {
    await served.close();
    await running.close();
  });

  it('answers TRACE, CONNECT and methods it does not know with 501, a known method on the wrong route with 405 and Allow', async () => {
    const printed = await consoleErrorsDuring(async () => {
      for (const method of ['TRACE', 'PROPFIND', 'FOO', 'QUERY']) {
        const answer = await rawExchange(port, [`${method} /config?offer=77BcHrY HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`]);
        assert.equal(answer.status, 501, `${method}: ${answer.text}`);
        assert.equal(errorTypeOf(answer.body), 'not_implemented', `${method}: ${answer.text}`);
      }
      const connect = await rawExchange(port, ['CONNECT api.example.com:443 HTTP/1.1\r\nHost: api.example.com:443\r\n\r\n'], { untilClose: true });
      assert.equal(connect.status, 501, `CONNECT: ${connect.text}`);
      assert.equal(errorTypeOf(connect.body), 'not_implemented');
      assert.equal(connect.closedByServer, true, 'the CONNECT connection is closed, not left hanging');
      const put = await rawExchange(port, ['PUT /config HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n']);
      assert.equal(put.status, 405, put.text);
      assert.equal(put.headers['allow'], 'GET');
      assert.equal(errorTypeOf(put.body), 'method_not_allowed');
    });
    assert.deepEqual(printed, []);
  });

  it('answers a malformed or repeated Host header with 400 invalid_host and prints nothing', async () => {
    const printed = await consoleErrorsDuring(async () => {
      for (const host of ['a b', '[::1', 'shop.example:99999', 'shop.example/evil', 'user@shop.example', 'shop.example?x', 'shop.example#x', 'lojá.example']) {
        const answer = await rawExchange(port, [Buffer.from(`GET /config?offer=77BcHrY HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 'latin1')]);
        assert.equal(answer.status, 400, `Host ${host}: ${answer.text}`);
        assert.equal(errorTypeOf(answer.body), 'invalid_host', `Host ${host}: ${answer.text}`);
      }
      const twice = await rawExchange(port, ['GET /config?offer=77BcHrY HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n']);
      assert.equal(twice.status, 400, twice.text);
      for (const host of ['127.0.0.1', `127.0.0.1:${port}`, '[::1]:4020', 'shop.example', '']) {
        const answer = await rawExchange(port, [`GET /config?offer=77BcHrY HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`]);
        assert.equal(answer.status, 200, `Host ${JSON.stringify(host)}: ${answer.text}`);
      }
    });
    assert.deepEqual(printed, []);
  });

  it('keeps a path that starts with two slashes a path, never a host', async () => {
    const answer = await rawExchange(port, ['GET //shop.example/config?offer=77BcHrY HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n']);
    assert.equal(answer.status, 404, answer.text);
    assert.equal(errorTypeOf(answer.body), 'not_found');
  });

  it('serves the next requests on a keep-alive connection after a 413 on a body over the limit', async () => {
    const answers = await sendOnOneConnection(served.url, [charge(jsonOfSize(1_000_000)), CONFIG, CONFIG, CONFIG]);
    assert.deepEqual(
      answers.map(({ status, error }) => ({ status, error })),
      [{ status: 413, error: undefined }, ...Array(3).fill({ status: 200, error: undefined })],
    );
    assert.equal(errorTypeOf(answers[0]!.body), 'payload_too_large');
    assert.deepEqual(answers.map((answer) => answer.connection), [1, 1, 1, 1], 'the body was drained and the connection kept');
  });

  it('serves the next requests after 415, 404, 405 and 401 answered without reading a large body', async () => {
    const large = jsonOfSize(300_000);
    const answers = await sendOnOneConnection(served.url, [
      charge(large, 'text/plain'),
      CONFIG,
      { method: 'POST', path: '/nowhere', headers: { 'Content-Type': 'application/json' }, body: large },
      CONFIG,
      { method: 'PUT', path: '/charges', headers: { 'Content-Type': 'application/json' }, body: large },
      CONFIG,
      { method: 'POST', path: '/webhooks', headers: { 'Content-Type': 'application/json' }, body: jsonOfSize(2_000_000) },
      CONFIG,
    ]);
    assert.deepEqual(
      answers.map(({ status, error }) => ({ status, error })),
      [415, 200, 404, 200, 405, 200, 413, 200].map((status) => ({ status, error: undefined })),
    );
  });

  it('answers a body far over the limit with Connection: close, and the client carries on on a new connection', async () => {
    const answers = await sendOnOneConnection(served.url, [charge(jsonOfSize(8_000_000)), CONFIG, CONFIG, CONFIG]);
    assert.deepEqual(
      answers.map(({ status, error }) => ({ status, error })),
      [{ status: 413, error: undefined }, ...Array(3).fill({ status: 200, error: undefined })],
      'the refused client read its 413 whole: the server read on until the body ended before closing',
    );
    assert.equal(answers[0]!.connectionHeader, 'close', 'the answer tells a pooling client not to reuse the connection');
    assert.notEqual(answers[1]!.connection, answers[0]!.connection, 'the refused connection was not reused');
  });

  it('answers a huge declared Content-Length with 413 and closes the connection at once', async () => {
    const started = Date.now();
    const answer = await rawExchange(port, [
      `POST /charges HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nIdempotency-Key: ${randomUUID()}\r\nContent-Length: 9007199254740991\r\n\r\n{"a":1}`,
    ], { untilClose: true });
    assert.equal(answer.status, 413, answer.text);
    assert.equal(answer.headers['connection'], 'close');
    assert.equal(answer.closedByServer, true);
    assert.ok(Date.now() - started < 1_500, `closed after ${Date.now() - started} ms`);
    assert.equal((await fetch(`${served.url}/config?offer=77BcHrY`)).status, 200);
  });

  it('cuts a body that trickles in with 408 request_timeout after bodyTimeoutMs', async () => {
    const body = JSON.stringify(pixChargeBody());
    const head = `POST /charges HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nIdempotency-Key: ${randomUUID()}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const ordersBefore = running.sandbox.world.orders.size;
    const started = Date.now();
    const answer = await rawExchange(port, [head, ...[...body.slice(0, 20)].flatMap((character) => [character, 100])], { waitMs: 3_000, untilClose: true });
    assert.equal(answer.status, 408, answer.text);
    assert.equal(errorTypeOf(answer.body), 'request_timeout');
    assert.equal(answer.headers['connection'], 'close');
    assert.equal(answer.closedByServer, true);
    assert.ok(Date.now() - started < 2_000, `answered after ${Date.now() - started} ms`);
    assert.equal(running.sandbox.world.orders.size, ordersBefore, 'no charge was made from a cut body');
  });

  it('drops a connection whose headers never end, after headersTimeout', async () => {
    const quick = await serveRelay({ ...relayOptions(running), port: 0, timeouts: { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300 } });
    try {
      const started = Date.now();
      const answer = await rawExchange(Number(new URL(quick.url).port), ['GET /config?offer=77BcHrY HTTP/1.1\r\nHost: 127.0.0.1\r\n', 4_000], { waitMs: 4_000, untilClose: true });
      assert.equal(answer.closedByServer, true, 'the server closed the connection');
      assert.ok(Date.now() - started < 2_500, `closed after ${Date.now() - started} ms`);
      assert.equal(answer.status, 408, answer.text);
    } finally {
      await quick.close();
    }
  });
});

describe('toNodeHandler on a server the merchant creates', () => {
  let running: RunningSandbox;
  let server: Server;
  let origin: string;

  before(async () => {
    running = await startSandbox();
    server = createServer(toNodeHandler(createRelay(relayOptions(running))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await running.close();
  });

  it('keeps a keep-alive connection usable after a 413, and refuses a bad Host with 400', async () => {
    const answers = await sendOnOneConnection(origin, [charge(jsonOfSize(200_000)), CONFIG, CONFIG, CONFIG]);
    assert.deepEqual(answers.map(({ status, error, connection }) => ({ status, error, connection })), [
      { status: 413, error: undefined, connection: 1 },
      ...Array(3).fill({ status: 200, error: undefined, connection: 1 }),
    ]);
    const printed = await consoleErrorsDuring(async () => {
      const answer = await rawExchange(Number(new URL(origin).port), ['GET /config HTTP/1.1\r\nHost: x:99999\r\n\r\n']);
      assert.equal(answer.status, 400, answer.text);
      assert.equal(errorTypeOf(answer.body), 'invalid_host');
    });
    assert.deepEqual(printed, []);
  });
});

describe('serveRelay, behind `pay-checkout relay`', () => {
  it('sets headersTimeout, requestTimeout and keepAliveTimeout well under Node\'s 300 s request default', async () => {
    const running = await startSandbox();
    const served = await serveRelay({ ...relayOptions(running), port: 0 });
    try {
      const { headersTimeout, requestTimeout, keepAliveTimeout } = served.server;
      assert.deepEqual(
        { headersTimeout, requestTimeout, keepAliveTimeout },
        {
          headersTimeout: DEFAULT_SERVER_TIMEOUTS.headersTimeoutMs,
          requestTimeout: DEFAULT_SERVER_TIMEOUTS.requestTimeoutMs,
          keepAliveTimeout: DEFAULT_SERVER_TIMEOUTS.keepAliveTimeoutMs,
        },
      );
      assert.ok(requestTimeout > 0 && requestTimeout <= 60_000 && headersTimeout <= requestTimeout, JSON.stringify(DEFAULT_SERVER_TIMEOUTS));
      assert.ok(keepAliveTimeout > 0 && keepAliveTimeout <= 10_000);
    } finally {
      await served.close();
      await running.close();
    }
  });
});
