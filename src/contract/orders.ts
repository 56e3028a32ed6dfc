/**
 * Order statuses and the order record (public-api.md, "States and transitions"; supplement,
 * "Lists, orders, products"). The statuses and their checks are in charge-statuses.ts,
 * re-exported here.
 */
import * as z from 'zod/mini';
import {
  CHARGE_STATUSES,
  FINAL_CHARGE_STATUSES,
  isFinalChargeStatus,
  isWaitingChargeStatus,
  WAITING_CHARGE_STATUSES,
  type ChargeStatus,
} from './charge-statuses.js';
import { apiDateTime, calendarDate, decimalString, nonEmptyString } from './formats.js';
import { BANK_SETTLED_METHODS, CARD_METHODS, type ChargeMethod } from './payment-methods.js';

export { CHARGE_STATUSES, FINAL_CHARGE_STATUSES, isFinalChargeStatus, isWaitingChargeStatus, WAITING_CHARGE_STATUSES, type ChargeStatus };

export const chargeStatusSchema = z.enum(CHARGE_STATUSES);

/** The one status a `pix`, `pix_auto` or `boleto` charge starts in. */
export const BANK_SETTLED_INITIAL_STATUSES = ['waiting_payment'] as const satisfies readonly ChargeStatus[];
/**
 * The outcomes a card charge starts in, chosen by the acquirer. The spec lists them for
 * `threeDs`; `credit_card` takes the same set, since it is the same authorize-and-capture call.
 */
export const CARD_INITIAL_STATUSES = ['paid', 'declined', 'refused', 'pending'] as const satisfies readonly ChargeStatus[];

/** One row of the spec's transition table. */
export interface ChargeTransition {
  /** `null`: the order does not exist yet (the row creates it). */
  readonly from: ChargeStatus | null;
  readonly methods: readonly ChargeMethod[];
  readonly trigger: 'charge_created' | 'authorization_confirmed';
  /** Statuses the row can lead to; `null` where the spec does not show the resulting status. */
  readonly to: readonly ChargeStatus[] | null;
  /** Webhook event the row sends, where the spec names one. */
  readonly event?: 'purchase_approved';
}

/** public-api.md, "States and transitions", as data. */
export const CHARGE_TRANSITIONS: readonly ChargeTransition[] = [
  { from: null, methods: BANK_SETTLED_METHODS, trigger: 'charge_created', to: BANK_SETTLED_INITIAL_STATUSES },
  { from: null, methods: CARD_METHODS, trigger: 'charge_created', to: CARD_INITIAL_STATUSES },
  { from: 'waiting_payment', methods: ['pix_auto'], trigger: 'authorization_confirmed', to: null, event: 'purchase_approved' },
];

/** The statuses a new charge of `method` can be answered with (the creation rows of the table). */
export function initialStatuses(method: ChargeMethod): readonly ChargeStatus[] {
  const row = CHARGE_TRANSITIONS.find((transition) => transition.from === null && transition.methods.includes(method));
  return row?.to ?? [];
}

/**
 * Statuses an order can have later in its life. The spec shows none of them; these names are
 * a project choice matching the record's `refundedAt`, `chargedbackAt` and `canceledAt`
 * fields and the `refund` and `chargeback` events. Order records keep any status string.
 */
export const KNOWN_ORDER_STATUSES = [...CHARGE_STATUSES, 'refunded', 'chargeback', 'canceled'] as const;
export type KnownOrderStatus = (typeof KNOWN_ORDER_STATUSES)[number];

/** True for a charge status or one of the later statuses above. */
export function isKnownOrderStatus(status: string): status is KnownOrderStatus {
  return (KNOWN_ORDER_STATUSES as readonly string[]).includes(status);
}

/** A date-time the order may not have reached yet (`paidAt` of an unpaid order). */
const optionalMoment = z.optional(z.nullable(apiDateTime));

/**
 * The order record of `GET /public_api/orders/{id}/` (supplement). Only `id` and `status` are
 * required: the record's field types are not published, and the relay reads it as a fallback
 * for the status. Unlisted fields are kept for whoever reads the order.
 */
export const orderRecordSchema = z.looseObject({
  id: nonEmptyString,
  refId: z.optional(z.string()),
  status: nonEmptyString,
  paymentMethod: z.optional(z.string()),
  amount: z.optional(decimalString),
  baseAmount: z.optional(decimalString),
  discount: z.optional(decimalString),
  installments: z.optional(z.nullable(z.int().check(z.gte(1)))),
  product: z.optional(
    z.looseObject({ id: z.optional(z.string()), short_id: z.optional(z.string()), name: z.optional(z.string()) }),
  ),
  createdAt: z.optional(apiDateTime),
  paidAt: optionalMoment,
  // Settlement day: a calendar date or a date-time, the record's form is not published.
  releaseDate: z.optional(
    z.nullable(z.union([calendarDate, apiDateTime], { error: 'Informe uma data AAAA-MM-DD ou uma data e hora com fuso.' })),
  ),
  refundedAt: optionalMoment,
  chargedbackAt: optionalMoment,
  canceledAt: optionalMoment,
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;
