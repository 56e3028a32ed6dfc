/**
 * The `chargeQueue` option of `createRelay`: the API's charge budget the relay shares out among
 * buyers (charge-queue.ts), checked when the relay is created.
 */
import { pacedWindowMs } from '../client/pacing.js';
import { RATE_LIMITS } from '../contract/constants.js';
import type { ChargeLineBudget } from '../store/store.js';

export interface ChargeQueueOptions {
  /**
   * Charges the API takes from this shop per window, every instance together. Default 60: the
   * stricter of the spec's limits (public-api.md, Limits: 60 a minute per egress IP, 120 per
   * token), since every charge counts against both.
   */
  limit?: number;
  /** The window of `limit` in milliseconds; default 60000. */
  windowMs?: number;
  /** Slots of each window kept for retries of attempts already admitted; default a tenth of `limit`, at least 1. */
  reserve?: number;
  /** How long a waiting buyer's place is kept past the wait they were told; default 10000. */
  graceMs?: number;
  /** Most buyers waiting at once; past it a new attempt gets a plain 429. Default 10000. */
  maxWaiting?: number;
}

const stricterChargeLimit = [RATE_LIMITS.chargesPerIp, RATE_LIMITS.chargesPerToken].reduce((strict, limit) =>
  limit.limit / limit.windowSeconds < strict.limit / strict.windowSeconds ? limit : strict,
);

/** A tenth of the budget, at least one slot: a few retries of admitted attempts per window. */
const reserveFor = (limit: number) => Math.max(1, Math.round(limit / 10));

export const DEFAULT_CHARGE_QUEUE: Required<ChargeQueueOptions> = {
  limit: stricterChargeLimit.limit,
  windowMs: stricterChargeLimit.windowSeconds * 1000,
  reserve: reserveFor(stricterChargeLimit.limit),
  graceMs: 10_000,
  maxWaiting: 10_000,
};

function fail(problem: string): never {
  throw new TypeError(`createRelay: chargeQueue${problem}`);
}

function whole(name: keyof ChargeQueueOptions, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value;
  fail(`.${name} must be a whole number of at least ${min}.`);
}

/**
 * The line's budget, or `false` for no line. Its window is paced as the client's (pacing.ts,
 * `pacedWindowMs`), a little longer than the limit's: the line then admits no more than the
 * client's pacer lets leave, so an admitted charge does not wait for its slot.
 */
export function checkChargeQueue(value: ChargeQueueOptions | false | undefined): ChargeLineBudget | false {
  if (value === false) return false;
  if (value !== undefined && (typeof value !== 'object' || value === null)) fail(' must be { limit?, windowMs?, reserve?, graceMs?, maxWaiting? } or false.');
  const limit = whole('limit', value?.limit, DEFAULT_CHARGE_QUEUE.limit, 2);
  const reserve = whole('reserve', value?.reserve, reserveFor(limit), 0);
  if (reserve >= limit) fail(`.reserve must be below limit (${limit}).`);
  return {
    limit,
    reserve,
    windowMs: pacedWindowMs(whole('windowMs', value?.windowMs, DEFAULT_CHARGE_QUEUE.windowMs, 1)),
    graceMs: whole('graceMs', value?.graceMs, DEFAULT_CHARGE_QUEUE.graceMs, 0),
    maxWaiting: whole('maxWaiting', value?.maxWaiting, DEFAULT_CHARGE_QUEUE.maxWaiting, 1),
  };
}
