/**
 * The one request loop every endpoint goes through. Each attempt: a token (cached, or the one
 * request in flight), a pacing slot, the HTTP exchange with its per-attempt timeout and the
 * caller's `AbortSignal`, then `errorFromResponse` for a non-2xx answer; a 401 gets one new
 * token per call; `retryDecision` says whether and when to try again. The same request,
 * headers included, is sent on every attempt, so a charge keeps its `X-Idempotency-Key`.
 *
 * The token comes before the pacing slot: a slot is the moment a request leaves, so nothing
 * with an unknown duration (a token request) may sit between the two.
 */
import { abortReason, waitFor } from './abortable-wait.js';
import { errorOfAnswer, exchange, type ExchangeAnswer, type ExchangeEvent } from './exchange.js';
import type { NodeSend } from './node-transport.js';
import type { Pacer, PacedRequest } from './pacing.js';
import { retryDecision, type RetryPolicy } from './retry.js';
import type { TokenManager } from './token-manager.js';

/** One call of an endpoint, as the request loop sends it on every attempt. */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT';
  /** The path, from `/public_api/`, without the query. */
  path: string;
  query?: URLSearchParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Extra headers (`X-Idempotency-Key`, `X-client-id`). */
  headers?: Record<string, string>;
  /** Sends `Authorization: Bearer`; default true. */
  authenticated?: boolean;
  /** The pacing window it counts against; `none` for endpoints the pacing does not cover. */
  pacing: PacedRequest | 'none';
  /** A charge: retried with its key, and waited for when the key is "in processing". */
  isCharge?: boolean;
  /** Sending it twice has no second effect (see `RetryContext.idempotent`). */
  idempotent: boolean;
  signal?: AbortSignal | undefined;
}

/** What the loop sends with: the API, the token, the pacing and the retry policy. */
export interface RequestLoopOptions {
  baseUrl: string;
  fetch: typeof fetch;
  nodeSend?: NodeSend | undefined;
  onExchange?: ((event: ExchangeEvent) => void) | undefined;
  tokens: TokenManager;
  /** Undefined: no pacing. */
  pacer: Pacer | undefined;
  policy: RetryPolicy;
  requestTimeoutMs: number;
  random: () => number;
  /** Epoch milliseconds, for the policy's total time. */
  now?: () => number;
}

/** What a retry decision needs to know about the request. */
export interface RetryOptions {
  isCharge: boolean;
  idempotent: boolean;
  signal?: AbortSignal | undefined;
}

/** The loop of one client. */
export interface RequestLoop {
  /** Runs `attempt` until it succeeds or `retryDecision` says stop; waits are abortable. */
  withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T>;
  /** Sends `call` through the loop and answers its 2xx answer; anything else rejects with its error. */
  send(call: ApiCall): Promise<ExchangeAnswer>;
}

const isSuccess = (status: number) => status >= 200 && status <= 299;

/** The request loop of a client made of `options`. */
export function createRequestLoop(options: RequestLoopOptions): RequestLoop {
  const { tokens, pacer, policy, random, now = Date.now } = options;

  async function withRetries<T>(attempt: () => Promise<T>, { isCharge, idempotent, signal }: RetryOptions): Promise<T> {
    const startedAt = now();
    for (let attempts = 1; ; attempts += 1) {
      if (signal?.aborted) throw abortReason(signal);
      try {
        return await attempt();
      } catch (error) {
        if (signal?.aborted) throw abortReason(signal);
        const decision = retryDecision({ error, attempt: attempts, elapsedMs: now() - startedAt, policy, isCharge, idempotent, random });
        if (!decision.retry) throw error;
        await waitFor(decision.delayMs, signal);
      }
    }
  }

  function send(call: ApiCall): Promise<ExchangeAnswer> {
    const { signal } = call;
    const authenticated = call.authenticated ?? true;
    const what = `${call.method} ${call.path}`;
    const query = call.query?.toString();
    const url = `${options.baseUrl}${call.path}${query ? `?${query}` : ''}`;
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    // Once per call, not per attempt: a second 401 with a new token is the API's final word.
    let reauthenticated = false;

    async function attempt(): Promise<ExchangeAnswer> {
      for (;;) {
        const token = authenticated ? await tokens.getToken(signal) : undefined;
        if (pacer && call.pacing !== 'none') await pacer.admit(call.pacing, signal);
        const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
        if (token !== undefined) headers.Authorization = `Bearer ${token}`;
        if (body !== undefined) headers['Content-Type'] = 'application/json';
        const answer = await exchange(url, { method: call.method, headers, body, idempotent: call.idempotent }, { fetch: options.fetch, nodeSend: options.nodeSend, onExchange: options.onExchange, timeoutMs: options.requestTimeoutMs, signal });
        if (isSuccess(answer.status)) return answer;
        if (answer.status === 401 && token !== undefined && !reauthenticated) {
          // The token expired early or was revoked: drop it and ask for a new one, once.
          reauthenticated = true;
          await tokens.discard(token);
          continue;
        }
        throw errorOfAnswer(what, answer);
      }
    }

    return withRetries(attempt, { isCharge: call.isCharge ?? false, idempotent: call.idempotent, signal });
  }

  return { withRetries, send };
}
