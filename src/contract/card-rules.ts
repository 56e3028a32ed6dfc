/**
 * The card checks made before tokenization (supplement, "Card tokenization"): brand by prefix,
 * number lengths, Luhn, CVV length, expiry. Plain functions, so the browser's card fields
 * check a card as the API does without loading the schemas; card-tokens.ts builds the
 * request schema on them and re-exports them.
 */

/** The brands `detectCardBrand` tells apart, in the order it tries them. */
export const CARD_BRANDS = ['elo', 'hipercard', 'amex', 'diners', 'discover', 'mastercard', 'visa'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * The card number prefixes of each brand: one prefix (`4011`) or an inclusive range of prefixes
 * of one length (`506699-506778`). Elo and Hipercard are tried first: their ranges sit inside
 * Visa's `4`, Discover's `65` and Diners' `38`.
 */
const BRAND_PREFIXES: Readonly<Record<CardBrand, string>> = {
  elo:
    '636368 636297 504175 438935 451416 636369 5067 4576 4011 506699-506778 509000-509999 650031-650033 650035-650051 ' +
    '650405-650439 650485-650538 650541-650598 650700-650718 650720-650727 650901-650920 651652-651679 655000-655019 655021-655058',
  hipercard: '606282 3841',
  amex: '34 37',
  diners: '300-305 36 38 39',
  discover: '6011 65',
  mastercard: '51-55 2221-2720',
  visa: '4',
};

/** Whether `digits` start with a prefix in `range`; digit strings of one length compare as their numbers do. */
function startsInRange(digits: string, range: string): boolean {
  const [from = '', to = from] = range.split('-');
  const prefix = digits.slice(0, from.length);
  return prefix.length === from.length && prefix >= from && prefix <= to;
}

/** The brand of a card number (or of its first digits, while the buyer types); `undefined` when unknown. */
export function detectCardBrand(digits: string): CardBrand | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  return CARD_BRANDS.find((brand) => BRAND_PREFIXES[brand].split(' ').some((range) => startsInRange(digits, range)));
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
  // From the right, every second digit doubled; a doubled digit over 9 counts as the sum of its digits (14 → 5).
  [...digits].reverse().forEach((digit, index) => {
    const value = Number(digit) * (1 + (index % 2));
    sum += value > 9 ? value - 9 : value;
  });
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

/** The shortest and longest card numbers the tokenization endpoint takes, whatever the brand. */
export const CARD_NUMBER_MIN_LENGTH = 12;
export const CARD_NUMBER_MAX_LENGTH = 19;

