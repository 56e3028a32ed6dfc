/**
 * `POST charges`: the widget's payment attempt, checked and sent on to
 * `POST /public_api/payments/`. The checks run cheapest first and before anything is
 * forwarded: JSON body within the size limit, no card data anywhere, the contract's schema,
 * the `Idempotency-Key` header, the offer allow-list, then the per-buyer rate limit. The
 * buyer's IP becomes `customer.ip`; the key becomes `X-Idempotency-Key`, so a widget that
 * retries an attempt can never create a second order.
 */
import { idempotencyKeySchema } from '../contract/charge-request.js';
import { flattenFieldErrors, validate } from '../contract/errors.js';
import { buyerIp } from './buyer-ip.js';
import { findCardData } from './card-data.js';
import type { RelayContext, RelayRequestInfo } from './context.js';
import { jsonResponse, RelayError } from './errors.js';
import { publicOrderOf, type PublicOrder } from './order-book.js';
import { noteChargeMethod } from './operations/charge-labels.js';
import { readJsonBody } from './request-body.js';
import { WIDGET_IDEMPOTENCY_HEADER, widgetChargeRequestSchema } from './widget-request.js';

/** The answer of `POST charges`: the order's public view and the token that reads it (order-token.ts). */
export type ChargeAnswer = PublicOrder & { orderToken: string };

/** Buyers whose address the runtime did not give share this rate-limit bucket. */
const UNKNOWN_BUYER = 'unknown';

function refuseCardData(paths: string[]): RelayError {
  const message = 'Card data must not be sent to the server: tokenize the card in the browser and send card.token.';
  return new RelayError(400, 'card_data_refused', message, {
    fields: Object.fromEntries(paths.map((path) => [path, ['Card data is not accepted here.']])),
  });
}

function idempotencyKeyOf(request: Request): string {
  const key = request.headers.get(WIDGET_IDEMPOTENCY_HEADER);
  if (key === null || !idempotencyKeySchema.safeParse(key).success) {
    throw new RelayError(400, 'idempotency_key_required', `Send one ${WIDGET_IDEMPOTENCY_HEADER} header of 1 to 255 characters per payment attempt.`);
  }
  return key;
}

async function holdRateLimit(context: RelayContext, buyer: string): Promise<void> {
  const { chargeRateLimit, store } = context.options;
  if (chargeRateLimit === false) return;
  const slot = await store.reserveSlot(`relay:charges-per-ip:${buyer}`, chargeRateLimit.limit, chargeRateLimit.windowMs, 0);
  if (!slot.granted) {
    throw new RelayError(429, 'rate_limited', 'Too many payment attempts from this address; retry after the given seconds.', {
      retryAfter: Math.max(1, Math.ceil(slot.waitMs / 1000)),
    });
  }
}

/** How long the buyer's IP of an attempt is kept: the API's idempotency retention. */
const ATTEMPT_IP_TTL_MS = 24 * 60 * 60_000;

/**
 * The buyer's IP as the attempt's first request sent it. The API compares a retried charge's
 * whole body with the first, and `customer.ip` is part of it: a buyer whose phone moves from
 * Wi-Fi to 4G between two tries of one attempt would otherwise get a "different payload"
 * conflict, give up the attempt and pay again.
 */
async function attemptIp(context: RelayContext, idempotencyKey: string, ip: string | undefined): Promise<string | undefined> {
  const { store } = context.options;
  const key = `relay:attempt-ip:${idempotencyKey}`;
  if (ip !== undefined && (await store.setIfAbsent(key, ip, { ttlMs: ATTEMPT_IP_TTL_MS }))) return ip;
  return (await store.get(key)) ?? ip;
}

export async function handleCharge(request: Request, info: RelayRequestInfo, context: RelayContext): Promise<Response> {
  const { options, orders } = context;
  const body = await readJsonBody(request, options.maxBodyBytes);
  // Before the schema, so a card number is refused as card data and never named as a mere unknown field.
  const cardData = findCardData(body);
  if (cardData.length > 0) throw refuseCardData(cardData);
  const result = validate(widgetChargeRequestSchema, body);
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
  const ip = await attemptIp(context, idempotencyKey, buyerIp(request.headers, info.remoteAddress, options.trustProxy));
  await holdRateLimit(context, ip ?? UNKNOWN_BUYER);

  const created = await options.client.createCharge(
    { ...charge, customer: { ...charge.customer, ...(ip === undefined ? {} : { ip }) } },
    { idempotencyKey },
  );
  const order = publicOrderOf(created);
  const isNew = await orders.record(order);
  if (isNew && options.onOrder) {
    try {
      await options.onOrder(order);
    } catch (error) {
      // The charge exists whatever the hook does: the buyer must get the order to pay it.
      options.onError(error);
    }
  }
  // The buyer's key to this order's status; a replay with the same key answers the same token.
  return jsonResponse(201, { ...order, orderToken: await options.orderTokens.issue(order.id) } satisfies ChargeAnswer);
}
