/**
 * The card number: grouped as printed on the card, capped at its brand's length, checked
 * with Luhn before it goes to tokenization (supplement, "Card tokenization"). The brand rules
 * themselves live in the contract.
 */
import {
  CARD_NUMBER_MAX_LENGTH,
  CARD_NUMBER_MIN_LENGTH,
  cardNumberLengths,
  detectCardBrand,
  isLuhnValid,
  type CardBrand,
} from '../../contract/card-rules.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { applyMask, digitsOf } from './mask.js';

/** The messages `validate` can answer with. */
export type CardNumberError = Extract<MessageKey, `field.cardNumber.error.${string}`>;

const DINERS_SHORT_LENGTH = 14;

/** The brand of the number typed so far, for the UI (icon, CVV length); `undefined` while unknown. */
export function cardBrand(raw: string): CardBrand | undefined {
  return detectCardBrand(digitsOf(raw));
}

/** The most digits a number of `brand` has; 19 when the brand is unknown. */
export function maxCardNumberLength(brand: CardBrand | undefined): number {
  return brand ? Math.max(...cardNumberLengths(brand)) : CARD_NUMBER_MAX_LENGTH;
}

/** Group sizes as embossed: Amex 4-6-5, 14-digit Diners 4-6-4, every other 4-4-4-4 (then 3 for 19 digits). */
function groupMask(brand: CardBrand | undefined, length: number): string {
  if (brand === 'amex') return '0000 000000 00000';
  if (brand === 'diners' && length <= DINERS_SHORT_LENGTH) return '0000 000000 0000';
  return '0000 0000 0000 0000 000';
}

/** What the input shows: "4111 1111 1111 1111", "3782 822463 10005"; digits past the brand's length are dropped. */
export function format(raw: string): string {
  const digits = digitsOf(raw);
  const brand = detectCardBrand(digits);
  const capped = digits.slice(0, maxCardNumberLength(brand));
  return applyMask(capped, groupMask(brand, capped.length));
}

/** What goes to tokenization as `number`: the digits. */
export const normalize: (raw: string) => string = digitsOf;

/** Why the number cannot be tokenized (length for its brand, then Luhn), or `undefined` when it can. */
export function validate(raw: string): CardNumberError | undefined {
  const digits = digitsOf(raw);
  if (digits === '') return 'field.cardNumber.error.required';
  const brand = detectCardBrand(digits);
  const lengthFits = brand
    ? cardNumberLengths(brand).includes(digits.length)
    : digits.length >= CARD_NUMBER_MIN_LENGTH && digits.length <= CARD_NUMBER_MAX_LENGTH;
  if (!lengthFits) return 'field.cardNumber.error.length';
  return isLuhnValid(digits) ? undefined : 'field.cardNumber.error.invalid';
}
