/**
 * The additional-interest report (public-api.md, "Additional-interest report" and its
 * response): the extra instalment interest charged to buyers and earned by the account in a
 * window of at most 92 days. Its path is not public; the client takes it as an option
 * (supplement).
 */
import * as z from 'zod/mini';
import {
  INSTALLMENT_TABLE_ROWS,
  INTEREST_REPORT_DEFAULT_WINDOW_DAYS,
  INTEREST_REPORT_MAX_WINDOW_DAYS,
} from './constants.js';
import { currencySchema, DEFAULT_CURRENCY } from './currencies.js';
import { flattenFieldErrors, validate } from './errors.js';
import { apiDateTime, calendarDate, DECIMAL_PATTERN, decimalString, isCalendarDate, parseApiDateTime } from './formats.js';
import { amountsEqual, sumAmounts } from './money.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * São Paulo's offset. Rule 3 cuts days in America/Sao_Paulo, which has kept UTC-03:00 all
 * year since Brazil abolished daylight saving time (Decree 9.772/2019; the last DST period
 * ended on 2019-02-17). A fixed offset gives the same instants as the time-zone database for
 * every day since then, needs no tz data from the runtime (browsers and small-ICU Node
 * builds differ there), and keeps the window computation a pure function of its inputs.
 * Only windows touching a DST day before 2019-02-17 would be an hour off.
 */
const SAO_PAULO_OFFSET = '-03:00';

/** Days from `startDate` through `endDate`, both counted: 2025-01-01..2025-01-01 is 1 day. */
function windowDays(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

function windowTooLongMessage(days: number): string {
  return `A janela de ${days} dias excede o máximo de ${INTEREST_REPORT_MAX_WINDOW_DAYS} dias.`;
}

const BOTH_DATES_MESSAGE = 'Informe startDate e endDate juntas, ou nenhuma das duas.';
const END_BEFORE_START_MESSAGE = 'endDate não pode ser anterior a startDate.';

/**
 * The report's query. `currency` defaults to BRL (one currency per query); the dates come
 * both or neither (neither: the last 30 days). Window rules: `endDate` not before
 * `startDate`, at most 92 days counting both ends.
 */
export const interestReportQuerySchema = z
  .strictObject({
    currency: z._default(currencySchema, DEFAULT_CURRENCY),
    startDate: z.optional(calendarDate),
    endDate: z.optional(calendarDate),
  })
  .check(
    z.superRefine((query, ctx) => {
      const { startDate, endDate } = query;
      if ((startDate === undefined) !== (endDate === undefined)) {
        ctx.addIssue({
          code: 'custom',
          message: BOTH_DATES_MESSAGE,
          path: [startDate === undefined ? 'startDate' : 'endDate'],
          input: undefined,
        });
        return;
      }
      if (startDate === undefined || endDate === undefined || !isCalendarDate(startDate) || !isCalendarDate(endDate)) return;
      const days = windowDays(startDate, endDate);
      if (days < 1) {
        ctx.addIssue({ code: 'custom', message: END_BEFORE_START_MESSAGE, path: ['endDate'], input: endDate });
      } else if (days > INTEREST_REPORT_MAX_WINDOW_DAYS) {
        ctx.addIssue({ code: 'custom', message: windowTooLongMessage(days), path: ['endDate'], input: endDate });
      }
    }),
  );
export type InterestReportQuery = z.input<typeof interestReportQuerySchema>;

/**
 * The report's query string; `currency` is always sent (BRL when not given). Throws an
 * `Error` naming the invalid parameters (the field-error tree is its `cause`).
 */
export function buildInterestReportQuery(options: InterestReportQuery = {}): URLSearchParams {
  const result = validate(interestReportQuerySchema, options);
  if (!result.success) {
    throw new Error(`Consulta do relatório de juros inválida: ${JSON.stringify(flattenFieldErrors(result.errors))}`, {
      cause: result.errors,
    });
  }
  const params = new URLSearchParams({ currency: result.data.currency });
  if (result.data.startDate !== undefined) params.set('startDate', result.data.startDate);
  if (result.data.endDate !== undefined) params.set('endDate', result.data.endDate);
  return params;
}

/** The window a report covers, as instants. */
export interface InterestReportWindow {
  readonly start: Date;
  readonly end: Date;
  /** Calendar days covered, both ends counted (30 for the default window). */
  readonly days: number;
}

/**
 * The window the service applies (rules 2 to 4): `startDate` from 00:00 and `endDate` to
 * 23:59:59 in São Paulo; without dates, the 30 days (30 x 24 h) ending at `now`.
 * Throws a `RangeError` for a window over 92 days (naming its size in days), an end before
 * the start, only one date, or a date that is not `YYYY-MM-DD`.
 */
export function reportWindow(
  dates: { readonly startDate?: string | undefined; readonly endDate?: string | undefined },
  now: Date = new Date(),
): InterestReportWindow {
  const { startDate, endDate } = dates;
  if (startDate === undefined && endDate === undefined) {
    return {
      start: new Date(now.getTime() - INTEREST_REPORT_DEFAULT_WINDOW_DAYS * DAY_MS),
      end: new Date(now.getTime()),
      days: INTEREST_REPORT_DEFAULT_WINDOW_DAYS,
    };
  }
  if (startDate === undefined || endDate === undefined) throw new RangeError(BOTH_DATES_MESSAGE);
  for (const date of [startDate, endDate]) {
    if (!isCalendarDate(date)) throw new RangeError(`Data inválida: ${JSON.stringify(date)}. Use o formato AAAA-MM-DD.`);
  }
  const days = windowDays(startDate, endDate);
  if (days < 1) throw new RangeError(END_BEFORE_START_MESSAGE);
  if (days > INTEREST_REPORT_MAX_WINDOW_DAYS) throw new RangeError(windowTooLongMessage(days));
  return {
    start: new Date(`${startDate}T00:00:00${SAO_PAULO_OFFSET}`),
    end: new Date(`${endDate}T23:59:59${SAO_PAULO_OFFSET}`),
    days,
  };
}

/** Card-like methods that can carry additional instalment interest. */
export const INTEREST_REPORT_PAYMENT_METHODS = ['credit_card', 'threeDs', 'googlepay', 'applepay'] as const;

// The spec does not show the fields of the breakdown items ("not shown"). The project's
// choice: each item repeats the report's own totals (`charged`, `earned`, `orders`) next to
// the key it groups by (`installments` or `paymentMethod`), as "same totals by ..." reads.
const reportTotalsShape = {
  /** Additional interest charged to buyers on paid orders. */
  charged: decimalString,
  /** The account's share after the commission split; may exceed `charged` (legacy path). */
  earned: decimalString,
  /** Distinct paid orders with additional interest. */
  orders: z.int().check(z.gte(0)),
};

/** Each key appears once in a breakdown: "only counts that occurred appear", one item each. */
function distinctBy<T>(key: keyof T & string) {
  return z.superRefine<T[]>((items, ctx) => {
    const seen = new Set<unknown>();
    items.forEach((item, position) => {
      if (seen.has(item[key])) {
        ctx.addIssue({
          code: 'custom',
          message: `O valor ${String(item[key])} aparece em mais de um item.`,
          path: [position, key],
          input: item[key],
        });
      }
      seen.add(item[key]);
    });
  });
}

export const interestByInstallmentsSchema = z.object({
  installments: z.int().check(z.gte(1), z.lte(INSTALLMENT_TABLE_ROWS)),
  ...reportTotalsShape,
});
export type InterestByInstallments = z.infer<typeof interestByInstallmentsSchema>;

export const interestByPaymentMethodSchema = z.object({
  paymentMethod: z.enum(INTEREST_REPORT_PAYMENT_METHODS),
  ...reportTotalsShape,
});
export type InterestByPaymentMethod = z.infer<typeof interestByPaymentMethodSchema>;

const BREAKDOWNS = ['byInstallments', 'byPaymentMethod'] as const;
const SUMMED_AMOUNTS = ['charged', 'earned'] as const;

/**
 * The report body. Rules: the sums of `charged` and of `earned` over each breakdown equal the
 * top-level values (compared exactly, money.ts), and `endDate` is not before `startDate`.
 * `earned` above `charged` is allowed: old orders of a legacy affiliate path do that.
 */
export const interestReportResponseSchema = z
  .object({
    currency: currencySchema,
    /** Window start actually applied. */
    startDate: apiDateTime,
    /** Window end actually applied. */
    endDate: apiDateTime,
    ...reportTotalsShape,
    byInstallments: z.array(interestByInstallmentsSchema).check(distinctBy<InterestByInstallments>('installments')),
    byPaymentMethod: z.array(interestByPaymentMethodSchema).check(distinctBy<InterestByPaymentMethod>('paymentMethod')),
  })
  .check(
    z.superRefine((report, ctx) => {
      const start = parseApiDateTime(report.startDate);
      const end = parseApiDateTime(report.endDate);
      if (start !== undefined && end !== undefined && end < start) {
        ctx.addIssue({ code: 'custom', message: END_BEFORE_START_MESSAGE, path: ['endDate'], input: report.endDate });
      }
      for (const breakdown of BREAKDOWNS) {
        const items: readonly { charged: string; earned: string }[] = report[breakdown];
        for (const amount of SUMMED_AMOUNTS) {
          const values = items.map((item) => item[amount]);
          const total = report[amount];
          // Malformed amounts already have their own issue; a sum over them means nothing.
          if (![...values, total].every((value) => DECIMAL_PATTERN.test(value))) continue;
          const sum = sumAmounts(values);
          if (!amountsEqual(sum, total)) {
            ctx.addIssue({
              code: 'custom',
              message: `A soma de ${amount} em ${breakdown} (${sum}) difere do valor de ${amount} do relatório (${total}).`,
              path: [breakdown],
              input: items,
            });
          }
        }
      }
    }),
  );
export type InterestReportResponse = z.infer<typeof interestReportResponseSchema>;
