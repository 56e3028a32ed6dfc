/**
 * `GET /public_api/orders/analytics/` (public-api.md, "GET /public_api/orders/analytics/" and
 * "Analytics response"): paid-order performance grouped by one UTM dimension.
 */
import * as z from 'zod/mini';
import { INSTALLMENT_TABLE_ROWS, UNCLASSIFIED } from './constants.js';
import { flattenFieldErrors, validate } from './errors.js';
import { DECIMAL_PATTERN, dayMonthYearDate, decimalString, isCalendarDate, nonEmptyString } from './formats.js';
import { amountsEqual, sumAmounts } from './money.js';
import { FEE_METHOD_ORDER, OPEN_FINANCE_METHOD_PATTERN } from './payment-methods.js';
import { PRODUCT_TYPES } from './products.js';

/** The dimensions results can be grouped by; each row carries a key of that name. */
export const ANALYTICS_DIMENSIONS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

/**
 * `offer_type`: the role the offer played in the order. A charge is only ever `main`
 * (charge-request.ts); paid orders also come from upsells, downsells and order bumps.
 */
export const ANALYTICS_OFFER_TYPES = ['main', 'upsell', 'downsell', 'orderbump'] as const;

/** The money metrics of a row and of the totals, all decimal strings. */
export const ANALYTICS_AMOUNT_METRICS = ['gross_volume', 'net_value', 'total_discount', 'total_fees'] as const;

/** `DD-MM-YYYY` as `YYYY-MM-DD`, or undefined when it is not a real day. */
function isoDateOf(dayMonthYear: string): string | undefined {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(dayMonthYear);
  const iso = match ? `${match[3]}-${match[2]}-${match[1]}` : undefined;
  return iso !== undefined && isCalendarDate(iso) ? iso : undefined;
}

/** One value of a comma-joined list parameter: it cannot hold a comma itself. */
const listValue = nonEmptyString.check(z.regex(/^[^,]*$/, 'Um valor da lista não pode conter vírgula.'));
const listOfValues = z.array(listValue).check(z.minLength(1));

const NAMED_PAYMENT_METHODS: readonly string[] = FEE_METHOD_ORDER.filter((method) => !method.startsWith('openfinance_'));

/** Method identifiers an order can carry: those of the fees table, open finance by its pattern. */
function isKnownPaymentMethod(method: string): boolean {
  return NAMED_PAYMENT_METHODS.includes(method) || OPEN_FINANCE_METHOD_PATTERN.test(method);
}

/**
 * The query of the analytics endpoint, keyed by the API's parameter names. `group_by` is
 * required here (the response is only readable knowing the dimension); list parameters are
 * arrays, sent comma-joined.
 */
export const analyticsQuerySchema = z
  .strictObject({
    group_by: z.enum(ANALYTICS_DIMENSIONS),
    start_date: z.optional(dayMonthYearDate),
    end_date: z.optional(dayMonthYearDate),
    /** Order statuses, for example `['paid']`. */
    status: z.optional(listOfValues),
    /** A product id or name. */
    product: z.optional(nonEmptyString),
    /** Product ids. */
    products: z.optional(listOfValues),
    offer: z.optional(nonEmptyString),
    paymentMethod: z.optional(z.string().check(z.refine(isKnownPaymentMethod, 'Método de pagamento desconhecido.'))),
    offer_type: z.optional(z.enum(ANALYTICS_OFFER_TYPES)),
    /** The product's type. */
    type: z.optional(z.enum(PRODUCT_TYPES)),
    installments: z.optional(z.int().check(z.gte(1), z.lte(INSTALLMENT_TABLE_ROWS))),
  })
  .check(
    z.superRefine((query, ctx) => {
      const start = query.start_date === undefined ? undefined : isoDateOf(query.start_date);
      const end = query.end_date === undefined ? undefined : isoDateOf(query.end_date);
      if (start !== undefined && end !== undefined && end < start) {
        ctx.addIssue({
          code: 'custom',
          message: 'A data final não pode ser anterior à data inicial.',
          path: ['end_date'],
          input: query.end_date,
        });
      }
    }),
  );
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** The query parameters of the analytics endpoint, in the spec's table order (also their order on the wire). */
export const ANALYTICS_QUERY_PARAMETERS = [
  'group_by',
  'start_date',
  'end_date',
  'status',
  'product',
  'products',
  'offer',
  'paymentMethod',
  'offer_type',
  'type',
  'installments',
] as const satisfies readonly (keyof AnalyticsQuery)[];

/**
 * The query string for the analytics endpoint. Throws an `Error` naming the invalid
 * parameters (the field-error tree is its `cause`) when `options` break a rule above.
 */
export function buildAnalyticsQuery(options: AnalyticsQuery): URLSearchParams {
  const result = validate(analyticsQuerySchema, options);
  if (!result.success) {
    throw new Error(`Consulta de analytics inválida: ${JSON.stringify(flattenFieldErrors(result.errors))}`, { cause: result.errors });
  }
  const params = new URLSearchParams();
  for (const name of ANALYTICS_QUERY_PARAMETERS) {
    const value = result.data[name];
    if (value === undefined) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

/**
 * `total_discount` "may be rendered as `0`": besides a decimal string, the bare JSON number 0
 * is accepted and read as `"0"`, so an aggregate with no discount never fails the contract.
 */
const totalDiscount = z.union(
  [decimalString, z.pipe(z.literal(0), z.transform((): string => '0'))],
  'Informe um número decimal válido.',
);

const metricsShape = {
  order_count: z.int().check(z.gte(0)),
  gross_volume: decimalString,
  net_value: decimalString,
  total_discount: totalDiscount,
  total_fees: decimalString,
};

/**
 * One row of the results: the metrics plus a key named like `group_by` whose value is the
 * dimension's value (`(unclassified)` for orders without it). Other keys are kept.
 */
export const analyticsRowSchema = z.looseObject(metricsShape);
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;

export const analyticsTotalsSchema = z.object(metricsShape);
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

/**
 * The body of the analytics endpoint. Rules: every row carries the dimension key with a
 * non-empty value, one row per distinct value, and `totals` are the sums over all rows
 * (compared exactly, money.ts).
 */
export const analyticsResponseSchema = z
  .object({
    group_by: z.enum(ANALYTICS_DIMENSIONS),
    results: z.array(analyticsRowSchema),
    totals: analyticsTotalsSchema,
  })
  .check(
    z.superRefine((response, ctx) => {
      const dimension = response.group_by;
      const seen = new Set<string>();
      response.results.forEach((row, position) => {
        const value = row[dimension];
        if (typeof value !== 'string' || value.length === 0) {
          ctx.addIssue({
            code: 'custom',
            message: `Cada linha deve trazer ${dimension}: o valor da dimensão ou "${UNCLASSIFIED}".`,
            path: ['results', position, dimension],
            input: value,
          });
        } else if (seen.has(value)) {
          ctx.addIssue({
            code: 'custom',
            message: `O valor "${value}" de ${dimension} aparece em mais de uma linha.`,
            path: ['results', position, dimension],
            input: value,
          });
        }
        if (typeof value === 'string') seen.add(value);
      });

      const orderCount = response.results.reduce((count, row) => count + row.order_count, 0);
      if (orderCount !== response.totals.order_count) {
        ctx.addIssue({
          code: 'custom',
          message: `O total (${response.totals.order_count}) não confere com a soma das linhas (${orderCount}).`,
          path: ['totals', 'order_count'],
          input: response.totals.order_count,
        });
      }
      for (const metric of ANALYTICS_AMOUNT_METRICS) {
        const values = response.results.map((row) => row[metric]);
        const total = response.totals[metric];
        // Malformed amounts already have their own issue; a sum over them means nothing.
        if (![...values, total].every((value) => DECIMAL_PATTERN.test(value))) continue;
        const sum = sumAmounts(values);
        if (!amountsEqual(sum, total)) {
          ctx.addIssue({
            code: 'custom',
            message: `O total (${total}) não confere com a soma das linhas (${sum}).`,
            path: ['totals', metric],
            input: total,
          });
        }
      }
    }),
  );
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
