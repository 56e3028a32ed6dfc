/**
 * The two order reports of the sandbox, computed from the caller's orders in the world:
 * `GET /public_api/orders/analytics/` (public-api.md, "GET /public_api/orders/analytics/",
 * "Analytics response") and the additional-interest report the sandbox serves at
 * `/public_api/orders/additional_interest/` (public-api.md, "Additional-interest report";
 * supplement for the path). Money is summed in cents (money.ts), never as floats.
 */
import * as z from 'zod/mini';
import { ANALYTICS_QUERY_PARAMETERS, analyticsQuerySchema, type AnalyticsDimension } from '../../contract/analytics.js';
import { INTEREST_REPORT_MAX_WINDOW_DAYS, UNCLASSIFIED } from '../../contract/constants.js';
import { currencySchema, DEFAULT_CURRENCY } from '../../contract/currencies.js';
import { validate } from '../../contract/errors.js';
import { calendarDate, parseApiDateTime } from '../../contract/formats.js';
import { INTEREST_REPORT_PAYMENT_METHODS, reportWindow, type InterestReportWindow } from '../../contract/interest-report.js';
import { formatCents, toCents, type Cents } from '../../contract/money.js';
import { detailResponse, fieldError, fieldErrorResponse, jsonResponse } from '../requests/responses.js';
import type { RouteContext } from '../requests/router.js';
import { saoPauloDateTime, saoPauloDayEnd, saoPauloDayStart } from '../world/sao-paulo-time.js';
import type { SandboxOrder } from '../world/state.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last value of a query parameter, trimmed; an empty one counts as absent. */
function lastValue(params: URLSearchParams, name: string): string | undefined {
  const text = params.getAll(name).at(-1)?.trim();
  return text ? text : undefined;
}

function createdAtMs(order: SandboxOrder): number {
  return parseApiDateTime(order.createdAt)?.getTime() ?? Number.NaN;
}

// ---- Analytics -------------------------------------------------------------------------

const ANALYTICS_LIST_PARAMS: ReadonlySet<string> = new Set(['status', 'products']);

/** Query text as the contract's schema reads it; text that cannot convert stays text, so validation names it. */
function readAnalyticsQuery(params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const name of ANALYTICS_QUERY_PARAMETERS) {
    const text = lastValue(params, name);
    if (text === undefined) continue;
    if (ANALYTICS_LIST_PARAMS.has(name)) raw[name] = text.split(',').map((item) => item.trim()).filter((item) => item !== '');
    else if (name === 'installments') raw[name] = /^\d+$/.test(text) ? Number(text) : text;
    else raw[name] = text;
  }
  return raw;
}

/** `DD-MM-YYYY` (already validated) as `YYYY-MM-DD`. */
function isoOfDayMonthYear(text: string): string {
  return `${text.slice(6, 10)}-${text.slice(3, 5)}-${text.slice(0, 2)}`;
}

interface AnalyticsSums {
  order_count: number;
  gross: Cents;
  net: Cents;
  discount: Cents;
  fees: Cents;
}

const emptySums = (): AnalyticsSums => ({ order_count: 0, gross: 0n, net: 0n, discount: 0n, fees: 0n });

function addOrder(sums: AnalyticsSums, order: SandboxOrder): void {
  const amount = toCents(order.amount);
  const fees = toCents(order.fees);
  sums.order_count += 1;
  sums.gross += toCents(order.baseAmount);
  // The net is what the order brought in after the platform's fees: amount - fees.
  sums.net += amount - fees;
  sums.discount += toCents(order.discount);
  sums.fees += fees;
}

function metrics(sums: AnalyticsSums) {
  return {
    order_count: sums.order_count,
    gross_volume: formatCents(sums.gross),
    net_value: formatCents(sums.net),
    total_discount: formatCents(sums.discount),
    total_fees: formatCents(sums.fees),
  };
}

/**
 * `GET /public_api/orders/analytics/`. Filters combine (AND). Without `status`, only paid
 * orders count (the endpoint reports paid-order performance); dates are São Paulo days by
 * order creation, both ends included. Rows come by `order_count` descending, then by value.
 */
export function handleAnalytics(context: RouteContext): Response {
  const parsed = validate(analyticsQuerySchema, readAnalyticsQuery(context.url.searchParams));
  if (!parsed.success) return fieldErrorResponse(parsed.errors);
  const query = parsed.data;
  const dimension: AnalyticsDimension = query.group_by;
  const from = query.start_date === undefined ? -Infinity : saoPauloDayStart(isoOfDayMonthYear(query.start_date));
  const to = query.end_date === undefined ? Infinity : saoPauloDayEnd(isoOfDayMonthYear(query.end_date));
  const statuses = query.status ?? ['paid'];
  const { world } = context;

  const matches = (order: SandboxOrder): boolean => {
    const product = world.products.get(order.productId);
    const created = createdAtMs(order);
    if (order.accountId !== context.caller!.accountId || !product) return false;
    if (!(created >= from && created <= to) || !statuses.includes(order.status)) return false;
    if (query.product !== undefined && order.productId !== query.product && product.name.toLowerCase() !== query.product.toLowerCase()) {
      return false;
    }
    if (query.products && !query.products.includes(order.productId)) return false;
    if (query.offer !== undefined && order.offerId !== query.offer) return false;
    if (query.paymentMethod !== undefined && order.paymentMethod !== query.paymentMethod) return false;
    if (query.offer_type !== undefined && order.offer_type !== query.offer_type) return false;
    if (query.type !== undefined && product.type !== query.type) return false;
    return query.installments === undefined || order.installments === query.installments;
  };

  const rows = new Map<string, AnalyticsSums>();
  const totals = emptySums();
  for (const order of world.orders.values()) {
    if (!matches(order)) continue;
    const value = order.metadata[dimension]?.trim() || UNCLASSIFIED;
    const row = rows.get(value) ?? emptySums();
    rows.set(value, row);
    addOrder(row, order);
    addOrder(totals, order);
  }
  const results = [...rows.entries()]
    .sort(([valueA, a], [valueB, b]) => b.order_count - a.order_count || (valueA < valueB ? -1 : valueA > valueB ? 1 : 0))
    .map(([value, sums]) => ({ [dimension]: value, ...metrics(sums) }));
  return jsonResponse(200, { group_by: dimension, results, totals: metrics(totals) });
}

// ---- Additional-interest report --------------------------------------------------------

/** Each parameter on its own; the window rules come after (they need both dates). */
const interestReportParamsSchema = z.strictObject({
  currency: z.optional(currencySchema),
  startDate: z.optional(calendarDate),
  endDate: z.optional(calendarDate),
});

const ONE_CURRENCY_MESSAGE = 'Informe uma única moeda por consulta.';

type InterestCurrency = z.infer<typeof currencySchema>;

/** The currency and window a report request asks for, or the 400 answer. */
function readInterestReportQuery(
  params: URLSearchParams,
  nowMs: number,
): { ok: true; currency: InterestCurrency; window: InterestReportWindow } | { ok: false; response: Response } {
  const currencies = params.getAll('currency').map((text) => text.trim()).filter((text) => text !== '');
  if (currencies.length > 1) return { ok: false, response: fieldError('currency', ONE_CURRENCY_MESSAGE) };
  const parsed = validate(interestReportParamsSchema, {
    currency: currencies[0],
    startDate: lastValue(params, 'startDate'),
    endDate: lastValue(params, 'endDate'),
  });
  if (!parsed.success) return { ok: false, response: fieldErrorResponse(parsed.errors) };
  const { startDate, endDate } = parsed.data;
  try {
    // The default window ends now, in whole seconds, so the echoed bounds are the ones applied.
    const window = reportWindow({ startDate, endDate }, new Date(Math.floor(nowMs / 1000) * 1000));
    return { ok: true, currency: parsed.data.currency ?? DEFAULT_CURRENCY, window };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    if (startDate === undefined || endDate === undefined) {
      return { ok: false, response: fieldError(startDate === undefined ? 'startDate' : 'endDate', error.message) };
    }
    const days = Math.round((Date.parse(endDate) - Date.parse(startDate)) / DAY_MS) + 1;
    // Rule 4: a window over 92 days is a request-level error naming its size.
    if (days > INTEREST_REPORT_MAX_WINDOW_DAYS) return { ok: false, response: detailResponse(400, error.message) };
    return { ok: false, response: fieldError('endDate', error.message) };
  }
}

interface InterestSums {
  charged: Cents;
  earned: Cents;
  orders: number;
}

const emptyInterest = (): InterestSums => ({ charged: 0n, earned: 0n, orders: 0 });

function addInterest(sums: InterestSums, order: SandboxOrder): void {
  sums.charged += toCents(order.additionalInterest);
  sums.earned += toCents(order.additionalInterestEarned);
  sums.orders += 1;
}

const interestTotals = (sums: InterestSums) => ({
  charged: formatCents(sums.charged),
  earned: formatCents(sums.earned),
  orders: sums.orders,
});

const REPORT_METHODS: readonly string[] = INTEREST_REPORT_PAYMENT_METHODS;

/**
 * The additional-interest report: the caller's paid orders in `currency` created within
 * the window (the last second of `endDate` counted whole) that carry additional interest,
 * summed as a whole, by instalment count and by card method. Only card-like methods take
 * instalments, so every counted order falls in one `byPaymentMethod` item and both
 * breakdowns add up to the totals. Breakdowns list only the values that occurred, in
 * ascending instalment count and in the spec's method order.
 */
export function handleInterestReport(context: RouteContext): Response {
  const read = readInterestReportQuery(context.url.searchParams, context.clock.now());
  if (!read.ok) return read.response;
  const { currency, window } = read;
  const start = window.start.getTime();
  const end = window.end.getTime() + 999;

  const totals = emptyInterest();
  const byInstallments = new Map<number, InterestSums>();
  const byPaymentMethod = new Map<string, InterestSums>();
  for (const order of context.world.orders.values()) {
    const created = createdAtMs(order);
    if (order.accountId !== context.caller!.accountId || order.status !== 'paid' || order.currency !== currency) continue;
    if (!(created >= start && created <= end) || !REPORT_METHODS.includes(order.paymentMethod)) continue;
    if (toCents(order.additionalInterest) <= 0n) continue;
    addInterest(totals, order);
    const installments = byInstallments.get(order.installments) ?? emptyInterest();
    byInstallments.set(order.installments, installments);
    addInterest(installments, order);
    const method = byPaymentMethod.get(order.paymentMethod) ?? emptyInterest();
    byPaymentMethod.set(order.paymentMethod, method);
    addInterest(method, order);
  }

  return jsonResponse(200, {
    currency,
    startDate: saoPauloDateTime(start),
    endDate: saoPauloDateTime(window.end.getTime()),
    ...interestTotals(totals),
    byInstallments: [...byInstallments.entries()]
      .sort(([a], [b]) => a - b)
      .map(([installments, sums]) => ({ installments, ...interestTotals(sums) })),
    byPaymentMethod: REPORT_METHODS.filter((method) => byPaymentMethod.has(method)).map((paymentMethod) => ({
      paymentMethod,
      ...interestTotals(byPaymentMethod.get(paymentMethod)!),
    })),
  });
}
