/**
 * The client's own HTTP/1.1 connections (src/client/node-transport.ts) against raw `node:net`
 * servers that write exact bytes: the request bytes on the wire, requests refused before a byte
 * is sent, answers in awkward shapes (split writes, interim answers, read to the close, malformed),
 * and when a connection is pooled for the next request and when it is not, counted on the server.
 */
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import { createNodeSend } from '../../src/client/node-transport.js';

/** One request as the server read it off a connection. */
interface Received {
  /** Which connection it came on, counted from 0 in the order the server accepted them. */
  connection: number;
  head: string;
  body: Buffer;
}

type Answerer = (request: Received, socket: Socket) => void;

interface WireServer {
  url: string;
  port: number;
  /** How many connections the server accepted. */
  connections: () => number;
  /** Every byte each connection sent, in order. */
  bytes: (connection: number) => Buffer;
  requests: Received[];
  sockets: Socket[];
  /** Resolves when the server's side of a connection has closed. */
  closed: (connection: number) => Promise<void>;
}

/**
 * A loopback server that splits what each connection sends into requests (a head, then a body of
 * its Content-Length) and hands each one to `answer`, which writes the answer's bytes itself.
 * Closed, its connections with it, when the test ends.
 */
async function wireServer(t: TestContext, answer: Answerer): Promise<WireServer> {
  const sockets: Socket[] = [];
  const received: Buffer[] = [];
  const closings: Promise<void>[] = [];
  const requests: Received[] = [];
  const server = createServer((socket) => {
    const connection = sockets.length;
    sockets.push(socket);
    received.push(Buffer.alloc(0));
    closings.push(new Promise((resolve) => socket.once('close', () => resolve())));
    // The client may close first while the server still writes: not a failure of the test.
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received[connection] = Buffer.concat([received[connection]!, chunk]);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.toString('latin1', 0, end + 4);
        const length = /\r\ncontent-length: *(\d+)\r\n/i.exec(head);
        const bodyBytes = length ? Number(length[1]) : 0;
        if (pending.length < end + 4 + bodyBytes) return;
        const request = { connection, head, body: pending.subarray(end + 4, end + 4 + bodyBytes) };
        pending = pending.subarray(end + 4 + bodyBytes);
        requests.push(request);
        answer(request, socket);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => sockets.length,
    bytes: (connection) => received[connection] ?? Buffer.alloc(0),
    requests,
    sockets,
    closed: (connection) => closings[connection] ?? Promise.reject(new Error(`no connection ${connection}`)),
  };
}

const wire = (text: string): Buffer => Buffer.from(text, 'latin1');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OK = wire('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok');
const answerOk: Answerer = (_request, socket) => socket.write(OK);

/** Writes `pieces` one after the other, `ms` apart. */
async function writeSlowly(socket: Socket, pieces: (string | Buffer)[], ms = 5): Promise<void> {
  for (const piece of pieces) {
    if (socket.destroyed) return;
    socket.write(typeof piece === 'string' ? wire(piece) : piece);
    await pause(ms);
  }
}

// A failure here would otherwise wait for a connection that never closes.
const within = { timeout: 3_000 };

describe('own connections on the wire: the request bytes', within, () => {
  it('sends a POST with a JSON UTF-8 body as exact bytes: request line, Host with port, Connection, Content-Length in bytes', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    const body = JSON.stringify({ name: 'João', city: 'São Paulo', ok: '✓' });
    const answer = await send(`${server.url}/public_api/payments/?expand=items`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body }, 2_000);
    assert.equal(answer.status, 200);
    assert.equal(answer.text, 'ok');
    const expected = Buffer.concat([
      wire(
        'POST /public_api/payments/?expand=items HTTP/1.1\r\n' +
          `Host: 127.0.0.1:${server.port}\r\n` +
          'Connection: keep-alive\r\n' +
          'Content-Type: application/json\r\n' +
          'Accept: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          '\r\n',
      ),
      Buffer.from(body, 'utf8'),
    ]);
    assert.ok(Buffer.byteLength(body) > body.length, 'the body holds characters of more than one byte');
    assert.equal(server.bytes(0).toString('latin1'), expected.toString('latin1'));
    assert.ok(server.bytes(0).equals(expected));
  });

  it('sends a GET without Content-Length', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    await send(`${server.url}/public_api/orders/?page=2`, { method: 'GET', headers: { Accept: 'application/json' } }, 2_000);
    assert.equal(server.bytes(0).toString('latin1'), `GET /public_api/orders/?page=2 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: keep-alive\r\nAccept: application/json\r\n\r\n`);
  });

  it('sends Content-Length: 0 on a POST without a body', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    await send(`${server.url}/public_api/orders/7/resend_access/`, { method: 'POST' }, 2_000);
    assert.equal(server.bytes(0).toString('latin1'), `POST /public_api/orders/7/resend_access/ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n`);
  });

  it('sends a URL without a path as "/"', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    await send(server.url, { method: 'GET' }, 2_000);
    assert.equal(server.bytes(0).toString('latin1'), `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: keep-alive\r\n\r\n`);
  });

  it("sets Host, Connection and Content-Length itself, leaving the caller's out, Transfer-Encoding too", async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    const headers = { host: 'elsewhere.example', Connection: 'close', 'Content-Length': '999', 'Transfer-Encoding': 'chunked', 'X-Trace': 't-1' };
    await send(`${server.url}/a`, { method: 'PUT', headers, body: 'abc' }, 2_000);
    assert.equal(server.bytes(0).toString('latin1'), `PUT /a HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: keep-alive\r\nX-Trace: t-1\r\nContent-Length: 3\r\n\r\nabc`);
  });
});

describe('own connections on the wire: requests refused before a byte is sent', within, () => {
  it('refuses a header value holding "\\r\\nX-Injected: 1" with a TypeError, and the server receives nothing', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    await assert.rejects(send(`${server.url}/a`, { method: 'GET', headers: { 'X-Note': 'a\r\nX-Injected: 1' } }, 2_000), TypeError);
    // The next request is the first thing the server sees, on its first connection.
    await send(`${server.url}/next`, { method: 'GET' }, 2_000);
    assert.equal(server.connections(), 1);
    assert.equal(server.requests.length, 1);
    assert.match(server.bytes(0).toString('latin1'), /^GET \/next HTTP\/1\.1\r\n/);
    assert.doesNotMatch(server.bytes(0).toString('latin1'), /X-Injected/);
  });

  it('refuses header names that are not tokens, values with control characters and paths with spaces or control characters, sending nothing', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    const refusals: [string, Record<string, string>][] = [
      [`${server.url}/a`, { 'X Bad': '1' }],
      [`${server.url}/a`, { 'X-Bad:': '1' }],
      [`${server.url}/a`, { 'X-Bad\r\nX-Injected': '1' }],
      [`${server.url}/a`, { 'X-Nul': 'a\x00b' }],
      [`${server.url}/a`, { 'X-Lf': 'a\nb' }],
      [`${server.url}/a`, { 'X-Wide': 'check ✓' }],
      [`${server.url}/a b`, {}],
      [`${server.url}/a\tb`, {}],
      [`${server.url}/a HTTP/1.1\r\nX-Injected: 1\r\n\r\nGET /b`, {}],
    ];
    for (const [url, headers] of refusals) {
      await assert.rejects(send(url, { method: 'POST', headers, body: '{}' }, 2_000), TypeError, `${url} ${JSON.stringify(headers)}`);
    }
    await send(`${server.url}/next`, { method: 'GET' }, 2_000);
    assert.equal(server.connections(), 1);
    assert.match(server.bytes(0).toString('latin1'), /^GET \/next HTTP\/1\.1\r\n/);
  });
});

describe('own connections on the wire: answers in pieces and odd shapes', within, () => {
  it('reads a chunked answer split across several writes with pauses, cuts inside lines and CRLFs', async (t) => {
    const server = await wireServer(t, (_request, socket) => {
      void writeSlowly(socket, [
        'HTTP/1.1 200 OK\r\nContent-Ty',
        'pe: application/json\r\nTransfer-Encoding: chunked\r',
        '\n\r\n',
        'a;ext=1\r',
        '\n{"city":"S',
        '\r',
        '\n3\r\n',
        Buffer.from([0xc3]),
        Buffer.concat([Buffer.from([0xa3]), wire('o\r')]),
        '\n',
        '7\r\n Paulo"\r\n1',
        '\r\n}\r\n0\r\nX-Trailer: done\r\n',
        '\r\n',
      ]);
    });
    const send = createNodeSend()!;
    const answer = await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(answer.text), { city: 'São Paulo' });
  });

  it('skips an interim 100 Continue before the real answer', async (t) => {
    const server = await wireServer(t, (_request, socket) => {
      void writeSlowly(socket, ['HTTP/1.1 100 Continue\r\n\r\n', 'HTTP/1.1 201 Created\r\nContent-Length: 7\r\n\r\ncreated']);
    });
    const send = createNodeSend()!;
    const answer = await send(`${server.url}/a`, { method: 'POST', body: '{}' }, 2_000);
    assert.deepEqual(answer, { status: 201, headers: { 'content-length': '7' }, text: 'created' });
  });

  it('reads an answer without a length up to the server closing the connection', async (t) => {
    const server = await wireServer(t, (_request, socket) => {
      void writeSlowly(socket, ['HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nfirst, ', 'second, ', Buffer.from('terceiro ✓')]).then(() => socket.end());
    });
    const send = createNodeSend()!;
    const answer = await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    assert.equal(answer.status, 200);
    assert.equal(answer.text, 'first, second, terceiro ✓');
    // Read to the close: the next request needs a new connection.
    await send(`${server.url}/b`, { method: 'GET' }, 2_000);
    assert.equal(server.connections(), 2);
  });

  it('rejects a malformed status line with an AnswerFormatError, and the process carries on', async (t) => {
    const server = await wireServer(t, (request, socket) => {
      if (request.connection === 0) {
        // More bytes after the bad head, after the client has given up on it.
        void writeSlowly(socket, ['HTTP/1.1 OK 200\r\nContent-Length: 0\r\n\r\n', 'HTTP/1.1 200 OK\r\n', 'garbage'], 10);
      } else socket.write(OK);
    });
    const send = createNodeSend()!;
    const error = await send(`${server.url}/a`, { method: 'GET' }, 2_000).catch((caught: unknown) => caught);
    assert.ok(error instanceof Error, String(error));
    assert.equal(error.name, 'AnswerFormatError');
    // The connection the bad answer came on is closed by the client, not kept.
    await server.closed(0);
    const answer = await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    assert.equal(answer.text, 'ok');
    assert.equal(server.connections(), 2);
  });
});

describe('own connections on the wire: which connections are kept for the next request', within, () => {
  it('reuses the connection after an ordinary keep-alive answer (the baseline of the counts below)', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    await send(`${server.url}/b`, { method: 'GET' }, 2_000);
    assert.equal(server.connections(), 1);
    assert.equal(server.requests.length, 2);
  });

  it('sends the next request on a new connection after an answer with Connection: close (the server leaving it open)', async (t) => {
    const server = await wireServer(t, (_request, socket) => socket.write(wire('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok')));
    const send = createNodeSend()!;
    assert.equal((await send(`${server.url}/a`, { method: 'GET' }, 2_000)).text, 'ok');
    await server.closed(0);
    assert.equal((await send(`${server.url}/b`, { method: 'GET' }, 2_000)).text, 'ok');
    assert.equal(server.connections(), 2);
    assert.deepEqual(
      server.requests.map((request) => request.connection),
      [0, 1],
    );
  });

  it('does not reuse a connection whose server keeps it 1 s (Keep-Alive: timeout=1, less the 1 s margin)', async (t) => {
    const server = await wireServer(t, (_request, socket) => socket.write(wire('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=1\r\nContent-Length: 2\r\n\r\nok')));
    const send = createNodeSend()!;
    await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    // The client closes it at once rather than keep it.
    await server.closed(0);
    await send(`${server.url}/b`, { method: 'GET' }, 2_000);
    assert.equal(server.connections(), 2);
  });

  it('reuses a connection whose server keeps it 2 s (Keep-Alive: timeout=2)', async (t) => {
    const server = await wireServer(t, (_request, socket) => socket.write(wire('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=2, max=100\r\nContent-Length: 2\r\n\r\nok')));
    const send = createNodeSend()!;
    await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    await send(`${server.url}/b`, { method: 'GET' }, 2_000);
    assert.equal(server.connections(), 1);
  });

  it('reads an answer followed by extra bytes in the same write, and sends the next request on a new connection', async (t) => {
    const server = await wireServer(t, (request, socket) =>
      socket.write(request.connection === 0 ? wire('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nstale') : OK),
    );
    const send = createNodeSend()!;
    assert.equal((await send(`${server.url}/a`, { method: 'GET' }, 2_000)).text, 'ok');
    await server.closed(0);
    assert.equal((await send(`${server.url}/b`, { method: 'GET' }, 2_000)).text, 'ok');
    assert.equal(server.connections(), 2);
  });

  it('drops a pooled connection that sends bytes while idle, and sends the next request on a new one', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    server.sockets[0]!.write(wire('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nstale'));
    await server.closed(0);
    const answer = await send(`${server.url}/b`, { method: 'GET' }, 2_000);
    assert.equal(answer.text, 'ok');
    assert.equal(server.connections(), 2);
    assert.deepEqual(
      server.requests.map((request) => request.connection),
      [0, 1],
    );
  });

  it('a server that answers and closes at once, without Connection: close: the next request, sent right away, succeeds on a new connection', async (t) => {
    // The answer and the server's FIN arrive together; the connection must not be handed to the next request.
    const server = await wireServer(t, (request, socket) => (request.connection === 0 ? socket.end(OK) : socket.write(OK)));
    const send = createNodeSend()!;
    assert.equal((await send(`${server.url}/a`, { method: 'GET' }, 2_000)).text, 'ok');
    // A POST, which is never sent twice: only waiting for the close before taking the connection saves it.
    const next = await send(`${server.url}/b`, { method: 'POST', body: '{}' }, 2_000).catch((caught: unknown) => caught);
    assert.ok(!(next instanceof Error), `the next request failed: ${String(next)}`);
    assert.equal(server.connections(), 2);
  });

  it('a kept connection the server closes on a GET, before any answer: the GET is sent once more, on a new connection', async (t) => {
    // The second request (the first on a kept connection) is read and the connection closed unanswered.
    const server = await wireServer(t, (request, socket) => (server.requests.length === 2 ? socket.destroy() : socket.write(OK)));
    const send = createNodeSend()!;
    await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    await pause(20);
    const answer = await send(`${server.url}/b`, { method: 'GET' }, 2_000);
    assert.equal(answer.text, 'ok');
    assert.deepEqual(
      server.requests.map((request) => `${request.connection} ${request.head.split('\r\n')[0]}`),
      ['0 GET /a HTTP/1.1', '0 GET /b HTTP/1.1', '1 GET /b HTTP/1.1'],
    );
  });

  it('the same for a POST: it is not sent again (the server may have acted on it), and fails as a closed connection', async (t) => {
    const server = await wireServer(t, (request, socket) => (server.requests.length === 2 ? socket.destroy() : socket.write(OK)));
    const send = createNodeSend()!;
    await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    await pause(20);
    const error = await send(`${server.url}/public_api/payments/`, { method: 'POST', body: '{}' }, 2_000).catch((caught: unknown) => caught);
    assert.ok(error instanceof Error);
    assert.match(error.message, /closed before an answer came|ECONNRESET/);
    assert.equal(server.requests.filter((request) => request.head.startsWith('POST')).length, 1);
  });

  it('a POST its caller marks idempotent (a charge with its key), on a kept connection the server closes unanswered: sent once more', async (t) => {
    const server = await wireServer(t, (request, socket) => (server.requests.length === 2 ? socket.destroy() : socket.write(OK)));
    const send = createNodeSend()!;
    await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    await pause(20);
    const charge = { method: 'POST', headers: { 'X-Idempotency-Key': 'attempt-1' }, body: '{}', idempotent: true };
    assert.equal((await send(`${server.url}/public_api/payments/`, charge, 2_000)).text, 'ok');
    assert.deepEqual(
      server.requests.map((request) => `${request.connection} ${request.head.split('\r\n')[0]}`),
      ['0 GET /a HTTP/1.1', '0 POST /public_api/payments/ HTTP/1.1', '1 POST /public_api/payments/ HTTP/1.1'],
    );
  });

  it('a GET that fails on a new connection is not sent again', async (t) => {
    const server = await wireServer(t, (_request, socket) => socket.destroy());
    const send = createNodeSend()!;
    const error = await send(`${server.url}/a`, { method: 'GET' }, 2_000).catch((caught: unknown) => caught);
    assert.ok(error instanceof Error);
    assert.equal(server.requests.length, 1);
  });

  it('a pooled connection the server closes while idle: the next request succeeds on a new connection', async (t) => {
    const server = await wireServer(t, answerOk);
    const send = createNodeSend()!;
    await send(`${server.url}/a`, { method: 'GET' }, 2_000);
    server.sockets[0]!.end();
    await server.closed(0);
    const answer = await send(`${server.url}/b`, { method: 'GET' }, 2_000);
    assert.equal(answer.status, 200);
    assert.equal(answer.text, 'ok');
    assert.equal(server.connections(), 2);
  });
});
