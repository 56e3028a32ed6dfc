/**
 * The request and the answer as the relay's routes see them, whatever runtime serves it. A web
 * `Request` is a `RelayRequest` as it is (`Relay.fetch`); the Node adapter (node.ts) makes one
 * from Node's request without a `Request`, its `Headers` or a stream of its body. An answer is
 * plain status, headers and JSON text (or an event stream) until its runtime writes it: a
 * `Response` for `fetch`, `res.writeHead` and one `res.end` on Node.
 */

export interface RelayRequest {
  /** Upper case. */
  readonly method: string;
  readonly url: string;
  /** The URL's path, where the runtime has the URL parsed already (Node); else it is read from `url`. */
  readonly pathname?: string;
  readonly headers: { get(name: string): string | null };
  /** Aborted when the client went away, where the runtime says so. */
  readonly signal: AbortSignal;
  /** The body as a web stream; null for GET and HEAD. */
  readonly body: ReadableStream<Uint8Array> | null;
  /**
   * The whole body without a stream, where the runtime has it so: undefined as soon as it
   * passes `maxBytes`. Absent on a web `Request`, whose `body` is read instead.
   */
  readonly bodyBytes?: (maxBytes: number) => Promise<Uint8Array | undefined>;
}

export interface RelayAnswer {
  status: number;
  /** Names in lower case. */
  headers: Record<string, string>;
  /** JSON text, an event stream, or none. */
  body: string | ReadableStream<Uint8Array> | null;
}

/** The answer as a web `Response`. */
export function answerResponse(answer: RelayAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** `headers` with its names in lower case, as an answer keeps them. */
export function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}

/** The caller as the runtime saw it: Node passes the socket's address. */
export interface RelayRequestInfo {
  remoteAddress?: string;
  /** The request's id; the relay sets it (operations/request-id.ts). */
  requestId?: string;
}

/** A relay's answer to one request, before its runtime writes it. */
export type RelayAnswerer = (request: RelayRequest, info?: RelayRequestInfo) => Promise<RelayAnswer>;

const answerers = new WeakMap<object, RelayAnswerer>();

/** Notes how `relay` answers, for an adapter that writes answers itself (node.ts). */
export function registerAnswerer(relay: object, answerer: RelayAnswerer): void {
  answerers.set(relay, answerer);
}

/** How `relay` answers, when `createRelay` made it; undefined for any other object with a `fetch`. */
export function answererOf(relay: object): RelayAnswerer | undefined {
  return answerers.get(relay);
}
