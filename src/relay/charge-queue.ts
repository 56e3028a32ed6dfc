/**
 * The fair share of the API's charge budget (public-api.md, Limits: 60 charges a minute per
 * egress IP, 120 per token), kept in the store so every instance shares one line. A new attempt
 * goes on at once while the budget has room and nobody waits; otherwise the buyer gets, within
 * a request's time, a 429 with `retryAfter` and `queuePosition`, and the widget tries again
 * with the same `Idempotency-Key`: the ticket is found and admitted when its place fits the
 * free slots. Places go by start-time fair queueing per rate-limit bucket (an IPv6 /64 is one),
 * so one address's many attempts never go ahead of other addresses' first ones. Only a ticket's
 * creation counts against the per-IP limit; its retries do not. A retry of an attempt already
 * admitted (a lost answer, a 409 in processing) never queues behind new attempts: it may use a
 * reserve of the budget they cannot. It takes a free slot of the rest only when more are free
 * than buyers wait, so replayed keys can never take the slots the waiting buyers are owed.
 */
import type { ChargeTurn } from '../store/store.js';
import type { RelayContext } from './context.js';
import { RelayError } from './errors.js';

/** The line's name in the store; its keys share the hash tag `{charge-queue}`. */
export const CHARGE_QUEUE_LINE = 'charge-queue';

/** Whole seconds, at least one: `Retry-After` has no fractions, and 0 would invite a busy loop. */
const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function refusal(turn: ChargeTurn): RelayError | undefined {
  if (turn.outcome === 'waiting') {
    return new RelayError(429, 'rate_limited', 'Many payments right now: this attempt is in line; retry it with the same Idempotency-Key after the given seconds.', {
      retryAfter: wholeSeconds(turn.waitMs),
      queuePosition: turn.position,
    });
  }
  if (turn.outcome === 'refused') {
    return new RelayError(429, 'rate_limited', 'Too many payment requests right now; retry after the given seconds.', { retryAfter: wholeSeconds(turn.waitMs) });
  }
  return undefined;
}

/**
 * Never waits: admits the attempt `idempotencyKey` of `bucket` now, or throws the 429
 * that tells its buyer the wait. `countNewAttempt` is the attempt's per-IP limit, called (and
 * allowed to throw) only when the attempt is not yet in line.
 */
export async function takeChargeTurn(
  context: RelayContext,
  idempotencyKey: string,
  bucket: string,
  countNewAttempt: () => Promise<void>,
): Promise<void> {
  const { store, chargeQueue } = context.options;
  if (chargeQueue === false) return countNewAttempt();
  let turn = await store.takeChargeTurn(CHARGE_QUEUE_LINE, chargeQueue, { kind: 'attempt', ticket: idempotencyKey, bucket, join: false });
  if (turn.outcome === 'unknown') {
    await countNewAttempt();
    turn = await store.takeChargeTurn(CHARGE_QUEUE_LINE, chargeQueue, { kind: 'attempt', ticket: idempotencyKey, bucket, join: true });
  }
  const refused = refusal(turn);
  if (refused) throw refused;
}

/** Admits a retry of an attempt already admitted, from the budget's reserve if need be, or throws its 429. */
export async function takeRetryTurn(context: RelayContext): Promise<void> {
  const { store, chargeQueue } = context.options;
  if (chargeQueue === false) return;
  const refused = refusal(await store.takeChargeTurn(CHARGE_QUEUE_LINE, chargeQueue, { kind: 'retry' }));
  if (refused) throw refused;
}
