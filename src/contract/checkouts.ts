/** The Checkout resource (public-api.md, "Checkout"; `GET /public_api/products/{product_pk}/checkouts/{id}/`). */
import * as z from 'zod/mini';
import { MAX_STRING_LENGTH } from './constants.js';
import { apiDateTime } from './formats.js';

/** Bounds of `visits`: the spec keeps it within the signed 32-bit range. */
export const VISITS_MIN = -2_147_483_648;
export const VISITS_MAX = 2_147_483_647;

/** Any value JSON can hold. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isJsonValue);
}

/** A checkout as the API answers it; unknown extra keys are stripped. */
export const checkoutSchema = z.object({
  id: z.int(),
  name: z.string().check(z.maxLength(MAX_STRING_LENGTH)),
  // The spec gives the linked offers as one string representation, not as a list.
  offers: z.string(),
  updatedAt: apiDateTime,
  createdAt: apiDateTime,
  // Free-form; any JSON value, `null` included, but it must be there.
  config: z.custom<JsonValue>(isJsonValue, 'Informe um valor JSON.'),
  default: z.boolean(),
  visits: z.int().check(z.gte(VISITS_MIN), z.lte(VISITS_MAX)),
});
export type Checkout = z.infer<typeof checkoutSchema>;
