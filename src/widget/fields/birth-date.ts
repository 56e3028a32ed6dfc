/**
 * The buyer's birth date, typed "DD/MM/AAAA" and sent as `customer.birthDate` "YYYY-MM-DD"
 * (public-api.md, request body).
 */
import { isCalendarDate } from '../../contract/format-checks.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { applyMask, digitsOf } from './mask.js';

/** The messages `validate` can answer with. */
export type BirthDateError = Extract<MessageKey, `field.birthDate.error.${string}`>;

const DATE_MASK = '00/00/0000';
const ISO_DATE = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;
/** Beyond this age a birth date is a typo, not a buyer. */
const MAX_AGE_YEARS = 120;

/** The typed value's digits in day-month-year order; an ISO date (a paste, some autofill) is turned around. */
function dayMonthYearDigits(raw: string): string {
  const iso = ISO_DATE.exec(raw);
  return iso ? `${iso[3]}${iso[2]}${iso[1]}` : digitsOf(raw);
}

/** What the input shows: "17/05/1990". */
export function format(raw: string): string {
  return applyMask(dayMonthYearDigits(raw), DATE_MASK);
}

/** What is sent: "YYYY-MM-DD", or `undefined` until the value is a complete, real date. */
export function normalize(raw: string): string | undefined {
  const digits = dayMonthYearDigits(raw);
  if (digits.length !== 8) return undefined;
  const date = `${digits.slice(4)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
  return isCalendarDate(date) ? date : undefined;
}

/** Why the date cannot be sent (not a real date, in the future, more than 120 years ago), or `undefined`. */
export function validate(raw: string, now: Date = new Date()): BirthDateError | undefined {
  if (!dayMonthYearDigits(raw)) return 'field.birthDate.error.required';
  const date = normalize(raw);
  if (!date) return 'field.birthDate.error.invalid';
  // Days as YYYYMMDD numbers, today's in the buyer's calendar: the same day a year later is
  // 10000 more, so more than 120 whole years lived is at least 121 times 10000 apart.
  const born = Number(date.replace(/-/g, ''));
  const today = now.getFullYear() * 10_000 + (now.getMonth() + 1) * 100 + now.getDate();
  if (born > today) return 'field.birthDate.error.future';
  return today - born >= (MAX_AGE_YEARS + 1) * 10_000 ? 'field.birthDate.error.tooOld' : undefined;
}
