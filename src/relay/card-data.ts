/**
 * Finds card data in what the widget sent. The card is tokenized in the browser, straight at
 * the API (supplement, "Card tokenization"), so a card number, security code or expiry must
 * never reach the merchant's server: its presence means a broken integration that would put
 * the merchant in scope of card-data rules, and the relay refuses the request before
 * anything else reads it (and never echoes the value back).
 *
 * Two signals, looked for at every depth of the JSON, in objects and lists alike:
 * - a key whose name says card data. Names are compared in NFKC form, lower-cased, without
 *   `_`, `-`, dots, spaces or invisible characters, so `card_number`, `Card-Number`,
 *   `cardNumber` and a full-width `ｃｖｖ` are each one name. `number` alone is card data
 *   everywhere except `address.number`, the street number of the charge request.
 * - a card number, however written (card-numbers.ts), in any string value, in any key and in
 *   any JSON number. The charge request's own digit fields, `customer.phone` and
 *   `customer.docNumber`, are judged like the rest: the brand ranges and lengths are chosen
 *   so that no phone, CPF or CNPJ reads as a card. A whole number of card length beyond
 *   2^53 is taken for card data: JSON cannot carry its digits exactly, so it cannot be
 *   checked, and no field of a charge request is such a number.
 *
 * The walk keeps its own list of what is left to visit rather than recursing, so no body,
 * however deep, can exhaust the call stack here.
 */
import { textHoldsCardNumber } from './card-numbers.js';

/** Key names (normalized) that carry card data. */
const CARD_DATA_KEYS: ReadonlySet<string> = new Set([
  'number',
  'cardnumber',
  'pan',
  'primaryaccountnumber',
  'cvv',
  'cvv2',
  'cvc',
  'cvc2',
  'cid',
  'securitycode',
  'cardsecuritycode',
  'cardcode',
  'expmonth',
  'expyear',
  'expirymonth',
  'expiryyear',
  'expirationmonth',
  'expirationyear',
  'expiry',
  'expirydate',
  'expdate',
  'exp',
  'expiration',
  'cardexpiry',
  'cardexpiration',
]);

/** Paths whose key is allowed although its name is in the list. */
const ALLOWED_KEY_PATHS: ReadonlySet<string> = new Set(['address.number']);

/** Whole numbers from here on lose digits in JSON; those below 10^19 have a card's length. */
const CARD_LENGTH_UNCHECKABLE = { from: 2 ** 53, below: 1e19 } as const;

/** How a path shows a key that is itself card data, so the path never repeats it. */
const CARD_KEY_SEGMENT = '(key)';

/** A key of ASCII letters and digits only, which NFKC leaves as it is and the separators cannot be in. */
const PLAIN_KEY = /^[A-Za-z0-9]*$/;

function normalizedKey(key: string): string {
  if (PLAIN_KEY.test(key)) return key.toLowerCase();
  return key.normalize('NFKC').toLowerCase().replace(/[\s\p{Pd}\p{Cf}\p{M}_.]/gu, '');
}

/** True for a string or a JSON number that holds a card number (see the module comment). */
export function looksLikeCardNumber(value: unknown): boolean {
  if (typeof value === 'string') return textHoldsCardNumber(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  const magnitude = Math.abs(value);
  if (Number.isInteger(value) && magnitude >= CARD_LENGTH_UNCHECKABLE.from && magnitude < CARD_LENGTH_UNCHECKABLE.below) return true;
  return textHoldsCardNumber(String(value));
}

interface Visit {
  value: unknown;
  /** The segment of this value's path (a key or a list index); undefined for the body itself. */
  segment: string | undefined;
  parent: Visit | undefined;
  /** Set when the key already says card data: the path is reported and the value not read. */
  refused?: true;
}

function pathOf(visit: Visit): string {
  const segments: string[] = [];
  for (let at: Visit | undefined = visit; at?.segment !== undefined; at = at.parent) segments.push(at.segment);
  return segments.reverse().join('.');
}

/** What is to be visited under an object's key. */
function visitOfEntry(key: string, value: unknown, parent: Visit): Visit {
  // A card number used as a key is card data too, and its path must not repeat it.
  if (looksLikeCardNumber(key)) return { value, segment: CARD_KEY_SEGMENT, parent, refused: true };
  const visit: Visit = { value, segment: key, parent };
  if (CARD_DATA_KEYS.has(normalizedKey(key)) && !ALLOWED_KEY_PATHS.has(pathOf(visit))) visit.refused = true;
  return visit;
}

/**
 * The dotted paths of `body` that hold card data (`card.number`, `items.0.notes`), in the
 * order they appear; empty when there is none.
 */
export function findCardData(body: unknown): string[] {
  const found: string[] = [];
  const pending: Visit[] = [{ value: body, segment: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const { value } = visit;
    if (visit.refused || (typeof value !== 'object' && looksLikeCardNumber(value))) {
      found.push(pathOf(visit));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const children: Visit[] = Array.isArray(value)
      ? value.map((item, index) => ({ value: item as unknown, segment: String(index), parent: visit }))
      : Object.entries(value).map(([key, child]) => visitOfEntry(key, child, visit));
    // Last in, first out: pushed in reverse, the children are visited in the body's order.
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
  }
  return found;
}
