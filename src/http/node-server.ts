/**
 * The `node:http` server of the standalone commands (`pay-checkout relay`, `pay-checkout
 * sandbox`, and `serveRelay` / `serveSandbox` behind them). Two things a listener cannot do
 * for itself are done here:
 * - Node's own clocks are set to seconds, not its defaults (300 s for a whole request, 60 s
 *   for the headers), so a client that sends its headers or body a byte at a time cannot hold
 *   a connection for minutes;
 * - what Node answers before any listener sees it (CONNECT, a method its parser does not
 *   know, headers too slow) is answered in the owner's error shape, and the connection closed,
 *   never left hanging.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ListenerRefusal } from './node-listener.js';

export interface ServerTimeouts {
  /** Milliseconds for the whole header block of a request (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /** Milliseconds for a whole request, headers and body (Node's `requestTimeout`). */
  requestTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection stays open (Node's `keepAliveTimeout`). */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: Readonly<ServerTimeouts> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

export interface StandaloneServerOptions {
  timeouts?: Partial<ServerTimeouts> | undefined;
  /** The owner's answer for a refusal (the same as its listener's). */
  refuse: (reason: ListenerRefusal) => Response;
}

function checkTimeouts(given: Partial<ServerTimeouts> = {}): ServerTimeouts {
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...given };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`timeouts.${name} must be a whole number of milliseconds above 0.`);
  }
  if (timeouts.headersTimeoutMs > timeouts.requestTimeoutMs) throw new TypeError('timeouts.headersTimeoutMs must not be above timeouts.requestTimeoutMs.');
  return timeouts;
}

/** Node's parser errors and the statuses Node itself gives them; a method it cannot parse is one the server never serves. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_INVALID_METHOD: 501,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};
const REFUSAL_OF_STATUS: Record<number, ListenerRefusal> = { 501: 'not_implemented', 408: 'request_timeout' };

/** `response` as the bytes of a last answer on a raw socket. */
async function rawAnswer(response: Response): Promise<Buffer> {
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  response.headers.forEach((value, name) => {
    if (!['content-length', 'connection', 'transfer-encoding'].includes(name)) lines.push(`${name}: ${value}`);
  });
  lines.push(`Content-Length: ${body.byteLength}`, 'Connection: close', '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]);
}

/** Writes `answer` as the socket's last words and closes it once they are out. */
function answerAndClose(socket: Socket, answer: Promise<Buffer> | Buffer): void {
  void Promise.resolve(answer).then(
    (bytes) => {
      if (!socket.writable) return socket.destroy();
      socket.end(bytes);
      socket.destroySoon();
    },
    () => socket.destroy(),
  );
}

/** The answer to an earlier request on `socket` still being written, if any (Node's own check before its 400). */
function answerInFlight(socket: Socket): ServerResponse | undefined {
  const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return response && !response.writableFinished ? response : undefined;
}

/** A `node:http` server for `listener` with bounded timeouts and clean answers for what Node refuses itself. */
export function createStandaloneServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  { timeouts, refuse }: StandaloneServerOptions,
): Server {
  const settings = checkTimeouts(timeouts);
  // Node checks the two request clocks on this interval; its default (30 s) would stretch them.
  const server = createServer({ connectionsCheckingInterval: Math.min(1_000, settings.headersTimeoutMs) }, listener);
  server.headersTimeout = settings.headersTimeoutMs;
  server.requestTimeout = settings.requestTimeoutMs;
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  // A tunnel request: Node hands the socket over here, and without a listener closes it unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerAndClose(socket as Socket, rawAnswer(refuse('not_implemented'))));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const raw = socket as Socket;
    if (error.code === 'ECONNRESET' || !raw.writable) {
      raw.destroy();
      return;
    }
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const refusal = REFUSAL_OF_STATUS[status];
    const answer = refusal ? rawAnswer(refuse(refusal)) : Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`, 'latin1');
    // Bytes after a request that are no request: its answer goes out first, in order, then this one.
    const inFlight = answerInFlight(raw);
    if (inFlight) {
      inFlight.once('finish', () => answerAndClose(raw, answer));
      inFlight.once('close', () => {
        if (!inFlight.writableFinished) raw.destroy();
      });
      return;
    }
    answerAndClose(raw, answer);
  });
  return server;
}
