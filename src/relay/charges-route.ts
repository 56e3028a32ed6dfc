/**
 * `POST charges`: the widget's payment attempt, checked and sent on to
 * `POST /public_api/payments/`. The checks run cheapest first and before anything is
 * forwarded: JSON body within the size limit, no card data anywhere, the contract's schema,
 * the `Idempotency-Key` header, the offer allow-list, then the per-buyer rate limit and the
 * buyer's turn in the fair share of the API's charge budget (charge-queue.ts). The
 * buyer's IP becomes `customer.ip`; the key becomes `X-Idempotency-Key`, so a widget that
 * retries an attempt can never create a second order.
 */
import { idempotencyKeySchema } from '../contract/charge-request.js';
import { IDEMPOTENCY_RETENTION_SECONDS } from '../contract/constants.js';
import { flattenFieldErrors, validate } from '../contract/errors.js';
import { buyerIp, rateLimitBucket } from './buyer-ip.js';
import { findCardData, looksLikeCardNumber } from './card-data.js';
import { takeChargeTurn, takeRetryTurn } from './charge-queue.js';
import type { RelayContext, RelayRequestInfo } from './context.js';
import { jsonAnswer, RelayError } from './errors.js';
import { ORDER_RETENTION_MS, publicOrderOf, type PublicOrder } from './order-book.js';
import { noteChargeMethod } from './operations/charge-labels.js';
import { nodeCrypto } from './order-token.js';
import { readJsonBody } from './request-body.js';
import { WIDGET_IDEMPOTENCY_HEADER, widgetChargeRequestSchemaFor } from './widget-request.js';
import { type RelayAnswer, type RelayRequest } from './relay-exchange.js';

/** The answer of `POST charges`: the order's public view and the token that reads it (order-token.ts). */
export type ChargeAnswer = PublicOrder & { orderToken: string };

function refuseCardData(paths: string[]): RelayError {
  const message = 'Card data must not be sent to the server: tokenize the card in the browser and send card.token.';
  return new RelayError(400, 'card_data_refused', message, {
    fields: Object.fromEntries(paths.map((path) => [path, ['Card data is not accepted here.']])),
  });
}

function idempotencyKeyOf(request: RelayRequest): string {
  const key = request.headers.get(WIDGET_IDEMPOTENCY_HEADER);
  if (key === null || !idempotencyKeySchema.safeParse(key).success) {
    throw new RelayError(400, 'idempotency_key_required', `Send one ${WIDGET_IDEMPOTENCY_HEADER} header of 1 to 255 characters per payment attempt.`);
  }
  // The key is stored, named in the store's keys and sent to the API: a card number in it would be card data kept and sent on.
  if (looksLikeCardNumber(key)) {
    throw new RelayError(400, 'card_data_refused', `Card data must not be sent to the server: the ${WIDGET_IDEMPOTENCY_HEADER} header holds a card number; send a new UUID v4 per payment attempt.`);
  }
  return key;
}

/**
 * How long the API keeps an idempotency key, and so how long the relay keeps what it knows of an
 * attempt under it: the buyer's IP of its first request, and the API's answer to it.
 */
const KEY_RETENTION_MS = IDEMPOTENCY_RETENTION_SECONDS * 1000;
/** Stored for an admitted attempt whose buyer's address the runtime did not give. */
const NO_ADDRESS = '';
/**
 * Tries of one admitted attempt per minute. A retry goes to the API again (it answers the same
 * order), so without a bound one replayed key would spend the shop's charge budget (60 a
 * minute per egress IP) that every buyer shares. The widget tries an attempt a few times at most.
 */
export const ATTEMPT_TRIES_PER_MINUTE = 10;

/** Takes a slot of `key`'s window, or refuses the request with 429 and the wait for the next slot. */
async function holdSlot(context: RelayContext, key: string, limit: number, windowMs: number, message: string): Promise<void> {
  const slot = await context.options.store.reserveSlot(key, limit, windowMs, 0);
  if (!slot.granted) throw new RelayError(429, 'rate_limited', message, { retryAfter: Math.max(1, Math.ceil(slot.waitMs / 1000)) });
}

/**
 * `chargeRateLimit` for the address `ip` (its rate-limit bucket), on the count `scope`: its new
 * attempts (`charges`), and apart from them its retries of admitted attempts (`charge-retries`).
 * Each retry goes to the API, so without a bound of their own one address replaying its few
 * admitted keys would spend the budget every buyer shares (each key alone stays within
 * `ATTEMPT_TRIES_PER_MINUTE`).
 */
async function holdAddressLimit(context: RelayContext, scope: 'charges' | 'charge-retries', ip: string | undefined, message: string): Promise<void> {
  const { chargeRateLimit } = context.options;
  if (chargeRateLimit === false) return;
  await holdSlot(context, `relay:${scope}-per-ip:${rateLimitBucket(ip)}`, chargeRateLimit.limit, chargeRateLimit.windowMs, message);
}

const holdRateLimit = (context: RelayContext, ip: string | undefined) =>
  holdAddressLimit(context, 'charges', ip, 'Too many payment attempts from this address; retry after the given seconds.');
const holdRetryLimit = (context: RelayContext, ip: string | undefined) =>
  holdAddressLimit(context, 'charge-retries', ip, 'Too many retries of payment attempts from this address; retry after the given seconds.');

/** Bounds the tries of one admitted attempt (`ATTEMPT_TRIES_PER_MINUTE`), whatever addresses they come from. */
async function holdAttemptTry(context: RelayContext, idempotencyKey: string): Promise<void> {
  if (context.options.chargeRateLimit === false) return;
  await holdSlot(context, `relay:attempt-tries:${idempotencyKey}`, ATTEMPT_TRIES_PER_MINUTE, 60_000, 'Too many tries of this payment attempt; retry after the given seconds.');
}

const attemptIpKey = (idempotencyKey: string) => `relay:attempt-ip:${idempotencyKey}`;

/**
 * The API's answer to an admitted attempt, once it came: the order's public view as the API
 * answered it (what a replay at the API would answer again), and a digest of the payload that was
 * sent (`payloadDigest`). Kept as long as the API keeps the key (its 24 hours count from the
 * request that succeeded: a 5xx releases the key).
 */
const attemptAnswerKey = (idempotencyKey: string) => `relay:attempt-answer:${idempotencyKey}`;
interface AttemptAnswer {
  order: PublicOrder;
  digest: string;
}

/**
 * SHA-256 of the payload as sent to the API: what tells a replay (the same payload) from a reuse
 * of the key. Through `node:crypto` where the runtime has it, at once (Web Crypto's `digest` is a
 * round trip to a thread pool, on every charge's path); both make the same text.
 */
async function payloadDigest(payload: unknown): Promise<string> {
  const text = JSON.stringify(payload);
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(text).digest('hex');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The order the API already answered this attempt with, when the retry sends the same payload
 * (the API would answer its first response again, rule 1 of its idempotency). A retry whose
 * answer is known costs no call to the API, so it is not held by the bounds of retries: a buyer
 * whose answer was lost on the way gets the order even while the API is unreachable or its
 * charge budget spent. Another payload under the key, or an answer the store lost, goes to the
 * API, which answers it (409 for another payload). The answer is the API's first one, as its
 * replay would be: the order's status since then is the order route's to tell.
 */
async function knownAnswer(context: RelayContext, idempotencyKey: string, digest: string): Promise<PublicOrder | undefined> {
  const text = await context.options.store.get(attemptAnswerKey(idempotencyKey));
  if (text === undefined) return undefined;
  const answer = JSON.parse(text) as AttemptAnswer;
  return answer.digest === digest ? answer.order : undefined;
}

/**
 * Admits a new payment attempt under the per-buyer limit and its turn in the charge line, and
 * answers the buyer IP its charge carries. An attempt refused by the per-buyer limit writes
 * nothing: the limit is checked against what the store holds before anything is stored, so a
 * flood of refused requests (each with a new key) cannot grow the store; one told to wait holds
 * one ticket in a line of bounded length. A concurrent try of the same attempt may have been
 * admitted first: its IP is then the attempt's.
 */
async function admitNewAttempt(context: RelayContext, idempotencyKey: string, ip: string | undefined): Promise<string | undefined> {
  const { store } = context.options;
  await takeChargeTurn(context, idempotencyKey, rateLimitBucket(ip), () => holdRateLimit(context, ip));
  if (await store.setIfAbsent(attemptIpKey(idempotencyKey), ip ?? NO_ADDRESS, { ttlMs: KEY_RETENTION_MS })) return ip;
  const first = await store.get(attemptIpKey(idempotencyKey));
  return first === undefined || first === NO_ADDRESS ? ip : first;
}

/**
 * Holds a retry of an admitted attempt (its key is stored) whose answer is not known: it is not
 * counted against its address's new attempts again, only against its own bound of tries, the
 * retries its first address may make, and its turn as a retry in the charge line (never the
 * slots waiting buyers are owed).
 */
async function admitRetry(context: RelayContext, idempotencyKey: string, first: string | undefined): Promise<void> {
  await holdAttemptTry(context, idempotencyKey);
  await holdRetryLimit(context, first);
  await takeRetryTurn(context);
}

/** Stores the API's answer to an attempt; a store that fails here costs the next retry a call to the API, not this answer. */
async function rememberAnswer(context: RelayContext, idempotencyKey: string, answer: AttemptAnswer, ttlMs: number): Promise<void> {
  if (ttlMs <= 0) return;
  try {
    await context.options.store.set(attemptAnswerKey(idempotencyKey), JSON.stringify(answer), { ttlMs });
  } catch (error) {
    context.options.onError(error);
  }
}

/** Marks an order whose `onOrder` ran to its end, kept as long as the order. */
const orderHookKey = (id: string) => `relay:order-hooked:${id}`;

/**
 * Runs the merchant's `onOrder` for a new order, and for a replayed one whose hook never ran to
 * its end: the try that stored the order may have failed before its hook (its store's answer
 * lost in a stall, its instance killed), and the buyer's retry with the same key is then the
 * only request left to run it. So the hook runs at least once per order, and twice only when a
 * try fails between the hook and its mark.
 */
async function runOrderHook(context: RelayContext, order: PublicOrder, isNew: boolean): Promise<void> {
  const { onOrder, onError, store } = context.options;
  if (!onOrder) return;
  const done = orderHookKey(order.id);
  if (!isNew && (await store.get(done)) !== undefined) return;
  try {
    await onOrder(order);
  } catch (error) {
    // The charge exists whatever the hook does: the buyer must get the order to pay it.
    onError(error);
  }
  try {
    await store.set(done, '1', { ttlMs: ORDER_RETENTION_MS });
  } catch (error) {
    // The hook ran: the buyer gets the order; a replay would run the hook again.
    onError(error);
  }
}

export async function handleCharge(request: RelayRequest, info: RelayRequestInfo, context: RelayContext): Promise<RelayAnswer> {
  const { options, orders } = context;
  const body = await readJsonBody(request, options.maxBodyBytes);
  // Before the schema, so a card number is refused as card data and never named as a mere unknown field.
  const cardData = findCardData(body);
  if (cardData.length > 0) throw refuseCardData(cardData);
  const result = validate(widgetChargeRequestSchemaFor(options.maxItemQuantity), body);
  if (!result.success) {
    throw new RelayError(400, 'invalid_request', 'The charge request is invalid.', { fields: flattenFieldErrors(result.errors) });
  }
  const idempotencyKey = idempotencyKeyOf(request);
  const charge = result.data;
  noteChargeMethod(request, charge.paymentMethod);
  const offerId = charge.items[0]!.offerId;
  if (!(await options.isOfferAllowed(offerId))) {
    throw new RelayError(403, 'offer_not_allowed', 'This offer may not be sold through this relay.', {
      fields: { 'items.0.offerId': ['Offer not allowed.'] },
    });
  }
  // A retry keeps the IP of its attempt's first request. The API compares a retried charge's
  // whole body with the first, and `customer.ip` is part of it: a buyer whose phone moves from
  // Wi-Fi to 4G between two tries of one attempt would otherwise get a "different payload"
  // conflict, give up the attempt and pay again.
  const address = buyerIp(request.headers, info.remoteAddress, options.trustProxy);
  const admitted = await options.store.get(attemptIpKey(idempotencyKey));
  const retried = admitted !== undefined;
  const ip = retried ? (admitted === NO_ADDRESS ? undefined : admitted) : await admitNewAttempt(context, idempotencyKey, address);
  const payload = { ...charge, customer: { ...charge.customer, ...(ip === undefined ? {} : { ip }) } };
  const digest = await payloadDigest(payload);
  let order = retried ? await knownAnswer(context, idempotencyKey, digest) : undefined;
  let isNew: boolean;
  // The try that stored the answer may have failed to store the order (the two are written at once).
  if (order) isNew = await orders.record(order);
  else {
    if (retried) await admitRetry(context, idempotencyKey, ip ?? address);
    const sentAt = options.now();
    order = publicOrderOf(await options.client.createCharge(payload, { idempotencyKey }));
    [isNew] = await Promise.all([
      orders.record(order),
      rememberAnswer(context, idempotencyKey, { order, digest }, KEY_RETENTION_MS - (options.now() - sentAt)),
    ]);
  }
  await runOrderHook(context, order, isNew);
  // The buyer's key to this order's status; a replay with the same key answers the same token.
  return jsonAnswer(201, { ...order, orderToken: await options.orderTokens.issue(order.id) } satisfies ChargeAnswer);
}
