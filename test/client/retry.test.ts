import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AccountError,
  ApiServerError,
  AuthenticationError,
  ConnectionError,
  IdempotencyConflictError,
  InvalidRequestError,
  NotFoundError,
  parseRetryAfter,
  PermissionError,
  RateLimitError,
} from '../../src/client/errors.js';
import { backoffDelayMs, retryDecision, type RetryContext, type RetryPolicy } from '../../src/client/retry.js';

const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000, totalTimeoutMs: 10_000 };
const NOW = Date.parse('2026-03-10T12:00:00Z');

function decide(error: unknown, overrides: Partial<RetryContext> = {}) {
  return retryDecision({ error, attempt: 1, elapsedMs: 0, policy, isCharge: false, random: () => 0.5, ...overrides });
}

describe('parseRetryAfter', () => {
  it('reads whole seconds as milliseconds', () => {
    assert.equal(parseRetryAfter('7', NOW), 7000);
    assert.equal(parseRetryAfter(' 0 ', NOW), 0);
  });

  it('reads decimal seconds', () => {
    assert.equal(parseRetryAfter('1.5', NOW), 1500);
  });

  it('reads an HTTP date as the time left until it', () => {
    assert.equal(parseRetryAfter('Tue, 10 Mar 2026 12:00:30 GMT', NOW), 30_000);
  });

  it('reads an HTTP date in the past as no wait', () => {
    assert.equal(parseRetryAfter('Tue, 10 Mar 2026 11:59:00 GMT', NOW), 0);
  });

  it('answers undefined for an absent or unreadable header', () => {
    assert.equal(parseRetryAfter(null, NOW), undefined);
    assert.equal(parseRetryAfter(undefined, NOW), undefined);
    assert.equal(parseRetryAfter('soon', NOW), undefined);
    assert.equal(parseRetryAfter('-3', NOW), undefined);
    assert.equal(parseRetryAfter('', NOW), undefined);
  });
});

describe('backoffDelayMs', () => {
  it('doubles from the base delay with attempts: half fixed, half jitter', () => {
    assert.equal(backoffDelayMs(1, policy, () => 0), 50);
    assert.equal(backoffDelayMs(1, policy, () => 0.999999), 100);
    assert.equal(backoffDelayMs(2, policy, () => 0), 100);
    assert.equal(backoffDelayMs(3, policy, () => 0), 200);
    assert.equal(backoffDelayMs(3, policy, () => 0.5), 300);
  });

  it('is capped at maxDelayMs', () => {
    assert.equal(backoffDelayMs(10, policy, () => 0.999999), 1000);
    assert.equal(backoffDelayMs(10, policy, () => 0), 500);
  });

  it('stays within [ceiling/2, ceiling] whatever the jitter source says', () => {
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      for (const draw of [0, 0.1, 0.37, 0.5, 0.9, 0.999]) {
        const delay = backoffDelayMs(attempt, policy, () => draw);
        assert.ok(delay >= ceiling / 2 && delay <= ceiling, `attempt ${attempt}, draw ${draw}: ${delay}`);
      }
    }
  });
});

describe('retryDecision', () => {
  const tooMany = new RateLimitError('429', { status: 429, retryAfterSeconds: 2 });
  const server = new ApiServerError('503', { status: 503 });
  const connection = new ConnectionError('reset');

  it('429 waits Retry-After', () => {
    assert.deepEqual(decide(tooMany), { retry: true, delayMs: 2000 });
  });

  it('429 without Retry-After backs off', () => {
    assert.deepEqual(decide(new RateLimitError('429', { status: 429 }), { attempt: 2 }), { retry: true, delayMs: 150 });
  });

  it('429 is retried even for a request that is not idempotent (nothing was done)', () => {
    assert.equal(decide(tooMany, { idempotent: false }).retry, true);
  });

  it('the local pacing refusal (no status) is never retried', () => {
    assert.deepEqual(decide(new RateLimitError('pacing', { retryAfterSeconds: 40 })), { retry: false });
  });

  it('5xx and connection errors back off and retry', () => {
    assert.deepEqual(decide(server), { retry: true, delayMs: 75 });
    assert.deepEqual(decide(connection, { attempt: 3 }), { retry: true, delayMs: 300 });
  });

  it('a charge is retried after a 5xx or a lost connection (it keeps its key)', () => {
    assert.equal(decide(server, { isCharge: true, idempotent: true }).retry, true);
    assert.equal(decide(connection, { isCharge: true, idempotent: true }).retry, true);
  });

  it('a request that is not idempotent is not retried after a 5xx or a lost connection', () => {
    assert.deepEqual(decide(server, { idempotent: false }), { retry: false });
    assert.deepEqual(decide(connection, { idempotent: false }), { retry: false });
  });

  it('409 in processing backs off and asks again, for a charge', () => {
    const inProcessing = new IdempotencyConflictError('409', { status: 409, kind: 'in-processing' });
    assert.deepEqual(decide(inProcessing, { isCharge: true }), { retry: true, delayMs: 75 });
    assert.deepEqual(decide(inProcessing, { isCharge: false }), { retry: false });
  });

  it('never retries 400, 401, 403, 404, a payload mismatch or an account error', () => {
    const never = [
      new InvalidRequestError('400', { status: 400 }),
      new AuthenticationError('401', { status: 401 }),
      new PermissionError('403', { status: 403 }),
      new NotFoundError('404', { status: 404 }),
      new IdempotencyConflictError('409', { status: 409, kind: 'payload-mismatch' }),
      new AccountError('409', { status: 409, reason: 'receiving-registration' }),
      new TypeError('a bug'),
    ];
    for (const error of never) assert.deepEqual(decide(error, { isCharge: true }), { retry: false }, error.message);
  });

  it('never goes past maxAttempts', () => {
    assert.equal(decide(server, { attempt: 3 }).retry, true);
    assert.deepEqual(decide(server, { attempt: 4 }), { retry: false });
  });

  it('never starts a wait that would end past totalTimeoutMs', () => {
    assert.equal(decide(tooMany, { elapsedMs: 8000 }).retry, true);
    assert.deepEqual(decide(tooMany, { elapsedMs: 8001 }), { retry: false });
    assert.deepEqual(decide(new RateLimitError('429', { status: 429, retryAfterSeconds: 60 })), { retry: false });
  });
});
