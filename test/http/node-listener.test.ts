/**
 * The Node listener's hold on a request body, seen from the handler: a body read late is
 * still whole, a body whose client went away fails the read rather than leaving the handler
 * waiting for ever, and a body that trickles in fails it after `bodyTimeoutMs` with a 408.
 * A JSON answer goes out whole with its length; an event stream goes out event by event.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { toNodeListener } from '../../src/http/node-listener.js';
import { openRawConnection, rawExchange } from './raw-http.js';

const BODY = JSON.stringify({ order: 'ord_1', note: 'x'.repeat(200) });
const POST = `POST /read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n\r\n`;

describe('toNodeListener: the request body as the handler reads it', () => {
  let server: Server;
  let port: number;
  /** How each handler's read of the body ended. */
  const reads: Array<{ read: 'whole' | 'failed'; bytes?: number }> = [];
  let readDelayMs = 0;

  before(async () => {
    const listener = toNodeListener(
      async (request) => {
        await new Promise((resolve) => setTimeout(resolve, readDelayMs));
        try {
          const bytes = (await request.arrayBuffer()).byteLength;
          reads.push({ read: 'whole', bytes });
          return Response.json({ bytes });
        } catch {
          reads.push({ read: 'failed' });
          return Response.json({ read: 'failed' }, { status: 400 });
        }
      },
      { bodyTimeoutMs: 150 },
    );
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands over a whole body that the handler reads after the body timeout', async () => {
    readDelayMs = 400;
    reads.length = 0;
    const answer = await rawExchange(port, [POST + BODY], { waitMs: 3_000 });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(reads, [{ read: 'whole', bytes: BODY.length }]);
  });

  it('fails the read of a whole body whose client went away before the handler read it', async () => {
    readDelayMs = 300;
    reads.length = 0;
    const connection = openRawConnection(port);
    connection.write(POST + BODY);
    await new Promise((resolve) => setTimeout(resolve, 100));
    connection.destroy();
    const deadline = Date.now() + 3_000;
    while (reads.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(reads, [{ read: 'failed' }], 'the handler was told, not left waiting');
  });

  it('fails the read of a body still incomplete after bodyTimeoutMs and answers 408', async () => {
    readDelayMs = 0;
    reads.length = 0;
    const answer = await rawExchange(port, [POST, BODY.slice(0, 10), 1_000], { waitMs: 3_000, untilClose: true });
    assert.equal(answer.status, 408, answer.text);
    assert.equal(answer.closedByServer, true);
    assert.deepEqual(reads, [{ read: 'failed' }]);
  });
});

describe('toNodeListener: the answer as written', () => {
  let server: Server;
  let port: number;
  /** Closes the event stream the handler answered. */
  let endStream: (() => void) | undefined;

  before(async () => {
    const listener = toNodeListener(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/json') return Response.json({ order: 'ord_1', amount: '97.00', note: 'á'.repeat(50) }, { status: 201, headers: { 'X-Order': 'ord_1' } });
      if (path === '/problem') return new Response('{"detail":"x"}', { status: 400, headers: { 'Content-Type': 'application/problem+json' } });
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('event: status\ndata: {"status":"waiting_payment"}\n\n'));
            endStream = () => controller.close();
          },
        }),
        { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } },
      );
    });
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    endStream?.();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('writes a JSON answer whole, with its status, headers and byte length', async () => {
    const answer = await rawExchange(port, ['GET /json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'], { waitMs: 3_000 });
    assert.equal(answer.status, 201);
    assert.equal(answer.headers['x-order'], 'ord_1');
    assert.equal(answer.headers['transfer-encoding'], undefined, 'not chunked: one write of a known length');
    assert.equal(answer.headers['content-length'], String(Buffer.byteLength(answer.body)));
    assert.deepEqual(JSON.parse(answer.body), { order: 'ord_1', amount: '97.00', note: 'á'.repeat(50) });
  });

  it('writes a +json answer whole too', async () => {
    const answer = await rawExchange(port, ['GET /problem HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'], { waitMs: 3_000 });
    assert.equal(answer.status, 400);
    assert.equal(answer.headers['content-length'], '14');
    assert.equal(answer.body, '{"detail":"x"}');
  });

  it('streams an event stream: its first event arrives while the stream is still open', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/events`);
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(response.headers.get('content-length'), null);
    const reader = response.body!.getReader();
    const first = await Promise.race([reader.read(), new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 2_000))]);
    assert.notEqual(first, 'late', 'the first event did not wait for the end of the stream');
    assert.match(new TextDecoder().decode((first as ReadableStreamReadResult<Uint8Array>).value), /data: \{"status":"waiting_payment"\}/);
    endStream?.();
    endStream = undefined;
    assert.equal((await reader.read()).done, true);
  });
});

describe('toNodeListener: an event stream whose client left before it was answered', () => {
  it('is cancelled at once, so what feeds it (timers, polls) stops', async () => {
    let clientLeft!: () => void;
    const left = new Promise<void>((resolve) => (clientLeft = resolve));
    let cancelled!: () => void;
    const cancel = new Promise<'cancelled'>((resolve) => (cancelled = () => resolve('cancelled')));
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = createServer(
      toNodeListener(async () => {
        arrived();
        // The handler is still at work (reading the store, say) when the client goes away.
        await left;
        return new Response(new ReadableStream<Uint8Array>({ cancel: () => cancelled() }), { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      socket.write('GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await requestArrived;
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      clientLeft();
      const outcome = await Promise.race([cancel, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 2_000))]);
      assert.equal(outcome, 'cancelled');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
