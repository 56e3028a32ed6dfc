/**
 * The client's exchanges over its own HTTP/1.1 connections (`node:net`, and `node:tls` for
 * https), used where the runtime has them and the caller gave no `fetch`. Node's `fetch` turns
 * every request and answer into web streams and `Request`/`Response` objects, and `http.request`
 * into a `ClientRequest`, an `IncomingMessage` stream and an agent's bookkeeping: on a relay,
 * most of a charge's own cost beyond its checks. A request here is one write of its head and
 * body, and its answer is read from the connection's bytes by http1-answer.ts, whole.
 *
 * Connections are kept alive in a pool per origin, the most recently used first. An idle one is
 * closed after IDLE_SOCKET_MS, or sooner when the server's `Keep-Alive: timeout=` says so, so a
 * request is not sent on a connection the server is closing; one the server closed, or that
 * sent bytes no request asked for, leaves the pool. TLS checks the server's certificate against
 * the name in the URL, as `https.request` does. Elsewhere (a browser, a worker runtime) the
 * module answers undefined and the client keeps `fetch`.
 */
import type * as NodeNet from 'node:net';
import type * as NodeTls from 'node:tls';
import { AnswerReader, FIELD_VALUE, TOKEN, type ReadAnswer } from './http1-answer.js';

/** What an exchange sends: the client's own requests only have string bodies and plain headers. */
export interface OutgoingRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | undefined;
  /**
   * Sending it twice has no second effect (a read, or a charge with its `X-Idempotency-Key`):
   * sent again on a new connection when a kept one closed before any byte of its answer, and
   * sent on a kept connection at once. Default: by its method (RFC 9110, 9.2.2).
   */
  idempotent?: boolean | undefined;
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

/** Where a request goes. */
interface Target {
  protocol: string;
  /** Without the brackets of an IPv6 literal. */
  hostname: string;
  port: number;
  /** The `Host` header: the URL's host, with its port when the URL names one. */
  host: string;
  /** `Basic …` for credentials in the URL. */
  authorization?: string;
  /** The pool of this origin's idle connections. */
  idle: NodeNet.Socket[];
  /** The last TLS session the origin's server gave, offered again by a new connection (as Node's https agent does). */
  tlsSession?: Buffer;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The origins the client speaks to are few (the API's), so each one is parsed once, kept in a bounded map. */
const MAX_KNOWN_ORIGINS = 16;
const ORIGIN_AND_PATH = /^(https?:\/\/[^/?#]+)([/?][^#]*)?$/i;

/** How long an idle pooled connection is kept: below the 5 s a Node server keeps one by default. */
export const IDLE_SOCKET_MS = 4_000;
/** Taken off a server's own `Keep-Alive: timeout=`, so the client lets go first (Node's agent keeps the same margin). */
const KEEP_ALIVE_MARGIN_MS = 1_000;

/** A request target as `http.request` takes it: no space or control character (the URL's own encoding escapes them). */
const REQUEST_PATH = /^[\x21-\x7e\x80-\xff]+$/;
/**
 * What ends a pooled connection: its idle time out, bytes no request asked for, the server's
 * close, or an error. It is not used again.
 */
const IDLE_ENDINGS = ['timeout', 'data', 'end', 'close', 'error'] as const;
/** The methods whose requests are idempotent unless the caller says otherwise (RFC 9110, 9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE']);
/** A head that UTF-8 and latin1 write alike. */
const ASCII = /^[\x00-\x7f]*$/;
/** Methods whose requests carry no body, to which no `Content-Length: 0` is added. */
const BODILESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);

type Builtins = { process?: { getBuiltinModule?: (id: string) => unknown } };

function builtin<T>(id: string): T | undefined {
  return (globalThis as Builtins).process?.getBuiltinModule?.(id) as T | undefined;
}

function targetOfUrl(url: URL): Omit<Target, 'idle'> {
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const target: Omit<Target, 'idle'> = { protocol: url.protocol, hostname, port: url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 0), host: url.host };
  if (url.username || url.password) {
    target.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  }
  return target;
}

/** The request's head, or a TypeError for a method, path or header `http.request` would refuse too. */
function requestHead(method: string, path: string, target: Target, headers: Record<string, string>, bodyBytes: number | undefined): string {
  if (!TOKEN.test(method)) throw new TypeError(`invalid method ${JSON.stringify(method)}`);
  if (!REQUEST_PATH.test(path)) throw new TypeError('the request path contains unescaped characters');
  let head = `${method} ${path} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n`;
  let authorized = false;
  for (const name in headers) {
    const value = String(headers[name]);
    if (!TOKEN.test(name)) throw new TypeError(`invalid header name ${JSON.stringify(name)}`);
    // No CR, LF or other control character, as `http.request` checks it.
    if (!FIELD_VALUE.test(value)) throw new TypeError(`the ${name} header holds a character a header may not`);
    const lower = name.toLowerCase();
    // Set here from what is sent, whatever the caller said.
    if (lower === 'content-length' || lower === 'host' || lower === 'connection' || lower === 'transfer-encoding') continue;
    if (lower === 'authorization') authorized = true;
    head += `${name}: ${value}\r\n`;
  }
  if (target.authorization !== undefined && !authorized) head += `Authorization: ${target.authorization}\r\n`;
  if (bodyBytes !== undefined) head += `Content-Length: ${bodyBytes}\r\n`;
  else if (!BODILESS_METHODS.has(method)) head += 'Content-Length: 0\r\n';
  return `${head}\r\n`;
}

/** A sender with its own pools of kept-alive connections; undefined where the runtime has no `node:net` and `node:tls`. */
export function createNodeSend(): NodeSend | undefined {
  const netModule = builtin<typeof NodeNet>('node:net');
  const tlsModule = builtin<typeof NodeTls>('node:tls');
  if (!netModule || !tlsModule) return undefined;
  const net = netModule;
  const tls = tlsModule;
  const origins = new Map<string, Target>();

  /** The origin of `url` parsed (once) and its path; a URL the pattern does not split is parsed whole. */
  function targetOf(url: string): { target: Target; path: string } {
    const split = ORIGIN_AND_PATH.exec(url);
    const parsed = split ? undefined : new URL(url);
    // The key keeps the credentials: two URLs to one host with different ones are two targets.
    const key = split ? split[1]! : `${parsed!.protocol}//${parsed!.username}:${parsed!.password}@${parsed!.host}`;
    let target = origins.get(key);
    if (!target) {
      target = { ...targetOfUrl(parsed ?? new URL(url)), idle: [] };
      if (origins.size >= MAX_KNOWN_ORIGINS) origins.clear();
      origins.set(key, target);
    }
    return { target, path: split ? (split[2] ?? '/') : `${parsed!.pathname}${parsed!.search}` };
  }

  function connect(target: Target): NodeNet.Socket {
    let socket: NodeNet.Socket;
    if (target.protocol === 'https:') {
      const secure = tls.connect({
        host: target.hostname,
        port: target.port,
        // The certificate is checked against the URL's name (or its IP address).
        servername: net.isIP(target.hostname) ? undefined : target.hostname,
        ALPNProtocols: ['http/1.1'],
        ...(target.tlsSession === undefined ? {} : { session: target.tlsSession }),
      });
      secure.on('session', (session: Buffer) => (target.tlsSession = session));
      socket = secure;
    } else socket = net.connect({ host: target.hostname, port: target.port });
    socket.setNoDelay(true);
    // A request's own listener reports its errors; this one keeps an error after it (a late TLS alert) from ending the process.
    socket.on('error', () => undefined);
    return socket;
  }

  /**
   * Pooled connections whose answer was read in this turn of the event loop or the one before. A
   * server may send its close right after the answer, and Node reads that close after the caller
   * has had the answer (and may have sent its next request): such a connection is taken only two
   * turns later by a request that is never sent twice, once its close, if any, has taken it out of
   * the pool. An idempotent request takes it at once: should the server have closed it, the
   * request is sent again on a new connection (below), as RFC 9110 allows. A close that comes
   * later still is the race every kept-alive connection has, and a request that is never sent
   * twice then fails as over `http.request`.
   */
  const settling = new WeakSet<NodeNet.Socket>();

  /**
   * Hands `use` a pooled connection that is still open, the most recently used first, or a new
   * one. With `settledOnly` (a request that is never sent twice) a settling one is passed over,
   * and when the only pooled ones are settling, it waits for the next turn of the loop.
   */
  function withSocket(target: Target, settledOnly: boolean, use: (socket: NodeNet.Socket, reused: boolean) => void): void {
    const { idle } = target;
    for (let at = idle.length - 1; at >= 0; at -= 1) {
      const socket = idle[at]!;
      if (settledOnly && settling.has(socket)) continue;
      idle.splice(at, 1);
      leavePool(socket);
      if (!socket.destroyed && socket.writable && !socket.readableEnded) {
        use(socket, true);
        return;
      }
      socket.destroy();
    }
    if (idle.length > 0) setImmediate(() => withSocket(target, settledOnly, use));
    else use(connect(target), false);
  }

  /** Each pooled connection's `drop`, listening for what ends its idleness (IDLE_ENDINGS). */
  const poolWatchers = new WeakMap<NodeNet.Socket, () => void>();

  function leavePool(socket: NodeNet.Socket): void {
    const watcher = poolWatchers.get(socket);
    if (watcher === undefined) return;
    poolWatchers.delete(socket);
    socket.setTimeout(0);
    for (const event of IDLE_ENDINGS) socket.removeListener(event, watcher);
    socket.ref();
  }

  /** Keeps `socket` for the next request to `target`, for at most `idleMs`; anything it does while idle ends it. */
  function pool(target: Target, socket: NodeNet.Socket, idleMs: number): void {
    const drop = () => {
      leavePool(socket);
      const at = target.idle.indexOf(socket);
      if (at >= 0) target.idle.splice(at, 1);
      socket.destroy();
    };
    poolWatchers.set(socket, drop);
    socket.setTimeout(idleMs);
    for (const event of IDLE_ENDINGS) socket.once(event, drop);
    // An idle connection does not keep the process alive.
    socket.unref();
    target.idle.push(socket);
    settling.add(socket);
    // Two turns: Node reads a close sent right after the answer in the loop's next turn.
    setImmediate(() => setImmediate(() => settling.delete(socket)));
  }

  return (url, { method, headers = {}, body, idempotent = IDEMPOTENT_METHODS.has(method) }, timeoutMs, signal) =>
    new Promise<NodeAnswer>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const payload = body === undefined ? undefined : String(body);
      let target: Target;
      let head: string;
      try {
        let path: string;
        ({ target, path } = targetOf(url));
        if (DEFAULT_PORTS[target.protocol] === undefined) throw new TypeError(`unsupported protocol ${target.protocol}`);
        head = requestHead(method, path, target, headers, payload === undefined ? undefined : Buffer.byteLength(payload));
      } catch (error) {
        reject(error);
        return;
      }
      const reader = new AnswerReader(method);
      let socket: NodeNet.Socket | undefined;
      /** Whether `socket` came from the pool, and whether the request was sent again. */
      let reused = false;
      let resent = false;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        if (socket !== undefined) detach(socket);
        outcome();
      };
      const fail = (error: unknown) => {
        settle(() => reject(error));
        socket?.destroy();
      };
      const stop = () => fail(signal!.reason instanceof Error ? signal!.reason : new Error('aborted', { cause: signal!.reason }));
      const timer = setTimeout(() => fail(new SendTimeout(`no whole answer within ${timeoutMs} ms`)), timeoutMs);
      const finish = (answer: ReadAnswer) =>
        settle(() => {
          const serverIdleMs = answer.keepAliveMs === undefined ? IDLE_SOCKET_MS : answer.keepAliveMs - KEEP_ALIVE_MARGIN_MS;
          const idleMs = Math.min(IDLE_SOCKET_MS, serverIdleMs);
          if (answer.reusable && idleMs > 0) pool(target, socket!, idleMs);
          else socket!.destroy();
          resolve({ status: answer.status, headers: answer.headers, text: answer.body.toString('utf8') });
        });
      function onData(chunk: Buffer): void {
        let answer;
        try {
          answer = reader.push(chunk);
        } catch (error) {
          fail(error);
          return;
        }
        if (answer !== undefined) finish(answer);
      }
      function onEnd(): void {
        if (resend()) return;
        let answer;
        try {
          answer = reader.end();
        } catch (error) {
          fail(error);
          return;
        }
        finish(answer);
      }
      function onError(error: Error): void {
        if (!resend()) fail(error);
      }
      /**
       * A kept connection the server closed before any byte of the answer: the request is sent
       * once more on a new connection when its method is idempotent. Answers whether it was.
       */
      function resend(): boolean {
        if (!reused || reader.started || resent || !idempotent) return false;
        resent = true;
        const dead = socket!;
        detach(dead);
        dead.destroy();
        socket = undefined;
        send(connect(target), false);
        return true;
      }
      function detach(from: NodeNet.Socket): void {
        from.removeListener('data', onData);
        from.removeListener('end', onEnd);
        from.removeListener('close', onEnd);
        from.removeListener('error', onError);
      }
      function send(taken: NodeNet.Socket, fromPool: boolean): void {
        // Given up (its time or the caller's abort) while it waited for a connection.
        if (settled) {
          taken.destroy();
          return;
        }
        socket = taken;
        reused = fromPool;
        taken.on('data', onData);
        taken.once('end', onEnd);
        taken.once('close', onEnd);
        taken.once('error', onError);
        if (payload === undefined) taken.write(head, 'latin1');
        else if (ASCII.test(head)) taken.write(head + payload);
        else {
          // A header value of obs-text is sent as its bytes (latin1), the body as UTF-8.
          taken.cork();
          taken.write(head, 'latin1');
          taken.write(payload);
          taken.uncork();
        }
      }
      signal?.addEventListener('abort', stop, { once: true });
      withSocket(target, !idempotent, send);
    });
}
