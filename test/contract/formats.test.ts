import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import {
  apiDateTime,
  calendarDate,
  dayMonthYearDate,
  decimalString,
  digits,
  isCalendarDate,
  parseApiDateTime,
} from '../../src/contract/formats.js';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';

/** Validates `{ value }` and answers the flattened error keys (empty when valid). */
function errorFields(schema: z.ZodMiniType, value: unknown): string[] {
  const result = validate(z.object({ value: schema }), { value });
  return result.success ? [] : Object.keys(flattenFieldErrors(result.errors));
}

describe('decimal strings', () => {
  it('accepts amounts written as text', () => {
    for (const value of ['97', '97.00', '0', '-3.5', '9999999999.99']) assert.deepEqual(errorFields(decimalString, value), [], value);
  });

  it('refuses numbers, commas, exponents and blanks, naming the field', () => {
    for (const value of [97.5, '97,00', '1e3', '', '.5', '5.', ' 5']) assert.deepEqual(errorFields(decimalString, value), ['value'], String(value));
  });
});

describe('calendar dates', () => {
  it('accepts real days as YYYY-MM-DD', () => {
    assert.deepEqual(errorFields(calendarDate, '2024-02-29'), []);
    assert.deepEqual(errorFields(calendarDate, '2026-12-31'), []);
  });

  it('refuses impossible days and other layouts', () => {
    for (const value of ['2025-02-29', '2025-13-01', '2025-04-31', '01-02-2025', '2025-1-2', '2025-01-02T00:00:00Z']) {
      assert.equal(isCalendarDate(value), false, value);
      assert.deepEqual(errorFields(calendarDate, value), ['value'], value);
    }
  });

  it('reads DD-MM-YYYY for analytics and refuses the ISO layout there', () => {
    assert.deepEqual(errorFields(dayMonthYearDate, '31-01-2026'), []);
    assert.deepEqual(errorFields(dayMonthYearDate, '2026-01-31'), ['value']);
    assert.deepEqual(errorFields(dayMonthYearDate, '31-02-2026'), ['value']);
  });
});

describe('date-times with an offset', () => {
  it('reads the ISO form and the space-separated form to the same instant', () => {
    const iso = parseApiDateTime('2026-11-22T10:30:00-03:00');
    const spaced = parseApiDateTime('2026-11-22 10:30:00-03:00');
    assert.equal(iso?.toISOString(), '2026-11-22T13:30:00.000Z');
    assert.equal(spaced?.getTime(), iso?.getTime());
  });

  it('reads fractions of a second, Z and compact offsets', () => {
    assert.equal(parseApiDateTime('2026-11-22T13:30:00.123456Z')?.toISOString(), '2026-11-22T13:30:00.123Z');
    assert.equal(parseApiDateTime('2026-11-22 10:30:00-0300')?.toISOString(), '2026-11-22T13:30:00.000Z');
  });

  it('refuses a missing offset, impossible times and free text, naming the field', () => {
    for (const value of ['2026-11-22T10:30:00', '2026-11-22 25:00:00-03:00', '2026-02-30T10:00:00Z', 'amanhã']) {
      assert.equal(parseApiDateTime(value), undefined, value);
      assert.deepEqual(errorFields(apiDateTime, value), ['value'], value);
    }
  });
});

describe('digits', () => {
  it('accepts digits only', () => {
    assert.deepEqual(errorFields(digits, '01310100'), []);
    assert.deepEqual(errorFields(digits, '01310-100'), ['value']);
    assert.deepEqual(errorFields(digits, ''), ['value']);
  });
});
