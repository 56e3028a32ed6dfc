/**
 * A person's name: the buyer's (`customer.name`) and the card holder's (`holderName` at
 * tokenization, upper-cased as embossed). Letters of any alphabet, with accents, spaces,
 * apostrophes and hyphens ("Maria D'Ávila", "João Silva-Souza").
 */
import type { MessageKey } from '../i18n/catalogue.js';

/** The messages `validate` can answer with. */
export type PersonNameError = Extract<MessageKey, `field.personName.error.${string}`>;

// Letters and combining marks (an accent typed as a separate code point), spaces, the
// typewriter and typographic apostrophes, and the hyphen.
const NAME_PATTERN = /^[\p{L}\p{M}' \u2019-]+$/u;
/** At least two letters, anywhere in the name. */
const TWO_LETTERS = /\p{L}.*\p{L}/u;

/**
 * What the input shows: leading spaces dropped and runs of spaces made one. A single space at
 * the end stays, so the buyer can go on to the surname.
 */
export function format(raw: string): string {
  return raw.replace(/^\s+/, '').replace(/\s+/g, ' ');
}

/** What is sent as `customer.name`: trimmed, single spaces. */
export function normalize(raw: string): string {
  return format(raw).trim();
}

/** What is sent as the card's `holderName`: the name upper-cased, as embossed on the card. */
export function normalizeHolderName(raw: string): string {
  return normalize(raw).toLocaleUpperCase('pt-BR');
}

/** Why the name cannot be sent, or `undefined` when it can. */
export function validate(raw: string): PersonNameError | undefined {
  const name = normalize(raw);
  if (!name) return 'field.personName.error.required';
  if (!NAME_PATTERN.test(name)) return 'field.personName.error.characters';
  return TWO_LETTERS.test(name) ? undefined : 'field.personName.error.tooShort';
}
