/**
 * Finding a card number in text, however it is written. The relay refuses card data in any
 * field (see card-data.ts), so the question here is "could a person or a program read a card
 * number in this text?", asked of every string, key and number of a charge request.
 *
 * Reading the text:
 * - it is put in Unicode NFKC form first (full-width `４`, circled `④`, superscript `⁴` and
 *   mathematical `𝟒` digits become `4`), and every other decimal digit (`\p{Nd}`: Arabic-Indic
 *   `٤`, Devanagari `४`, Thai `๔`, …) counts as the ASCII digit of its value;
 * - digits separated only by separators form one run. Separators are what people put between
 *   digit groups or what cannot be seen: any space (tabs, line breaks, no-break and thin
 *   spaces), dashes and the minus sign, dots, commas, slashes, underscores, middle dots and
 *   bullets, invisible format characters (zero-width spaces and joiners, the word joiner,
 *   the soft hyphen, direction marks) and combining marks (a keycap `4️⃣` still reads 4).
 *   Anything else, a letter, `:`, `(` or `+`, ends the run;
 * - within a run, any stretch of whole groups (the digits between two separators) of 13 to 19
 *   digits is a candidate, so a card followed by its expiry or CVV (`4111 1111 1111 1111
 *   12/30`) or preceded by another number is still found. Digits written together are one
 *   number and are never cut apart.
 *
 * A candidate is a card number when it passes the Luhn check and falls in a brand's range
 * with one of that brand's lengths (CARD_NUMBER_RANGES). The lengths are chosen so that the
 * buyer's own numbers are never taken for cards, wherever they are written:
 * - a phone in E.164 has at most 15 digits, country code included. Only ranges starting with
 *   30–39 (American Express, Diners, Hipercard's 3841), 50 and 58 (Maestro's 5018, 5020, 5038,
 *   5893), 60 (Hipercard's 606282), 63 and 67 (Maestro's 6304, 6759, 6761–6763) allow 13 to 15
 *   digits. The countries whose codes begin so (Greece 30, Spain 34, Hungary 36, the 37x and
 *   38x codes, Italy 39, Central America's 50x, Venezuela 58, Malaysia 60, the Philippines 63,
 *   the Pacific's 67x) have numbers of at most 13 digits, and those of 13 (Italy's, San
 *   Marino's 378) start where no 13-digit range does. Visa's old 13-digit numbers are left out
 *   for this reason: no longer issued, they would collide with German (49…), Austrian (43…)
 *   and Swedish (46…) phones. Brazilian mobiles (55 + 11 digits) start where no 13-digit range
 *   does either;
 * - a CNPJ has 14 digits, the length of Diners' and Maestro's shorter numbers. A 14-digit
 *   candidate whose two CNPJ check digits are right is taken for a CNPJ: about one such card
 *   in a hundred passes that check, while without it about one business buyer in 270 (whose
 *   CNPJ starts like a Diners or Maestro number and also passes Luhn) could never pay;
 * - a CPF (11 digits) and a CEP (8) are too short.
 *
 * A canonical UUID with a hex letter in it is read as one identifier, not as digit groups. The
 * widget sends two (the device fingerprint and the anti-fraud reference), and about one random
 * UUID in 5,600 has all-digit groups that read as a Luhn-valid number in a brand's range,
 * which would keep that device from ever paying. A card number written into a UUID's shape is
 * the price of this.
 */
import { isValidCnpj } from '../contract/documents.js';
import { isLuhnValid } from '../contract/card-tokens.js';

/**
 * Card number ranges: prefixes (one prefix `6011`, or an inclusive range of prefixes of one
 * length `2221-2720`) and the lengths numbers in them have. A range may sit inside another
 * brand's; a candidate is a card when any entry takes it.
 */
export const CARD_NUMBER_RANGES: ReadonlyArray<{ brand: string; prefixes: string; lengths: readonly number[] }> = [
  { brand: 'Visa', prefixes: '4', lengths: [16, 19] },
  { brand: 'Mastercard', prefixes: '51-55 2221-2720', lengths: [16] },
  { brand: 'American Express', prefixes: '34 37', lengths: [15] },
  { brand: 'Diners Club', prefixes: '300-305 3095 36 38-39', lengths: [14, 15, 16, 17, 18, 19] },
  { brand: 'Discover', prefixes: '6011 644-649 65 622126-622925', lengths: [16, 17, 18, 19] },
  { brand: 'JCB', prefixes: '3528-3589', lengths: [16, 17, 18, 19] },
  { brand: 'UnionPay', prefixes: '62', lengths: [16, 17, 18, 19] },
  { brand: 'Maestro', prefixes: '5018 5020 5038 5893 6304 6759 6761-6763', lengths: [13, 14, 15, 16, 17, 18, 19] },
  {
    brand: 'Elo',
    prefixes:
      '401178-401179 431274 438935 451416 457393 457631-457632 504175 506699-506778 509 627780 636297 636368-636369 ' +
      '650031-650033 650035-650051 650405-650439 650485-650538 650541-650598 650700-650718 650720-650727 650901-650978 ' +
      '651652-651679 655000-655019 655021-655058',
    lengths: [16],
  },
  { brand: 'Hipercard', prefixes: '606282 3841', lengths: [13, 16, 19] },
  { brand: 'Hiper', prefixes: '637095 637568 637599 637609 637612', lengths: [16] },
  { brand: 'Aura', prefixes: '50', lengths: [16, 17, 18, 19] },
  { brand: 'Mir', prefixes: '2200-2204', lengths: [16, 17, 18, 19] },
];

const CARD_NUMBER_MIN_DIGITS = 13;
const CARD_NUMBER_MAX_DIGITS = 19;

const PARSED_RANGES = CARD_NUMBER_RANGES.flatMap(({ prefixes, lengths }) =>
  prefixes.split(' ').map((range) => {
    const [from = '', to = from] = range.split('-');
    return { from, to, lengths };
  }),
);

/** True when `digits` (ASCII) are a Luhn-valid number in a brand's range and lengths. */
export function isCardNumber(digits: string): boolean {
  if (digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS || !isLuhnValid(digits)) return false;
  if (digits.length === 14 && isValidCnpj(digits)) return false;
  return PARSED_RANGES.some(({ from, to, lengths }) => {
    const prefix = digits.slice(0, from.length);
    // Prefixes of one length compare as their numbers do.
    return lengths.includes(digits.length) && prefix >= from && prefix <= to;
  });
}

const SEPARATOR = /^[\s\p{Zs}\p{Pd}\p{Cf}\p{M}.,/_\u00B7\u2022\u2027\u2044\u2215\u2212]$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const digitValues = new Map<number, string>();

/**
 * The ASCII digit of a decimal digit, or undefined. Unicode encodes every set of decimal
 * digits as ten consecutive code points from zero to nine (and adjacent sets are whole), so
 * a digit's value is its distance from the start of its block, modulo ten.
 */
function asciiDigit(char: string): string | undefined {
  const code = char.codePointAt(0)!;
  if (code >= 0x30 && code <= 0x39) return char;
  if (code < 0x80 || !DECIMAL_DIGIT.test(char)) return undefined;
  let value = digitValues.get(code);
  if (value === undefined) {
    let start = code;
    while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    value = String((code - start) % 10);
    digitValues.set(code, value);
  }
  return value;
}

/** True when a stretch of whole groups of one run (see the module comment) is a card number. */
function runHoldsCardNumber(groups: readonly string[]): boolean {
  for (let first = 0; first < groups.length; first += 1) {
    let digits = '';
    for (let last = first; last < groups.length; last += 1) {
      digits += groups[last];
      if (digits.length > CARD_NUMBER_MAX_DIGITS) break;
      if (isCardNumber(digits)) return true;
    }
  }
  return false;
}

/**
 * True when `text` is plain ASCII with fewer digits than the shortest card number: NFKC leaves
 * ASCII as it is, and no other ASCII character is a digit, so such a text holds no card. Most
 * strings and keys of a charge request are so (names, e-mails, methods, tokens), and skip the
 * Unicode reading below.
 */
function tooFewDigits(text: string): boolean {
  let digitCount = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) return false;
    if (code >= 0x30 && code <= 0x39 && ++digitCount >= CARD_NUMBER_MIN_DIGITS) return false;
  }
  return true;
}

/** True when `text` holds a card number in any of the ways the module comment describes. */
export function textHoldsCardNumber(text: string): boolean {
  if (tooFewDigits(text)) return false;
  const normalized = text.normalize('NFKC').replace(UUID, (uuid) => (/[a-f]/i.test(uuid) ? ' uuid ' : uuid));
  const groups: string[] = [];
  let group = '';
  for (const char of normalized) {
    const digit = asciiDigit(char);
    if (digit !== undefined) {
      group += digit;
      continue;
    }
    if (group !== '') groups.push(group);
    group = '';
    if (SEPARATOR.test(char)) continue;
    if (runHoldsCardNumber(groups)) return true;
    groups.length = 0;
  }
  if (group !== '') groups.push(group);
  return runHoldsCardNumber(groups);
}
