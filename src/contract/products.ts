/**
 * The Product resource (public-api.md, "Product"), its list (supplement.md, "Lists, orders,
 * products") and the rules of `POST /public_api/products/{id}/duplicate/` that can be seen
 * on the returned product.
 */
import * as z from 'zod/mini';
import { DUPLICATE_PRODUCT_NAME_SUFFIX, MAX_STRING_LENGTH, MAX_URL_LENGTH } from './constants.js';
import { currencySchema } from './currencies.js';
import { httpUrl, nonEmptyString } from './formats.js';
import { listEnvelope } from './lists.js';

export const PRODUCT_STATUSES = ['active', 'waiting_config', 'blocked', 'deleted'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** `unique` is a single payment, `subscription` a recurring one. Offers use the same two types. */
export const PRODUCT_TYPES = ['unique', 'subscription'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** A product as the API answers it; unknown extra keys are stripped. */
export const productSchema = z.object({
  id: nonEmptyString.check(z.maxLength(MAX_STRING_LENGTH)),
  name: z.string().check(z.maxLength(MAX_STRING_LENGTH)),
  image: httpUrl,
  description: z.string(),
  price: z.number().check(z.gte(0)),
  currency: currencySchema,
  type: z.enum(PRODUCT_TYPES),
  contentDeliveries: z.array(z.string()),
  emailAccessLink: z.nullable(z.string().check(z.maxLength(MAX_URL_LENGTH))),
  salesPage: z.string().check(z.maxLength(MAX_URL_LENGTH)),
  status: z.enum(PRODUCT_STATUSES),
  paymentMethods: z.array(z.string()),
  category: z.object({ id: z.string(), name: z.string() }),
});
export type Product = z.infer<typeof productSchema>;

/** `GET /public_api/products/`: the same list envelope as offers. */
export const productListSchema = listEnvelope(productSchema);
export type ProductList = z.infer<typeof productListSchema>;

/**
 * The name a duplicated product receives: the original's with ` - Cópia` appended
 * (public-api.md, duplicate rules). The spec does not say what happens when that passes
 * the 255-character limit of `name`; the original part is shortened so the copy stays a
 * valid product and keeps the whole suffix (never splitting a surrogate pair).
 */
export function duplicatedProductName(name: string): string {
  const room = MAX_STRING_LENGTH - DUPLICATE_PRODUCT_NAME_SUFFIX.length;
  let base = name.length > room ? name.slice(0, room) : name;
  if (base.length < name.length && /[\uD800-\uDBFF]$/.test(base)) base = base.slice(0, -1);
  return `${base}${DUPLICATE_PRODUCT_NAME_SUFFIX}`;
}

/**
 * A product that must be the duplicate of `original`: a valid product whose `id` is new,
 * whose `name` is the original's with the suffix and whose `status` is the original's.
 * The other duplicate rules (new ids of relations, metrics from zero) are not visible on
 * the product resource. Use with `validate()` to get the broken rules by field.
 */
export function productDuplicateSchema(original: Product) {
  return productSchema.check(
    z.superRefine((copy, ctx) => {
      if (copy.id === original.id) {
        ctx.issues.push({ code: 'custom', message: 'A cópia deve receber um novo id.', path: ['id'], input: copy.id });
      }
      const expectedName = duplicatedProductName(original.name);
      if (copy.name !== expectedName) {
        ctx.issues.push({ code: 'custom', message: `O nome da cópia deve ser "${expectedName}".`, path: ['name'], input: copy.name });
      }
      if (copy.status !== original.status) {
        ctx.issues.push({
          code: 'custom',
          message: `A cópia deve herdar o status "${original.status}".`,
          path: ['status'],
          input: copy.status,
        });
      }
    }),
  );
}

/** True when `copy` follows the duplicate rules visible on a product (see `productDuplicateSchema`). */
export function isDuplicateOf(copy: unknown, original: Product): boolean {
  return productDuplicateSchema(original).safeParse(copy).success;
}

/**
 * Per-product limits the charge rules refer to (public-api.md, `pixExpiresIn` and boleto
 * `dueDate`; Errors rows for both). The API has no documented way to read them, so this
 * type exists for the sandbox, which configures them per product and answers the
 * corresponding 400s.
 */
export interface ProductLimits {
  /** Largest `pixExpiresIn` a charge may ask for, in seconds (never below the 60-second minimum). */
  pixExpiresIn: number;
  /** `ticketExpiration`: how many days ahead of today a boleto `dueDate` may be. */
  ticketExpiration: number;
}
