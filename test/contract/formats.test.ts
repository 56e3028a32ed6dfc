import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import {
  apiDateTime,
  calendarDate,
  dayMonthYearDate,
  decimalString,
  digits,
  isApiDateTime,
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

  it('knows every day of four centuries, leap years among them, as the calendar of Date does', () => {
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    let checked = 0;
    for (let year = 1896; year <= 2304; year += 1) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const date = new Date(Date.UTC(year, month - 1, day));
          const exists = month >= 1 && month <= 12 && day >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          assert.equal(isCalendarDate(text), exists, text);
          checked += exists ? 1 : 0;
        }
      }
    }
    // 409 years, 99 of them leap (1900, 2100, 2200 and 2300 are not; 2000 is).
    assert.equal(checked, 409 * 365 + 99);
    // Date.UTC reads the years 0 to 99 as 1900 to 1999: such a year is refused, not taken for another.
    assert.deepEqual(['0000-01-01', '0099-12-31', '0100-01-01', '9999-12-31'].map(isCalendarDate), [false, false, true, true]);
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

  it('says a text is a date-time exactly when parseApiDateTime reads one, without making a Date', () => {
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    // A fixed walk through the layouts, every part at and past its edges: days, hours, offsets.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const pick = <T,>(values: readonly T[]) => values[next(values.length)]!;
    let readable = 0;
    for (let index = 0; index < 20_000; index += 1) {
      const day = `${pad(pick([0, 99, 100, 1900, 2000, 2024, 2025, 2100, 9999]), 4)}-${pad(next(14), 2)}-${pad(next(33), 2)}`;
      const time = `${pad(next(25), 2)}:${pad(next(61), 2)}:${pad(next(61), 2)}${pick(['', '.5', '.123456789'])}`;
      const offset = pick(['Z', `${pick(['+', '-'])}${pad(next(26), 2)}${pick([':', ''])}${pad(next(62), 2)}`]);
      const text = `${day}${pick(['T', ' '])}${time}${offset}`;
      const read = parseApiDateTime(text) !== undefined;
      assert.equal(isApiDateTime(text), read, text);
      readable += read ? 1 : 0;
    }
    assert.ok(readable > 1_000 && readable < 19_000, `${readable} of 20000 readable: the walk reaches both sides`);
  });

  it('refuses a missing offset, impossible times and free text, naming the field', () => {
    for (const value of ['2026-11-22T10:30:00', '2026-11-22 25:00:00-03:00', '2026-02-30T10:00:00Z', 'amanhã']) {
      assert.equal(parseApiDateTime(value), undefined, value);
      assert.equal(isApiDateTime(value), false, value);
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
