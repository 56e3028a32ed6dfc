/**
 * A 3-D Secure provider's result without the schemas (supplement, "3-D Secure"): its rules,
 * read the way three-d-secure.ts's `threeDSecureResultSchema` reads it, and the charge's
 * `threeDSecure` block made from it (public-api.md, "POST /public_api/payments/").
 * three-d-secure.ts builds its schema on these and re-exports them; the browser uses them directly.
 */
import type * as z from 'zod/mini';
import type { threeDSecureSchema } from './charge-request.js';
import { isNonEmptyString, isPlainObject } from './json-values.js';

/** EMV 3DS 2.x `transStatus` values. */
export const THREE_DS_TRANS_STATUSES = ['Y', 'N', 'U', 'A', 'C', 'R', 'D', 'I'] as const;

/**
 * What a provider returns after authenticating the buyer. Written out here rather than inferred
 * from `threeDSecureResultSchema`, which three-d-secure.ts builds on this module: the schema is
 * declared to satisfy this type, and schema-free-checks.test.ts holds the two readings together.
 */
export interface ThreeDSecureResult {
  cavv: string;
  eci: string;
  xid: string;
  referenceId: string;
  version: string;
  trans_status?: (typeof THREE_DS_TRANS_STATUSES)[number] | undefined;
  threeDSServerTransID?: string | undefined;
}

/** The charge request's `threeDSecure` block, as the request schema takes it (`dataOnly` may be left out). */
export type ChargeThreeDSecure = z.input<typeof threeDSecureSchema>;

/** The ECI: two digits. */
export const ECI_PATTERN = /^\d{2}$/;
/** The protocol version: `2.2.0`, `2.1`. */
export const THREE_DS_VERSION_PATTERN = /^\d+(\.\d+){1,2}$/;

/**
 * A provider's result as the schema takes it, with only the fields it knows (others are
 * dropped); `undefined` when a field is missing or not in its form.
 */
export function readThreeDSecureResult(value: unknown): ThreeDSecureResult | undefined {
  if (!isPlainObject(value)) return undefined;
  const { cavv, eci, xid, referenceId, version, trans_status: transStatus, threeDSServerTransID } = value;
  const fits =
    isNonEmptyString(cavv) &&
    typeof eci === 'string' &&
    ECI_PATTERN.test(eci) &&
    isNonEmptyString(xid) &&
    isNonEmptyString(referenceId) &&
    typeof version === 'string' &&
    THREE_DS_VERSION_PATTERN.test(version) &&
    (transStatus === undefined || (THREE_DS_TRANS_STATUSES as readonly unknown[]).includes(transStatus)) &&
    (threeDSServerTransID === undefined || isNonEmptyString(threeDSServerTransID));
  if (!fits) return undefined;
  const result: ThreeDSecureResult = { cavv, eci, xid, referenceId, version };
  if (transStatus !== undefined) result.trans_status = transStatus as ThreeDSecureResult['trans_status'];
  if (threeDSServerTransID !== undefined) result.threeDSServerTransID = threeDSServerTransID;
  return result;
}

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
