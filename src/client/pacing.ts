/**
 * Outbound pacing under the spec's Limits table (public-api.md, Limits): charges never exceed
 * 60 per minute per egress IP and 120 per minute per token, both at once; other authenticated
 * endpoints 5000 per hour. A request takes a slot of every window it counts against, all at one
 * moment, from the Store (shared by every instance on it) and waits for it, so a burst queues
 * instead of earning 429s. A wait longer than `maxWaitMs` fails at once with a local
 * `RateLimitError`, before any upstream call.
 */
import { RATE_LIMITS, type RateLimit } from '../contract/constants.js';
import type { SlotWindow, Store } from '../store/store.js';
import { waitFor } from './abortable-wait.js';
import { RateLimitError } from './errors.js';

/** A limit: at most `limit` requests in any `windowMs` milliseconds. */
export interface PacingWindow {
  limit: number;
  windowMs: number;
}

/** The windows the client paces its requests by; the defaults are the spec's Limits table. */
export interface PacingLimits {
  /** `POST /public_api/payments/` per egress IP. Default 60 per 60000 ms. */
  chargesPerIp: PacingWindow;
  /** `POST /public_api/payments/` per access token. Default 120 per 60000 ms. */
  chargesPerToken: PacingWindow;
  /** Every other authenticated endpoint, per user. Default 5000 per 3600000 ms. */
  otherPerUser: PacingWindow;
  /** The longest a request may wait for its slot; longer fails at once with `RateLimitError`. Default 30000. */
  maxWaitMs: number;
}

const windowOf = (limit: RateLimit): PacingWindow => ({ limit: limit.limit, windowMs: limit.windowSeconds * 1000 });

/** The spec's Limits table, and a 30 s longest wait. */
export const DEFAULT_PACING_LIMITS: Readonly<PacingLimits> = Object.freeze({
  chargesPerIp: windowOf(RATE_LIMITS.chargesPerIp),
  chargesPerToken: windowOf(RATE_LIMITS.chargesPerToken),
  otherPerUser: windowOf(RATE_LIMITS.authenticatedPerUser),
  maxWaitMs: 30_000,
});

/**
 * The client counts requests when it sends them, the API when they arrive, and arrivals are
 * spread by the network's latency; the API's windows may also open at another moment than
 * the client's. Each window is therefore paced a little longer than the limit's: 2 % of it,
 * at least 500 ms. A busy event loop (or a busy 2-core machine) can hold one request back
 * for a few hundred milliseconds and let the next catch up with it; half a second costs a
 * real one-minute window under 1 %.
 */
export function pacedWindowMs(windowMs: number): number {
  return windowMs + Math.max(500, Math.round(windowMs * 0.02));
}

/** What a request counts against: a charge, or any other authenticated endpoint. */
export type PacedRequest = 'charge' | 'other';

/** Holds each request until its slots come. */
export interface Pacer {
  /** Resolves when the request may be sent; rejects with `RateLimitError` or the signal's reason. */
  admit(request: PacedRequest, signal?: AbortSignal): Promise<void>;
}

/** Where the slots are kept, the windows, and whose token the per-token window counts. */
export interface PacerOptions {
  store: Store;
  limits: PacingLimits;
  /**
   * Whose token the per-token window counts. The client id: a client holds one token at a
   * time (shared through the Store), its id is known before the token is, and a new token after
   * a 401 gets no fresh allowance, which errs on the safe side.
   */
  clientId: string;
  /** Told when a request starts waiting for its slot; the answer, if any, is called when the wait ends. */
  onWait?: ((request: PacedRequest, waitMs: number) => (() => void) | void) | undefined;
}

/**
 * The Store keys of the windows. The per-IP one is shared by every client on the Store: they
 * leave from one egress. Both charge windows carry one `{tag}`, so a Redis Cluster keeps them in
 * one hash slot and a charge reserves both in one step.
 */
export const PACING_KEYS = {
  chargesPerIp: 'pacing:{charges}:ip',
  chargesPerToken: (clientId: string) => `pacing:{charges}:token:${clientId}`,
  other: 'pacing:other',
} as const;

/** The pacer of one client on `store`. */
export function createPacer({ store, limits, clientId, onWait }: PacerOptions): Pacer {
  async function wait(request: PacedRequest, waitMs: number, signal: AbortSignal | undefined): Promise<void> {
    const ended = onWait?.(request, waitMs);
    try {
      await waitFor(waitMs, signal);
    } finally {
      ended?.();
    }
  }

  async function reserve(windows: readonly SlotWindow[], what: string, limit: PacingWindow): Promise<number> {
    const slot = await store.reserveSlots(windows, limits.maxWaitMs);
    if (slot.granted) return slot.waitMs;
    throw new RateLimitError(
      `Pacing: ${what} would wait ${slot.waitMs} ms for a slot (${limit.limit} per ${limit.windowMs} ms), more than maxWaitMs ${limits.maxWaitMs} ms`,
      { retryAfterSeconds: Math.ceil(slot.waitMs / 1000) },
    );
  }

  const paced = (key: string, window: PacingWindow): SlotWindow => ({ key, limit: window.limit, windowMs: pacedWindowMs(window.windowMs) });
  const otherWindows = [paced(PACING_KEYS.other, limits.otherPerUser)];
  // Both charge limits apply at once, in one reservation: the charge leaves at the first moment
  // both windows allow, and both record that moment.
  const chargeWindows = [paced(PACING_KEYS.chargesPerIp, limits.chargesPerIp), paced(PACING_KEYS.chargesPerToken(clientId), limits.chargesPerToken)];
  // The stricter of the two, to say in a refusal.
  const chargeLimit = limits.chargesPerIp.limit / limits.chargesPerIp.windowMs <= limits.chargesPerToken.limit / limits.chargesPerToken.windowMs ? limits.chargesPerIp : limits.chargesPerToken;

  return {
    async admit(request, signal) {
      const waitMs = request === 'other' ? await reserve(otherWindows, 'a request', limits.otherPerUser) : await reserve(chargeWindows, 'a charge', chargeLimit);
      await wait(request, waitMs, signal);
    },
  };
}
