/**
 * The card's security code: 3 digits, 4 on American Express (the contract's `cvvLength`).
 * Until the brand is known, 3 or 4 digits are accepted.
 */
import { cvvLength, type CardBrand } from '../../contract/card-rules.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { digitsOf } from './mask.js';

/** The messages `validate` can answer with. */
export type CardCvvError = Extract<MessageKey, `field.cardCvv.error.${string}`>;

const SHORTEST = 3;
const LONGEST = 4;

/** What the input shows: digits only, no more than the brand's code has. */
export function format(raw: string, brand?: CardBrand): string {
  return digitsOf(raw).slice(0, brand ? cvvLength(brand) : LONGEST);
}

/** What goes to tokenization as `cvv`: the digits. */
export const normalize: (raw: string) => string = digitsOf;

/** Why the code cannot be sent for a card of `brand`, or `undefined` when it can. */
export function validate(raw: string, brand?: CardBrand): CardCvvError | undefined {
  const digits = digitsOf(raw);
  if (digits === '') return 'field.cardCvv.error.required';
  if (!brand) return digits.length >= SHORTEST && digits.length <= LONGEST ? undefined : 'field.cardCvv.error.invalid';
  const expected = cvvLength(brand);
  if (digits.length === expected) return undefined;
  return expected === LONGEST ? 'field.cardCvv.error.fourDigits' : 'field.cardCvv.error.threeDigits';
}
