/**
 * The sandbox on a real port (`serveSandbox`, behind `pay-checkout sandbox`), spoken to as
 * hostile or careless clients speak HTTP. Every such request gets a 4xx (or 501) in the API's
 * `{detail}` form, nothing is printed, and the connection it came on serves the next request:
 * a test suite that pools connections to the sandbox must not see one test's refused request
 * break the next test's call.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DEFAULT_SERVER_TIMEOUTS } from '../../../src/http/node-server.js';
import { DEFAULT_API_KEY } from '../../../src/sandbox/world/fixture.js';
import { serveSandbox, type ServedSandbox } from '../../../src/sandbox/cli/serve.js';
import { consoleErrorsDuring, jsonOfSize, rawExchange, sendOnOneConnection, type AgentRequest } from '../../http/raw-http.js';
import { pixChargeBody } from '../controls-requests.js';

function detailOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { detail?: string }).detail;
  } catch {
    return undefined;
  }
}

describe('the sandbox on a Node server, spoken to by hostile clients', () => {
  let served: ServedSandbox;
  let port: number;
  let token: string;

  const offers = (): AgentRequest => ({ method: 'GET', path: '/public_api/offers/', headers: { Authorization: `Bearer ${token}` } });
  const charge = (body: string, contentType = 'application/json'): AgentRequest => ({
    method: 'POST',
    path: '/public_api/payments/',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType, 'X-Idempotency-Key': randomUUID(), 'Content-Length': Buffer.byteLength(body) },
    body,
  });

  before(async () => {
    served = await serveSandbox({ port: 0, bodyTimeoutMs: 400 });
    served.sandbox.world.limits.disabled = true;
    port = Number(new URL(served.url).port);
    const answer = await fetch(`${served.url}/public_api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: DEFAULT_API_KEY.clientId, client_secret: DEFAULT_API_KEY.clientSecret }),
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });

  after(() => served.close());

  it('serves the next requests on a keep-alive connection after a 413 on a body over the limit', async () => {
    const answers = await sendOnOneConnection(served.url, [charge(jsonOfSize(1_000_000)), offers(), offers(), offers()]);
    assert.deepEqual(
      answers.map(({ status, error, connection }) => ({ status, error, connection })),
      [413, 200, 200, 200].map((status) => ({ status, error: undefined, connection: 1 })),
    );
  });

  it('serves the next requests after 415, 401 and 404 answered without reading a large body', async () => {
    const large = jsonOfSize(300_000);
    const answers = await sendOnOneConnection(served.url, [
      charge(large, 'text/plain'),
      offers(),
      { method: 'POST', path: '/public_api/payments/', headers: { 'Content-Type': 'application/json' }, body: large },
      offers(),
      { method: 'POST', path: '/nowhere', headers: { 'Content-Type': 'application/json' }, body: jsonOfSize(3_000_000) },
      offers(),
    ]);
    assert.deepEqual(
      answers.map(({ status, error }) => ({ status, error })),
      [415, 200, 401, 200, 404, 200].map((status) => ({ status, error: undefined })),
    );
  });

  it('answers a huge declared Content-Length with 413 and closes the connection at once', async () => {
    const answer = await rawExchange(
      port,
      [`POST /public_api/payments/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nX-Idempotency-Key: ${randomUUID()}\r\nContent-Length: 9007199254740991\r\n\r\n{}`],
      { untilClose: true },
    );
    assert.equal(answer.status, 413, answer.text);
    assert.equal(answer.headers['connection'], 'close');
    assert.equal(answer.closedByServer, true);
  });

  it('cuts a charge body that trickles in with 408, makes no order and prints nothing', async () => {
    const body = JSON.stringify(pixChargeBody());
    const head =
      `POST /public_api/payments/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `X-Idempotency-Key: ${randomUUID()}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const ordersBefore = served.sandbox.world.orders.size;
    const printed = await consoleErrorsDuring(async () => {
      const answer = await rawExchange(port, [head, ...[...body.slice(0, 20)].flatMap((character) => [character, 100])], { waitMs: 3_000, untilClose: true });
      assert.equal(answer.status, 408, answer.text);
      assert.equal(typeof detailOf(answer.body), 'string', answer.text);
      assert.equal(answer.closedByServer, true);
    });
    assert.deepEqual(printed, []);
    assert.equal(served.sandbox.world.orders.size, ordersBefore);
  });

  it('answers CONNECT, TRACE and unknown methods with 501 and a malformed Host with 400, printing nothing', async () => {
    const printed = await consoleErrorsDuring(async () => {
      const connect = await rawExchange(port, ['CONNECT api.example.com:443 HTTP/1.1\r\nHost: api.example.com:443\r\n\r\n'], { untilClose: true });
      assert.equal(connect.status, 501, connect.text);
      assert.equal(connect.closedByServer, true);
      for (const method of ['TRACE', 'FOO']) {
        const answer = await rawExchange(port, [`${method} /public_api/offers/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`]);
        assert.equal(answer.status, 501, `${method}: ${answer.text}`);
        assert.equal(typeof detailOf(answer.body), 'string', `${method}: ${answer.text}`);
      }
      for (const host of ['a b', 'x:99999', '[::1']) {
        const answer = await rawExchange(port, [`GET /public_api/offers/ HTTP/1.1\r\nHost: ${host}\r\n\r\n`]);
        assert.equal(answer.status, 400, `Host ${host}: ${answer.text}`);
        assert.equal(typeof detailOf(answer.body), 'string', answer.text);
      }
    });
    assert.deepEqual(printed, []);
  });

  it('runs with bounded headers, request and keep-alive timeouts, and drops headers that never end', async () => {
    const { headersTimeout, requestTimeout, keepAliveTimeout } = served.server;
    assert.deepEqual(
      { headersTimeout, requestTimeout, keepAliveTimeout },
      {
        headersTimeout: DEFAULT_SERVER_TIMEOUTS.headersTimeoutMs,
        requestTimeout: DEFAULT_SERVER_TIMEOUTS.requestTimeoutMs,
        keepAliveTimeout: DEFAULT_SERVER_TIMEOUTS.keepAliveTimeoutMs,
      },
    );
    const quick = await serveSandbox({ port: 0, timeouts: { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300 } });
    try {
      const started = Date.now();
      const answer = await rawExchange(Number(new URL(quick.url).port), ['GET /public_api/offers/ HTTP/1.1\r\nHost: 127.0.0.1\r\n', 4_000], {
        waitMs: 4_000,
        untilClose: true,
      });
      assert.equal(answer.closedByServer, true);
      assert.equal(answer.status, 408, answer.text);
      assert.ok(Date.now() - started < 2_500, `closed after ${Date.now() - started} ms`);
    } finally {
      await quick.close();
    }
  });
});
