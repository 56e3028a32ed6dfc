/**
 * The buyer's phone: Brazilian numbers as people write them ("(11) 98765-4321",
 * "11 3456-7890", "+55 11 98765-4321") or an international number after `+`, sent as
 * E.164 digits without the plus sign (public-api.md, `customer.phone`).
 */
import { E164_DIGITS_PATTERN } from '../../contract/charge-request-rules.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { applyMask, digitsOf } from './mask.js';

/** The messages `validate` can answer with. */
export type PhoneError = Extract<MessageKey, `field.phone.error.${string}`>;

const BRAZIL_COUNTRY_CODE = '55';
/** Area code (2) + subscriber: 8 digits for a landline, 9 for a mobile. */
const NATIONAL_MIN_LENGTH = 10;
const NATIONAL_MAX_LENGTH = 11;
const E164_MAX_LENGTH = 15;
const MOBILE_MASK = '(00) 00000-0000';
const LANDLINE_MASK = '(00) 0000-0000';

/**
 * The area codes (DDD) in use in Brazil (Anatel's national numbering plan), by tens digit:
 * every x1 to x9 for 1, 4, 6, 8 and 9; some of them for 2, 3, 5 and 7.
 */
const AREA_CODE = /^(?:[14689][1-9]|2[12478]|3[1-578]|5[1345]|7[134579])$/;

/** An international number's digits, or a Brazilian number's area code and subscriber. */
type ParsedPhone = { readonly international: string } | { readonly national: string; readonly withCountryCode: boolean };

/**
 * A `+` starts an international number; `+55` is Brazil again. Without `+`, a national number
 * has at most 11 digits, so 12 or 13 digits starting with 55 carry the country code (an
 * 11-digit number starting with 55 is area code 55, in Rio Grande do Sul).
 */
function parse(raw: string): ParsedPhone {
  const digits = digitsOf(raw);
  const hasPlus = /^\s*\+/.test(raw);
  if (hasPlus && !digits.startsWith(BRAZIL_COUNTRY_CODE)) return { international: digits };
  if (hasPlus || (digits.length > NATIONAL_MAX_LENGTH && digits.startsWith(BRAZIL_COUNTRY_CODE))) {
    return { national: digits.slice(BRAZIL_COUNTRY_CODE.length), withCountryCode: true };
  }
  return { national: digits, withCountryCode: false };
}

function formatNational(national: string): string {
  const capped = national.slice(0, NATIONAL_MAX_LENGTH);
  // Mobile numbers start with 9 after the area code; an 11th digit also means a mobile layout,
  // so a number being typed is never cut short by the landline mask.
  const mask = capped.length === NATIONAL_MAX_LENGTH || capped[2] === '9' ? MOBILE_MASK : LANDLINE_MASK;
  return applyMask(capped, mask);
}

/** What the input shows while the buyer types: "(11) 98765-4321", "+55 (11) 3456-7890", "+14155550123". */
export function format(raw: string): string {
  const parsed = parse(raw);
  if ('international' in parsed) return `+${parsed.international.slice(0, E164_MAX_LENGTH)}`;
  if (!parsed.withCountryCode) return formatNational(parsed.national);
  return parsed.national === '' ? `+${BRAZIL_COUNTRY_CODE}` : `+${BRAZIL_COUNTRY_CODE} ${formatNational(parsed.national)}`;
}

/** What is sent as `customer.phone`: E.164 digits without `+` ("5511987654321"). */
export function normalize(raw: string): string {
  const parsed = parse(raw);
  return 'international' in parsed ? parsed.international : `${BRAZIL_COUNTRY_CODE}${parsed.national}`;
}

/** Why the phone cannot be sent, or `undefined` when it can. */
export function validate(raw: string): PhoneError | undefined {
  const parsed = parse(raw);
  if ('international' in parsed) {
    const { international } = parsed;
    if (!international) return 'field.phone.error.required';
    return E164_DIGITS_PATTERN.test(international) ? undefined : 'field.phone.error.international';
  }
  const { national } = parsed;
  if (!national) return 'field.phone.error.required';
  if (national.length < NATIONAL_MIN_LENGTH || national.length > NATIONAL_MAX_LENGTH) return 'field.phone.error.length';
  if (!AREA_CODE.test(national.slice(0, 2))) return 'field.phone.error.areaCode';
  const firstSubscriberDigit = national[2]!;
  if (national.length === NATIONAL_MAX_LENGTH) return firstSubscriberDigit === '9' ? undefined : 'field.phone.error.invalid';
  // Eight-digit subscribers are landlines (2 to 5); 6 to 9 is a mobile missing the ninth digit
  // every Brazilian mobile has carried since 2016.
  if (/[2-5]/.test(firstSubscriberDigit)) return undefined;
  return /[6-9]/.test(firstSubscriberDigit) ? 'field.phone.error.mobileNinthDigit' : 'field.phone.error.invalid';
}
