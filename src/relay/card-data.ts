/**
 * Finds card data in what the widget sent. The card is tokenized in the browser, straight at
 * the API (supplement, "Card tokenization"), so a card number, security code or expiry must
 * never reach the merchant's server: its presence means a broken integration that would put
 * the merchant in scope of card-data rules, and the relay refuses the request before
 * anything else reads it (and never echoes the value back).
 *
 * Two signals, looked for at every depth of the JSON, in objects and lists alike:
 * - a key whose name says card data. Names are compared lower-cased without `_`, `-` or
 *   spaces, so `card_number`, `Card-Number` and `cardNumber` are one name. `number` alone is
 *   card data everywhere except `address.number`, the street number of the charge request.
 * - a value that looks like a card number: 13 to 19 digits (the lengths of the card brands),
 *   spaces or dashes between groups allowed, passing the Luhn check that every card number
 *   passes. Strings and JSON integers both count. A random digit string passes Luhn one time
 *   in ten, so the charge request's own digit fields are not judged by their value:
 *   `customer.phone` (E.164, up to 15 digits) and `customer.docNumber` (a 14-digit CNPJ)
 *   would otherwise be refused for one buyer in ten.
 */
import { isLuhnValid } from '../contract/card-tokens.js';

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

/** Paths whose digits are the request's own data (phone, taxpayer number), not judged by value. */
const DIGIT_FIELD_PATHS: ReadonlySet<string> = new Set(['customer.phone', 'customer.docNumber']);

const CARD_NUMBER_LENGTH = { min: 13, max: 19 } as const;

function normalizedKey(key: string): string {
  return key.toLowerCase().replace(/[\s_-]/g, '');
}

/** True for a string or integer that reads as a card number (see the module comment). */
export function looksLikeCardNumber(value: unknown): boolean {
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) text = String(value);
  else return false;
  if (!/^\d(?:[ -]?\d)*$/.test(text)) return false;
  const digits = text.replace(/[ -]/g, '');
  return digits.length >= CARD_NUMBER_LENGTH.min && digits.length <= CARD_NUMBER_LENGTH.max && isLuhnValid(digits);
}

/**
 * The dotted paths of `body` that hold card data (`card.number`, `items.0.notes`), in the
 * order found; empty when there is none.
 */
export function findCardData(body: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, path ? `${path}.${index}` : String(index)));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        // A card number used as a key is card data too, and its path must not repeat it.
        if (looksLikeCardNumber(key)) {
          found.push(path ? `${path}.(key)` : '(key)');
          continue;
        }
        const childPath = path ? `${path}.${key}` : key;
        if (CARD_DATA_KEYS.has(normalizedKey(key)) && !ALLOWED_KEY_PATHS.has(childPath)) found.push(childPath);
        else visit(child, childPath);
      }
      return;
    }
    if (!DIGIT_FIELD_PATHS.has(path) && looksLikeCardNumber(value)) found.push(path);
  };
  visit(body, '');
  return found;
}
