/**
 * The one place where the relay turns a failure into an HTTP answer. Every error the widget
 * can get has the shape `{ error: { type, message, fields?, retryAfter?, queuePosition? } }`:
 * `type` is a machine-readable code the widget's i18n maps to buyer-facing text, `message` is
 * English for the developer, `fields` names request fields (flattened dotted paths),
 * `retryAfter` the seconds to wait and `queuePosition` a waiting buyer's place in line. Nothing from the API's side leaks through: no token, no secret, no stack,
 * and an unexpected failure is a bare 500 `internal`.
 */
import {
  AccountError,
  ApiServerError,
  ConnectionError,
  IdempotencyConflictError,
  InvalidRequestError,
  PayApiError,
  RateLimitError,
} from '../client/index.js';
import { flattenFieldErrors, isFieldErrorTree } from '../contract/errors.js';
import { StoreUnavailableError } from '../store/store.js';
import { answerResponse, lowerCaseHeaders, type RelayAnswer } from './relay-exchange.js';

/** Every `error.type` the relay answers. */
export const RELAY_ERROR_TYPES = [
  'not_found',
  'method_not_allowed',
  'not_implemented',
  'invalid_host',
  'request_timeout',
  'origin_not_allowed',
  'unsupported_media_type',
  'payload_too_large',
  'invalid_json',
  'invalid_request',
  'idempotency_key_required',
  'card_data_refused',
  'offer_not_allowed',
  'offer_not_found',
  'order_not_found',
  'address_not_found',
  'rate_limited',
  'idempotency_conflict',
  'payment_method_unavailable',
  'unauthorized',
  'in_processing',
  'upstream_unavailable',
  'store_unavailable',
  'internal',
] as const;
export type RelayErrorType = (typeof RELAY_ERROR_TYPES)[number];

/** The body of every error answer. */
export interface RelayErrorBody {
  error: {
    type: RelayErrorType;
    message: string;
    fields?: Record<string, string[]>;
    retryAfter?: number;
    /** A buyer's 1-based place in the charge line (charge-queue.ts), on a 429 that queued them. */
    queuePosition?: number;
  };
}

export interface RelayErrorDetails {
  fields?: Record<string, string[]>;
  /** Seconds; also sent as the `Retry-After` header. */
  retryAfter?: number;
  /** The buyer's 1-based place in the charge line, when the refusal queued them. */
  queuePosition?: number;
  /** Extra headers of the answer (`Allow` of a 405). */
  headers?: Record<string, string>;
  /** The failure behind the refusal, for `onError`; never part of the answer. */
  cause?: unknown;
}

/** A refusal the relay decided itself, with the status and type it answers. */
export class RelayError extends Error {
  readonly status: number;
  readonly type: RelayErrorType;
  readonly fields: Record<string, string[]> | undefined;
  readonly retryAfter: number | undefined;
  readonly queuePosition: number | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, type: RelayErrorType, message: string, details: RelayErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'RelayError';
    this.status = status;
    this.type = type;
    this.fields = details.fields;
    this.retryAfter = details.retryAfter;
    this.queuePosition = details.queuePosition;
    this.headers = details.headers ?? {};
  }
}

/** Field messages of an API error body, when it is the field-error form. */
function fieldsOfBody(body: unknown): Record<string, string[]> | undefined {
  return isFieldErrorTree(body) ? flattenFieldErrors(body) : undefined;
}

/** Whole seconds to wait, at least one, from what the API or the pacing said. */
function wholeSeconds(seconds: number | undefined): number {
  return seconds === undefined || !Number.isFinite(seconds) ? 1 : Math.max(1, Math.ceil(seconds));
}

/**
 * The relay's answer for an error of the API client. Only what the widget can act on is kept:
 * field messages of a refused request (the API's own pt-BR texts), the wait of a rate limit.
 * Authentication and permission failures are the merchant's configuration, not the buyer's
 * business, so they become `internal` like anything unexpected.
 */
function fromApiError(error: PayApiError): RelayError | undefined {
  if (error instanceof InvalidRequestError) {
    // `invalid_scope` comes from the token endpoint: the relay's key is misconfigured.
    if (error.code !== undefined) return undefined;
    const fields = Object.keys(error.fields).length > 0 ? error.fields : fieldsOfBody(error.body);
    const message = error.detail ? `The API refused the request: ${error.detail}` : 'The API refused the request.';
    return new RelayError(400, 'invalid_request', message, fields ? { fields } : {});
  }
  if (error instanceof AccountError) {
    // The producer's account cannot take this method now (banking-account prerequisite, blocked
    // account): a buyer problem only in that another method, a card, may still work.
    const fields = fieldsOfBody(error.body);
    return new RelayError(422, 'payment_method_unavailable', 'The producer account cannot take this payment now.', fields ? { fields } : {});
  }
  if (error instanceof IdempotencyConflictError) {
    return error.kind === 'in-processing'
      ? new RelayError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is still being processed; retry it shortly.', {
          retryAfter: 1,
        })
      : new RelayError(409, 'idempotency_conflict', 'This Idempotency-Key was already used with a different request; make a new key.');
  }
  if (error instanceof RateLimitError) {
    return new RelayError(429, 'rate_limited', 'Too many payment requests right now; retry after the given seconds.', {
      retryAfter: wholeSeconds(error.retryAfterSeconds),
    });
  }
  if (error instanceof ConnectionError || error instanceof ApiServerError) {
    return new RelayError(502, 'upstream_unavailable', 'The payment API is unavailable right now; retry shortly.');
  }
  return undefined;
}

/**
 * The wait a buyer is told when the store failed: the Redis store reconnects at most a second
 * apart (store/redis-failure.ts), so a Redis that restarts is usually back by then.
 */
export const STORE_UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** The relay's view of any thrown value: its own refusal, a mapped API error, or `internal`. */
export function toRelayError(error: unknown): RelayError {
  if (error instanceof RelayError) return error;
  if (error instanceof StoreUnavailableError) {
    // Nothing the buyer did: the same request, with the same key, succeeds once the store is back.
    return new RelayError(503, 'store_unavailable', 'The relay cannot reach its store right now; retry after the given seconds.', {
      retryAfter: STORE_UNAVAILABLE_RETRY_AFTER_SECONDS,
      cause: error,
    });
  }
  if (error instanceof PayApiError) {
    const mapped = fromApiError(error);
    if (mapped) return mapped;
  }
  return new RelayError(500, 'internal', 'The relay could not complete the request.');
}

/** True when the failure is the relay's or the API's fault, worth telling the merchant about. */
export function isServerSideFailure(error: RelayError): boolean {
  return error.status >= 500;
}

/** A JSON answer with `no-store`: nothing the relay answers is for shared caches unless it says so. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): RelayAnswer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...lowerCaseHeaders(headers) },
    body: JSON.stringify(body),
  };
}

/** The answer of an error. */
export function errorAnswer(error: RelayError): RelayAnswer {
  const body: RelayErrorBody = { error: { type: error.type, message: error.message } };
  if (error.fields) body.error.fields = error.fields;
  const headers = { ...error.headers };
  if (error.retryAfter !== undefined) {
    body.error.retryAfter = error.retryAfter;
    headers['Retry-After'] = String(error.retryAfter);
  }
  if (error.queuePosition !== undefined) body.error.queuePosition = error.queuePosition;
  return jsonAnswer(error.status, body, headers);
}

/** The answer of an error as a web `Response`. */
export function errorResponse(error: RelayError): Response {
  return answerResponse(errorAnswer(error));
}
