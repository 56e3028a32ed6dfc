/**
 * `POST /public_api/payments/` (public-api.md, "POST /public_api/charges: POST
 * /public_api/payments/"): the idempotency key, the body, the schema, the business rules, then
 * the order, made by the sandbox's stand-in acquirer, answered 201 and stored for replays.
 *
 * The key's record is looked up as soon as the body is read, before any rule: a replay must
 * answer the stored response even though its card token is used by now or the clock moved on
 * (idempotency rules 1 and 5). A new key is held only once the request passed every rule, so a
 * 400 leaves nothing behind.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { ENDPOINT_SCOPES } from '../../contract/auth.js';
import { chargeRequestSchema, type ChargeRequest } from '../../contract/charge-request.js';
import { chargeResponseSchema, type ChargeResponse } from '../../contract/charge-response.js';
import { validate } from '../../contract/errors.js';
import { cardOutcome, PENDING_THREE_DS_SECONDS } from '../card/card-outcomes.js';
import { priceCharge } from './charge-pricing.js';
import { checkChargeRules, type AcceptedCharge } from './charge-rules.js';
import {
  holdIdempotencyKey,
  lookUpIdempotencyKey,
  payloadFingerprint,
  readIdempotencyKey,
  releaseIdempotencyKey,
  scopedIdempotencyKey,
  storeIdempotentResponse,
} from './idempotency.js';
import { orderPageRoutes } from '../documents/order-pages.js';
import { orderRoutes, payOrder, releaseDateOf } from './orders.js';
import { boletoInstructions, pixAutomaticoInstructions, pixInstructions } from '../documents/payment-instructions.js';
import { readJsonBody } from '../requests/request-body.js';
import { fieldErrorResponse, jsonResponse } from '../requests/responses.js';
import type { Route, RouteContext } from '../requests/router.js';
import { applyFault, takeFault } from '../requests/faults.js';
import { orderSummary } from '../world/order-views.js';
import { saoPauloDateTime } from '../world/sao-paulo-time.js';
import type { SandboxAccount, SandboxOrder } from '../world/state.js';
import type { CardTokenRecord } from '../world/world.js';

function acquirerLatencyMs(account: SandboxAccount): number {
  const delay = account.processingDelayMs;
  return delay !== undefined && Number.isFinite(delay) && delay > 0 ? delay : 0;
}

/** What a charge request held or consumed, so that a 5xx answer can give it back. */
interface HeldByRequest {
  scopedKey: string;
  cardToken?: CardTokenRecord;
}
const heldByRequest = new WeakMap<Request, HeldByRequest>();

const REF_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REF_ID_LENGTH = 8;

function newOrderId(): string {
  return `ord_${randomBytes(8).toString('hex')}`;
}

/** A short upper-case reference without look-alike characters (no 0/O, 1/I). */
function newRefId(): string {
  return Array.from({ length: REF_ID_LENGTH }, () => REF_ID_ALPHABET[randomInt(REF_ID_ALPHABET.length)]).join('');
}

/** The acquirer's transaction id; a `threeDs` one contains `3ds` (public-api.md, `externalId`). */
const EXTERNAL_ID_PREFIX: Record<ChargeRequest['paymentMethod'], string> = {
  pix: 'sbx_pix_',
  pix_auto: 'sbx_pixauto_',
  boleto: 'sbx_boleto_',
  credit_card: 'sbx_cc_',
  threeDs: 'sbx_3ds_',
};

/** The order of a charge that passed every rule, with its method's block and first status. */
function createOrder(context: RouteContext, request: ChargeRequest, charge: AcceptedCharge): SandboxOrder {
  const { account, offer, product } = charge;
  const nowMs = context.clock.now();
  const id = newOrderId();
  const price = priceCharge(request, charge);
  const order: SandboxOrder = {
    id,
    refId: newRefId(),
    accountId: account.id,
    status: 'waiting_payment',
    paymentMethod: request.paymentMethod,
    currency: product.currency,
    amount: price.amount,
    baseAmount: price.baseAmount,
    discount: price.discount,
    fees: price.fees,
    installments: price.installments,
    externalId: `${EXTERNAL_ID_PREFIX[request.paymentMethod]}${id.slice('ord_'.length)}`,
    createdAt: saoPauloDateTime(nowMs),
    paidAt: null,
    releaseDate: null,
    refundedAt: null,
    chargedbackAt: null,
    canceledAt: null,
    customer: { ...request.customer, ip: request.customer.ip ?? context.ip },
    offerId: offer.id,
    productId: product.id,
    offer_type: request.items[0]!.offerType,
    metadata: { ...request.metadata },
    affiliateShortId: charge.affiliate?.short_id,
    coupon: request.coupon,
    additionalInterest: price.additionalInterest,
    additionalInterestEarned: price.additionalInterestEarned,
  };
  const pixInput = { orderId: id, amount: price.amount, account, product, pixExpiresIn: request.pixExpiresIn, nowMs, baseUrl: context.baseUrl };
  const checkoutUrl = `${context.baseUrl}/checkout/${id}`;
  switch (request.paymentMethod) {
    case 'pix':
      return { ...order, checkoutUrl, pix: pixInstructions(pixInput) };
    case 'pix_auto':
      return { ...order, checkoutUrl, pix: pixAutomaticoInstructions(pixInput) };
    case 'boleto':
      return { ...order, checkoutUrl, boleto: boletoInstructions({ ...pixInput, dueDate: request.dueDate }) };
    case 'credit_card':
    case 'threeDs': {
      // The rules found the token of every card charge.
      const token = charge.cardToken!;
      const status = cardOutcome(request.paymentMethod, token.number, request.threeDSecure);
      const card = { brand: token.brand, holderName: token.holderName, lastDigits: token.number.slice(-4) };
      const paid = status === 'paid';
      const carded: SandboxOrder = { ...order, status, card, paidAt: paid ? order.createdAt : null };
      return { ...carded, releaseDate: paid ? releaseDateOf(context.world, carded) : null };
    }
  }
}

/** The 201 body; checked against the contract, so the sandbox never answers what a client must refuse. */
function chargeResponseOf(context: RouteContext, order: SandboxOrder): ChargeResponse {
  return chargeResponseSchema.parse({
    ...orderSummary(context.world, order),
    externalId: order.externalId,
    ...(order.checkoutUrl === undefined ? {} : { checkoutUrl: order.checkoutUrl }),
    createdAt: order.createdAt,
    ...(order.pix ? { pix: order.pix } : {}),
    ...(order.boleto ? { boleto: order.boleto } : {}),
  });
}

/** The events a new order sends (public-api.md, Events), and the pending 3DS turning paid later. */
function announceOrder(context: RouteContext, order: SandboxOrder): void {
  const { world, clock, webhooks } = context;
  switch (order.status) {
    case 'waiting_payment':
      webhooks.emit(order.paymentMethod === 'boleto' ? 'boleto_gerado' : 'pix_gerado', order);
      break;
    case 'paid':
      webhooks.emit('purchase_approved', order);
      break;
    case 'declined':
    case 'refused':
      webhooks.emit('purchase_refused', order);
      break;
    case 'pending':
      clock.schedule(clock.now() + PENDING_THREE_DS_SECONDS * 1000, () => {
        payOrder(world, clock, webhooks, order.id);
      });
      break;
  }
}

async function handleCharge(context: RouteContext): Promise<Response> {
  const { request, world, clock } = context;
  const key = readIdempotencyKey(request);
  if (!key.ok) return key.response;
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;

  // Bearer routes always have a caller.
  const accountId = context.caller!.accountId;
  const scopedKey = scopedIdempotencyKey(accountId, key.key);
  const fingerprint = payloadFingerprint(body.value);
  const lookup = lookUpIdempotencyKey(world, clock.now(), scopedKey, fingerprint);
  if (lookup.kind === 'conflict') return lookup.response;
  if (lookup.kind === 'replay') {
    heldByRequest.set(request, { scopedKey });
    return lookup.response;
  }

  const parsed = validate(chargeRequestSchema, body.value);
  if (!parsed.success) return fieldErrorResponse(parsed.errors);
  const rules = checkChargeRules(world, accountId, parsed.data, clock.now());
  if (!rules.ok) return rules.response;
  const charge = rules.charge;

  // Nothing is awaited between the lookup and here, so no other request can take the key between.
  holdIdempotencyKey(world, clock.now(), scopedKey, fingerprint);
  if (charge.cardToken) charge.cardToken.usedAt = clock.now();
  heldByRequest.set(request, { scopedKey, ...(charge.cardToken ? { cardToken: charge.cardToken } : {}) });

  const latency = acquirerLatencyMs(charge.account);
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
  const acquirerFault = takeFault(world, 'POST', context.url.pathname, 'acquirer');
  if (acquirerFault) {
    // The charge failed inside the service: nothing is made and the key is released (rule 4).
    releaseFailedCharge(context);
    const injected = await applyFault(acquirerFault);
    if (injected) return injected;
  }

  const order = createOrder(context, parsed.data, charge);
  const response = chargeResponseOf(context, order);
  world.orders.set(order.id, order);
  storeIdempotentResponse(world, clock.now(), scopedKey, fingerprint, 201, response);
  announceOrder(context, order);
  return jsonResponse(201, response);
}

/**
 * A charge that failed inside the service (its handler threw, or an `acquirer` fault): the key
 * is released and the card token given back, so the retry with the same key and body runs
 * normally (idempotency rule 4). A late (`after`) fault is not a failure of the charge: the
 * answer was stored, only its way back failed, so the retry gets it.
 */
function releaseFailedCharge(context: RouteContext): void {
  const held = heldByRequest.get(context.request);
  if (held === undefined) return;
  releaseIdempotencyKey(context.world, held.scopedKey);
  if (held.cardToken) held.cardToken.usedAt = undefined;
}

/** Charges, orders and the order pages: every route of this part of the sandbox. */
export function chargeAndOrderRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/public_api/payments/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['POST /public_api/payments/'],
      limits: ['chargesPerIp', 'chargesPerToken'],
      handle: handleCharge,
      onServerError: releaseFailedCharge,
    },
    ...orderRoutes(),
    ...orderPageRoutes(),
  ];
}
