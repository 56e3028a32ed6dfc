/**
 * Orders after their charge: reading one (`GET /public_api/orders/{id}/`, supplement),
 * resending access (`POST /public_api/orders/{id}/resend_access/`), and paying one, which the
 * test control `POST /__sandbox/orders/{id}/pay` and the pending-3DS timer both do.
 */
import { ENDPOINT_SCOPES } from '../../contract/auth.js';
import { feeFor } from '../../contract/fees.js';
import { parseApiDateTime } from '../../contract/formats.js';
import type { SandboxClock } from '../world/clock.js';
import { detailResponse, jsonResponse, notFound } from '../requests/responses.js';
import type { Route, RouteContext } from '../requests/router.js';
import { orderSummary } from '../world/order-views.js';
import { addCalendarDays, saoPauloDate, saoPauloDateTime } from '../world/sao-paulo-time.js';
import type { SandboxOrder } from '../world/state.js';
import type { WebhookDispatcher } from '../world/webhook-dispatcher.js';
import type { SandboxWorld } from '../world/world.js';

/** Statuses a payment can still complete: a QR or slip awaiting payment, a 3DS challenge in progress. */
const PAYABLE_STATUSES: readonly string[] = ['waiting_payment', 'pending'];

export const RESEND_ACCESS_DETAIL = 'Acesso reenviado com sucesso.';
export const RESEND_ACCESS_NOT_PAID_DETAIL = 'Não é possível reenviar o acesso: o pedido não está pago.';

/**
 * The day the order's money is released: its São Paulo creation day plus the method's
 * `releaseDays` from the account's fees (public-api.md, "Fees response"). Null when the method
 * has no settlement period configured.
 */
export function releaseDateOf(world: SandboxWorld, order: SandboxOrder): string | null {
  const account = world.accounts.get(order.accountId);
  const releaseDays = account ? feeFor(account.fees, order.paymentMethod)?.releaseDays : undefined;
  const created = parseApiDateTime(order.createdAt);
  if (releaseDays === undefined || releaseDays === null || created === undefined) return null;
  return addCalendarDays(saoPauloDate(created.getTime()), releaseDays);
}

/** Marks a charge paid now and fires `purchase_approved`, the event a confirmed payment sends. */
export function markOrderPaid(world: SandboxWorld, clock: SandboxClock, webhooks: WebhookDispatcher, order: SandboxOrder): void {
  order.status = 'paid';
  order.paidAt = saoPauloDateTime(clock.now());
  order.releaseDate = releaseDateOf(world, order);
  webhooks.emit('purchase_approved', order);
}

export type PayOrderResult =
  | { ok: true; order: SandboxOrder }
  | { ok: false; reason: 'not-found' }
  /** Already paid, or finished otherwise (declined, refused): nothing to pay. */
  | { ok: false; reason: 'not-payable'; status: string };

/**
 * Pays an order awaiting payment: Pix, Pix Automático (the authorization confirmed) or boleto
 * in `waiting_payment`, or a 3DS charge still `pending`. It becomes `paid` with `paidAt` now and
 * `purchase_approved` is sent (public-api.md, "States and transitions").
 */
export function payOrder(world: SandboxWorld, clock: SandboxClock, webhooks: WebhookDispatcher, orderId: string): PayOrderResult {
  const order = world.orders.get(orderId);
  if (order === undefined) return { ok: false, reason: 'not-found' };
  if (!PAYABLE_STATUSES.includes(order.status)) return { ok: false, reason: 'not-payable', status: order.status };
  markOrderPaid(world, clock, webhooks, order);
  return { ok: true, order };
}

/**
 * The order record of `GET /public_api/orders/{id}/`: the supplement's fields, the charge's
 * amounts, offer and product, and the method block (`pix`, `boleto` or the card's brand and
 * last digits). The buyer's personal data and the UTM metadata are not part of it.
 */
export function orderRecordOf(world: SandboxWorld, order: SandboxOrder): Record<string, unknown> {
  return {
    ...orderSummary(world, order),
    currency: order.currency,
    installments: order.installments,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    releaseDate: order.releaseDate,
    refundedAt: order.refundedAt,
    chargedbackAt: order.chargedbackAt,
    canceledAt: order.canceledAt,
    ...(order.checkoutUrl === undefined ? {} : { checkoutUrl: order.checkoutUrl }),
    ...(order.pix ? { pix: order.pix } : {}),
    ...(order.boleto ? { boleto: order.boleto } : {}),
    ...(order.card ? { card: order.card } : {}),
  };
}

/** The caller's order; another account's order is answered as missing. */
function callersOrder(context: RouteContext): SandboxOrder | undefined {
  const order = context.world.orders.get(context.params['id'] ?? '');
  return order !== undefined && order.accountId === context.caller?.accountId ? order : undefined;
}

function handleOrderRead(context: RouteContext): Response {
  const order = callersOrder(context);
  return order ? jsonResponse(200, orderRecordOf(context.world, order)) : notFound();
}

/**
 * Re-runs access granting as if the purchase had just completed, firing `purchase_approved`
 * again. The spec documents both a 400 for an order that is not paid and a text saying no paid
 * status is required; the sandbox follows the documented 400.
 */
function handleResendAccess(context: RouteContext): Response {
  const order = callersOrder(context);
  if (order === undefined) return notFound();
  if (order.status !== 'paid') return detailResponse(400, RESEND_ACCESS_NOT_PAID_DETAIL);
  context.webhooks.emit('purchase_approved', order);
  return detailResponse(200, RESEND_ACCESS_DETAIL);
}

/** `GET /public_api/orders/:id/` and `POST /public_api/orders/:id/resend_access/`. */
export function orderRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/public_api/orders/:id/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['GET /public_api/orders/{id}/'],
      handle: handleOrderRead,
    },
    {
      method: 'POST',
      path: '/public_api/orders/:id/resend_access/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['POST /public_api/orders/{id}/resend_access/'],
      handle: handleResendAccess,
    },
  ];
}
