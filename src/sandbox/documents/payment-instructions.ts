/**
 * What the buyer of a `pix`, `pix_auto` or `boleto` charge gets to pay with (public-api.md,
 * "Charge (order) response": the `pix` and `boleto` blocks): a real BR Code with the amount, a
 * Pix Automático code, or a boleto with a valid digitable line and a PDF the sandbox serves.
 */
import type { PixAutoUserJourney } from '../../contract/charge-response.js';
import { createBoleto } from './boleto.js';
import { createPixAutomaticoCode, createPixCode, newEvpKey, newTxid } from './pix-code.js';
import { addCalendarDays, saoPauloDate, saoPauloSpacedDateTime } from '../world/sao-paulo-time.js';
import type { SandboxAccount, SandboxProduct } from '../world/state.js';

/** Seconds a Pix code lives when the charge gives no `pixExpiresIn` (the stand-in acquirer's default). */
export const ACQUIRER_DEFAULT_PIX_EXPIRES_IN = 3600;
/** Days to a boleto's due date when the charge gives no `dueDate`, within the product's `ticketExpiration`. */
export const DEFAULT_BOLETO_TERM_DAYS = 3;
/**
 * Bank code on sandbox boletos: `000` belongs to no bank, so a sandbox line typed into a real
 * banking app names no one and can move no money.
 */
export const SANDBOX_BOLETO_BANK_CODE = '000';

export interface PixInstructions {
  qrCode: string;
  expirationDate: string;
  user_journey: PixAutoUserJourney | null;
}

export interface BoletoInstructions {
  barcode: string;
  pdfUrl: string;
  dueDate: string;
}

/**
 * Seconds until the code expires: the requested `pixExpiresIn` (already checked against the
 * product), else the acquirer's default, kept within the product's maximum.
 */
function pixLifetimeSeconds(pixExpiresIn: number | undefined, product: SandboxProduct): number {
  return pixExpiresIn ?? Math.min(ACQUIRER_DEFAULT_PIX_EXPIRES_IN, product.pixExpiresInMax);
}

interface PixInput {
  orderId: string;
  amount: string;
  account: SandboxAccount;
  product: SandboxProduct;
  pixExpiresIn: number | undefined;
  nowMs: number;
  baseUrl: string;
}

function expirationDate(input: PixInput): string {
  return saoPauloSpacedDateTime(input.nowMs + pixLifetimeSeconds(input.pixExpiresIn, input.product) * 1000);
}

/** A `pix` charge: a static single-use BR Code with the amount. */
export function pixInstructions(input: PixInput): PixInstructions {
  const qrCode = createPixCode({
    key: newEvpKey(),
    amount: input.amount,
    merchantName: input.account.merchantName,
    merchantCity: input.account.merchantCity,
    txid: newTxid(),
  });
  return { qrCode, expirationDate: expirationDate(input), user_journey: null };
}

/**
 * A `pix_auto` charge: the code pays the first charge and offers the recurring authorization
 * (JORNADA_4, the payer pays, then authorizes), so the order's amount is in the code. The
 * recurrence location is `<sandbox host>/pix/rec/<order id>`, written without the scheme as the
 * Pix rules require.
 */
export function pixAutomaticoInstructions(input: PixInput): PixInstructions {
  const qrCode = createPixAutomaticoCode({
    recurrenceUrl: `${new URL(input.baseUrl).host}/pix/rec/${input.orderId}`,
    merchantName: input.account.merchantName,
    merchantCity: input.account.merchantCity,
    firstCharge: { key: newEvpKey(), amount: input.amount, txid: newTxid() },
  });
  return { qrCode, expirationDate: expirationDate(input), user_journey: 'JORNADA_4' };
}

/** Where the sandbox serves an order's boleto PDF. */
export function boletoPdfUrl(baseUrl: string, orderId: string): string {
  return `${baseUrl}/sandbox/boletos/${encodeURIComponent(orderId)}.pdf`;
}

/**
 * A boleto due on the requested day (already checked against the product), else in
 * `DEFAULT_BOLETO_TERM_DAYS` days or the product's `ticketExpiration` if that is shorter.
 */
export function boletoInstructions(input: {
  orderId: string;
  amount: string;
  product: SandboxProduct;
  dueDate: string | undefined;
  nowMs: number;
  baseUrl: string;
}): BoletoInstructions {
  const dueDate =
    input.dueDate ?? addCalendarDays(saoPauloDate(input.nowMs), Math.min(DEFAULT_BOLETO_TERM_DAYS, input.product.ticketExpiration));
  const slip = createBoleto({ bankCode: SANDBOX_BOLETO_BANK_CODE, amount: input.amount, dueDate });
  return { barcode: slip.digitableLine, pdfUrl: boletoPdfUrl(input.baseUrl, input.orderId), dueDate };
}
