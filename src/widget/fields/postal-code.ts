/** The Brazilian postal code (CEP): 8 digits, shown "00000-000", sent as `address.zipcode` digits. */
import type { MessageKey } from '../i18n/catalogue.js';
import { applyMask, digitsOf } from './mask.js';

/** The messages `validate` can answer with. */
export type PostalCodeError = Extract<MessageKey, `field.postalCode.error.${string}`>;

const CEP_LENGTH = 8;
const CEP_MASK = '00000-000';

/** What the input shows: "01310-100". */
export function format(raw: string): string {
  return applyMask(digitsOf(raw), CEP_MASK);
}

/** What is sent as `address.zipcode`: the digits. */
export function normalize(raw: string): string {
  return digitsOf(raw);
}

/** Why the CEP cannot be sent, or `undefined` when it can. */
export function validate(raw: string): PostalCodeError | undefined {
  const digits = digitsOf(raw);
  if (!digits) return 'field.postalCode.error.required';
  return digits.length === CEP_LENGTH ? undefined : 'field.postalCode.error.length';
}
