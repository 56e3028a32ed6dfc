/**
 * The 201 answer of `POST /public_api/payments/` (public-api.md, "Charge (order) response").
 * One variant per payment method, chosen by `paymentMethod`: each variant says which method
 * block it carries, whether `checkoutUrl` is there, and which statuses it can start in.
 */
import * as z from 'zod/mini';
import { isPlainChargeResponse } from './charge-response-check.js';
import { acceptPlainly } from './errors.js';
import { apiDateTime, calendarDate, decimalString, httpUrl, nonEmptyString, parseApiDateTime } from './formats.js';
import { BANK_SETTLED_INITIAL_STATUSES, CARD_INITIAL_STATUSES } from './orders.js';
import { CHARGE_METHODS } from './payment-methods.js';

/**
 * A field a variant must not carry: missing or `null` is fine (neither carries a value),
 * anything else is an error with `message`.
 */
function absentField(message: string) {
  return z.optional(z.custom<null>((value) => value === null, message));
}

/** `pix.user_journey` of a `pix_auto` charge, set by the acquirer. */
export const PIX_AUTO_USER_JOURNEYS = ['JORNADA_1', 'JORNADA_2', 'JORNADA_3', 'JORNADA_4'] as const;
export type PixAutoUserJourney = (typeof PIX_AUTO_USER_JOURNEYS)[number];

const pixBlockFields = {
  qrCode: nonEmptyString,
  // Both the ISO and the space-separated form appear here (public-api.md, `pix` object).
  expirationDate: apiDateTime,
};

/** The `pix` block of a plain `pix` charge: no journey. */
export const pixBlockSchema = z.object({
  ...pixBlockFields,
  user_journey: absentField('Em pix, user_journey deve ser nulo; só pix_auto tem jornada.'),
});

/** The `pix` block of a `pix_auto` charge: the journey the acquirer chose. */
export const pixAutoBlockSchema = z.object({
  ...pixBlockFields,
  user_journey: z.enum(PIX_AUTO_USER_JOURNEYS),
});

/** Digits of a boleto's digitable line (linha digitável). */
export const DIGITABLE_LINE_LENGTH = 47;

/** The digits of a digitable line written with the usual dots and spaces (`23790.12345 …`). */
export function digitableLineDigits(text: string): string {
  return text.replace(/[.\s]/g, '');
}

const digitableLine = z.string().check(
  z.refine(
    (text) => /^[\d.\s]+$/.test(text) && digitableLineDigits(text).length === DIGITABLE_LINE_LENGTH,
    `Informe a linha digitável do boleto: ${DIGITABLE_LINE_LENGTH} dígitos, com ou sem pontos e espaços.`,
  ),
);

/** The `boleto` block: digitable line, PDF and due day. */
export const boletoBlockSchema = z.object({
  barcode: digitableLine,
  pdfUrl: httpUrl,
  dueDate: calendarDate,
});
export type BoletoBlock = z.infer<typeof boletoBlockSchema>;

const chargeResponseFields = {
  id: nonEmptyString,
  refId: z.string(),
  amount: decimalString,
  baseAmount: decimalString,
  discount: decimalString,
  fees: decimalString,
  externalId: nonEmptyString,
  createdAt: apiDateTime,
  product: z.object({ id: z.string(), short_id: z.string(), name: z.string() }),
  offer: z.object({ id: z.string(), name: z.string(), price: z.number() }),
};

const noPixBlock = absentField('O bloco pix só vem em cobranças pix e pix_auto.');
const noBoletoBlock = absentField('O bloco boleto só vem em cobranças boleto.');
const bankSettledStatus = z.enum(BANK_SETTLED_INITIAL_STATUSES);
const cardStatus = z.enum(CARD_INITIAL_STATUSES);

/** A `pix` charge: QR block without journey, hosted checkout, awaiting payment. */
export const pixChargeResponseSchema = z.object({
  ...chargeResponseFields,
  paymentMethod: z.literal('pix'),
  status: bankSettledStatus,
  checkoutUrl: httpUrl,
  pix: pixBlockSchema,
  boleto: noBoletoBlock,
});

/** A `pix_auto` charge: QR block with the acquirer's journey, hosted checkout, awaiting authorization. */
export const pixAutoChargeResponseSchema = z.object({
  ...chargeResponseFields,
  paymentMethod: z.literal('pix_auto'),
  status: bankSettledStatus,
  checkoutUrl: httpUrl,
  pix: pixAutoBlockSchema,
  boleto: noBoletoBlock,
});

/** A `boleto` charge: slip block, hosted checkout, awaiting payment. */
export const boletoChargeResponseSchema = z.object({
  ...chargeResponseFields,
  paymentMethod: z.literal('boleto'),
  status: bankSettledStatus,
  checkoutUrl: httpUrl,
  pix: noPixBlock,
  boleto: boletoBlockSchema,
});

/** The spec is silent on `checkoutUrl` for `credit_card`: it may come or not. */
export const creditCardChargeResponseSchema = z.object({
  ...chargeResponseFields,
  paymentMethod: z.literal('credit_card'),
  status: cardStatus,
  checkoutUrl: z.optional(httpUrl),
  pix: noPixBlock,
  boleto: noBoletoBlock,
});

/** `threeDs` answers without `checkoutUrl`, with an acquirer id that contains `3ds`. */
export const threeDsChargeResponseSchema = z.object({
  ...chargeResponseFields,
  paymentMethod: z.literal('threeDs'),
  status: cardStatus,
  // Case is not significant: the spec only says the service-prefixed value contains `3ds`.
  externalId: nonEmptyString.check(
    z.refine((text) => text.toLowerCase().includes('3ds'), 'Em threeDs, o externalId deve conter "3ds".'),
  ),
  checkoutUrl: absentField('A resposta de threeDs não traz checkoutUrl.'),
  pix: noPixBlock,
  boleto: noBoletoBlock,
});

/**
 * Any 201 charge response; `paymentMethod` picks the variant. Every charge the relay forwards is
 * checked against it, so the answers it takes as written are vouched for by a plain check first
 * (charge-response-check.ts), at a small part of the schema's cost.
 */
export const chargeResponseSchema = acceptPlainly(z.discriminatedUnion(
  'paymentMethod',
  [
    pixChargeResponseSchema,
    pixAutoChargeResponseSchema,
    boletoChargeResponseSchema,
    creditCardChargeResponseSchema,
    threeDsChargeResponseSchema,
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? `Informe uma forma de pagamento entre ${CHARGE_METHODS.join(', ')}.` : undefined,
  },
), (input) => (isPlainChargeResponse(input) ? { data: input } : undefined));
export type ChargeResponse = z.infer<typeof chargeResponseSchema>;

/**
 * When the Pix QR code of a `pix`/`pix_auto` response expires, as a `Date`;
 * `undefined` for methods without a `pix` block.
 */
export function pixExpiration(response: ChargeResponse): Date | undefined {
  const expirationDate = response.pix?.expirationDate;
  return expirationDate === undefined ? undefined : parseApiDateTime(expirationDate);
}
