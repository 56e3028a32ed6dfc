/**
 * Card tokenization, `POST /public_api/card-tokens/` (supplement, "Card tokenization"): the
 * request the browser sends, the token it gets back, and the card checks made before
 * sending (Luhn, brand, lengths, expiry, CVV).
 */
import * as z from 'zod/mini';
import { nonEmptyString } from './formats.js';

/** The header carrying the public client id of the tokenization key. */
export const CARD_TOKEN_CLIENT_ID_HEADER = 'X-client-id';

/** The brands `detectCardBrand` tells apart. */
export const CARD_BRANDS = ['elo', 'hipercard', 'amex', 'diners', 'discover', 'mastercard', 'visa'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** An inclusive range of card number prefixes of one length: `['506699', '506778']`. */
type PrefixRange = readonly [from: string, to: string];

const single = (prefix: string): PrefixRange => [prefix, prefix];

/**
 * Prefix ranges per brand, in the order they are tried. Elo and Hipercard come first: their
 * ranges sit inside Visa's `4`, Discover's `65` and Diners' `38`.
 */
const BRAND_PREFIXES: readonly (readonly [CardBrand, readonly PrefixRange[]])[] = [
  [
    'elo',
    [
      ...['636368', '636297', '504175', '438935', '451416', '636369', '5067', '4576', '4011'].map(single),
      ['506699', '506778'],
      ['509000', '509999'],
      ['650031', '650033'],
      ['650035', '650051'],
      ['650405', '650439'],
      ['650485', '650538'],
      ['650541', '650598'],
      ['650700', '650718'],
      ['650720', '650727'],
      ['650901', '650920'],
      ['651652', '651679'],
      ['655000', '655019'],
      ['655021', '655058'],
    ],
  ],
  ['hipercard', [single('606282'), single('3841')]],
  ['amex', [single('34'), single('37')]],
  ['diners', [['300', '305'], single('36'), single('38'), single('39')]],
  ['discover', [single('6011'), single('65')]],
  ['mastercard', [['51', '55'], ['2221', '2720']]],
  ['visa', [single('4')]],
];

function startsInRange(number: string, [from, to]: PrefixRange): boolean {
  if (number.length < from.length) return false;
  const prefix = Number(number.slice(0, from.length));
  return prefix >= Number(from) && prefix <= Number(to);
}

/** The brand of a card number (or of its first digits, while the buyer types); `undefined` when unknown. */
export function detectCardBrand(digits: string): CardBrand | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  return BRAND_PREFIXES.find(([, ranges]) => ranges.some((range) => startsInRange(digits, range)))?.[0];
}

const NUMBER_LENGTHS: Record<CardBrand, readonly number[]> = {
  elo: [16],
  hipercard: [16, 19],
  amex: [15],
  diners: [14, 16, 19],
  discover: [16, 19],
  mastercard: [16],
  visa: [13, 16, 19],
};

/** How many digits a number of `brand` has. */
export function cardNumberLengths(brand: CardBrand): readonly number[] {
  return NUMBER_LENGTHS[brand];
}

/** Digits of the security code: 4 on American Express cards, 3 on the others. */
export function cvvLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** The Luhn (mod 10) check digit test every card number passes. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * True once the card's month is over. A card is valid through the last day of its month,
 * counted in `now`'s local calendar (in the widget, the buyer's). `expMonth` is `MM`, `expYear` `YYYY`.
 */
export function isCardExpired(expMonth: string, expYear: string, now: Date): boolean {
  const year = Number(expYear);
  const month = Number(expMonth);
  const currentYear = now.getFullYear();
  return year < currentYear || (year === currentYear && month < now.getMonth() + 1);
}

const EXP_MONTH_PATTERN = /^(0[1-9]|1[0-2])$/;
const EXP_YEAR_PATTERN = /^\d{4}$/;
/** The shortest and longest card numbers the tokenization endpoint takes, whatever the brand. */
export const CARD_NUMBER_MIN_LENGTH = 12;
export const CARD_NUMBER_MAX_LENGTH = 19;

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
