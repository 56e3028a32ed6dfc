/**
 * 3-D Secure authentication as the widget's provider sees it (supplement, "3-D Secure"):
 * what goes to the provider, what comes back, and the charge's `threeDSecure` block made
 * from it (public-api.md, "POST /public_api/payments/").
 */
import * as z from 'zod/mini';
import { addressSchema, threeDSecureSchema } from './charge-request.js';
import { currencySchema } from './currencies.js';
import { digits, nonEmptyString } from './formats.js';

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
    email: z.email({ error: (issue) => (issue.code === 'invalid_format' ? 'Informe um e-mail válido.' : undefined) }),
    // E.164 digits without the plus sign, as the charge's customer.phone.
    phone: digits,
  }),
  billingAddress: billingAddressSchema,
  signal: z.optional(z.custom<AbortSignal>((value) => value instanceof AbortSignal, 'Informe um AbortSignal.')),
});
/** As the widget writes it, before the schema fills in defaults. */
export type ThreeDSecureAuthenticationInput = z.input<typeof threeDSecureAuthenticationInputSchema>;

/** EMV 3DS 2.x `transStatus` values. */
export const THREE_DS_TRANS_STATUSES = ['Y', 'N', 'U', 'A', 'C', 'R', 'D', 'I'] as const;

/** What a provider returns after authenticating the buyer. Extra provider fields are dropped. */
export const threeDSecureResultSchema = z.object({
  cavv: nonEmptyString,
  eci: z.string().check(z.regex(/^\d{2}$/, 'O eci deve ter dois dígitos.')),
  xid: nonEmptyString,
  referenceId: nonEmptyString,
  version: z.string().check(z.regex(/^\d+(\.\d+){1,2}$/, 'Informe a versão do 3DS, como 2.2.0.')),
  trans_status: z.optional(z.enum(THREE_DS_TRANS_STATUSES)),
  threeDSServerTransID: z.optional(nonEmptyString),
});
export type ThreeDSecureResult = z.infer<typeof threeDSecureResultSchema>;

/** The charge request's `threeDSecure` block, as the request schema takes it (`dataOnly` may be left out). */
export type ChargeThreeDSecure = z.input<typeof threeDSecureSchema>;

/**
 * The `threeDSecure` block for the charge from a provider's result. `trans_status` and the
 * server transaction id have no place in the charge and stay out; `dataOnly` is sent only
 * when asked for (the API's default is false).
 */
export function chargeThreeDSecureFrom(result: ThreeDSecureResult, options: { dataOnly?: boolean } = {}): ChargeThreeDSecure {
  const block: ChargeThreeDSecure = {
    cavv: result.cavv,
    eci: result.eci,
    xid: result.xid,
    referenceId: result.referenceId,
    version: result.version,
  };
  if (options.dataOnly !== undefined) block.dataOnly = options.dataOnly;
  return block;
}
