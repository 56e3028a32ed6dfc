/**
 * What the widget sends to `POST charges`: the API's charge request (public-api.md,
 * "POST /public_api/payments/") without `customer.ip`, which the relay sets from the buyer's
 * address. Everything else is the contract's schema unchanged: unknown fields refused and
 * named, the camelCase anti-fraud field refused with its own message, the method rules.
 *
 * Two rules are the relay's own, because it stands in front of a shop: the API takes any
 * quantity from 1 up and any non-empty name, but a quantity of millions in a checkout is an
 * attack or a typo (bounded by `maxItemQuantity`), and a name without a single letter is no
 * buyer's name.
 */
import * as z from 'zod/mini';
import { chargeRequestSchema } from '../contract/charge-request.js';
import { acceptPlainly } from '../contract/errors.js';
import { LETTER, plainWidgetChargeRequest } from './widget-request-check.js';

/** The widget's header carrying the payment attempt's key; the relay sends it on as `X-Idempotency-Key`. */
export const WIDGET_IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Units of the offer one charge may buy, unless the merchant sets `maxItemQuantity`. */
export const DEFAULT_MAX_ITEM_QUANTITY = 10;

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

type Issues = z.core.$ZodRawIssue[];

function reportCustomer(customer: Record<string, unknown> | undefined, issues: Issues): void {
  if (!customer) return;
  if ('ip' in customer) {
    issues.push({
      code: 'custom',
      message: 'Campo definido pelo servidor a partir do IP do comprador; não o envie.',
      path: ['customer', 'ip'],
      input: customer['ip'],
    });
  }
  const name = customer['name'];
  // An empty name already has the contract's error.
  if (typeof name === 'string' && name !== '' && !LETTER.test(name)) {
    issues.push({ code: 'custom', message: 'Informe o nome do comprador, com letras.', path: ['customer', 'name'], input: name });
  }
}

function reportQuantities(items: unknown, maxItemQuantity: number, issues: Issues): void {
  if (!Array.isArray(items)) return;
  items.forEach((item: unknown, index) => {
    const quantity = objectOf(item)?.['quantity'];
    // A quantity that is not a whole number of at least 1 already has the contract's error.
    if (typeof quantity === 'number' && Number.isInteger(quantity) && quantity > maxItemQuantity) {
      issues.push({ code: 'custom', message: `A quantidade máxima por compra é ${maxItemQuantity}.`, path: ['items', index, 'quantity'], input: quantity });
    }
  });
}

/**
 * The charge request as the widget may write it, with at most `maxItemQuantity` units. The
 * contract's customer schema carries refinements, which zod cannot `omit` a key from, so
 * `customer.ip` is refused by one more rule instead; the relay's rules run even when other
 * fields fail, so every problem comes back at once. Every charge is checked against it, so the
 * requests a checkout sends are vouched for by a plain check first (widget-request-check.ts),
 * at a small part of the schema's cost.
 */
function widgetSchema(maxItemQuantity: number) {
  const schema = chargeRequestSchema.check(
    z.superRefine(
      (request, ctx) => {
        const fields = objectOf(request);
        reportCustomer(objectOf(fields?.['customer']), ctx.issues);
        reportQuantities(fields?.['items'], maxItemQuantity, ctx.issues);
      },
      { when: (payload) => objectOf(payload.value) !== undefined },
    ),
  );
  return acceptPlainly(schema, (input) => {
    const data = plainWidgetChargeRequest(input, maxItemQuantity);
    return data && { data };
  });
}

export const widgetChargeRequestSchema = widgetSchema(DEFAULT_MAX_ITEM_QUANTITY);
export type WidgetChargeRequest = z.output<typeof widgetChargeRequestSchema>;

const schemasByBound = new Map<number, typeof widgetChargeRequestSchema>([[DEFAULT_MAX_ITEM_QUANTITY, widgetChargeRequestSchema]]);

/** The widget's charge schema with `maxItemQuantity` as the quantity bound (one schema per bound, made once). */
export function widgetChargeRequestSchemaFor(maxItemQuantity: number): typeof widgetChargeRequestSchema {
  let schema = schemasByBound.get(maxItemQuantity);
  if (schema === undefined) {
    schema = widgetSchema(maxItemQuantity);
    schemasByBound.set(maxItemQuantity, schema);
  }
  return schema;
}
