/**
 * Card tokenization, `POST /public_api/card-tokens/` (supplement, "Card tokenization"): the
 * request the browser sends, the token it gets back, and the card checks made before
 * sending (Luhn, brand, lengths, expiry, CVV). The checks and the reading of the answer need
 * no schema: they live in card-rules.ts and card-tokenization.ts, re-exported here.
 */
import * as z from 'zod/mini';
import {
  CARD_BRANDS,
  CARD_NUMBER_MAX_LENGTH,
  CARD_NUMBER_MIN_LENGTH,
  cardNumberLengths,
  cvvLength,
  detectCardBrand,
  isCardExpired,
  isLuhnValid,
  type CardBrand,
} from './card-rules.js';
import { CARD_TOKEN_CLIENT_ID_HEADER } from './card-tokenization.js';
import { nonEmptyString } from './formats.js';

export {
  CARD_BRANDS,
  CARD_NUMBER_MAX_LENGTH,
  CARD_NUMBER_MIN_LENGTH,
  CARD_TOKEN_CLIENT_ID_HEADER,
  cardNumberLengths,
  cvvLength,
  detectCardBrand,
  isCardExpired,
  isLuhnValid,
  type CardBrand,
};

const EXP_MONTH_PATTERN = /^(0[1-9]|1[0-2])$/;
const EXP_YEAR_PATTERN = /^\d{4}$/;

const cardNumber = z.string().check(
  z.regex(/^\d*$/, 'Informe apenas dígitos.'),
  z.minLength(CARD_NUMBER_MIN_LENGTH),
  z.maxLength(CARD_NUMBER_MAX_LENGTH),
  // Only judged once the text is digits, so a typo gives one message, not two.
  z.refine((text) => !/^\d+$/.test(text) || isLuhnValid(text), 'Número de cartão inválido.'),
);

/**
 * The request schema, with the clock it judges expiry by. `cardTokenRequestSchema` uses the
 * real clock; tests and the sandbox pass their own.
 */
export function createCardTokenRequestSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      holderName: z.string().check(z.refine((text) => text.trim() !== '', 'Informe o nome impresso no cartão.')),
      number: cardNumber,
      expMonth: z.string().check(z.regex(EXP_MONTH_PATTERN, 'Informe o mês com dois dígitos, de 01 a 12.')),
      expYear: z.string().check(z.regex(EXP_YEAR_PATTERN, 'Informe o ano com quatro dígitos.')),
      cvv: z.string().check(z.regex(/^\d{3,4}$/, 'Informe o código de segurança com 3 ou 4 dígitos.')),
    })
    .check(
      z.superRefine((card, ctx) => {
        // Brand rules apply only to a number that already passed its own checks.
        const brand = isLuhnValid(card.number) ? detectCardBrand(card.number) : undefined;
        if (brand !== undefined && !cardNumberLengths(brand).includes(card.number.length)) {
          ctx.issues.push({
            code: 'custom',
            message: 'Quantidade de dígitos inválida para a bandeira do cartão.',
            path: ['number'],
            input: card.number,
          });
        }
        if (brand !== undefined && /^\d+$/.test(card.cvv) && card.cvv.length !== cvvLength(brand)) {
          ctx.issues.push({
            code: 'custom',
            message: `O código de segurança deste cartão tem ${cvvLength(brand)} dígitos.`,
            path: ['cvv'],
            input: card.cvv,
          });
        }
        const today = now();
        const expiryReadable = EXP_MONTH_PATTERN.test(card.expMonth) && EXP_YEAR_PATTERN.test(card.expYear);
        if (expiryReadable && isCardExpired(card.expMonth, card.expYear, today)) {
          // A past year is the year's fault; in the current year, the month's.
          const yearPassed = Number(card.expYear) < today.getFullYear();
          ctx.issues.push({
            code: 'custom',
            message: 'Cartão vencido.',
            path: [yearPassed ? 'expYear' : 'expMonth'],
            input: yearPassed ? card.expYear : card.expMonth,
          });
        }
      }),
    );
}

/** The body of `POST /public_api/card-tokens/`: the card as the buyer typed it, digits only. */
export const cardTokenRequestSchema = createCardTokenRequestSchema();
export type CardTokenRequest = z.infer<typeof cardTokenRequestSchema>;

/** The answer: `{token}`, or `{cardToken}` in some versions of the service. */
export const cardTokenResponseSchema = z
  .object({ token: z.optional(nonEmptyString), cardToken: z.optional(nonEmptyString) })
  .check(
    z.refine((body) => body.token !== undefined || body.cardToken !== undefined, {
      message: 'A resposta não traz o token do cartão.',
      path: ['token'],
    }),
  );
export type CardTokenResponse = z.infer<typeof cardTokenResponseSchema>;

/** The card token of a validated response, whichever name it came under (`token` wins). */
export function cardTokenFromResponse(response: CardTokenResponse): string {
  const token = response.token ?? response.cardToken;
  if (token === undefined) throw new Error('A resposta não traz o token do cartão.');
  return token;
}

/** What the sandbox does with a test card's charge. */
export type TestCardOutcome =
  | 'approved_frictionless'
  | 'approved_after_challenge'
  | 'declined'
  | 'refused'
  | 'pending_then_paid';

/** A sandbox test card. */
export interface TestCard {
  readonly number: string;
  readonly brand: CardBrand;
  readonly outcome: TestCardOutcome;
  /** The code to type in the sandbox's 3DS challenge, for cards that get one. */
  readonly challengeCode?: string;
}

/** The sandbox's test cards and what each leads to. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', brand: 'visa', outcome: 'approved_frictionless' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'approved_after_challenge', challengeCode: '1234' },
  { number: '4000000000000002', brand: 'visa', outcome: 'declined' },
  { number: '4000000000000119', brand: 'visa', outcome: 'refused' },
  { number: '4000000000003220', brand: 'visa', outcome: 'pending_then_paid' },
  { number: '6362970000457013', brand: 'elo', outcome: 'approved_frictionless' },
  { number: '6062825624254001', brand: 'hipercard', outcome: 'approved_frictionless' },
];
