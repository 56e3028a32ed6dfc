/**
 * The Public API's value formats as plain checks, without a schema library: decimal text,
 * digits, calendar dates, date-times with an offset, e-mail addresses. formats.ts builds its
 * schemas on these and re-exports them; the browser uses them directly.
 */

/** A decimal number written as text: `97`, `97.00`, `-3.5`. Never a float in transit. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** Digits only, at least one: document numbers, CEP, card numbers. */
export const DIGITS_PATTERN = /^\d+$/;
/** What the API says of a value that should be digits only. */
export const DIGITS_MESSAGE = 'Informe apenas dígitos.';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written in ASCII digits from `start` to `end` of `text` (the patterns checked they are digits). */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

/**
 * Whether the `YYYY-MM-DD` at the start of `text` names a day that exists. Counted rather than
 * read back through `Date`, which costs a charge's check of the API's answer tens of microseconds
 * per date. A year before 0100 is refused, as `Date.UTC` reads those as 1900 to 1999.
 */
function dayExists(text: string): boolean {
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0);
}

/** True when `text` is `YYYY-MM-DD` and names a day that exists (no 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  return DATE_PATTERN.test(text) && dayExists(text);
}

// A date-time with an explicit offset. The API writes ISO 8601 (`2025-03-01T10:00:00-03:00`)
// and, in `pix.expirationDate`, also a space-separated form (`2025-03-01 10:00:00-03:00`).
// The time is a possible one (hours to 23, minutes and seconds to 59).
const DATE_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})[T ]((?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d)(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * True when `text` is a date-time as the API writes it, in either form, that `parseApiDateTime`
 * reads: a day that exists, and an offset of at most 23:59. No `Date` is made.
 */
export function isApiDateTime(text: string): boolean {
  const match = DATE_TIME_PATTERN.exec(text);
  if (!match || !dayExists(text)) return false;
  const offset = match[4]!;
  return offset === 'Z' || (digitsAt(offset, 1, 3) <= 23 && digitsAt(offset, offset.length - 2, offset.length) <= 59);
}

/**
 * Reads a date-time as the API writes it, in either form, into a `Date`.
 * Returns `undefined` for anything else, including impossible days and times.
 */
export function parseApiDateTime(text: string): Date | undefined {
  const match = DATE_TIME_PATTERN.exec(text);
  if (!match) return undefined;
  const [, day, time, fraction = '', offset] = match;
  if (!dayExists(text)) return undefined;
  // `-0300` as `-03:00`; `Z` and `-03:00` stay as they are.
  const normalizedOffset = offset!.replace(/:?(\d{2})$/, ':$1');
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
  const date = new Date(`${day}T${time}${millis}${normalizedOffset}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

