/**
 * The card's expiry date, typed "MM/AA" and sent to tokenization as `expMonth` "MM" and
 * `expYear` "YYYY" (supplement, "Card tokenization").
 */
import { isCardExpired } from '../../contract/card-rules.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { digitsOf } from './mask.js';

/** The messages `validate` can answer with. */
export type CardExpiryError = Extract<MessageKey, `field.cardExpiry.error.${string}`>;

/** The expiry as tokenization takes it. */
export interface CardExpiry {
  readonly expMonth: string;
  readonly expYear: string;
}

const YEAR_MAX_DIGITS = 4;
/** Cards are issued for a few years; a year further ahead than this is a typo ("12/92" read as 2092). */
const MAX_YEARS_AHEAD = 20;
const CENTURY = '20';

interface ExpiryParts {
  readonly month: string;
  readonly year: string;
  /** True once the month is complete: two digits, or one the buyer closed with a separator. */
  readonly monthDone: boolean;
}

/**
 * Reads "12/26", "12 / 2026", "1226", "1/26", "426". The month is the first digit group when a
 * separator closes it after one or two digits (padded: "1/" is January); else one digit when
 * the first is 2 to 9, which can only be a month of one digit ("4" is April); else two digits.
 */
function parts(raw: string): ExpiryParts {
  const digits = digitsOf(raw);
  const firstGroup = /\d+/.exec(raw)?.[0] ?? '';
  const monthLength = firstGroup.length <= 2 && /\d\D/.test(raw) ? firstGroup.length : /^[2-9]/.test(digits) ? 1 : 2;
  const monthDone = digits.length >= monthLength;
  return {
    month: monthDone ? digits.slice(0, monthLength).padStart(2, '0') : digits,
    year: digits.slice(monthLength, monthLength + YEAR_MAX_DIGITS),
    monthDone,
  };
}

/**
 * What the input shows: "1" → "1", "12" → "12/", "1226" → "12/26", "4" → "04/". `previous`
 * is what the input showed before this change: when the buyer is deleting, no "/" is added
 * back, so Backspace after "12/" leaves "12" and then "1".
 */
export function format(raw: string, previous = ''): string {
  const { month, year, monthDone } = parts(raw);
  if (month === '') return '';
  if (!monthDone) return month;
  // The "/" the widget added is not written back while deleting; one the buyer typed stays.
  const deleting = raw.length < previous.length;
  if (year === '' && deleting && !/\d\D/.test(raw)) return month;
  return `${month}/${year}`;
}

/** The expiry to send, or `undefined` when no month and year can be read. */
export function normalize(raw: string): CardExpiry | undefined {
  const { month, year } = parts(raw);
  // A year of two digits is in this century.
  const expYear = year.length === 2 ? `${CENTURY}${year}` : year;
  return /^(0[1-9]|1[0-2])$/.test(month) && expYear.length === YEAR_MAX_DIGITS ? { expMonth: month, expYear } : undefined;
}

/**
 * Why the expiry cannot be sent, or `undefined`: unreadable (the format), expired at `now`, or
 * implausibly far ahead ("12/99": read, but no card lasts that long; the date, not its format, is wrong).
 */
export function validate(raw: string, now: Date = new Date()): CardExpiryError | undefined {
  if (digitsOf(raw) === '') return 'field.cardExpiry.error.required';
  const expiry = normalize(raw);
  if (!expiry) return 'field.cardExpiry.error.invalid';
  if (isCardExpired(expiry.expMonth, expiry.expYear, now)) return 'field.cardExpiry.error.expired';
  return Number(expiry.expYear) > now.getFullYear() + MAX_YEARS_AHEAD ? 'field.cardExpiry.error.tooFar' : undefined;
}
