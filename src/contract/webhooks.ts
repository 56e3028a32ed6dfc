/**
 * Webhook events, deliveries and the webhook app resource (public-api.md, "Events";
 * supplement, "Webhook deliveries").
 */
import * as z from 'zod/mini';
import { apiDateTime, decimalString, httpUrl, nonEmptyString } from './formats.js';

/**
 * The events of the spec's table with a fixed name: 14 of its 15 rows. The fifteenth,
 * `openfinance_<bank>_gerado`, is a family of names (the bank replaced by a word), matched by
 * `OPEN_FINANCE_EVENT_PATTERN`.
 */
export const FIXED_WEBHOOK_EVENTS = [
  'boleto_gerado',
  'chargeback',
  'checkout_abandonment',
  'picpay_gerado',
  'pix_gerado',
  'purchase_approved',
  'purchase_refused',
  'refund',
  'subscription_canceled',
  'subscription_created',
  'subscription_paused',
  'subscription_renewal_refused',
  'subscription_renewed',
  'subscription_resumed',
] as const;
export type FixedWebhookEvent = (typeof FIXED_WEBHOOK_EVENTS)[number];

/** An open-finance event name: `openfinance_<word>_gerado`, the word as in `OPEN_FINANCE_METHOD_PATTERN`. */
export const OPEN_FINANCE_EVENT_PATTERN = /^openfinance_[a-z0-9]+_gerado$/;

export type WebhookEventName = FixedWebhookEvent | `openfinance_${string}_gerado`;

/** True for a fixed event name or an `openfinance_<word>_gerado`. */
export function isWebhookEventName(text: string): text is WebhookEventName {
  return (FIXED_WEBHOOK_EVENTS as readonly string[]).includes(text) || OPEN_FINANCE_EVENT_PATTERN.test(text);
}

/** A real event name: one of the fixed names or an `openfinance_<word>_gerado`. */
export const webhookEventNameSchema = z.custom<WebhookEventName>(
  (value) => typeof value === 'string' && isWebhookEventName(value),
  'Evento de webhook desconhecido.',
);

const optionalMoment = z.optional(z.nullable(apiDateTime));

// Everything below `id` and `status` is optional: the documentation lists these fields
// "among others" without saying which every event carries.
/** `data` of an order event (supplement, "Webhook deliveries"). Unlisted fields are kept. */
export const orderEventDataSchema = z.looseObject({
  id: nonEmptyString,
  status: nonEmptyString,
  refId: z.optional(z.string()),
  paymentMethod: z.optional(z.string()),
  amount: z.optional(decimalString),
  baseAmount: z.optional(decimalString),
  discount: z.optional(decimalString),
  fees: z.optional(decimalString),
  installments: z.optional(z.nullable(z.int().check(z.gte(1)))),
  customer: z.optional(
    z.looseObject({
      name: z.optional(z.string()),
      email: z.optional(z.string()),
      phone: z.optional(z.string()),
      birthDate: z.optional(z.nullable(z.string())),
    }),
  ),
  offer: z.optional(
    z.looseObject({ id: z.optional(z.string()), name: z.optional(z.string()), price: z.optional(z.number()) }),
  ),
  offer_type: z.optional(z.string()),
  product: z.optional(
    z.looseObject({ id: z.optional(z.string()), short_id: z.optional(z.string()), name: z.optional(z.string()) }),
  ),
  checkoutUrl: z.optional(z.nullable(httpUrl)),
  paidAt: optionalMoment,
  createdAt: z.optional(apiDateTime),
  pix: z.optional(
    z.nullable(z.looseObject({ qrCode: z.optional(z.string()), expirationDate: z.optional(apiDateTime) })),
  ),
  boleto: z.optional(z.nullable(z.looseObject({}))),
  card: z.optional(
    z.nullable(
      z.looseObject({
        brand: z.optional(z.string()),
        holderName: z.optional(z.string()),
        lastDigits: z.optional(z.string().check(z.regex(/^\d{1,4}$/, 'Informe os últimos dígitos do cartão (até 4).'))),
      }),
    ),
  ),
});
export type OrderEventData = z.infer<typeof orderEventDataSchema>;

/**
 * The body of a delivery: `POST` with `{secret, event, data}` and no signature header.
 * `data` is read as an order, the only payload the documentation describes.
 */
export const webhookDeliverySchema = z.object({
  secret: nonEmptyString,
  event: webhookEventNameSchema,
  data: orderEventDataSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * The key a receiver de-duplicates deliveries on: event + order id + status (deliveries are
 * retried and can repeat). Event names and statuses hold no `:`, so the key is unambiguous
 * even when an order id does.
 */
export function deliveryDedupKey(delivery: WebhookDelivery): string {
  return `${delivery.event}:${delivery.data.id}:${delivery.data.status}`;
}

/**
 * Compares the webhook secret in time that does not depend on where the texts differ, so a
 * sender cannot guess the secret one character at a time from response times.
 *
 * Written by hand because it must run in Node and in the browser: `node:crypto`'s
 * `timingSafeEqual` is Node-only (and throws on different lengths), and Web Crypto has no
 * comparison. Every position up to the longer length is XORed into one accumulator, with no
 * early exit; only the longer length shows in the timing. An empty expected secret never
 * matches, so a relay without a configured secret accepts nothing.
 */
export function secretsMatch(expected: string, given: string): boolean {
  const length = Math.max(expected.length, given.length);
  let difference = expected.length ^ given.length;
  for (let index = 0; index < length; index += 1) {
    const expectedCode = index < expected.length ? expected.charCodeAt(index) : 0;
    const givenCode = index < given.length ? given.charCodeAt(index) : 0;
    difference |= expectedCode ^ givenCode;
  }
  return difference === 0 && expected.length > 0;
}

/** A webhook app (`/public_api/webhook/{id}/`, supplement). */
export const webhookAppSchema = z.object({
  id: z.int(),
  name: z.string(),
  url: httpUrl,
  // The status values are not published.
  status: z.string(),
  /** Ids of the products whose events the app receives. */
  products: z.array(z.string()),
  events: z.array(webhookEventNameSchema),
  fields: z.looseObject({ secret: nonEmptyString }),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
});
export type WebhookApp = z.infer<typeof webhookAppSchema>;
