/**
 * When to try a request again, and after how long: small pure functions, so every rule is
 * tested without a clock or a server (public-api.md, Limits: "Clients should wait for
 * `Retry-After`, otherwise back off exponentially, and keep the same `X-Idempotency-Key` when
 * retrying a charge"; Idempotency rules 3 and 4).
 */
import { ApiServerError, ConnectionError, IdempotencyConflictError, RateLimitError } from './errors.js';

/** How many times and for how long a request is tried. */
export interface RetryPolicy {
  /** Attempts in all, the first included. Default 4 (the first try and 3 retries). */
  maxAttempts: number;
  /** Back-off before the first retry, before jitter. Default 250. */
  baseDelayMs: number;
  /** Longest back-off between two attempts. Default 8000. */
  maxDelayMs: number;
  /** No retry starts after this much time since the first try. Default 30000. */
  totalTimeoutMs: number;
}

/** 4 attempts, back-off from 250 ms up to 8 s, no retry after 30 s. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  totalTimeoutMs: 30_000,
});

/**
 * The back-off after failed attempt number `attempt` (1 for the first try): exponential from
 * `baseDelayMs`, capped at `maxDelayMs`, with "equal jitter": half of it fixed, half random.
 * The fixed half keeps a retry from firing at once; the random half spreads many clients that
 * failed together. `random` answers in [0, 1).
 */
export function backoffDelayMs(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, random: () => number): number {
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}

/** What `retryDecision` judges: the failure, how far the request got, and what kind it is. */
export interface RetryContext {
  /** What the attempt failed with. */
  error: unknown;
  /** How many attempts were made so far (1 after the first try). */
  attempt: number;
  /** Milliseconds since the first try started. */
  elapsedMs: number;
  policy: RetryPolicy;
  /**
   * The request is a charge. It is only retried with the same `X-Idempotency-Key` (the request
   * loop sends the caller's key on every attempt), which makes a lost answer safe to ask again,
   * and only a charge can meet a key "in processing".
   */
  isCharge: boolean;
  /**
   * Sending the request twice has no second effect (GET, PUT, or a charge with its key).
   * Default true. A POST without a key (duplicate a product, resend access, webhook test) is
   * not retried after a 5xx or a lost connection: the first one may have done its work.
   */
  idempotent?: boolean;
  /** Jitter source, [0, 1). */
  random: () => number;
}

/** Stop, or try again after `delayMs`. */
export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

const NO_RETRY: RetryDecision = Object.freeze({ retry: false });

/** How long to wait before asking again, or undefined when this error is never retried. */
function delayFor(context: RetryContext): number | undefined {
  const { error, attempt, policy, random } = context;
  const backoff = () => backoffDelayMs(attempt, policy, random);
  const repeatable = context.isCharge || (context.idempotent ?? true);
  if (error instanceof RateLimitError) {
    // The client's own pacing already waited as long as it may: no upstream call was made.
    if (error.status === undefined) return undefined;
    // A 429 is refused before any work, so even a non-idempotent request may go again.
    return error.retryAfterSeconds === undefined ? backoff() : Math.round(error.retryAfterSeconds * 1000);
  }
  if (error instanceof IdempotencyConflictError) {
    // Rule 3: the first request with this key is running; asked again, the key answers its stored response.
    return error.kind === 'in-processing' && context.isCharge ? backoff() : undefined;
  }
  if (error instanceof ApiServerError || error instanceof ConnectionError) {
    // Rule 4: a 5xx releases a charge's key, so the retry with the same key runs normally.
    return repeatable ? backoff() : undefined;
  }
  // 400, 401 (its one new token is the request loop's business), 403, 404, the account's 409s, anything else.
  return undefined;
}

/**
 * Whether to try again after a failed attempt, and after how long: 429 waits `Retry-After`
 * (else backs off); 5xx and connection errors back off; 409 "in processing" backs off and asks
 * again; nothing else is retried. Never past `maxAttempts`, and never a wait that would end
 * past `totalTimeoutMs` since the first try.
 */
export function retryDecision(context: RetryContext): RetryDecision {
  if (context.attempt >= context.policy.maxAttempts) return NO_RETRY;
  const delayMs = delayFor(context);
  if (delayMs === undefined) return NO_RETRY;
  if (context.elapsedMs + delayMs > context.policy.totalTimeoutMs) return NO_RETRY;
  return { retry: true, delayMs };
}
