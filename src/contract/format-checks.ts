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

/**
 * True when `text` is `YYYY-MM-DD` and names a day that exists (no 2025-02-30): a day that does
 * not exist rolls over into another month or day. Compared as numbers, not written back out
 * as text (`toISOString`), which cost a charge's check of the API's answer several microseconds
 * per date. A year before 0100 is refused, as `Date.UTC` reads those as 1900 to 1999.
 */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year > 99 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// A date-time with an explicit offset. The API writes ISO 8601 (`2025-03-01T10:00:00-03:00`)
// and, in `pix.expirationDate`, also a space-separated form (`2025-03-01 10:00:00-03:00`).
// The time is a possible one (hours to 23, minutes and seconds to 59).
const DATE_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})[T ]((?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d)(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * True when `text` is a date-time as the API writes it, in either form, that `parseApiDateTime`
 * reads: a day that exists, and an offset of at most 23:59, without `Date` parsing the text.
 */
export function isApiDateTime(text: string): boolean {
  const match = DATE_TIME_PATTERN.exec(text);
  if (!match || !isCalendarDate(match[1]!)) return false;
  const offset = match[4]!;
  return offset === 'Z' || (Number(offset.slice(1, 3)) <= 23 && Number(offset.slice(-2)) <= 59);
}

/**
 * Reads a date-time as the API writes it, in either form, into a `Date`.
 * Returns `undefined` for anything else, including impossible days and times.
 */
export function parseApiDateTime(text: string): Date | undefined {
  const match = DATE_TIME_PATTERN.exec(text);
  if (!match) return undefined;
  const [, day, time, fraction = '', offset] = match;
  if (!isCalendarDate(day!)) return undefined;
  // `-0300` as `-03:00`; `Z` and `-03:00` stay as they are.
  const normalizedOffset = offset!.replace(/:?(\d{2})$/, ':$1');
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
  const date = new Date(`${day}T${time}${millis}${normalizedOffset}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

