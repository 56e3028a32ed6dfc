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

/** Sends one request and reads its whole answer; rejects when the connection fails or `signal` aborts. */
export type NodeSend = (url: string, request: OutgoingRequest, signal: AbortSignal) => Promise<NodeAnswer>;

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
  return (url, { method, headers = {}, body }, signal) =>
    new Promise<NodeAnswer>((resolve, reject) => {
      const target = new URL(url);
      const agent = agents[target.protocol as keyof typeof agents];
      if (!agent) {
        reject(new TypeError(`unsupported protocol ${target.protocol}`));
        return;
      }
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const payload = body === undefined ? undefined : String(body);
      // The signal is watched here rather than given to `http.request`, which ties it to the
      // request's stream with a finished-stream watcher: about a twentieth of the relay's own work on a charge.
      const outgoing = (target.protocol === 'https:' ? https : http).request(target, {
        method,
        agent,
        headers: payload === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(payload)) },
      });
      const stop = () => outgoing.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted', { cause: signal.reason }));
      signal.addEventListener('abort', stop, { once: true });
      const settle = (outcome: () => void) => {
        signal.removeEventListener('abort', stop);
        outcome();
      };
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
