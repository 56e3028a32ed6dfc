/**
 * What the widget sends to `POST charges`: the API's charge request (public-api.md,
 * "POST /public_api/payments/") without `customer.ip`, which the relay sets from the buyer's
 * address. Everything else is the contract's schema unchanged: unknown fields refused and
 * named, the camelCase anti-fraud field refused with its own message, the method rules.
 */
import * as z from 'zod/mini';
import { chargeRequestSchema } from '../contract/charge-request.js';

/** The widget's header carrying the payment attempt's key; the relay sends it on as `X-Idempotency-Key`. */
export const WIDGET_IDEMPOTENCY_HEADER = 'Idempotency-Key';

function customerOf(value: unknown): Record<string, unknown> | undefined {
  const customer = (value as { customer?: unknown } | null)?.customer;
  return typeof customer === 'object' && customer !== null && !Array.isArray(customer) ? (customer as Record<string, unknown>) : undefined;
}

/**
 * The charge request as the widget may write it. The contract's customer schema carries
 * refinements, which zod cannot `omit` a key from, so `customer.ip` is refused by one more
 * rule instead; it runs even when other fields fail, so every problem comes back at once.
 */
export const widgetChargeRequestSchema = chargeRequestSchema.check(
  z.superRefine(
    (request, ctx) => {
      const customer = customerOf(request);
      if (customer && 'ip' in customer) {
        ctx.issues.push({
          code: 'custom',
          message: 'Campo definido pelo servidor a partir do IP do comprador; não o envie.',
          path: ['customer', 'ip'],
          input: customer['ip'],
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  ),
);
export type WidgetChargeRequest = z.output<typeof widgetChargeRequestSchema>;
