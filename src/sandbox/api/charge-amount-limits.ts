/**
 * The largest charge each method can carry. The spec sets no maximum (public-api.md, Limits:
 * "Item quantity: minimum 1"), but every payment instrument writes the amount in a field of
 * fixed width: a Pix BR Code in 13 characters (EMV field 54), a boleto's barcode in 10 digits
 * of cents, a card authorization in 12 digits of minor units (ISO 8583 field 4). An amount
 * past its method's field is refused as the quantity's error, since the quantity is what made
 * it (docs/sandbox.md, "Choices where the spec is silent").
 */
import type { ChargeMethod } from '../../contract/payment-method-lists.js';
import { compareCents, parseCents } from '../../contract/money.js';
import { BOLETO_MAX_AMOUNT } from '../documents/boleto.js';
import { PIX_MAX_AMOUNT } from '../documents/pix-code.js';
import { fieldErrorResponse } from '../requests/responses.js';

/** ISO 8583 field 4: 12 digits of minor units. */
const CARD_MAX_AMOUNT = '9999999999.99';

export const MAX_CHARGE_AMOUNT: Readonly<Record<ChargeMethod, string>> = {
  pix: PIX_MAX_AMOUNT,
  pix_auto: PIX_MAX_AMOUNT,
  boleto: BOLETO_MAX_AMOUNT,
  credit_card: CARD_MAX_AMOUNT,
  threeDs: CARD_MAX_AMOUNT,
};

/** The 400 of a charge whose `amount` its method cannot carry; undefined when it fits. */
export function chargeAmountRefusal(method: ChargeMethod, amount: string): Response | undefined {
  const maximum = MAX_CHARGE_AMOUNT[method];
  if (compareCents(parseCents(amount), parseCents(maximum)) <= 0) return undefined;
  return fieldErrorResponse({
    items: [{ quantity: [`O valor da cobrança (${amount}) passa do máximo de ${maximum} que o método ${method} aceita. Reduza a quantidade.`] }],
  });
}
