/**
 * The client's exchanges over its own HTTP/1.1 connections (src/client/node-transport.ts), against
 * Node's `http` and `https` servers on loopback: answers read whole and intact, connections kept alive and reused
 * (over TLS too), and every way an exchange can fail ending as it does over `fetch`: a
 * `ConnectionError` for no answer, a refused connection or an answer cut short, the caller's
 * reason for an abort. A client made without `fetch` uses it; one given a `fetch` does not.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createClient } from '../../src/client/client.js';
import { ConnectionError, RateLimitError } from '../../src/client/errors.js';
import { errorOfAnswer, exchange } from '../../src/client/exchange.js';
import { createNodeSend } from '../../src/client/node-transport.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/world/fixture.js';
import { pixChargeBody } from '../sandbox/controls-requests.js';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A loopback server that reads each request's body before handing it over, and counts connections. */
async function serve(handler: Handler, keepAliveTimeoutMs = 5_000): Promise<{ url: string; server: Server; connections: () => number }> {
  let connections = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handler(request, response, body));
  });
  server.keepAliveTimeout = keepAliveTimeoutMs;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, connections: () => connections };
}

const servers: Server[] = [];
after(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function started(handler: Handler, keepAliveTimeoutMs?: number) {
  const running = await serve(handler, keepAliveTimeoutMs);
  servers.push(running.server);
  return running;
}

/** Runs `script` as an ES module in a Node process of its own (through tsx), and answers what it printed; fails unless it exits 0. */
async function runModuleScript(script: string, env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Uint8Array) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Uint8Array) => (err += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.equal(code, 0, err);
  return out;
}

const send = createNodeSend()!;
const options = (timeoutMs = 5_000, signal?: AbortSignal) => ({ fetch: globalThis.fetch, nodeSend: send, timeoutMs, signal });

describe('client over its own connections: answers', () => {
  it('sends method, headers and body as given, and reads the answer whole, UTF-8 included', async () => {
    let seen: { method?: string; type?: string; length?: string; body?: string } = {};
    const { url } = await started((request, response, body) => {
      seen = { method: request.method, type: request.headers['content-type'], length: request.headers['content-length'], body };
      response.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ city: 'São Paulo', note: 'ação ✓'.repeat(2000) }));
    });
    const body = JSON.stringify({ name: 'João' });
    const answer = await exchange(`${url}/public_api/payments/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }, options());
    assert.equal(answer.status, 201);
    assert.deepEqual(JSON.parse(answer.text), { city: 'São Paulo', note: 'ação ✓'.repeat(2000) });
    // The declared length is in bytes, not characters: "ã" is two of them.
    assert.deepEqual(seen, { method: 'POST', type: 'application/json', length: String(Buffer.byteLength(body)), body });
  });

  it("hands an error answer's headers to the error: a 429's Retry-After", async () => {
    const { url } = await started((_request, response) => response.writeHead(429, { 'Retry-After': '7', 'Content-Type': 'application/json' }).end('{"detail":"Muitas requisições."}'));
    const answer = await exchange(`${url}/public_api/orders/`, { method: 'GET' }, options());
    const error = errorOfAnswer('GET /public_api/orders/', answer);
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.retryAfterSeconds, 7);
  });

  it('keeps the connection: 20 requests in a row, and 5 at once twice, over at most 5 connections', async () => {
    const { url, connections } = await started((_request, response) => response.end('{}'));
    for (let index = 0; index < 20; index += 1) await exchange(`${url}/a`, { method: 'GET' }, options());
    assert.equal(connections(), 1);
    for (let round = 0; round < 2; round += 1) {
      await Promise.all(Array.from({ length: 5 }, () => exchange(`${url}/b`, { method: 'GET' }, options())));
    }
    assert.ok(connections() <= 5, `${connections()} connections`);
  });

  it('sends each request to its own origin with its path and query intact: two servers, an IPv6 literal, credentials', async () => {
    const seen: string[] = [];
    const first = await started((request, response) => {
      seen.push(`first ${request.url} ${request.headers.authorization ?? ''}`);
      response.end('{}');
    });
    const second = await started((request, response) => {
      seen.push(`second ${request.url}`);
      response.end('{}');
    });
    await exchange(`${first.url}/public_api/orders/?page=2&limit=5`, { method: 'GET' }, options());
    await exchange(`${second.url}/public_api/orders/ord_1/`, { method: 'GET' }, options());
    await exchange(`${first.url}/public_api/fees/`, { method: 'GET' }, options());
    // Credentials in the URL are sent as Basic authorization, as `http.request` does with a URL.
    await exchange(first.url.replace('http://', 'http://ana:s%C3%AA@') + '/x', { method: 'GET' }, options());
    const v6 = createServer((request, response) => {
      seen.push(`v6 ${request.url}`);
      response.end('{}');
    });
    servers.push(v6);
    await new Promise<void>((resolve) => v6.listen(0, '::1', resolve));
    await exchange(`http://[::1]:${(v6.address() as AddressInfo).port}/public_api/fees/?a=1`, { method: 'GET' }, options());
    assert.deepEqual(seen, [
      'first /public_api/orders/?page=2&limit=5 ',
      'second /public_api/orders/ord_1/',
      'first /public_api/fees/ ',
      `first /x Basic ${Buffer.from('ana:sê').toString('base64')}`,
      'v6 /public_api/fees/?a=1',
    ]);
  });

  it("closes an idle connection before the server does, and sends the next request on a new one", async () => {
    const { url, connections } = await started((_request, response) => response.end('{}'), 300);
    await exchange(`${url}/a`, { method: 'GET' }, options());
    await new Promise((resolve) => setTimeout(resolve, 700));
    const answer = await exchange(`${url}/a`, { method: 'GET' }, options());
    assert.equal(answer.status, 200);
    assert.equal(connections(), 2);
  });
});

describe('client over its own connections: failures end as they do over fetch', () => {
  it('no answer within the limit: a ConnectionError naming it', async () => {
    const { url } = await started(() => undefined);
    const error = await exchange(`${url}/public_api/fees/`, { method: 'GET' }, options(60)).catch((caught: unknown) => caught);
    assert.ok(error instanceof ConnectionError, String(error));
    assert.match(error.message, /GET \/public_api\/fees\/: no answer within 60 ms/);
  });

  it('an answer whose body stops coming within the limit: the same ConnectionError, and the connection is not reused', async () => {
    // Told apart by path, not by their order: on a loaded machine the first request's 80 ms can
    // pass before the server reads it, and the second then reaches the server first.
    const { url } = await started((request, response) => {
      if (request.url === '/public_api/orders/2/') return void response.end('{}');
      response.writeHead(200, { 'Content-Length': '1000', 'Content-Type': 'application/json' });
      response.write('{"id":"ord_');
    });
    const error = await exchange(`${url}/public_api/orders/1/`, { method: 'GET' }, options(80)).catch((caught: unknown) => caught);
    assert.ok(error instanceof ConnectionError, String(error));
    assert.match(error.message, /no answer within 80 ms/);
    const next = await exchange(`${url}/public_api/orders/2/`, { method: 'GET' }, options());
    assert.equal(next.text, '{}');
  });

  it('a refused connection: a ConnectionError', async () => {
    const { url, server } = await serve(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const error = await exchange(`${url}/public_api/fees/`, { method: 'GET' }, options()).catch((caught: unknown) => caught);
    assert.ok(error instanceof ConnectionError, String(error));
    assert.match(error.message, /GET \/public_api\/fees\/: the connection failed \(.*ECONNREFUSED/);
  });

  it('an answer cut before its declared end: a ConnectionError, not a short body', async () => {
    const { url } = await started((_request, response) => {
      response.writeHead(200, { 'Content-Length': '1000', 'Content-Type': 'application/json' });
      response.write('{"id":"ord_');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const error = await exchange(`${url}/public_api/orders/1/`, { method: 'GET' }, options()).catch((caught: unknown) => caught);
    assert.ok(error instanceof ConnectionError, String(error));
  });

  it("the caller's abort, before or during the request: rejects with the caller's reason", async () => {
    const { url } = await started(() => undefined);
    const reason = new Error('the buyer left');
    await assert.rejects(exchange(`${url}/a`, { method: 'GET' }, options(5_000, AbortSignal.abort(reason))), (error) => error === reason);
    const caller = new AbortController();
    const pending = exchange(`${url}/a`, { method: 'GET' }, options(5_000, caller.signal));
    setTimeout(() => caller.abort(reason), 30);
    await assert.rejects(pending, (error) => error === reason);
  });
});

describe('client over its own TLS connections', () => {
  it('reaches a TLS server whose certificate the process trusts, on one kept connection', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-tls-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    let tlsConnections = 0;
    const server = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_request, response) => response.end('{"ok":"sim ✓"}'));
    server.on('secureConnection', () => (tlsConnections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => {
      server.closeAllConnections();
      server.close();
    });
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/public_api/fees/`;
    // A process of its own, started trusting the test's certificate, as a relay trusts the API's.
    const transport = fileURLToPath(new URL('../../src/client/node-transport.ts', import.meta.url));
    const script = `const { createNodeSend } = await import(${JSON.stringify(transport)});
      const send = createNodeSend(); const texts = [];
      for (let i = 0; i < 3; i += 1) texts.push((await send(${JSON.stringify(url)}, { method: 'GET' }, 5_000)).text);
      console.log(JSON.stringify(texts));`;
    const out = await runModuleScript(script, { NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') });
    assert.deepEqual(JSON.parse(out), ['{"ok":"sim ✓"}', '{"ok":"sim ✓"}', '{"ok":"sim ✓"}']);
    assert.equal(tlsConnections, 1);
  });

  it('refuses a certificate the process does not trust: a ConnectionError', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-tls-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    const server = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_request, response) => response.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => server.close());
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/public_api/fees/`;
    const error = await exchange(url, { method: 'GET' }, options()).catch((caught: unknown) => caught);
    assert.ok(error instanceof ConnectionError, String(error));
    assert.match(error.message, /certificate/i);
  });
});

describe('the client in a runtime without Node\'s globals', () => {
  it('loads with no Buffer: nothing of the transport runs until a Node request is sent', async () => {
    // A Worker or a browser has no Buffer; there the client keeps fetch and must still load.
    const client = fileURLToPath(new URL('../../src/client/index.ts', import.meta.url));
    const script = `delete globalThis.Buffer;
      const loaded = await import(${JSON.stringify(client)});
      console.log(JSON.stringify({ createClient: typeof loaded.createClient, buffer: typeof globalThis.Buffer }));`;
    const out = await runModuleScript(script);
    assert.deepEqual(JSON.parse(out), { createClient: 'function', buffer: 'undefined' });
  });
});

describe('createClient: which transport', () => {
  /** Headers that Node's `fetch` sends and the client's own connections do not. */
  const viaFetch = (request: IncomingMessage) => request.headers['sec-fetch-mode'] !== undefined;
  /** A token, then an answer to the fees (not a valid one: which transport carried it is what counts). */
  const answerApi = (request: IncomingMessage, response: ServerResponse) => {
    const body = request.url === '/public_api/token/' ? { access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln', token_type: 'Bearer', expires_in: 3600, scope: '' } : { fees: [] };
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  it('without a fetch, the token and the API calls go over its own connections, on one connection', async () => {
    const seen: boolean[] = [];
    const { url, connections } = await started((request, response) => {
      seen.push(viaFetch(request));
      answerApi(request, response);
    });
    const client = createClient({ baseUrl: url, clientId: 'id', clientSecret: 'secret', pacing: false });
    await client.getFees().catch(() => undefined);
    await client.getFees().catch(() => undefined);
    // The token once, then the fees twice.
    assert.equal(seen.length, 3);
    assert.deepEqual(seen, seen.map(() => false));
    assert.equal(connections(), 1);
  });

  it('a charge on a kept connection the server closes unanswered is sent again at once on a new one, with its key: one exchange, no retry', async () => {
    const sandbox = createSandbox();
    const keys: string[] = [];
    let dropped = 0;
    const { url } = await started((request, response, body) => {
      if (request.url === '/public_api/payments/') {
        keys.push(String(request.headers['x-idempotency-key']));
        // The first charge, on the connection the token came on: closed without a word.
        if (dropped === 0) {
          dropped += 1;
          request.socket.destroy();
          return;
        }
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      void sandbox
        .fetch(new Request(`http://sandbox${request.url}`, { method: request.method, headers, body: body === '' ? undefined : body }))
        .then(async (answer) => response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text()));
    });
    const exchanges: string[] = [];
    const client = createClient({
      baseUrl: url,
      clientId: DEFAULT_API_KEY.clientId,
      clientSecret: DEFAULT_API_KEY.clientSecret,
      pacing: false,
      onExchange: (event) => exchanges.push(`${event.method} ${new URL(event.url).pathname} ${event.status}`),
    });
    const order = await client.createCharge(pixChargeBody(), { idempotencyKey: 'attempt-kept-connection' });
    assert.equal(order.paymentMethod, 'pix');
    assert.deepEqual(keys, ['attempt-kept-connection', 'attempt-kept-connection']);
    // Sent again by the connection, not retried by the client after a failed exchange.
    assert.deepEqual(exchanges, ['POST /public_api/token/ 200', 'POST /public_api/payments/ 201']);
  });

  it('with a fetch, every request goes through it', async () => {
    const seen: boolean[] = [];
    const { url } = await started((request, response) => {
      seen.push(viaFetch(request));
      answerApi(request, response);
    });
    const calls: string[] = [];
    const client = createClient({
      baseUrl: url,
      clientId: 'id',
      clientSecret: 'secret',
      pacing: false,
      fetch: (input, init) => {
        calls.push(String(input));
        return fetch(input, init);
      },
    });
    await client.getFees().catch(() => undefined);
    assert.ok(calls.some((call) => call.endsWith('/public_api/token/')), calls.join(', '));
    assert.ok(calls.some((call) => call.endsWith('/public_api/fees/')), calls.join(', '));
    assert.deepEqual(seen, calls.map(() => true));
  });
});
