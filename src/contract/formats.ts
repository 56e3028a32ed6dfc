/**
 * Value formats the Public API uses across resources: decimal money strings, calendar
 * dates, date-times with an offset (both the ISO and the space-separated form), digits.
 * Every format check carries its own pt-BR message, the language of the API's errors. The
 * checks themselves are in format-checks.ts, without zod, re-exported here.
 */
import * as z from 'zod/mini';
import { DECIMAL_PATTERN, DIGITS_MESSAGE, DIGITS_PATTERN, isApiDateTime, isCalendarDate, parseApiDateTime } from './format-checks.js';

export { DECIMAL_PATTERN, isApiDateTime, isCalendarDate, parseApiDateTime };

/** Money and other exact amounts: decimal strings (public-api.md, "Resources and their fields"). */
export const decimalString = z.string().check(z.regex(DECIMAL_PATTERN, 'Informe um número decimal válido.'));
export type DecimalString = z.infer<typeof decimalString>;

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

/** A date-time with an offset, ISO or space-separated; the text is kept as the API wrote it. */
export const apiDateTime = z.string().check(
  z.refine(isApiDateTime, 'Formato inválido para data e hora.'),
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
export const digits = z.string().check(z.regex(DIGITS_PATTERN, DIGITS_MESSAGE));

/** A non-empty string (the API answers a blank one as a missing one). */
export const nonEmptyString = z.string().check(z.minLength(1));
