/**
 * The Offer resource and the query of `GET /public_api/offers/` (public-api.md, "Offer" and
 * "GET /public_api/offers/"): typed filters, the query string the client sends, the inverse
 * the sandbox reads, and the filter and ordering semantics the sandbox applies.
 *
 * Two schemas cover the query. `offerQuerySchema` checks each parameter on its own, as the
 * API does. `offerFiltersSchema` adds the rules the spec states as "only for unique /
 * subscription offers": a query that breaks them cannot match any offer, so the client
 * refuses to send it, while the sandbox (like the API) answers it with an empty list.
 */
import * as z from 'zod/mini';
import { flattenFieldErrors, validate } from './errors.js';
import type { FieldErrorTree, Validation } from './errors.js';
import { apiDateTime, DECIMAL_PATTERN, httpUrl, isApiDateTime, isCalendarDate, nonEmptyString, parseApiDateTime } from './formats.js';
import { listEnvelope, paginationQuery } from './lists.js';
import { PRODUCT_TYPES } from './products.js';

export const OFFER_STATUSES = ['active', 'disabled'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Offers are `unique` or `subscription`, like products. */
export const OFFER_TYPES = PRODUCT_TYPES;
export type OfferType = (typeof OFFER_TYPES)[number];

/** `intervalType` of a `unique` offer. */
export const INTERVAL_TYPES = ['day', 'week', 'month', 'year'] as const;
export type IntervalType = (typeof INTERVAL_TYPES)[number];

// Counts and day numbers cannot be negative; `quantity_recurrences` alone uses -1 for
// "unlimited" (public-api.md, Offer). The type-specific fields may be absent or null on an
// offer of the other type.
const dayOrCount = z.optional(z.nullable(z.int().check(z.gte(0))));

/** An offer as the API answers it; unknown extra keys are stripped. */
export const offerSchema = z.object({
  id: nonEmptyString,
  name: z.string(),
  image: httpUrl,
  price: z.number().check(z.gte(0)),
  units: z.int(),
  default: z.boolean(),
  product: nonEmptyString,
  status: z.enum(OFFER_STATUSES),
  type: z.enum(OFFER_TYPES),
  intervalType: z.optional(z.nullable(z.enum(INTERVAL_TYPES))),
  interval: dayOrCount,
  recurrence_period: dayOrCount,
  quantity_recurrences: z.optional(z.nullable(z.int().check(z.gte(-1)))),
  trial_days: dayOrCount,
  max_retries: dayOrCount,
  retry_interval: dayOrCount,
  // Not in the Offer table but filterable and orderable, so the API keeps them.
  createdAt: z.optional(apiDateTime),
  updatedAt: z.optional(apiDateTime),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerListSchema = listEnvelope(offerSchema);
export type OfferList = z.infer<typeof offerListSchema>;

/** The keys `ordering` accepts; prefix one with `-` for descending order. */
export const OFFER_ORDERING_KEYS = ['id', 'name', 'price', 'product', 'status', 'default', 'createdAt', 'updatedAt'] as const;
export type OfferOrderingKey = (typeof OFFER_ORDERING_KEYS)[number];
export type OfferOrdering = OfferOrderingKey | `-${OfferOrderingKey}`;
const OFFER_ORDERINGS: OfferOrdering[] = [...OFFER_ORDERING_KEYS, ...OFFER_ORDERING_KEYS.map((key) => `-${key}` as const)];

/** Filters that apply only to `unique` offers. */
export const UNIQUE_ONLY_FILTERS = ['intervalType', 'interval'] as const;
/** Filters that apply only to `subscription` offers. */
export const SUBSCRIPTION_ONLY_FILTERS = ['recurrence_period', 'quantity_recurrences', 'trial_days', 'max_retries', 'retry_interval'] as const;

const COMPARISON_SUFFIXES = ['', '__gt', '__gte', '__lt', '__lte'] as const;
type ComparisonSuffix = (typeof COMPARISON_SUFFIXES)[number];
type Comparisons<Field extends string, S extends z.ZodMiniType> = { [K in `${Field}${ComparisonSuffix}`]: z.ZodMiniOptional<S> };

/** `field`, `field__gt`, `field__gte`, `field__lt`, `field__lte`, all optional. */
function comparisons<Field extends string, S extends z.ZodMiniType>(field: Field, schema: S): Comparisons<Field, S> {
  return Object.fromEntries(COMPARISON_SUFFIXES.map((suffix) => [`${field}${suffix}`, z.optional(schema)])) as Comparisons<Field, S>;
}

/** A date-time filter in text: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS` (fraction allowed) with an offset. */
function isFilterDateText(text: string): boolean {
  return isCalendarDate(text) || (/^\d{4}-\d{2}-\d{2}T/.test(text) && isApiDateTime(text));
}

/** A `Date` as ISO 8601 with an explicit offset (UTC), milliseconds only when there are some. */
function formatFilterDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 19)}${date.getUTCMilliseconds() === 0 ? '' : iso.slice(19, 23)}+00:00`;
}

function isFilterDate(value: unknown): value is string | Date {
  if (typeof value === 'string') return isFilterDateText(value);
  return value instanceof Date && !Number.isNaN(value.getTime()) && isFilterDateText(formatFilterDate(value));
}

const filterDate = z.custom<string | Date>(
  isFilterDate,
  'Informe uma data AAAA-MM-DD ou uma data e hora ISO 8601 com fuso (AAAA-MM-DDTHH:MM:SS-03:00).',
);

// A price is a number in the spec; a decimal string (how this project carries money) is
// accepted too and sent as written.
const filterPrice = z.custom<number | string>(
  (value) => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && DECIMAL_PATTERN.test(value)),
  'Informe um número.',
);

/** Ids go out comma-separated, so an id can be neither blank nor hold a comma. */
const idList = z.array(nonEmptyString.check(z.regex(/^[^,]+$/, 'Um identificador não pode conter vírgula.'))).check(z.minLength(1));
const choiceList = <const Values extends readonly [string, ...string[]]>(values: Values) => z.array(z.enum(values)).check(z.minLength(1));

// One key per row of the query table, in the table's order (the order the query is written in).
const offerQueryShape = {
  id: z.optional(idList),
  name: z.optional(nonEmptyString),
  ...comparisons('price', filterPrice),
  ...comparisons('createdAt', filterDate),
  ...comparisons('updatedAt', filterDate),
  status: z.optional(choiceList(OFFER_STATUSES)),
  type: z.optional(choiceList(OFFER_TYPES)),
  intervalType: z.optional(choiceList(INTERVAL_TYPES)),
  interval: z.optional(z.int()),
  recurrence_period: z.optional(z.int()),
  quantity_recurrences: z.optional(z.int()),
  trial_days: z.optional(z.int()),
  max_retries: z.optional(z.int()),
  retry_interval: z.optional(z.int()),
  product: z.optional(idList),
  default: z.optional(z.boolean()),
  search: z.optional(nonEmptyString),
  ordering: z.optional(z.enum(OFFER_ORDERINGS)),
  ...paginationQuery.shape,
};

/** Each query parameter of `GET /public_api/offers/` on its own, as the API checks them. */
export const offerQuerySchema = z.strictObject(offerQueryShape);

/** Every query parameter, in the order `buildOfferQuery` writes them. */
export const OFFER_QUERY_PARAMS = Object.keys(offerQueryShape) as (keyof typeof offerQueryShape)[];

/** Filters for `GET /public_api/offers/`: `offerQuerySchema` plus the unique/subscription rules. */
export const offerFiltersSchema = offerQuerySchema.check(
  z.superRefine((filters, ctx) => {
    const unique = UNIQUE_ONLY_FILTERS.filter((key) => filters[key] !== undefined);
    const subscription = SUBSCRIPTION_ONLY_FILTERS.filter((key) => filters[key] !== undefined);
    const report = (keys: readonly string[], message: string) => {
      for (const key of keys) ctx.issues.push({ code: 'custom', message, path: [key], input: filters });
    };
    if (unique.length > 0 && subscription.length > 0) {
      report(unique, `Filtro apenas para ofertas unique; não combina com ${subscription.join(', ')}.`);
      report(subscription, `Filtro apenas para ofertas subscription; não combina com ${unique.join(', ')}.`);
    }
    if (filters.type && !filters.type.includes('unique')) {
      report(unique, 'Filtro apenas para ofertas unique, mas type não inclui unique.');
    }
    if (filters.type && !filters.type.includes('subscription')) {
      report(subscription, 'Filtro apenas para ofertas subscription, mas type não inclui subscription.');
    }
  }),
);
export type OfferFilters = z.input<typeof offerFiltersSchema>;

/** Field errors keyed by query parameter: `{interval: ['...']}`, item errors folded into their list's key. */
function errorsByParam(tree: FieldErrorTree): Record<string, string[]> {
  const byParam: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(flattenFieldErrors(tree))) {
    const param = path.split('.')[0]!;
    byParam[param] = [...new Set([...(byParam[param] ?? []), ...messages])];
  }
  return byParam;
}

/** Thrown by `buildOfferQuery` for invalid filters; `fields` names each bad option. */
export class InvalidOfferFiltersError extends TypeError {
  readonly fields: Record<string, string[]>;

  constructor(fields: Record<string, string[]>) {
    const summary = Object.entries(fields).map(([option, messages]) => `${option}: ${messages.join(' ')}`);
    super(`Filtros de ofertas inválidos. ${summary.join(' | ')}`);
    this.name = 'InvalidOfferFiltersError';
    this.fields = fields;
  }
}

/**
 * The query string of `GET /public_api/offers/` for `filters`: lists comma-separated,
 * booleans as `true`/`false`, `Date`s as ISO 8601 with offset. Throws
 * `InvalidOfferFiltersError` naming every invalid option.
 */
export function buildOfferQuery(filters: OfferFilters): URLSearchParams {
  const result = validate(offerFiltersSchema, filters);
  if (!result.success) throw new InvalidOfferFiltersError(errorsByParam(result.errors));
  const query = new URLSearchParams();
  for (const param of OFFER_QUERY_PARAMS) {
    const value = result.data[param];
    if (value === undefined) continue;
    if (Array.isArray(value)) query.set(param, value.join(','));
    else if (value instanceof Date) query.set(param, formatFilterDate(value));
    else query.set(param, String(value));
  }
  return query;
}

const LIST_PARAMS: ReadonlySet<string> = new Set(['id', 'status', 'type', 'intervalType', 'product']);
const INTEGER_PARAMS: ReadonlySet<string> = new Set([
  'interval',
  ...SUBSCRIPTION_ONLY_FILTERS,
  ...Object.keys(paginationQuery.shape),
]);

/** A parameter's text as the schema expects it; text that cannot convert stays text, so validation names it. */
function readQueryValue(param: string, text: string): unknown {
  if (LIST_PARAMS.has(param)) return text.split(',').map((item) => item.trim()).filter((item) => item !== '');
  if (INTEGER_PARAMS.has(param)) return DECIMAL_PATTERN.test(text) ? Number(text) : text;
  if (param === 'default') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/**
 * Reads the query of `GET /public_api/offers/` into filters, or into field errors in the
 * API's form (`{interval: ['...']}`). As the service's framework does, an empty parameter
 * is no filter, a repeated one counts with its last value, unknown ones are ignored and
 * surrounding spaces are trimmed. The unique/subscription rules are not applied here: such
 * a query is valid and matches nothing (see `matchesOfferFilters`).
 */
export function parseOfferQuery(params: URLSearchParams): Validation<OfferFilters> {
  const raw: Record<string, unknown> = {};
  for (const param of OFFER_QUERY_PARAMS) {
    const text = params.getAll(param).at(-1)?.trim();
    if (text) raw[param] = readQueryValue(param, text);
  }
  const result = validate(offerQuerySchema, raw);
  return result.success ? result : { success: false, errors: errorsByParam(result.errors) };
}

/** Date-only filter values are midnight in this zone, the service's (the same zone its reports use). */
export const OFFER_FILTER_TIME_ZONE = 'America/Sao_Paulo';

/** The zone's offset from UTC at `instant`, in milliseconds. */
function zoneOffsetAt(instant: number): number {
  const label = new Intl.DateTimeFormat('en-US', { timeZone: OFFER_FILTER_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(label ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/**
 * The instant a date-time filter value stands for. A date alone is the start of that day
 * in the service's zone; where a clock change skipped midnight, the offset before the
 * change applies (the day then starts at the change).
 */
export function offerFilterInstant(value: string | Date): Date {
  if (value instanceof Date) return value;
  if (!isCalendarDate(value)) return parseApiDateTime(value)!;
  const wallClock = Date.parse(`${value}T00:00:00Z`);
  const first = wallClock - zoneOffsetAt(wallClock);
  const second = wallClock - zoneOffsetAt(first);
  const isMidnight = (instant: number) => instant + zoneOffsetAt(instant) === wallClock;
  return new Date(isMidnight(first) || !isMidnight(second) ? first : second);
}

/** What `search` looks at in an offer's product besides its id (the offer's `product`). */
export interface OfferSearchProduct {
  name: string;
  short_id?: string;
}

function contains(text: string | undefined, needle: string): boolean {
  return text !== undefined && text.toLowerCase().includes(needle.toLowerCase());
}

function compares(actual: number | undefined, suffix: ComparisonSuffix, expected: number): boolean {
  if (actual === undefined) return false;
  switch (suffix) {
    case '':
      return actual === expected;
    case '__gt':
      return actual > expected;
    case '__gte':
      return actual >= expected;
    case '__lt':
      return actual < expected;
    case '__lte':
      return actual <= expected;
  }
}

function instantOf(dateTime: string | undefined): number | undefined {
  return dateTime === undefined ? undefined : parseApiDateTime(dateTime)?.getTime();
}

/**
 * Whether `offer` passes `filters`, as the API filters (public-api.md, offers query): every
 * filter must hold (AND); a comma list holds when any of its values does (OR); `name` and
 * `search` match part of the text regardless of case; prices compare as numbers and
 * date-times as instants, an offer without the date never matching; unique-only filters
 * match only `unique` offers and subscription-only filters only `subscription` ones.
 * `productOf` gives the product fields `search` looks at. Pagination and ordering are
 * not filters and are ignored.
 */
export function matchesOfferFilters(
  offer: Offer,
  productOf: (productId: string) => OfferSearchProduct | undefined,
  filters: OfferFilters,
): boolean {
  if (filters.id && !filters.id.includes(offer.id)) return false;
  if (filters.name !== undefined && !contains(offer.name, filters.name)) return false;
  for (const suffix of COMPARISON_SUFFIXES) {
    const price = filters[`price${suffix}` as const];
    if (price !== undefined && !compares(offer.price, suffix, Number(price))) return false;
    for (const field of ['createdAt', 'updatedAt'] as const) {
      const date = filters[`${field}${suffix}` as const];
      if (date !== undefined && !compares(instantOf(offer[field]), suffix, offerFilterInstant(date).getTime())) return false;
    }
  }
  if (filters.status && !filters.status.includes(offer.status)) return false;
  if (filters.type && !filters.type.includes(offer.type)) return false;
  const uniqueFilters = filters.intervalType !== undefined || filters.interval !== undefined;
  if (uniqueFilters && offer.type !== 'unique') return false;
  if (filters.intervalType && !(offer.intervalType && filters.intervalType.includes(offer.intervalType))) return false;
  if (filters.interval !== undefined && offer.interval !== filters.interval) return false;
  for (const field of SUBSCRIPTION_ONLY_FILTERS) {
    const value = filters[field];
    if (value !== undefined && (offer.type !== 'subscription' || offer[field] !== value)) return false;
  }
  if (filters.product && !filters.product.includes(offer.product)) return false;
  if (filters.default !== undefined && offer.default !== filters.default) return false;
  if (filters.search !== undefined) {
    const product = productOf(offer.product);
    const fields = [offer.name, offer.id, product?.name, product?.short_id, offer.product];
    if (!fields.some((field) => contains(field, filters.search!))) return false;
  }
  return true;
}

const nameCollator = new Intl.Collator('pt-BR');

function compareValues<T extends string | number | boolean>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Ascending order per key; a missing date sorts after every date, as SQL's NULLS LAST. */
const ASCENDING: Record<OfferOrderingKey, (a: Offer, b: Offer) => number> = {
  id: (a, b) => compareValues(a.id, b.id),
  name: (a, b) => nameCollator.compare(a.name, b.name),
  price: (a, b) => compareValues(a.price, b.price),
  product: (a, b) => compareValues(a.product, b.product),
  status: (a, b) => compareValues(a.status, b.status),
  default: (a, b) => compareValues(a.default, b.default),
  createdAt: (a, b) => compareInstants(instantOf(a.createdAt), instantOf(b.createdAt)),
  updatedAt: (a, b) => compareInstants(instantOf(a.updatedAt), instantOf(b.updatedAt)),
};

function compareInstants(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return compareValues(a, b);
}

/**
 * A comparator for `Array.prototype.sort` implementing `ordering`: ids, product ids and
 * statuses in code-unit order, names in pt-BR collation, prices as numbers, `false` before
 * `true`, dates as instants. `-key` reverses the whole order, so missing dates come first.
 * Ties compare equal, so a stable sort keeps the store's order.
 */
export function compareOffers(ordering: OfferOrdering): (a: Offer, b: Offer) => number {
  const descending = ordering.startsWith('-');
  const ascending = ASCENDING[(descending ? ordering.slice(1) : ordering) as OfferOrderingKey];
  return descending ? (a, b) => ascending(b, a) : ascending;
}
