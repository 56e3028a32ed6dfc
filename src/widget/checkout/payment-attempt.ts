/**
 * One payment attempt: what happens between the buyer's "Pay" and a created charge.
 *
 * Card methods: tokenize the card straight at the API and complete the anti-fraud profile
 * (side by side), authenticate with 3-D Secure for `threeDs`, then `POST charges`. Pix and
 * boleto go straight to `POST charges`.
 *
 * The attempt owns one idempotency key (UUID v4), sent on every try of the attempt, so a retry
 * after a lost answer gets the first order back instead of a second one (public-api.md,
 * Idempotency rules; Limits: "keep the same `X-Idempotency-Key` when retrying a charge"). For
 * the same reason a retry sends the same body: the API answers 409 to the same key with another
 * payload. The one exception is a card token past its validity (15 minutes, single use): the
 * card is tokenized again (and authenticated again for `threeDs`); should the API then say the
 * key already holds another payload, the first try did reach it, and the body of that try is
 * sent once more to get its stored answer.
 */
import { waitFor } from '../../client/abortable-wait.js';
import type { ChargeMetadata } from '../../contract/charge-request.js';
import type { Currency } from '../../contract/currencies.js';
import { isCardMethod, type ChargeMethod } from '../../contract/payment-method-lists.js';
import { chargeThreeDSecureFrom } from '../../contract/three-d-secure-results.js';
import type { ChargeThreeDSecure } from '../../contract/three-d-secure.js';
import { createAttemptId } from '../attempt/attempt-id.js';
import type { BillingAddressDetails } from '../customer/customer-fields.component.js';
import type { AntifraudFallbackReason, AntifraudProfiler } from '../providers/antifraud-profiler.js';
import {
  CardTokenFieldError,
  CardTokenNetworkError,
  CardTokenRateLimitError,
  CardTokenServiceError,
  isCardTokenFresh,
  type CardDetails,
  type CardToken,
  type CardTokenizer,
} from '../providers/card-tokenizer-interface.js';
import {
  ThreeDSecureCanceledError,
  ThreeDSecureFailedError,
  ThreeDSecureSessionError,
  type ThreeDSecureProvider,
} from '../three-d-secure/provider.js';
import {
  RelayAnswerError,
  RelayUnreachableError,
  type CheckoutChargeRequest,
  type CreatedOrder,
  type RelayConnection,
} from './relay-connection.js';

/** Rate-limit waits (429, or a key still processing) taken without asking the buyer, per try. */
export const MAX_AUTOMATIC_WAITS = 3;

/**
 * The longest of those waits: the API's and the relay's limits count by the minute. A longer
 * `Retry-After` (a proxy's hour) is shown to the buyer, who decides, instead of a spinner that long.
 */
export const MAX_AUTOMATIC_WAIT_SECONDS = 60;


/**
 * A buyer the relay puts in its line of charges (429 with `queuePosition`) waits their turn with
 * no click, trying again after each `retryAfter` with the same key, as long as the line moves: at
 * most this many tries, this many seconds of waits in all, and while the place given comes closer
 * than ever before at least once every `MAX_QUEUED_STALLS` answers. Past that the wait is the buyer's, with the retry
 * button (same key).
 */
export const MAX_QUEUED_TRIES = 30;
export const MAX_QUEUED_WAIT_SECONDS = 300;
export const MAX_QUEUED_STALLS = 3;

/** Everything the form gives an attempt. Fixed for the attempt's life. */
export interface PaymentRequest {
  method: ChargeMethod;
  offerId: string;
  customer: CheckoutChargeRequest['customer'];
  address?: BillingAddressDetails;
  metadata: ChargeMetadata;
  /** Card methods: the card as typed and the instalments chosen. */
  card?: { details: CardDetails; installments: number };
  /** What the buyer pays, in cents, and its currency: what the 3DS provider is told. */
  amountInCents: number;
  currency: Currency;
}

/** What the attempt is doing, for the checkout to show. */
export type AttemptStep =
  | { step: 'tokenizing' }
  | { step: 'authenticating' }
  | { step: 'charging' }
  /** Waiting out a rate limit (or a key still processing) before trying again. */
  | { step: 'waiting'; seconds: number }
  /** In the relay's line of charges: the relay's estimate of the buyer's turn. */
  | { step: 'queued'; seconds: number };

/** How a run of the attempt ended. */
export type AttemptOutcome =
  /** The relay answered 201: a charge exists (its status may still be declined or refused). */
  | { outcome: 'created'; order: CreatedOrder }
  /**
   * No answer, a lost answer or a temporary failure: `run()` again (same key) to find out or
   * finish. `cause`: the buyer's connection (`offline`: nothing answered) or the payment
   * service (`service`: the relay or the API answered a temporary failure).
   */
  | { outcome: 'interrupted'; waitSeconds: number | undefined; cause: 'offline' | 'service' }
  /** The relay or the API refused the request; the attempt is over. `fields` by dotted request path. */
  | { outcome: 'refused'; errorType: string; fields: Readonly<Record<string, readonly string[]>> }
  /** The API refused the card at tokenization; `fields` by card field (`number`, `expiry`, `cvv`, `holderName`). */
  | { outcome: 'card-not-accepted'; fields: Readonly<Record<string, readonly string[]>> }
  | { outcome: 'three-d-secure-canceled' }
  | { outcome: 'three-d-secure-failed' }
  | { outcome: 'aborted' };

/** What an attempt works with. */
export interface PaymentServices {
  relay: Pick<RelayConnection, 'createCharge'>;
  cardTokenizer?: CardTokenizer | undefined;
  antifraudProfiler?: AntifraudProfiler | undefined;
  threeDSecureProvider?: ThreeDSecureProvider | undefined;
  /** Told each step as it starts. */
  onStep?: (step: AttemptStep) => void;
  /** Told when the card charge goes on with a reference the profiler did not complete. */
  onAntifraudFallback?: (reference: string, reason: AntifraudFallbackReason | undefined) => void;
  /** Clock in ms since the epoch; tests pass their own. */
  now?: () => number;
  /** Waits `ms` or rejects when the signal aborts; tests pass their own. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The buyer's time in the relay's line during one run of the attempt. */
interface TimeInLine {
  tries: number;
  seconds: number;
  /** The closest place given yet (1-based), and how many answers in a row came no closer. */
  closest: number;
  stalls: number;
}

/** Counts one more answer in line, at `place` with `wait` seconds to go; answers whether to wait it out. */
function staysInLine(line: TimeInLine, place: number, wait: number): boolean {
  line.stalls = place < line.closest ? 0 : line.stalls + 1;
  line.closest = Math.min(line.closest, place);
  line.seconds += wait;
  line.tries += 1;
  return line.tries <= MAX_QUEUED_TRIES && line.seconds <= MAX_QUEUED_WAIT_SECONDS && line.stalls < MAX_QUEUED_STALLS;
}

/** A run that a later `run()` (same key) may finish. */
function interrupted(cause: 'offline' | 'service', waitSeconds?: number): AttemptOutcome {
  return { outcome: 'interrupted', waitSeconds, cause };
}

/**
 * What a failed tokenization or 3-D Secure authentication means for the attempt; `undefined`
 * for any other error, which the run passes on.
 */
function outcomeOfFailedStep(error: unknown): AttemptOutcome | undefined {
  if (error instanceof CardTokenFieldError) {
    const fields: Record<string, readonly string[]> = { ...error.fields };
    if (error.otherMessages.length > 0) fields['card'] = error.otherMessages;
    return { outcome: 'card-not-accepted', fields };
  }
  if (error instanceof CardTokenRateLimitError) return interrupted('service', error.retryAfterSeconds);
  if (error instanceof CardTokenNetworkError) return interrupted('offline');
  if (error instanceof CardTokenServiceError) return error.status >= 500 ? interrupted('service') : { outcome: 'card-not-accepted', fields: {} };
  if (error instanceof ThreeDSecureCanceledError) return { outcome: 'three-d-secure-canceled' };
  if (error instanceof ThreeDSecureFailedError) return { outcome: 'three-d-secure-failed' };
  if (error instanceof ThreeDSecureSessionError) {
    // 3DS session errors name `billingAddress.*`; the form knows these fields as the charge's `address.*`.
    const fields = Object.fromEntries(Object.entries(error.fields).map(([path, messages]) => [path.replace(/^billingAddress\./, 'address.'), messages]));
    if (Object.keys(fields).length > 0 || (error.status ?? 500) < 500) return { outcome: 'refused', errorType: 'three_d_secure_refused', fields };
    return interrupted(error.status === undefined ? 'offline' : 'service');
  }
  return undefined;
}

/** One payment attempt; `run()` it, and `run()` it again after an `interrupted` outcome. */
export class PaymentAttempt {
  /** The attempt's `Idempotency-Key`, the same on every try. */
  readonly idempotencyKey: string;
  readonly request: PaymentRequest;

  private readonly services: PaymentServices;
  private cardToken: CardToken | undefined;
  private antifraudReference: string | undefined;
  private threeDSecure: ChargeThreeDSecure | undefined;
  /** The body of the last try that was sent, and of the try before a re-tokenization. */
  private sent: CheckoutChargeRequest | undefined;
  private superseded: CheckoutChargeRequest | undefined;
  private running = false;

  constructor(request: PaymentRequest, services: PaymentServices, idempotencyKey: string = createAttemptId()) {
    this.request = request;
    this.services = services;
    this.idempotencyKey = idempotencyKey;
  }

  /**
   * Runs the attempt (again). A second call while one runs is refused: a double click never
   * makes two requests.
   */
  async run(signal: AbortSignal): Promise<AttemptOutcome> {
    if (this.running) throw new Error('attempt already running');
    this.running = true;
    try {
      const body = await this.prepare(signal);
      return await this.charge(body, signal);
    } catch (error) {
      if (signal.aborted) return { outcome: 'aborted' };
      const outcome = outcomeOfFailedStep(error);
      if (outcome) return outcome;
      throw error;
    } finally {
      this.running = false;
    }
  }

  /** The body to send: the last one again while its card token is fresh, else a new one. */
  private async prepare(signal: AbortSignal): Promise<CheckoutChargeRequest> {
    const { card, method } = this.request;
    if (!card || !isCardMethod(method)) return (this.sent ??= this.chargeBody());
    const fresh = this.cardToken && isCardTokenFresh(this.cardToken, this.services.now?.() ?? Date.now());
    if (this.sent && fresh) return this.sent;
    if (this.sent) {
      // The token of the last try expired: that try may still have reached the API.
      this.superseded ??= this.sent;
      this.sent = undefined;
      this.threeDSecure = undefined;
    }
    // The token and the anti-fraud reference are set together, so a fresh token has its reference.
    if (!this.cardToken || !fresh) {
      this.services.onStep?.({ step: 'tokenizing' });
      [this.cardToken, this.antifraudReference] = await Promise.all([this.tokenize(card.details, signal), this.completeProfile(signal)]);
    }
    if (method === 'threeDs' && !this.threeDSecure) {
      this.services.onStep?.({ step: 'authenticating' });
      this.threeDSecure = await this.authenticate(this.cardToken.token, signal);
    }
    return this.chargeBody();
  }

  private async tokenize(details: CardDetails, signal: AbortSignal): Promise<CardToken> {
    const { cardTokenizer } = this.services;
    // The checkout never starts a card payment without its tokenizer, profiler and, for threeDs,
    // provider and address (it leaves out a method it cannot pay): this error and the three like it
    // below name a broken invariant in a few words, since every card buyer fetches them.
    if (!cardTokenizer) throw new Error('card: no tokenizer');
    return cardTokenizer.tokenize(details, { signal });
  }

  /** The anti-fraud reference, once per attempt; a profile that could not complete is reported, never hidden. */
  private async completeProfile(signal: AbortSignal): Promise<string> {
    if (this.antifraudReference) return this.antifraudReference;
    const { antifraudProfiler } = this.services;
    if (!antifraudProfiler) throw new Error('card: no anti-fraud profiler');
    const profile = await antifraudProfiler.complete({ signal });
    if (signal.aborted) throw signal.reason;
    if (!profile.profiled) this.services.onAntifraudFallback?.(profile.reference, profile.fallbackReason);
    return profile.reference;
  }

  private async authenticate(cardToken: string, signal: AbortSignal): Promise<ChargeThreeDSecure> {
    const { threeDSecureProvider } = this.services;
    const { customer, address, amountInCents, currency } = this.request;
    if (!threeDSecureProvider) throw new Error('threeDs: no 3-D Secure provider');
    if (!address) throw new Error('threeDs: no billing address');
    const result = await threeDSecureProvider.authenticate({
      cardToken,
      amountInCents,
      currency,
      customer: { name: customer.name, email: customer.email, phone: customer.phone },
      billingAddress: address,
      signal,
    });
    return chargeThreeDSecureFrom(result);
  }

  private chargeBody(): CheckoutChargeRequest {
    const { method, offerId, customer, address, metadata, card } = this.request;
    const body: CheckoutChargeRequest = { paymentMethod: method, customer, items: [{ offerId }] };
    if (address) body.address = address;
    if (Object.keys(metadata).length > 0) body.metadata = metadata;
    if (card && this.cardToken && this.antifraudReference) {
      body.card = { token: this.cardToken.token };
      body.installments = card.installments;
      body.antifraud_profiling_attempt_reference = this.antifraudReference;
      if (this.threeDSecure) body.threeDSecure = this.threeDSecure;
    }
    return body;
  }

  /**
   * Sends the body with the attempt's key, waiting out rate limits a few times, and the relay's
   * line of charges for as long as it moves, on the buyer's behalf.
   */
  private async charge(first: CheckoutChargeRequest, signal: AbortSignal): Promise<AttemptOutcome> {
    let body = first;
    let waits = 0;
    const line: TimeInLine = { tries: 0, seconds: 0, closest: Infinity, stalls: 0 };
    let queued = false;
    for (;;) {
      // In line, the buyer keeps seeing their wait while the next try asks for their turn.
      if (!queued) this.services.onStep?.({ step: 'charging' });
      if (body !== this.superseded) this.sent = body;
      try {
        const order = await this.services.relay.createCharge(body, { idempotencyKey: this.idempotencyKey, signal });
        this.superseded = undefined;
        return { outcome: 'created', order };
      } catch (error) {
        if (signal.aborted) throw error;
        if (error instanceof RelayUnreachableError) return interrupted('offline');
        if (!(error instanceof RelayAnswerError)) throw error;
        const wait = error.retryAfterSeconds;
        if ((error.status === 429 || error.status === 409) && wait !== undefined) {
          const place = error.queuePosition;
          queued = place !== undefined;
          const waitsIt = place !== undefined ? staysInLine(line, place, wait) : waits++ < MAX_AUTOMATIC_WAITS && wait <= MAX_AUTOMATIC_WAIT_SECONDS;
          if (!waitsIt) return interrupted('service', wait);
          this.services.onStep?.({ step: queued ? 'queued' : 'waiting', seconds: wait });
          await (this.services.sleep ?? waitFor)(wait * 1000, signal);
          continue;
        }
        if (error.status === 409 && this.superseded && body !== this.superseded) {
          // The key holds the payload of the try before the new token: that try made the order.
          body = this.superseded;
          continue;
        }
        // A 429 without a wait (a proxy's throttle) is as passing as a failure of the service.
        if (error.status >= 500 || error.status === 429) return interrupted('service');
        return { outcome: 'refused', errorType: error.type, fields: error.fields };
      }
    }
  }
}
