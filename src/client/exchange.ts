/**
 * One HTTP exchange with the API: the request sent with a per-attempt timeout and the
 * caller's `AbortSignal`, and the answer's body read as text (error bodies are not always
 * JSON). Anything that ends without an answer is a `ConnectionError`, except the caller's
 * abort, which rejects with the signal's reason.
 */
import type * as z from 'zod/mini';
import { flattenFieldErrors, validate } from '../contract/errors.js';
import { abortReason } from './abortable-wait.js';
import { ConnectionError, errorFromResponse, PayApiError } from './errors.js';
import { SendTimeout, type NodeSend, type OutgoingRequest } from './node-transport.js';

/** A whole HTTP answer: status, headers (a `Headers`, or one value per lower-case name) and the body as text. */
export interface ExchangeAnswer {
  status: number;
  headers: Headers | Record<string, string>;
  text: string;
}

export interface ExchangeOptions {
  fetch: typeof fetch;
  /** Sends over the client's own connections instead of `fetch` (src/client/node-transport.ts), when set. */
  nodeSend?: NodeSend | undefined;
  /** This attempt's time limit, answer body included. */
  timeoutMs: number;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /** Told of every exchange once it ends (see `ClientOptions.onExchange`). */
  onExchange?: ((event: ExchangeEvent) => void) | undefined;
}

/** One exchange with the API as `ClientOptions.onExchange` is told of it. */
export interface ExchangeEvent {
  method: string;
  url: string;
  /** The answer's status; 0 when none came (a failed connection, a timeout, an abort). */
  status: number;
  durationMs: number;
}

/** Why an attempt's own timer aborted it; compared by identity, never shown. */
const ATTEMPT_TIMED_OUT = Symbol('attempt timed out');

/**
 * Sends `init` to `url` (over Node's `http` when the client has a `nodeSend`, otherwise with
 * its `fetch`) and reads the whole answer as text. The attempt's time limit is a timer
 * cleared once the answer is read, not an `AbortSignal.timeout`, which holds its signal and
 * timer for the whole limit whether the answer came or not: at hundreds of charges a second
 * and a limit of seconds, thousands of them alive at once.
 */
export async function exchange(url: string, init: OutgoingRequest, options: ExchangeOptions): Promise<ExchangeAnswer> {
  const started = performance.now();
  let status = 0;
  try {
    const answer = options.nodeSend ? await options.nodeSend(url, init, options.timeoutMs, options.signal) : await fetchExchange(url, init, options);
    status = answer.status;
    return answer;
  } catch (error) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    const what = `${init.method} ${new URL(url).pathname}`;
    if (error instanceof SendTimeout) {
      throw new ConnectionError(`${what}: no answer within ${options.timeoutMs} ms`, { cause: error });
    }
    throw new ConnectionError(`${what}: the connection failed (${(error as Error).message ?? String(error)})`, { cause: error });
  } finally {
    options.onExchange?.({ method: init.method, url, status, durationMs: Math.round(performance.now() - started) });
  }
}

/** The exchange through `fetch`: its own `AbortController` stops it on the timer or the caller's abort. */
async function fetchExchange(url: string, init: OutgoingRequest, options: ExchangeOptions): Promise<ExchangeAnswer> {
  const attempt = new AbortController();
  const timer = setTimeout(() => attempt.abort(ATTEMPT_TIMED_OUT), options.timeoutMs);
  const stopOnCallerAbort = () => attempt.abort(options.signal?.reason);
  if (options.signal?.aborted) stopOnCallerAbort();
  else options.signal?.addEventListener('abort', stopOnCallerAbort, { once: true });
  // Called unbound: a browser's fetch refuses to run with another object as `this`.
  const send = options.fetch;
  try {
    const { idempotent: _sentOnce, ...request } = init;
    const response = await send(url, { ...request, signal: attempt.signal });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    throw attempt.signal.reason === ATTEMPT_TIMED_OUT ? new SendTimeout(`no whole answer within ${options.timeoutMs} ms`, { cause: error }) : error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stopOnCallerAbort);
  }
}

/** The error of a non-2xx answer, with the endpoint in front of the message. */
export function errorOfAnswer(what: string, answer: ExchangeAnswer): PayApiError {
  const error = errorFromResponse(answer.status, answer.headers, answer.text);
  error.message = `${what}: ${error.message}`;
  return error;
}

/**
 * A 2xx body checked against the contract's response schema. A body that is not JSON or does
 * not match is a `PayApiError` (the base class: neither the caller nor a retry can fix it)
 * whose message names the endpoint and every mismatching field. `keepBody: false` leaves the
 * body out of the error, for answers that hold a secret (an access token).
 */
export function validatedBody<S extends z.ZodMiniType>(
  schema: S,
  what: string,
  answer: ExchangeAnswer,
  { keepBody = true }: { keepBody?: boolean } = {},
): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw new PayApiError(`${what}: unexpected answer (HTTP ${answer.status} with a body that is not JSON)`, {
      status: answer.status,
      body: keepBody ? answer.text : undefined,
    });
  }
  const result = validate(schema, json);
  if (result.success) return result.data;
  const fields = Object.entries(flattenFieldErrors(result.errors))
    .map(([path, messages]) => `${path}: ${messages.join(' ')}`)
    .join('; ');
  throw new PayApiError(`${what}: unexpected answer, it does not match the contract (${fields})`, {
    status: answer.status,
    body: keepBody ? json : undefined,
  });
}
