/**
 * The Limits table and the "Other constants" table of public-api.md, as named values.
 * Durations are in seconds unless the name says otherwise.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What a rate limit counts per (public-api.md, Limits, "Counted per"). */
export type RateLimitSubject = 'ip' | 'token' | 'user';

export interface RateLimit {
  /** Requests allowed in one window. */
  readonly limit: number;
  /** Window length in seconds. */
  readonly windowSeconds: number;
  readonly per: RateLimitSubject;
}

/**
 * The card tokens' row of the Limits table, on its own: the widget's card tokenizer needs only it,
 * and a browser bundle that imports it does not carry the whole table (`RATE_LIMITS`).
 */
export const CARD_TOKENS_PER_USER = { limit: 20, windowSeconds: MINUTE, per: 'user' } as const satisfies RateLimit;

/** Every row of the Limits table. Both charge limits apply at once. */
export const RATE_LIMITS = {
  chargesPerIp: { limit: 60, windowSeconds: MINUTE, per: 'ip' },
  chargesPerToken: { limit: 120, windowSeconds: MINUTE, per: 'token' },
  cardTokensPerUser: CARD_TOKENS_PER_USER,
  authenticatedPerUser: { limit: 5000, windowSeconds: HOUR, per: 'user' },
  unauthenticatedPerIp: { limit: 200, windowSeconds: HOUR, per: 'ip' },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export const IDEMPOTENCY_KEY_MIN_LENGTH = 1;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_RETENTION_SECONDS = DAY;
/** The header that carries it on `POST /public_api/payments/`. */
export const IDEMPOTENCY_HEADER = 'X-Idempotency-Key';

export const ITEMS_PER_CHARGE = 1;
export const ITEM_QUANTITY_MIN = 1;

export const CHARGE_INSTALLMENTS_MIN = 1;
export const CHARGE_INSTALLMENTS_MAX = 12;
/** The fees endpoint's card instalment table has one row per count from 1 to 18. */
export const INSTALLMENT_TABLE_ROWS = 18;
/** The producer's own additional interest is configured for 2 to 12 instalments (supplement). */
export const ADDITIONAL_INTEREST_INSTALLMENTS_MIN = 2;
export const ADDITIONAL_INTEREST_INSTALLMENTS_MAX = 12;

export const CARD_TOKEN_VALIDITY_SECONDS = 15 * MINUTE;

export const PIX_EXPIRES_IN_MIN_SECONDS = 60;
export const COUPON_MAX_LENGTH = 255;

export const WEBHOOK_RESPONSE_TIMEOUT_SECONDS = 8;
/** Delays before each retry of a failed webhook delivery (supplement, "Webhook deliveries"). */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, MINUTE, 150, 6 * MINUTE, 30 * MINUTE] as const;

export const INTEREST_REPORT_MAX_WINDOW_DAYS = 92;
export const INTEREST_REPORT_DEFAULT_WINDOW_DAYS = 30;
/** The report's day bounds are São Paulo days (public-api.md, additional-interest rule 3). */
export const INTEREST_REPORT_TIME_ZONE = 'America/Sao_Paulo';

/** `expires_in` of the access token in the spec's sample (10 hours); the response's value rules. */
export const ACCESS_TOKEN_SAMPLE_EXPIRES_IN = 36000;

/** List endpoints: `page` starts at 1, `limit` defaults to 10 (supplement, "Lists"). */
export const LIST_FIRST_PAGE = 1;
export const LIST_DEFAULT_LIMIT = 10;

/** Suffix a duplicated product's name receives. */
export const DUPLICATE_PRODUCT_NAME_SUFFIX = ' - Cópia';

/** The analytics row for orders without the grouped UTM value. */
export const UNCLASSIFIED = '(unclassified)';

export const MAX_STRING_LENGTH = 255;
export const MAX_URL_LENGTH = 2048;

/** Every path of the Public API begins with this prefix. */
export const API_PATH_PREFIX = '/public_api/';
