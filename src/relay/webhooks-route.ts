/**
 * `POST webhooks`: the API's event deliveries (supplement, "Webhook deliveries"). A delivery
 * is `{secret, event, data}` with no signature header, retried until a 2xx and possibly
 * repeated, so the receiver:
 * 1. checks `secret` in constant time; a wrong one answers 401 and changes nothing;
 * 2. refuses (400) a status the spec does not document (public-api.md, "States and
 *    transitions", and the later statuses of orders.ts), so no made-up status is stored;
 * 3. de-duplicates on event + order id + status with a mark in the Store: a delivery already
 *    applied answers 200 without running anything twice; while the first copy is still being
 *    applied, a repeat answers 409: the API keeps retrying it, so if the first copy then
 *    fails, a later copy does the work;
 * 4. confirms a final status with the API (webhook-confirmation.ts), since the secret alone
 *    proves little. A status the API does not show changes nothing, is reported to `onError`
 *    as an `UnconfirmedWebhookError` and answered 200 (a retry would change nothing); an API
 *    that cannot be read answers 503, so the API delivers again later. This runs before the
 *    mark is taken: a mark only ever stands for a delivery that was applied, and a forgery
 *    cannot make the genuine delivery look like a repeat;
 * 5. stores the status (which tells the order's event streams), then calls `onEvent`;
 * 6. answers 200 only after all of that worked. If storing or `onEvent` fails, the mark is
 *    removed and the answer is 500, so the API's retry processes the delivery again and
 *    nothing is lost.
 */
import { flattenFieldErrors, validate } from '../contract/errors.js';
import { isKnownOrderStatus } from '../contract/orders.js';
import { deliveryDedupKey, secretsMatch, webhookDeliverySchema } from '../contract/webhooks.js';
import type { RelayContext } from './context.js';
import { jsonAnswer, RelayError } from './errors.js';
import { readJsonBody } from './request-body.js';
import { needsConfirmation, statusAtApi, UnconfirmedWebhookError } from './webhook-confirmation.js';
import { type RelayAnswer, type RelayRequest } from './relay-exchange.js';

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

/** The answer to a delivery whose mark is already taken: applied (a repeat) or being applied. */
function repeatAnswer(mark: string | undefined, context: RelayContext): RelayAnswer {
  if (mark === DONE) {
    context.options.observer.webhook('duplicate', context.requestId);
    return jsonAnswer(200, { received: true, duplicate: true });
  }
  throw new RelayError(409, 'in_processing', 'This delivery is being processed; deliver it again later.');
}

/** How often a refused delivery is told to onError at most, over all instances. */
export const WEBHOOK_REFUSAL_REPORT_MS = 10 * 60_000;
const REFUSAL_REPORTED_KEY = 'relay:webhook-refusal-reported';

/**
 * Deliveries the relay refused for its setup, not for what they said: a secret that does not
 * match `webhookSecret`, or no `webhookSecret` at all (the route is off). Payments then reach
 * buyers late, through reads of the API, and nothing else would show it. Told to onError at most
 * once every 10 minutes over all instances (a stranger posting wrong secrets writes no more).
 */
export class WebhookRefusedError extends Error {
  /** Stable, for alerting. */
  readonly type = 'webhook_refused';
  readonly reason: 'secret_mismatch' | 'no_secret';

  constructor(reason: WebhookRefusedError['reason']) {
    super(
      reason === 'no_secret'
        ? 'A webhook delivery came, and this relay was given no webhookSecret (PAY_CHECKOUT_WEBHOOK_SECRET): POST webhooks is off and answered 404.'
        : "A webhook delivery came with a secret that does not match the relay's webhookSecret (PAY_CHECKOUT_WEBHOOK_SECRET); it was answered 401. Check the webhook app's secret at the API.",
    );
    this.name = 'WebhookRefusedError';
    this.reason = reason;
  }
}

/** Tells onError of a refused delivery, unless one was told in the last 10 minutes; a store that fails tells nothing. */
export async function reportWebhookRefusal(context: RelayContext, reason: WebhookRefusedError['reason']): Promise<void> {
  const { store, onError } = context.options;
  try {
    if (await store.setIfAbsent(REFUSAL_REPORTED_KEY, reason, { ttlMs: WEBHOOK_REFUSAL_REPORT_MS })) onError(new WebhookRefusedError(reason));
  } catch {
    // The delivery is refused all the same.
  }
}

export async function handleWebhook(request: RelayRequest, context: RelayContext, webhookSecret: string): Promise<RelayAnswer> {
  const { options, orders } = context;
  const body = await readJsonBody(request, WEBHOOK_MAX_BODY_BYTES);
  // Checked before the body's shape, so a sender without the secret learns nothing about it.
  if (!secretsMatch(webhookSecret, secretOf(body))) {
    await reportWebhookRefusal(context, 'secret_mismatch');
    throw new RelayError(401, 'unauthorized', 'The webhook secret does not match.');
  }
  const result = validate(webhookDeliverySchema, body);
  if (!result.success) {
    throw new RelayError(400, 'invalid_request', 'The delivery is not an order event.', { fields: flattenFieldErrors(result.errors) });
  }
  const { event, data } = result.data;
  const status = data.status;
  if (!isKnownOrderStatus(status)) {
    throw new RelayError(400, 'invalid_request', 'The delivery\'s status is not an order status.', {
      fields: { 'data.status': ['Status de pedido desconhecido.'] },
    });
  }
  const mark = `relay:webhook-delivery:${deliveryDedupKey(result.data)}`;
  const earlier = await options.store.get(mark);
  if (earlier !== undefined) return repeatAnswer(earlier, context);
  if (needsConfirmation(status)) {
    const apiStatus = await statusAtApi(options.client, data.id);
    if (apiStatus !== status) {
      options.onError(new UnconfirmedWebhookError({ event, orderId: data.id, claimedStatus: status, apiStatus }));
      options.observer.webhook('unconfirmed', context.requestId);
      return jsonAnswer(200, { received: true, confirmed: false });
    }
  }
  if (!(await options.store.setIfAbsent(mark, PROCESSING, { ttlMs: WEBHOOK_PROCESSING_TTL_MS }))) {
    return repeatAnswer(await options.store.get(mark), context);
  }
  try {
    await orders.applyStatus(data.id, status);
    await options.onEvent?.({ event, data });
  } catch (error) {
    await options.store.delete(mark);
    throw error;
  }
  await options.store.set(mark, DONE, { ttlMs: WEBHOOK_DEDUP_TTL_MS });
  options.observer.webhook('applied', context.requestId);
  return jsonAnswer(200, { received: true });
}
