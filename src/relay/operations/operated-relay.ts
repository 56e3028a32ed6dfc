/**
 * What a relay does for its operator around every request: the request's id, the health and
 * readiness routes, the observers' events, and the drain of `close()`.
 *
 * `GET healthz` answers 200 while the process can answer at all. `GET readyz` answers 200 when
 * the store answers and an access token is at hand (cached, or fetched now from the token
 * endpoint), else 503 with the reason; both are cheap, answer no CORS, are never cached and
 * pass no buyer limit. `close()` turns `readyz` to 503 first, waits `graceMs` for the load
 * balancer to notice, ends the open event streams with a reconnect hint (the browser's
 * EventSource reconnects, through the balancer, to another instance), then waits for the
 * requests in flight (a charge included) to be answered.
 */
import { AuthenticationError, type PayClient } from '../../client/index.js';
import type { Store } from '../../store/store.js';
import type { RelayRequestInfo } from '../context.js';
import { errorAnswer, jsonAnswer, RelayError } from '../errors.js';
import { answerResponse, registerAnswerer, type RelayAnswer, type RelayRequest } from '../relay-exchange.js';
import { chargeMethodOf } from './charge-labels.js';
import type { RelayObserver } from './observer.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';

/** How `close()` drains. */
export interface RelayCloseOptions {
  /** Milliseconds between `readyz` turning 503 and the event streams being ended; default 0. */
  graceMs?: number;
  /** Longest wait for the requests in flight after that; default 30000. */
  timeoutMs?: number;
}

export interface OperationsSettings {
  basePath: string;
  store: Store;
  client: PayClient;
  observer: Required<RelayObserver>;
  /** False when no observer was given: nothing is measured then. */
  observing: boolean;
  /** The relay's `onError`: told once when the API refuses the relay's credentials. */
  onError: (error: unknown) => void;
}

/**
 * The relay's handler before operations: it gets the request's id in `info` and its path under
 * `basePath` (without one trailing slash; undefined outside it), worked out once here.
 */
export type InnerHandler = (request: RelayRequest, info: RelayRequestInfo & { requestId: string }, path: string | undefined) => Promise<RelayAnswer>;

export interface OperatedRelay {
  fetch(request: Request, info?: RelayRequestInfo): Promise<Response>;
  close(options?: RelayCloseOptions): Promise<void>;
}

/** How long each readiness check may take before it counts as failed. */
export const READINESS_STORE_TIMEOUT_MS = 2_000;
export const READINESS_TOKEN_TIMEOUT_MS = 5_000;
const READINESS_KEY = 'relay:readiness-probe';

/** Sent before an event stream is ended by a drain: reconnect after one second. */
const RECONNECT = new TextEncoder().encode('retry: 1000\n\n');

/** The route's template, for labels and logs: the id of an order is never a label value. */
function routeTemplate(path: string | undefined): string {
  if (path === undefined) return 'other';
  if (path === '/config' || path === '/charges' || path === '/webhooks') return path;
  if (/^\/orders\/[^/]+$/.test(path)) return '/orders/{id}';
  if (/^\/orders\/[^/]+\/events$/.test(path)) return '/orders/{id}/events';
  return 'other';
}

function pathUnder(request: RelayRequest, basePath: string): string | undefined {
  const pathname = request.pathname ?? new URL(request.url).pathname;
  if (basePath !== '' && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return undefined;
  const path = pathname.slice(basePath.length);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The answer with the request's id in its headers. */
function withRequestId(answer: RelayAnswer, requestId: string): RelayAnswer {
  const { headers } = answer;
  headers['x-request-id'] = requestId;
  // A widget answer the page may read: the id too, so a buyer's report can quote it.
  if (headers['access-control-allow-origin'] !== undefined) {
    const exposed = headers['access-control-expose-headers'];
    headers['access-control-expose-headers'] = exposed === undefined ? REQUEST_ID_HEADER : `${exposed}, ${REQUEST_ID_HEADER}`;
  }
  return answer;
}

/** The small JSON body of an answer the relay made itself (an error, a created charge). */
function jsonOf(answer: RelayAnswer): Record<string, unknown> | undefined {
  if (typeof answer.body !== 'string' || !(answer.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  try {
    return JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function operateRelay(inner: InnerHandler, settings: OperationsSettings): OperatedRelay {
  const { basePath, store, client, observer, onError } = settings;
  /** Whether the API's refusal of the credentials was told to onError since the last token it gave. */
  let refusalTold = false;
  let draining = false;
  let streamsEnding = false;
  let inFlight = 0;
  let idle: (() => void) | undefined;
  const openStreams = new Set<() => void>();

  async function unreadiness(): Promise<string | undefined> {
    if (draining) return 'draining';
    try {
      await withTimeout(store.get(READINESS_KEY), READINESS_STORE_TIMEOUT_MS);
    } catch {
      return 'store_unavailable';
    }
    try {
      await client.getAccessToken({ signal: AbortSignal.timeout(READINESS_TOKEN_TIMEOUT_MS) });
    } catch (error) {
      if (!(error instanceof AuthenticationError)) return 'api_unavailable';
      // The API answered, and refused the client id or secret: no wait mends that, the merchant
      // must. Told once, not on every probe of the balancer, and again after a token was had.
      if (!refusalTold) onError(error);
      refusalTold = true;
      return 'api_credentials_refused';
    }
    refusalTold = false;
    return undefined;
  }

  async function probe(request: RelayRequest, path: '/healthz' | '/readyz'): Promise<RelayAnswer> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorAnswer(new RelayError(405, 'method_not_allowed', 'Use GET here.', { headers: { Allow: 'GET, HEAD' } }));
    }
    if (path === '/healthz') return jsonAnswer(200, { status: 'ok' });
    const reason = await unreadiness();
    return reason === undefined ? jsonAnswer(200, { status: 'ready' }) : jsonAnswer(503, { status: 'unready', reason });
  }

  /** The event stream, counted while open and ended by a drain. */
  function tracked(answer: RelayAnswer): RelayAnswer {
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    let output: ReadableStreamDefaultController<Uint8Array> | undefined;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      openStreams.delete(end);
      observer.streamClosed();
    };
    const end = () => {
      if (finished) return;
      try {
        output?.enqueue(RECONNECT);
        output?.close();
      } catch {
        // Already closed by the reader's side.
      }
      finish();
      reader.cancel('draining').catch(() => undefined);
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        output = controller;
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (finished) return;
          if (done) {
            controller.close();
            finish();
          } else {
            controller.enqueue(value);
          }
        } catch (error) {
          if (finished) return;
          controller.error(error);
          finish();
        }
      },
      cancel(reason) {
        finish();
        return reader.cancel(reason);
      },
    });
    observer.streamOpened();
    openStreams.add(end);
    if (streamsEnding) end();
    return { ...answer, body };
  }

  function observe(request: RelayRequest, requestId: string, route: string, response: RelayAnswer, started: number): void {
    const body = response.status >= 400 || (route === '/charges' && response.status === 201) ? jsonOf(response) : undefined;
    const refusal = response.status >= 400 ? ((body?.['error'] as { type?: unknown } | undefined)?.type as string | undefined) : undefined;
    observer.request({
      requestId,
      method: request.method,
      route,
      status: response.status,
      durationMs: Math.round(performance.now() - started),
      ...(refusal === undefined ? {} : { refusal }),
    });
    if (route === '/charges' && request.method === 'POST') {
      const method = typeof body?.['paymentMethod'] === 'string' ? body['paymentMethod'] : (chargeMethodOf(request) ?? 'unknown');
      const outcome = response.status === 201 && typeof body?.['status'] === 'string' ? body['status'] : (refusal ?? `http_${response.status}`);
      observer.charge({ requestId, method, outcome });
    }
  }

  async function answer(request: RelayRequest, info: RelayRequestInfo = {}): Promise<RelayAnswer> {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const path = pathUnder(request, basePath);
    if (path === '/healthz' || path === '/readyz') return withRequestId(await probe(request, path), requestId);
    inFlight += 1;
    let response: RelayAnswer;
    try {
      response = await inner(request, { ...info, requestId }, path);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    }
    if (settings.observing && request.method !== 'OPTIONS') observe(request, requestId, routeTemplate(path), response, started);
    const isStream = response.body !== null && typeof response.body !== 'string' && (response.headers['content-type'] ?? '').startsWith('text/event-stream');
    return withRequestId(isStream ? tracked(response) : response, requestId);
  }

  const relay: OperatedRelay = {
    async fetch(request, info = {}) {
      return answerResponse(await answer(request, info));
    },

    async close({ graceMs = 0, timeoutMs = 30_000 } = {}) {
      if (!draining) observer.lifecycle('draining');
      draining = true;
      if (graceMs > 0) await sleep(graceMs);
      streamsEnding = true;
      [...openStreams].forEach((end) => end());
      if (inFlight > 0) {
        await withTimeout(new Promise<void>((resolve) => (idle = resolve)), timeoutMs).catch(() => undefined);
      }
      observer.lifecycle('drained');
    },
  };
  registerAnswerer(relay, answer);
  return relay;
}
