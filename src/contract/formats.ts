/**
 * Value formats the Public API uses across resources: decimal money strings, calendar
 * dates, date-times with an offset (both the ISO and the space-separated form), digits.
 * Every format check carries its own pt-BR message, the language of the API's errors.
 */
import * as z from 'zod/mini';

/** A decimal number written as text: `97`, `97.00`, `-3.5`. Never a float in transit. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** Money and other exact amounts: decimal strings (public-api.md, "Resources and their fields"). */
export const decimalString = z.string().check(z.regex(DECIMAL_PATTERN, 'Informe um número decimal válido.'));
export type DecimalString = z.infer<typeof decimalString>;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `text` is `YYYY-MM-DD` and names a day that exists (no 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD`, a real calendar day. */
export const calendarDate = z.string().check(
  z.refine(isCalendarDate, 'Formato inválido para data. Use o formato AAAA-MM-DD.'),
);

/** `DD-MM-YYYY`, the form the analytics endpoint takes for `start_date`/`end_date`. */
export const dayMonthYearDate = z.string().check(
  z.refine((text) => {
    const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
    return match !== null && isCalendarDate(`${match[3]}-${match[2]}-${match[1]}`);
  }, 'Formato inválido para data. Use o formato DD-MM-AAAA.'),
);

// A date-time with an explicit offset. The API writes ISO 8601 (`2025-03-01T10:00:00-03:00`)
// and, in `pix.expirationDate`, also a space-separated form (`2025-03-01 10:00:00-03:00`).
const DATE_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reads a date-time as the API writes it, in either form, into a `Date`.
 * Returns `undefined` for anything else, including impossible days and times.
 */
export function parseApiDateTime(text: string): Date | undefined {
  const match = DATE_TIME_PATTERN.exec(text);
  if (!match) return undefined;
  const [, day, hours, minutes, seconds, fraction = '', offset] = match;
  if (!isCalendarDate(day!) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  const normalizedOffset = offset === 'Z' ? 'Z' : `${offset!.slice(0, 3)}:${offset!.slice(-2)}`;
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
  const date = new Date(`${day}T${hours}:${minutes}:${seconds}${millis}${normalizedOffset}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A date-time with an offset, ISO or space-separated; the text is kept as the API wrote it. */
export const apiDateTime = z.string().check(
  z.refine((text) => parseApiDateTime(text) !== undefined, 'Formato inválido para data e hora.'),
);

/**
 * An absolute `http:`/`https:` URL (links, images, PDFs). Any host is accepted, so the
 * local sandbox's `http://127.0.0.1:…` links pass as the service's do.
 */
export const httpUrl = z.url({
  protocol: /^https?$/,
  error: (issue) => (issue.code === 'invalid_format' ? 'Informe uma URL válida.' : undefined),
});

/** Digits only, at least one: document numbers, CEP, card numbers. */
export const digits = z.string().check(z.regex(/^\d+$/, 'Informe apenas dígitos.'));

/** A non-empty string (the API answers a blank one as a missing one). */
export const nonEmptyString = z.string().check(z.minLength(1));
