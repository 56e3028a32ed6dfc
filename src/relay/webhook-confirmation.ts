/**
 * Confirming a webhook's status with the API before it counts. A delivery is authenticated by
 * its `secret` alone (supplement, "Webhook deliveries": no signature header), so whoever saw
 * one delivery (a log, a proxy, a request bin) could claim any order paid. A delivery whose
 * status settles or undoes a payment (every status but the waiting ones) is therefore read
 * back from the API (`GET /public_api/orders/{id}/`, supplement "Lists, orders, products")
 * and counts only when the API shows that very status.
 */
import { ApiServerError, ConnectionError, NotFoundError, RateLimitError, type PayClient } from '../client/index.js';
import { isWaitingChargeStatus, type KnownOrderStatus } from '../contract/orders.js';
import type { WebhookEventName } from '../contract/webhooks.js';
import { RelayError } from './errors.js';
import { isOrderId } from './order-book.js';

/**
 * How long the read may take, the client's retries included: the API counts a delivery not
 * answered within 8 seconds as failed (public-api.md, "Events").
 */
export const WEBHOOK_CONFIRMATION_TIMEOUT_MS = 5000;

/** What the claim and the API's read were. */
export interface UnconfirmedWebhook {
  event: WebhookEventName;
  orderId: string;
  claimedStatus: KnownOrderStatus;
  /** The status the API shows; `null` when the API has no such order. */
  apiStatus: string | null;
}

/**
 * What `onError` gets for an authentic delivery (right secret) whose final status the API
 * does not show. Nothing was applied and `onEvent` was not called. Either the webhook secret
 * leaked and someone forges deliveries, or a genuine delivery arrived after the order moved
 * on; `apiStatus` tells which. Never carries the secret.
 */
export class UnconfirmedWebhookError extends Error implements UnconfirmedWebhook {
  /** Stable, for alerting. */
  readonly type = 'webhook_unconfirmed';
  readonly event: WebhookEventName;
  readonly orderId: string;
  readonly claimedStatus: KnownOrderStatus;
  readonly apiStatus: string | null;

  constructor({ event, orderId, claimedStatus, apiStatus }: UnconfirmedWebhook) {
    // An id that is not an order id stays out of the message, which default logging prints.
    const order = isOrderId(orderId) ? `order ${orderId}` : 'an order with a malformed id';
    const shown = apiStatus === null ? 'no such order' : `"${apiStatus}"`;
    super(`A ${event} delivery claims ${order} is "${claimedStatus}", but the API shows ${shown}; nothing was applied.`);
    this.name = 'UnconfirmedWebhookError';
    this.event = event;
    this.orderId = orderId;
    this.claimedStatus = claimedStatus;
    this.apiStatus = apiStatus;
  }
}

/**
 * True for a status that must be confirmed before it is applied: all but `waiting_payment`
 * and `pending`, which move no money and cannot move an order back (order-book.ts).
 */
export function needsConfirmation(status: KnownOrderStatus): boolean {
  return !isWaitingChargeStatus(status);
}

function isTransient(error: unknown): boolean {
  return error instanceof ConnectionError || error instanceof ApiServerError || error instanceof RateLimitError;
}

/**
 * The order's status as the API shows it, or `null` when the API has no such order. When the
 * API cannot be read now, throws a 503 refusal, so the delivery is answered with a failure and
 * the API delivers it again later. Any other failure (the relay's key refused, an unreadable
 * answer) is thrown as it is and answered 500, which the API also delivers again.
 */
export async function statusAtApi(client: PayClient, orderId: string): Promise<string | null> {
  if (!isOrderId(orderId)) return null;
  const signal = AbortSignal.timeout(WEBHOOK_CONFIRMATION_TIMEOUT_MS);
  try {
    return (await client.getOrder(orderId, { signal })).status;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    if (signal.aborted || isTransient(error)) {
      throw new RelayError(503, 'upstream_unavailable', 'The order could not be read from the API to confirm the delivery; deliver it again later.', {
        cause: error,
      });
    }
    throw error;
  }
}
