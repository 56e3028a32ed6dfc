/**
 * Serves a Web-standard fetch handler on Node's `http` server: the request becomes a
 * `Request` (with the socket's address passed along), the `Response` is written back, a JSON
 * one whole, any other streamed. `toNodeAnswerListener` is the same listener for a handler
 * that reads the request as Node has it and answers plain status, headers and bytes: no
 * `Request`, `Response` or web stream is made for a small JSON exchange, which on a busy server
 * costs more than the exchange itself.
 * A handler that throws `DroppedConnection`-like errors (`drop: true`) gets the socket
 * destroyed without an answer, which is how a lost connection looks to a client.
 *
 * What no fetch handler can see, the listener answers itself, in its owner's error shape:
 * - a method a `Request` cannot carry (CONNECT, TRACE, TRACK): 501;
 * - a Host header that is not a host, or more than one (RFC 9112, section 3.2): 400;
 * - a body still incomplete `bodyTimeoutMs` after the headers: the handler's read of it fails
 *   and the answer is 408.
 *
 * An answer given before the body was read (a 413 on the declared size, a 415, a 404) must
 * not break the connection for the request after it, which behind a pooling proxy is another
 * buyer's. A short rest of the body is read and dropped, so the connection stays open and the
 * next request is parsed from where it starts; a longer or unknown rest is announced with
 * `Connection: close`, read and dropped until the client has sent it (within bounds), and only
 * then the connection is closed, so the client reads its answer instead of a reset.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';

export type FetchHandler = (request: Request, info: { remoteAddress?: string }) => Promise<Response>;

/** Errors whose name is this make the listener drop the connection. */
export const DROP_CONNECTION_ERROR = 'DroppedConnection';

/** The request as the listener hands it to a `toNodeAnswerListener` handler. */
export interface ListenerRequest {
  /** Upper case. */
  readonly method: string;
  readonly url: URL;
  /** Node's headers: names in lower case, repeated ones joined (or a list, for `set-cookie`). */
  readonly headers: IncomingHttpHeaders;
  /** The socket's address, IPv4 ones without the `::ffff:` prefix. */
  readonly remoteAddress: string | undefined;
  /** The body as a web stream; null for GET and HEAD. Read it this way or with `bodyBytes`, not both. */
  bodyStream(): ReadableStream<Uint8Array> | null;
  /**
   * The whole body; undefined as soon as more than `maxBytes` arrived (the listener drops the
   * rest). Rejects with the `incompleteBodyError` when the body does not arrive whole in time.
   */
  bodyBytes(maxBytes: number): Promise<Uint8Array | undefined>;
}

/** An answer as the listener writes it: names of headers in lower case. */
export interface ListenerAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  /** Whole bytes or text, written with one `end` and its length; a stream, piped; or none. */
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
}

export type AnswerHandler = (request: ListenerRequest) => Promise<ListenerAnswer>;

/** Why the listener answers by itself. */
export type ListenerRefusal = 'invalid_host' | 'request_timeout' | 'not_implemented' | 'internal';

export const LISTENER_REFUSAL_STATUS: Readonly<Record<ListenerRefusal, number>> = {
  invalid_host: 400,
  request_timeout: 408,
  not_implemented: 501,
  internal: 500,
};

/** How long a request body may take to arrive, from its headers on. */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
/** A rest of a body up to this size is read and dropped to keep the connection open; a longer one closes it. */
export const KEEP_ALIVE_DRAIN_BYTES = 1024 * 1024;
/** The most a connection that was told `Connection: close` reads and drops before it is closed anyway. */
export const CLOSING_DRAIN_BYTES = 16 * 1024 * 1024;

export interface NodeListenerOptions {
  /** The answer the listener gives by itself; default `{detail}` JSON as the API writes it. */
  refuse?: (reason: ListenerRefusal) => Response;
  /** Milliseconds a request body may take to arrive, from its headers on; then 408. Default 10 000. */
  bodyTimeoutMs?: number;
  /**
   * What the handler's read of the body fails with when the body timed out or the client went
   * away: an error its owner answers without calling it a failure of its own. Default an
   * `Error` named `IncompleteRequestBody`.
   */
  incompleteBodyError?: () => unknown;
}

/** The options of `toNodeAnswerListener`: its refusals are answers too. */
export interface AnswerListenerOptions extends Omit<NodeListenerOptions, 'refuse'> {
  refuse: (reason: ListenerRefusal) => ListenerAnswer | Promise<ListenerAnswer>;
}

/** The `{detail}` texts of the default refusals, in the API's pt-BR; a server may change some of them. */
export const DEFAULT_REFUSAL_DETAIL: Readonly<Record<ListenerRefusal, string>> = {
  invalid_host: 'Cabeçalho Host inválido.',
  request_timeout: 'O corpo da requisição não chegou a tempo.',
  not_implemented: 'Método não suportado.',
  internal: 'Erro interno.',
};

function defaultRefusal(reason: ListenerRefusal): Response {
  return Response.json({ detail: DEFAULT_REFUSAL_DETAIL[reason] }, { status: LISTENER_REFUSAL_STATUS[reason] });
}

function defaultIncompleteBodyError(): Error {
  const error = new Error('The request body did not arrive whole.');
  error.name = 'IncompleteRequestBody';
  return error;
}

/** Methods the fetch API refuses to put in a `Request`, so no fetch handler can serve them. */
const UNCARRIABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** A host as RFC 3986 writes one (an IP literal, or IPv4 and reg-name characters) and an optional port. */
const HOST_PATTERN = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=]*)(?::\d*)?$/;
/** The host of a request that names none (HTTP/1.0 without Host, or an empty Host). */
const FALLBACK_HOST = '127.0.0.1';

/** The request's URL; undefined when its Host (or the authority of an absolute target) is not a host. */
function requestUrl(req: IncomingMessage): URL | undefined {
  let hostLines = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    if (req.rawHeaders[index]!.toLowerCase() === 'host') hostLines += 1;
  }
  const host = req.headers.host ?? '';
  if (hostLines > 1 || !HOST_PATTERN.test(host)) return undefined;
  const target = req.url ?? '/';
  try {
    // The absolute form carries its own authority (RFC 9112, section 3.2.2). Any other target
    // is a path on Host's origin, joined as text: resolved as a relative URL, `//shop.example/x`
    // would name another host.
    if (/^https?:\/\//i.test(target)) return new URL(target);
    return new URL(`http://${host || FALLBACK_HOST}${target.startsWith('/') ? '' : '/'}${target}`);
  } catch {
    return undefined;
  }
}

/** The request's body as the listener follows it. */
interface IncomingBody {
  /** What the handler reads as a stream; null for GET and HEAD, whose body a `Request` cannot hold. */
  stream(): ReadableStream<Uint8Array> | null;
  /** What the handler reads whole: undefined past `maxBytes`. */
  bytes(maxBytes: number): Promise<Uint8Array | undefined>;
  /** Why the body will never be whole, once that is known. */
  failure: 'timeout' | 'aborted' | undefined;
  /** Bytes of the body still to come, when its length was declared. */
  remaining(): number | undefined;
  /** Stops handing the body to the handler and reads the rest into nothing; `onExcess` once it passes `limit` bytes. */
  discard(limit: number, onExcess: () => void): void;
  /** Called once the body failed after the answer started. */
  onLateFailure: (() => void) | undefined;
}

function announcesBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0;
}

/** A body read whole by `IncomingBody.bytes`, as it comes. */
interface WholeRead {
  readonly maxBytes: number;
  readonly chunks: Buffer[];
  total: number;
  resolve(bytes: Uint8Array | undefined): void;
  reject(error: unknown): void;
}

/**
 * Follows the body of `req`: hands it to the handler as a stream that pauses the socket while
 * unread (and, unlike `Readable.toWeb`, leaves the connection alone when cancelled), or whole,
 * and fails it when it has not arrived within `timeoutMs` or the client went away.
 */
function followBody(req: IncomingMessage, exposed: boolean, timeoutMs: number, incompleteBodyError: () => unknown): IncomingBody {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let whole: WholeRead | undefined;
  let open = exposed;
  let ended = false;
  let received = 0;
  let discardLimit = Infinity;
  let onExcess: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const body: IncomingBody = {
    stream() {
      if (!exposed) return null;
      return new ReadableStream<Uint8Array>({
        start: (started) => {
          controller = started;
          // Made after the body ended (it was empty) or failed: the stream says so at once.
          if (body.failure !== undefined) started.error(incompleteBodyError());
          else if (ended) started.close();
        },
        pull: () => void req.resume(),
        cancel: () => {
          open = false;
          req.pause();
        },
      });
    },
    bytes(maxBytes) {
      // Nothing reads the body before the handler does, so one that ended already was empty.
      if (!exposed || (ended && body.failure === undefined)) return Promise.resolve(new Uint8Array());
      if (body.failure !== undefined) return Promise.reject(incompleteBodyError());
      return new Promise((resolve, reject) => {
        whole = { maxBytes, chunks: [], total: 0, resolve, reject };
        if (ended) finishWhole();
        else req.resume();
      });
    },
    failure: undefined,
    remaining() {
      const declared = req.headers['content-length'];
      if (declared === undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
      return Math.max(0, Number(declared) - received);
    },
    discard(limit, excess) {
      open = false;
      discardLimit = received + limit;
      onExcess = excess;
      if (!exposed) req.on('data', onData);
      req.resume();
    },
    onLateFailure: undefined,
  };

  function finishWhole(): void {
    const read = whole!;
    whole = undefined;
    open = false;
    read.resolve(read.chunks.length === 1 ? read.chunks[0]! : Buffer.concat(read.chunks, read.total));
  }

  const fail = (failure: 'timeout' | 'aborted') => {
    clearTimeout(timer);
    if (body.failure !== undefined) return;
    const unread = open;
    if (open) {
      open = false;
      controller?.error(incompleteBodyError());
      whole?.reject(incompleteBodyError());
      whole = undefined;
    }
    // A whole body the handler was done with: the connection closing after it is no failure.
    if (!unread && req.complete) return;
    body.failure = failure;
    body.onLateFailure?.();
  };

  function onData(chunk: Buffer): void {
    received += chunk.byteLength;
    if (open && whole !== undefined) {
      whole.total += chunk.byteLength;
      if (whole.total > whole.maxBytes) {
        // Past the limit: the handler refuses, the listener drops the rest after the answer.
        const read = whole;
        whole = undefined;
        open = false;
        req.pause();
        read.resolve(undefined);
        return;
      }
      whole.chunks.push(chunk);
    } else if (open) {
      if (controller === undefined) return;
      controller.enqueue(new Uint8Array(chunk));
      if ((controller.desiredSize ?? 0) <= 0) req.pause();
    } else if (received > discardLimit && onExcess) {
      const excess = onExcess;
      onExcess = undefined;
      excess();
    }
  }

  if (exposed) {
    req.on('data', onData);
    req.pause();
  }
  req.on('end', () => {
    clearTimeout(timer);
    ended = true;
    if (whole !== undefined) finishWhole();
    else if (open) {
      open = false;
      controller?.close();
    }
  });
  // The request closed before the handler read all of its body, or before the body ended: the
  // client went away (or was sent away), and what it sent, buffered or not, is lost with it.
  req.on('close', () => fail('aborted'));
  req.on('error', () => fail('aborted'));
  if (announcesBody(req)) {
    // A body the parser has whole but the handler has yet to read is on time.
    timer = setTimeout(() => void (req.complete || fail('timeout')), timeoutMs);
    timer.unref();
  }
  return body;
}

/** A JSON media type (`application/json`, `application/problem+json`): a whole answer, never a stream. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The answer a `Response` makes. A JSON one is read whole and written with one `end`, with its
 * length: converting the web stream to a Node stream and piping it costs more than the answer's
 * few hundred bytes. Event streams and anything else of unknown end keep their stream.
 */
async function answerOf(response: Response): Promise<ListenerAnswer> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  if (!response.body) return { status: response.status, headers, body: null };
  if (!JSON_MEDIA_TYPE.test(headers['content-type']?.toString() ?? '')) return { status: response.status, headers, body: response.body };
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch {
    const dropped = new Error('The answer could not be read.');
    dropped.name = DROP_CONNECTION_ERROR;
    throw dropped;
  }
  return { status: response.status, headers, body: new Uint8Array(bytes) };
}

/** Writes `answer` on `res`; `close` makes it the connection's last answer. */
function writeAnswer(res: ServerResponse, answer: ListenerAnswer, close: boolean): void {
  const { status, headers, body } = answer;
  if (close) headers['connection'] = 'close';
  if (body === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  if (typeof body === 'string' || body instanceof Uint8Array) {
    if (headers['content-length'] === undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    res.writeHead(status, headers);
    res.end(body);
    return;
  }
  if (res.destroyed || !res.socket || res.socket.destroyed) {
    // The client left while the handler was at work: its close came before anyone listened for it,
    // so the stream is cancelled here, or what feeds it (an order's polls, its timers) runs on.
    void (body as ReadableStream<Uint8Array>).cancel().catch(() => undefined);
    return;
  }
  res.writeHead(status, headers);
  const stream = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  // A client that goes away mid-stream (an SSE reader, say) must not crash the server.
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

/**
 * After an answer that said `Connection: close` while the body was still coming: Node closes
 * the socket as soon as the answer is written, and a close with unread bytes is a reset, which
 * can reach the client before it read the answer. So the rest is read and dropped and the
 * socket closed once the body ended, the client went away, `CLOSING_DRAIN_BYTES` were dropped
 * or the body's time ran out.
 */
function closeAfterBody(req: IncomingMessage, res: ServerResponse, body: IncomingBody): void {
  const socket: Socket = req.socket;
  res.once('finish', () => {
    if (req.complete) return;
    // Node's `destroySoon`, which the server called, waits for 'finish' to destroy the socket.
    socket.removeListener('finish', socket.destroy);
    req.once('end', () => socket.destroySoon());
  });
  body.discard(CLOSING_DRAIN_BYTES, () => socket.destroy());
  body.onLateFailure = () => socket.destroy();
}

/** A `(req, res)` listener for a handler of plain answers (`ListenerRequest` → `ListenerAnswer`). */
export function toNodeAnswerListener(handler: AnswerHandler, options: AnswerListenerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { refuse, bodyTimeoutMs = DEFAULT_BODY_TIMEOUT_MS, incompleteBodyError = defaultIncompleteBodyError } = options;
  if (!Number.isSafeInteger(bodyTimeoutMs) || bodyTimeoutMs <= 0) {
    throw new TypeError('toNodeListener: bodyTimeoutMs must be a whole number of milliseconds above 0.');
  }
  const dropped = Symbol('dropped');

  async function answerFor(req: IncomingMessage, method: string, body: IncomingBody): Promise<ListenerAnswer | typeof dropped> {
    if (UNCARRIABLE_METHODS.has(method)) return refuse('not_implemented');
    const url = requestUrl(req);
    if (url === undefined) return refuse('invalid_host');
    try {
      const answer = await handler({
        method,
        url,
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress?.replace(/^::ffff:/, ''),
        bodyStream: () => body.stream(),
        bodyBytes: (maxBytes) => body.bytes(maxBytes),
      });
      // However the handler took the failed read, the body's lateness is the answer.
      return body.failure === 'timeout' && answer.status !== 408 ? refuse('request_timeout') : answer;
    } catch (error) {
      if (body.failure === 'timeout') return refuse('request_timeout');
      if (body.failure === 'aborted' || (error as Error | undefined)?.name === DROP_CONNECTION_ERROR) return dropped;
      console.error('unexpected error while handling', req.method, req.url, error);
      return refuse('internal');
    }
  }

  return (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const body = followBody(req, method !== 'GET' && method !== 'HEAD', bodyTimeoutMs, incompleteBodyError);
    void (async () => {
      const answer = await answerFor(req, method, body);
      if (answer === dropped || body.failure === 'aborted') {
        req.socket.destroy();
        return;
      }
      const remaining = body.remaining();
      const whole = req.complete || !announcesBody(req);
      if (whole || (body.failure === undefined && remaining !== undefined && remaining <= KEEP_ALIVE_DRAIN_BYTES)) {
        // Whatever the handler left unread (all of it, or a short rest still coming) is read into
        // nothing, so the socket is not left paused; a rest that never comes closes the connection.
        body.onLateFailure = () => req.socket.destroy();
        body.discard(KEEP_ALIVE_DRAIN_BYTES, () => req.socket.destroy());
        writeAnswer(res, answer, false);
        return;
      }
      writeAnswer(res, answer, true);
      if (body.failure === undefined) closeAfterBody(req, res, body);
    })();
  };
}

/** A `(req, res)` listener for `http.createServer`, Express or Connect. */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const { refuse = defaultRefusal, ...rest } = options;
  return toNodeAnswerListener(
    async (request) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
        else if (value !== undefined) headers.set(name, value);
      }
      const stream = request.bodyStream();
      const init = { method: request.method, headers, body: stream, ...(stream ? { duplex: 'half' } : {}) };
      return answerOf(await handler(new Request(request.url, init as RequestInit), { remoteAddress: request.remoteAddress }));
    },
    { ...rest, refuse: (reason) => answerOf(refuse(reason)) },
  );
}
