/**
 * Serves a Web-standard fetch handler on Node's `http` server: the request becomes a
 * `Request` (with the socket's address passed along), the `Response` is streamed back.
 * A handler that throws `DroppedConnection`-like errors (`drop: true`) gets the socket
 * destroyed without an answer, which is how a lost connection looks to a client.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export type FetchHandler = (request: Request, info: { remoteAddress?: string }) => Promise<Response>;

/** Errors whose name is this make the listener drop the connection. */
export const DROP_CONNECTION_ERROR = 'DroppedConnection';

function toRequest(req: IncomingMessage): Request {
  const host = req.headers.host ?? '127.0.0.1';
  const url = new URL(req.url ?? '/', `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    // Node's fetch needs this to accept a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export interface NodeListenerOptions {
  /** The JSON body of the 500 answered when the handler itself fails; default `{detail}` as the API writes it. */
  internalErrorBody?: unknown;
}

/** A `(req, res)` listener for `http.createServer`, Express or Connect. */
export function toNodeListener(
  handler: FetchHandler,
  { internalErrorBody = { detail: 'Erro interno.' } }: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      let response: Response;
      try {
        response = await handler(toRequest(req), { remoteAddress: req.socket.remoteAddress?.replace(/^::ffff:/, '') });
      } catch (error) {
        if ((error as Error | undefined)?.name === DROP_CONNECTION_ERROR) {
          req.socket.destroy();
          return;
        }
        console.error('unexpected error while handling', req.method, req.url, error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(internalErrorBody));
        return;
      }
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
      });
      res.writeHead(response.status, headers);
      if (!response.body) {
        res.end();
        return;
      }
      const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
      // A client that goes away mid-stream (an SSE reader, say) must not crash the server.
      body.on('error', () => res.destroy());
      res.on('close', () => body.destroy());
      body.pipe(res);
    })();
  };
}
