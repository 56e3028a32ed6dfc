/**
 * The buyer's e-mail (`customer.email`). A pragmatic check, never looser than the contract's
 * schema (zod's e-mail rule), so an address the widget accepts is not refused by the relay:
 * dot-separated local atoms of letters, digits and `_ ' + -`, and a domain of letter-or-digit
 * labels ending in a top-level domain of letters.
 */
import type { MessageKey } from '../i18n/catalogue.js';

/** The messages `validate` can answer with. */
export type EmailError = Extract<MessageKey, `field.email.error.${string}`>;

// RFC 5321 size limits.
const MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

// The local part's atoms (the last one not ending in `'`), `@`, then labels of 1 to 63
// characters, neither starting nor ending with a hyphen, the last one letters only.
const ADDRESS_PATTERN = /^(?:[\w'+-]+\.)*[\w'+-]*[\w+-]@(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}$/i;

/** What the input shows: the address without spaces (an e-mail has none; autofill and paste sometimes add them). */
export function format(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** What is sent: no spaces, the domain in lower case (domains are case-insensitive; the local part is kept). */
export function normalize(raw: string): string {
  const address = format(raw);
  const at = address.lastIndexOf('@');
  return at < 0 ? address : `${address.slice(0, at)}${address.slice(at).toLowerCase()}`;
}

function isPlausibleAddress(address: string): boolean {
  // The pattern allows one `@`: the local part is everything before it.
  return address.length <= MAX_LENGTH && address.indexOf('@') <= LOCAL_MAX_LENGTH && ADDRESS_PATTERN.test(address);
}

/** Why the address cannot be sent, or `undefined` when it can. */
export function validate(raw: string): EmailError | undefined {
  const address = normalize(raw);
  if (!address) return 'field.email.error.required';
  return isPlausibleAddress(address) ? undefined : 'field.email.error.invalid';
}
