/**
 * `POST webhooks`: the API's event deliveries (supplement, "Webhook deliveries"). A delivery
 * is `{secret, event, data}` with no signature header, retried until a 2xx and possibly
 * repeated, so the receiver:
 * 1. checks `secret` in constant time; a wrong one answers 401 and changes nothing;
 * 2. de-duplicates on event + order id + status with an atomic mark in the Store, so a
 *    repeated delivery answers 200 without running anything twice. While the first copy is
 *    still being processed, a repeat answers 409: the API keeps retrying it, so if the
 *    first copy then fails, a later copy does the work;
 * 3. stores the status (which tells the order's event streams), then calls `onEvent`;
 * 4. answers 200 only after all of that worked. If storing or `onEvent` fails, the mark is
 *    removed and the answer is 500, so the API's retry processes the delivery again and
 *    nothing is lost.
 */
import { flattenFieldErrors, validate } from '../contract/errors.js';
import { deliveryDedupKey, secretsMatch, webhookDeliverySchema } from '../contract/webhooks.js';
import type { RelayContext } from './context.js';
import { jsonResponse, RelayError } from './errors.js';
import { readJsonBody } from './request-body.js';

/**
 * Deliveries are the API's, whose payload size is not published; the widget's body limit
 * could refuse a genuine one (and lose its event), so webhooks get a roomier cap of their own.
 */
export const WEBHOOK_MAX_BODY_BYTES = 256 * 1024;

/** How long a processed delivery is remembered: far beyond the API's last retry (about 40 minutes). */
export const WEBHOOK_DEDUP_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * How long a delivery being processed holds its mark. Should the instance die mid-way, the
 * mark lapses and a later retry of the API processes the delivery.
 */
export const WEBHOOK_PROCESSING_TTL_MS = 60_000;

const PROCESSING = 'processing';
const DONE = 'done';

function secretOf(body: unknown): string {
  const secret = (body as { secret?: unknown } | null)?.secret;
  return typeof secret === 'string' ? secret : '';
}

export async function handleWebhook(request: Request, context: RelayContext, webhookSecret: string): Promise<Response> {
  const { options, orders } = context;
  const body = await readJsonBody(request, WEBHOOK_MAX_BODY_BYTES);
  // Checked before the body's shape, so a sender without the secret learns nothing about it.
  if (!secretsMatch(webhookSecret, secretOf(body))) {
    throw new RelayError(401, 'unauthorized', 'The webhook secret does not match.');
  }
  const result = validate(webhookDeliverySchema, body);
  if (!result.success) {
    throw new RelayError(400, 'invalid_request', 'The delivery is not an order event.', { fields: flattenFieldErrors(result.errors) });
  }
  const { event, data } = result.data;
  const mark = `relay:webhook-delivery:${deliveryDedupKey(result.data)}`;
  if (!(await options.store.setIfAbsent(mark, PROCESSING, { ttlMs: WEBHOOK_PROCESSING_TTL_MS }))) {
    if ((await options.store.get(mark)) === PROCESSING) {
      throw new RelayError(409, 'in_processing', 'This delivery is being processed; deliver it again later.');
    }
    return jsonResponse(200, { received: true, duplicate: true });
  }
  try {
    await orders.applyStatus(data.id, data.status);
    await options.onEvent?.({ event, data });
  } catch (error) {
    await options.store.delete(mark);
    throw error;
  }
  await options.store.set(mark, DONE, { ttlMs: WEBHOOK_DEDUP_TTL_MS });
  return jsonResponse(200, { received: true });
}
