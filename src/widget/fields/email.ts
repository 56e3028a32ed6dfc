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
const LABEL_MAX_LENGTH = 63;

const LOCAL_ATOM = /^[A-Za-z0-9_'+-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^[A-Za-z]{2,}$/;

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
  const parts = address.split('@');
  if (parts.length !== 2 || address.length > MAX_LENGTH) return false;
  const [local = '', domain = ''] = parts;
  if (local.length > LOCAL_MAX_LENGTH || local.endsWith("'")) return false;
  if (!local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !TOP_LEVEL_DOMAIN.test(labels[labels.length - 1]!)) return false;
  return labels.every((label) => label.length <= LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label));
}

/** Why the address cannot be sent, or `undefined` when it can. */
export function validate(raw: string): EmailError | undefined {
  const address = normalize(raw);
  if (address === '') return 'field.email.error.required';
  return isPlausibleAddress(address) ? undefined : 'field.email.error.invalid';
}
