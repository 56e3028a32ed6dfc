/**
 * The client's exchanges over Node's own `http` and `https` modules, used where the runtime has
 * them and the caller gave no `fetch`. Node's `fetch` turns every request and answer into web
 * streams and `Request`/`Response` objects: on a relay, about a third of a charge's own work. A
 * request here is one `http.request` with its body as one string, and the answer is read as
 * bytes into one string, over a pool of kept-alive connections per client.
 *
 * An idle pooled connection is closed after IDLE_SOCKET_MS, or sooner when the server's
 * `Keep-Alive: timeout=` says so (Node's agent reads it), so a request is not sent on a
 * connection the server is closing. Elsewhere (a browser, a worker runtime) the module answers
 * undefined and the client keeps `fetch`.
 */
import type * as NodeHttp from 'node:http';
import type * as NodeHttps from 'node:https';

/** What an exchange sends: the client's own requests only have string bodies and plain headers. */
export interface OutgoingRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | undefined;
}

/** A whole answer: status, one value per lower-case header name, and the body as text (an `ExchangeAnswer`). */
export interface NodeAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * Sends one request and reads its whole answer. Rejects when the connection fails, with the
 * signal's reason when `signal` aborts, and with a `SendTimeout` when the whole answer has not
 * come `timeoutMs` after the request left.
 */
export type NodeSend = (url: string, request: OutgoingRequest, timeoutMs: number, signal?: AbortSignal) => Promise<NodeAnswer>;

/** Why a `NodeSend` gave up: its whole answer had not come in time. */
export class SendTimeout extends Error {
  override name = 'SendTimeout';
}

/** Where a request goes, as `http.request` takes it. */
interface Target {
  protocol: string;
  /** Without the brackets of an IPv6 literal. */
  hostname: string;
  port: string;
  auth?: string;
}

function targetOfUrl(url: URL): Target {
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const target: Target = { protocol: url.protocol, hostname, port: url.port };
  if (url.username || url.password) target.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return target;
}

/** The origins the client speaks to are few (the API's), so each one is parsed once, kept in a bounded map. */
const MAX_KNOWN_ORIGINS = 16;
const ORIGIN_AND_PATH = /^(https?:\/\/[^/?#]+)([/?][^#]*)?$/i;

/** How long an idle pooled connection is kept: below the 5 s a Node server keeps one by default. */
export const IDLE_SOCKET_MS = 4_000;

type Builtins = { process?: { getBuiltinModule?: (id: string) => unknown } };

function builtin<T>(id: string): T | undefined {
  return (globalThis as Builtins).process?.getBuiltinModule?.(id) as T | undefined;
}

/** Node's answer headers as one value per name (repeated ones joined as `fetch` joins them). */
function flatHeaders(headers: NodeHttp.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** A sender with its own pools of kept-alive connections; undefined where the runtime has no `node:http`. */
export function createNodeSend(): NodeSend | undefined {
  const http = builtin<typeof NodeHttp>('node:http');
  const https = builtin<typeof NodeHttps>('node:https');
  if (!http || !https) return undefined;
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  const origins = new Map<string, Target>();
  /** The origin of `url` parsed (once) and its path; a URL the pattern does not split is parsed whole. */
  function targetOf(url: string): { target: Target; path: string } {
    const split = ORIGIN_AND_PATH.exec(url);
    if (!split) {
      const parsed = new URL(url);
      return { target: targetOfUrl(parsed), path: `${parsed.pathname}${parsed.search}` };
    }
    const origin = split[1]!;
    const path = split[2] ?? '/';
    let target = origins.get(origin);
    if (!target) {
      target = targetOfUrl(new URL(origin));
      if (origins.size >= MAX_KNOWN_ORIGINS) origins.clear();
      origins.set(origin, target);
    }
    return { target, path };
  }

  return (url, { method, headers = {}, body }, timeoutMs, signal) =>
    new Promise<NodeAnswer>((resolve, reject) => {
      const { target, path } = targetOf(url);
      const agent = agents[target.protocol as keyof typeof agents];
      if (!agent) {
        reject(new TypeError(`unsupported protocol ${target.protocol}`));
        return;
      }
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const payload = body === undefined ? undefined : String(body);
      // No `AbortSignal` is given to `http.request`, which ties it to the request's stream with a
      // finished-stream watcher, and none is made per request: a timer and, only when the caller
      // gave one, a listener on the caller's signal (a controller and its listeners cost ten times
      // a timer's setting and clearing).
      const outgoing = (target.protocol === 'https:' ? https : http).request({
        ...target,
        path,
        method,
        agent,
        headers: payload === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(payload)) },
      });
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        outcome();
      };
      const fail = (error: Error) => {
        settle(() => reject(error));
        outgoing.destroy(error);
      };
      const stop = () => fail(signal!.reason instanceof Error ? signal!.reason : new Error('aborted', { cause: signal!.reason }));
      const timer = setTimeout(() => fail(new SendTimeout(`no whole answer within ${timeoutMs} ms`)), timeoutMs);
      signal?.addEventListener('abort', stop, { once: true });
      outgoing.once('error', (error) => settle(() => reject(error)));
      outgoing.once('response', (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('error', (error) => settle(() => reject(error)));
        // An answer cut before its end is a failed connection, as `fetch` reports it.
        answer.once('aborted', () => settle(() => reject(new Error('the answer was cut short'))));
        answer.once('end', () =>
          settle(() => {
            if (!answer.complete) reject(new Error('the answer was cut short'));
            else resolve({ status: answer.statusCode ?? 0, headers: flatHeaders(answer.headers), text: Buffer.concat(chunks).toString('utf8') });
          }),
        );
      });
      outgoing.end(payload);
    });
}
