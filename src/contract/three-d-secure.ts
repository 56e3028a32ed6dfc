/**
 * 3-D Secure authentication as the widget's provider sees it (supplement, "3-D Secure"):
 * what goes to the provider, what comes back, and the charge's `threeDSecure` block made
 * from it (public-api.md, "POST /public_api/payments/"). The browser reads the provider's
 * answers without zod (three-d-secure-results.ts); it sends the input unchecked, and the
 * provider answers a 400 naming the fields it refuses.
 */
import * as z from 'zod/mini';
import { addressSchema } from './charge-request.js';
import { currencySchema } from './currencies.js';
import { digits, nonEmptyString } from './formats.js';
import {
  chargeThreeDSecureFrom,
  ECI_PATTERN,
  THREE_DS_TRANS_STATUSES,
  THREE_DS_VERSION_PATTERN,
  type ChargeThreeDSecure,
  type ThreeDSecureResult,
} from './three-d-secure-results.js';

/** What the 3-D Secure service says of a buyer's e-mail it cannot read. */
export const THREE_DS_EMAIL_MESSAGE = 'Informe um e-mail válido.';

export { chargeThreeDSecureFrom, THREE_DS_TRANS_STATUSES };
export type { ChargeThreeDSecure, ThreeDSecureResult };

/**
 * The billing address the provider needs (required in practice): the charge's `address`
 * schema, so the widget can send one address to both.
 */
export const billingAddressSchema = addressSchema;
/** As the caller writes it: `country` may be left out (it defaults to BR). */
export type BillingAddress = z.input<typeof billingAddressSchema>;

/**
 * What the widget hands a 3DS provider. The amount is in cents, as providers take it; the
 * conversion from the offer's decimal string belongs to the money module.
 */
export const threeDSecureAuthenticationInputSchema = z.strictObject({
  cardToken: nonEmptyString,
  amountInCents: z.int().check(z.gte(0)),
  currency: currencySchema,
  customer: z.strictObject({
    name: nonEmptyString,
    email: z.email({ error: (issue) => (issue.code === 'invalid_format' ? THREE_DS_EMAIL_MESSAGE : undefined) }),
    // E.164 digits without the plus sign, as the charge's customer.phone.
    phone: digits,
  }),
  billingAddress: billingAddressSchema,
  signal: z.optional(z.custom<AbortSignal>((value) => value instanceof AbortSignal, 'Informe um AbortSignal.')),
});
/** As the widget writes it, before the schema fills in defaults. */
export type ThreeDSecureAuthenticationInput = z.input<typeof threeDSecureAuthenticationInputSchema>;

/** What a provider returns after authenticating the buyer. Extra provider fields are dropped. */
export const threeDSecureResultSchema = z.object({
  cavv: nonEmptyString,
  eci: z.string().check(z.regex(ECI_PATTERN, 'O eci deve ter dois dígitos.')),
  xid: nonEmptyString,
  referenceId: nonEmptyString,
  version: z.string().check(z.regex(THREE_DS_VERSION_PATTERN, 'Informe a versão do 3DS, como 2.2.0.')),
  trans_status: z.optional(z.enum(THREE_DS_TRANS_STATUSES)),
  threeDSServerTransID: z.optional(nonEmptyString),
}) satisfies z.ZodMiniType<ThreeDSecureResult>;
