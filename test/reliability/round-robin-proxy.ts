/**
 * A plain round-robin balancer on loopback, as nginx's `upstream` block is by default: one new
 * connection to the instance per request, `X-Forwarded-For` set to the client's address, the
 * answer streamed back as it comes (event streams included), and an instance whose connection
 * failed taken out of the turn for `failTimeoutMs` (nginx: `max_fails=1 fail_timeout=10s`).
 *
 * It never sends a request to a second instance: a refused connection or one cut mid-way is
 * answered 502 (or, once the answer has begun, cut for the client too), and the client's retry
 * with the same key does the rest. nginx would also pass a request whose connection was refused
 * to the next instance, and never one it had sent; neither changes what the relay must ensure.
 *
 * Each request is logged with the instance it went to and how it ended, and each answer names
 * that instance in `X-Served-By`, so a test can tell which instance did what.
 */
import { createServer, request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVED_BY_HEADER } from './widget-buyer.js';

/** Headers of one hop only, never passed on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

export interface ProxiedRequest {
  method: string;
  path: string;
  /** The instance's port. */
  port: number;
  idempotencyKey: string | undefined;
  startedAt: number;
  /** Until it ends: `answered` (the whole answer passed), `refused` (no connection: 502), `cut` (the connection failed after the request was sent: 502, or the client's connection cut too), `left` (the client went away). */
  outcome: 'open' | 'answered' | 'refused' | 'cut' | 'left';
  status?: number;
  endedAt?: number;
}

export interface RoundRobinProxy {
  url: string;
  /** Every request, in arrival order. */
  readonly log: readonly ProxiedRequest[];
  /** True while the instance is out of the turn after a failed connection. */
  isDown(port: number): boolean;
  close(): Promise<void>;
}

function passedOn(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** Starts the balancer in front of the instances on `ports` (127.0.0.1). */
export async function startRoundRobinProxy(ports: readonly number[], options: { failTimeoutMs: number }): Promise<RoundRobinProxy> {
  const log: ProxiedRequest[] = [];
  const downUntil = new Map<number, number>();
  const outgoing = new Set<ClientRequest>();
  let turn = 0;
  const isDown = (port: number) => (downUntil.get(port) ?? 0) > Date.now();
  const markDown = (port: number) => downUntil.set(port, Date.now() + options.failTimeoutMs);

  const server = createServer((req, res) => {
    const up = ports.filter((port) => !isDown(port));
    // Every instance out of the turn: nginx then tries them all again rather than fail at once.
    const pool = up.length > 0 ? up : ports;
    const port = pool[turn++ % pool.length]!;
    const key = req.headers['idempotency-key'];
    const entry: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0]!,
      port,
      idempotencyKey: typeof key === 'string' ? key : undefined,
      startedAt: Date.now(),
      outcome: 'open',
    };
    log.push(entry);
    const end = (outcome: ProxiedRequest['outcome'], status?: number) => {
      if (entry.outcome !== 'open') return;
      Object.assign(entry, { outcome, endedAt: Date.now() }, status === undefined ? {} : { status });
    };

    const headers = { ...passedOn(req.headers), 'x-forwarded-for': req.socket.remoteAddress ?? '' };
    const forward = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent: false });
    outgoing.add(forward);
    forward.on('close', () => outgoing.delete(forward));
    let connected = false;
    forward.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    forward.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...passedOn(answer.headers), [SERVED_BY_HEADER]: String(port) });
      answer.pipe(res);
      answer.on('end', () => end('answered', answer.statusCode));
      answer.on('close', () => {
        if (answer.complete) return;
        // The instance went away mid-answer: the client's connection is cut as well.
        if (entry.outcome === 'open') markDown(port);
        end('cut', answer.statusCode);
        res.destroy();
      });
    });
    forward.on('error', () => {
      if (entry.outcome !== 'open') return;
      markDown(port);
      end(connected ? 'cut' : 'refused', res.headersSent ? undefined : 502);
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      end('left');
      forward.destroy();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    isDown,
    async close() {
      for (const request of outgoing) request.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
