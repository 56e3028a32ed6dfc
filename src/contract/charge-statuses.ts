/**
 * The statuses a charge can carry (public-api.md, "States and transitions") and where the
 * widget stops or keeps following an order, as plain lists and checks: orders.ts builds its
 * schemas on them and re-exports them; the browser uses them directly.
 */

/** The statuses a charge response can carry, in the order of the spec's status table. */
export const CHARGE_STATUSES = ['waiting_payment', 'paid', 'declined', 'refused', 'pending'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** Where the widget stops following the order: the card outcome is settled. */
export const FINAL_CHARGE_STATUSES = ['paid', 'declined', 'refused'] as const satisfies readonly ChargeStatus[];
/** Where the widget keeps following the order: a QR or slip awaits payment, or a 3DS challenge is in progress. */
export const WAITING_CHARGE_STATUSES = ['waiting_payment', 'pending'] as const satisfies readonly ChargeStatus[];

/** True for `paid`, `declined` and `refused`. */
export function isFinalChargeStatus(status: string): status is (typeof FINAL_CHARGE_STATUSES)[number] {
  return (FINAL_CHARGE_STATUSES as readonly string[]).includes(status);
}

/** True for `waiting_payment` and `pending`. */
export function isWaitingChargeStatus(status: string): status is (typeof WAITING_CHARGE_STATUSES)[number] {
  return (WAITING_CHARGE_STATUSES as readonly string[]).includes(status);
}
