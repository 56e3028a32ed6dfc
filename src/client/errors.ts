/**
 * The client's errors: one base class and one subclass per kind of failure, made from an HTTP
 * answer by one factory, `errorFromResponse` (public-api.md, "Errors"). The body is read as
 * text first and parsed as JSON only when it is JSON: the live service sometimes answers a
 * plain-text 429 or an HTML 502/503 (supplement, "Known behaviour of the live service"), and
 * those must still give the right class.
 */
import { flattenFieldErrors, isFieldErrorTree, type FieldErrorTree } from '../contract/errors.js';

/** The 409 texts of idempotency rules 2 and 3, exactly as the spec gives them. */
const PAYLOAD_MISMATCH_DETAIL = 'Header X-Idempotency-Key reutilizado com payload diferente.';
const IN_PROCESSING_DETAIL = 'Requisição idempotente em processamento.';

/** Words of the 400 `detail` of a blocked producer account (public-api.md, Errors). */
const BLOCKED_ACCOUNT_PATTERN = /bloquead|blocked/i;
/** Words of the banking-account prerequisite, answered under `paymentMethod` (public-api.md, Endpoints). */
const BANKING_ACCOUNT_PATTERN = /conta banc[aá]ria|banking account|bank account/i;

/** How much of a non-JSON body goes into a message: enough to recognise it, never a whole page. */
const TEXT_EXCERPT_LENGTH = 120;

/** What an error carries besides its message. */
export interface PayApiErrorInit {
  status?: number | undefined;
  detail?: string | undefined;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body?: unknown;
  requestId?: string | undefined;
  cause?: unknown;
}

/** Base of every error the client throws for the API's sake. */
export class PayApiError extends Error {
  /** HTTP status; undefined when no answer came (connection) or the client refused locally (pacing). */
  readonly status: number | undefined;
  /** The body's `detail` text, when it had one. */
  readonly detail: string | undefined;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  readonly body: unknown;
  /** The `X-Request-Id` of the answer, when the API sent one. */
  readonly requestId: string | undefined;

  constructor(message: string, init: PayApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.detail = init.detail;
    this.body = init.body;
    this.requestId = init.requestId;
  }
}

/** 401: missing, invalid or expired token, or wrong credentials at the token endpoint (`code` `invalid_client`). */
export class AuthenticationError extends PayApiError {
  /** The token endpoint's `error` code, when the answer had one. */
  readonly code: string | undefined;

  constructor(message: string, init: PayApiErrorInit & { code?: string | undefined } = {}) {
    super(message, init);
    this.code = init.code;
  }
}

/** 403: the API key lacks the scope the endpoint needs. */
export class PermissionError extends PayApiError {}

/**
 * 400: the request was refused. `fields` holds the field messages flattened to dotted paths
 * (`customer.phone`, `items.0.offerId`), `fieldTree` the body as sent; both empty for a
 * `detail` answer. `code` is `invalid_scope` when the token endpoint refused.
 */
export class InvalidRequestError extends PayApiError {
  readonly fields: Record<string, string[]>;
  readonly fieldTree: FieldErrorTree;
  readonly code: string | undefined;

  constructor(
    message: string,
    init: PayApiErrorInit & { fieldTree?: FieldErrorTree | undefined; code?: string | undefined } = {},
  ) {
    super(message, init);
    this.fieldTree = init.fieldTree ?? {};
    this.fields = flattenFieldErrors(this.fieldTree);
    this.code = init.code;
  }
}

/** Why the producer's account cannot do what was asked. */
export type AccountErrorReason = 'blocked' | 'banking-account' | 'receiving-registration';

/**
 * The producer's account is not ready, and retrying does not help: the account is blocked
 * (400 `detail`), it lacks the banking account Pix and boleto settle into (400 under
 * `paymentMethod`; cards still work), or it has not concluded its receiving registration
 * (409 from the fees endpoint).
 */
export class AccountError extends PayApiError {
  readonly reason: AccountErrorReason;

  constructor(message: string, init: PayApiErrorInit & { reason: AccountErrorReason }) {
    super(message, init);
    this.reason = init.reason;
  }
}

/** 404 `Não encontrado.` (or a page that does not exist). */
export class NotFoundError extends PayApiError {}

/** Which idempotency rule answered 409 (public-api.md, Idempotency rules 2 and 3). */
export type IdempotencyConflictKind = 'payload-mismatch' | 'in-processing';

/**
 * 409 on a charge: the key was used with another payload (never retried: make a new key for a
 * new charge), or the first request with this key is still processing (asked again after a wait).
 */
export class IdempotencyConflictError extends PayApiError {
  readonly kind: IdempotencyConflictKind;

  constructor(message: string, init: PayApiErrorInit & { kind: IdempotencyConflictKind }) {
    super(message, init);
    this.kind = init.kind;
  }
}

/**
 * 429, with the seconds of `Retry-After` when sent. Also thrown by the client's own pacing when
 * a request would wait longer than allowed: then `status` is undefined and `retryAfterSeconds`
 * is the wait that would have been needed.
 */
export class RateLimitError extends PayApiError {
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, init: PayApiErrorInit & { retryAfterSeconds?: number | undefined } = {}) {
    super(message, init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** 5xx: a temporary failure on the API's side (also an HTML 502 or a text 503 from a proxy). */
export class ApiServerError extends PayApiError {}

/** No answer: network failure, dropped connection, or the per-attempt timeout. `cause` is kept. */
export class ConnectionError extends PayApiError {}

function parseJson(text: string): { json: true; value: unknown } | { json: false } {
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false };
  }
}

function stringField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** A short, single-line excerpt of a non-JSON body for the message. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return 'an empty body';
  return line.length > TEXT_EXCERPT_LENGTH ? `"${line.slice(0, TEXT_EXCERPT_LENGTH)}…"` : `"${line}"`;
}

/** `customer.phone: Informe...; items.0.offerId: ...` */
function describeFields(fields: Record<string, string[]>): string {
  return Object.entries(fields)
    .map(([path, messages]) => `${path}: ${messages.join(' ')}`)
    .join('; ');
}

/**
 * Milliseconds to wait from `nowMs` by a `Retry-After` header: whole (or decimal) seconds, or an
 * HTTP date (a date in the past means 0). Undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date names its weekday and month in letters; a bare number is never a date here.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * The seconds a 429 asks to wait: the `Retry-After` header (seconds or an HTTP date), else the
 * number of seconds in its text ("Disponível em 7 segundos", "available in 7 seconds"), which
 * the spec says the throttling message carries.
 */
function retryAfterSecondsOf(headers: Headers, text: string, nowMs: number): number | undefined {
  const fromHeader = parseRetryAfter(headers.get('Retry-After'), nowMs);
  if (fromHeader !== undefined) return fromHeader / 1000;
  const match = /(\d+(?:\.\d+)?)\s*(?:segundos?|seconds?)/i.exec(text);
  return match ? Number(match[1]) : undefined;
}

function isBankingAccountRefusal(tree: FieldErrorTree): boolean {
  const messages = tree.paymentMethod;
  return Array.isArray(messages) && messages.some((message) => typeof message === 'string' && BANKING_ACCOUNT_PATTERN.test(message));
}

/**
 * The one factory: the error for a non-2xx answer, from its status, headers and body text.
 * Never throws, whatever the body is.
 */
export function errorFromResponse(status: number, headers: Headers | Record<string, string>, bodyText: string): PayApiError {
  const headerMap = headers instanceof Headers ? headers : new Headers(headers);
  const parsed = parseJson(bodyText);
  const body = parsed.json ? parsed.value : bodyText;
  const detail = stringField(body, 'detail');
  const code = stringField(body, 'error');
  const fieldTree = parsed.json && detail === undefined && code === undefined && isFieldErrorTree(body) ? body : undefined;
  const init: PayApiErrorInit = { status, detail, body, requestId: headerMap.get('X-Request-Id') ?? undefined };
  const said = detail ?? code ?? (fieldTree ? describeFields(flattenFieldErrors(fieldTree)) : excerpt(parsed.json ? JSON.stringify(body) : bodyText));
  const message = `HTTP ${status}: ${said}`;

  if (status === 400) {
    if (detail !== undefined && BLOCKED_ACCOUNT_PATTERN.test(detail)) return new AccountError(message, { ...init, reason: 'blocked' });
    if (fieldTree && isBankingAccountRefusal(fieldTree)) return new AccountError(message, { ...init, reason: 'banking-account' });
    return new InvalidRequestError(message, { ...init, fieldTree, code });
  }
  if (status === 401) return new AuthenticationError(message, { ...init, code });
  if (status === 403) return new PermissionError(message, init);
  if (status === 404) return new NotFoundError(message, init);
  if (status === 409) {
    if (detail === PAYLOAD_MISMATCH_DETAIL) return new IdempotencyConflictError(message, { ...init, kind: 'payload-mismatch' });
    if (detail === IN_PROCESSING_DETAIL) return new IdempotencyConflictError(message, { ...init, kind: 'in-processing' });
    // The only other documented 409: fees before the receiving registration is concluded.
    return new AccountError(message, { ...init, reason: 'receiving-registration' });
  }
  if (status === 429) return new RateLimitError(message, { ...init, retryAfterSeconds: retryAfterSecondsOf(headerMap, bodyText, Date.now()) });
  if (status >= 500) return new ApiServerError(message, init);
  return new PayApiError(message, init);
}
