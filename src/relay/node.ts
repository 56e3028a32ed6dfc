/**
 * The relay on Node's `http` server, Express or Connect: `toNodeHandler(relay)` is a
 * `(req, res)` listener. It passes the socket's address on, which the relay uses as the
 * buyer's IP (or as the last hop when `trustProxy` is set).
 *
 * Under Express, `app.use('/pay', toNodeHandler(relay))` strips `/pay` from the path the
 * handler sees, so `basePath` stays ''; with `http.createServer` (or a route that keeps the
 * full path) set `basePath` to where it is mounted. Mount it before any body parser: the
 * relay reads and limits the body itself.
 *
 * What the relay's fetch handler cannot see (a Host that is not a host, TRACE, a body that
 * trickles in) the listener answers in the relay's error shape; see src/http/node-listener.ts.
 *
 * A relay `createRelay` made is served without its `fetch`: its routes read the request as Node
 * has it (headers, and the body read whole into bytes, within the same limit) and their answers
 * are written with `res.writeHead` and one `res.end`, with no `Request`, `Response` or web
 * stream in between; event streams still stream. The routes, checks and answers are the same
 * code either way.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { LISTENER_REFUSAL_STATUS, toNodeAnswerListener, toNodeListener, type ListenerRefusal, type ListenerRequest } from '../http/node-listener.js';
import { errorAnswer, errorResponse, RelayError } from './errors.js';
import { answererOf, type RelayAnswerer, type RelayRequest } from './relay-exchange.js';
import type { Relay } from './relay.js';

export interface NodeHandlerOptions {
  /** Milliseconds a request body may take to arrive, from its headers on; then 408 `request_timeout`. Default 10 000. */
  bodyTimeoutMs?: number;
}

const REFUSAL_MESSAGES: Record<ListenerRefusal, string> = {
  invalid_host: 'The Host header is not a valid host.',
  request_timeout: 'The request body did not arrive in time.',
  not_implemented: 'The relay does not serve this method.',
  internal: 'The relay could not complete the request.',
};

/** The relay's answer for what its Node listener refuses by itself. */
export function relayRefusal(reason: ListenerRefusal): Response {
  return errorResponse(new RelayError(LISTENER_REFUSAL_STATUS[reason], reason, REFUSAL_MESSAGES[reason]));
}

/** Node's headers read as a `Headers` reads them: a repeated header's values joined with ", ". */
function headerReader(headers: IncomingHttpHeaders): RelayRequest['headers'] {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** The request as the relay's routes read it, made from Node's. */
function relayRequestOf(request: ListenerRequest): RelayRequest {
  let body: ReadableStream<Uint8Array> | null | undefined;
  let signal: AbortSignal | undefined;
  return {
    method: request.method,
    url: request.url.href,
    pathname: request.url.pathname,
    headers: headerReader(request.headers),
    // Like the signal of the `Request` the fetch path makes: never aborted.
    get signal() {
      signal ??= new AbortController().signal;
      return signal;
    },
    get body() {
      if (body === undefined) body = request.bodyStream();
      return body;
    },
    bodyBytes: (maxBytes) => request.bodyBytes(maxBytes),
  };
}

/** The relay's answer for what its Node listener refuses by itself, written without a `Response`. */
function relayRefusalAnswer(reason: ListenerRefusal) {
  return errorAnswer(new RelayError(LISTENER_REFUSAL_STATUS[reason], reason, REFUSAL_MESSAGES[reason]));
}

function answerListener(answerer: RelayAnswerer, options: NodeHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return toNodeAnswerListener((request) => answerer(relayRequestOf(request), { remoteAddress: request.remoteAddress }), {
    refuse: relayRefusalAnswer,
    incompleteBodyError: () => new RelayError(408, 'request_timeout', REFUSAL_MESSAGES.request_timeout),
    ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs: options.bodyTimeoutMs }),
  });
}

/** A `(req, res)` listener serving `relay`. */
export function toNodeHandler(relay: Relay, options: NodeHandlerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const answerer = answererOf(relay);
  const listener = answerer
    ? answerListener(answerer, options)
    : toNodeListener((request, info) => relay.fetch(request, info), {
        refuse: relayRefusal,
        // The relay answers a body that never came whole as a refusal, not as a failure of its own.
        incompleteBodyError: () => new RelayError(408, 'request_timeout', REFUSAL_MESSAGES.request_timeout),
        ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs: options.bodyTimeoutMs }),
      });
  return (req, res) => {
    // A body parser mounted before the relay has read the body already: say so, in the
    // relay's error shape, instead of failing on an empty stream.
    if (req.readableEnded && req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'internal', message: BODY_ALREADY_READ } }));
      return;
    }
    listener(req, res);
  };
}

export const BODY_ALREADY_READ = 'The request body was already read before the relay: mount the relay before any body parser.';
