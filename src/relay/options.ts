/**
 * The options of `createRelay`, checked when the relay is created: a relay that would refuse
 * every charge, leak a secret to the browser or trust any proxy by mistake fails at start
 * with a message naming the option, never at the first buyer.
 */
import { createClient, type PayClient } from '../client/index.js';
import type { AddressLookup } from './address-lookups.js';
import { createMemoryStore } from '../store/memory-store.js';
import { STORE_OPERATIONS, type ChargeLineBudget, type Store } from '../store/store.js';
import { checkChargeQueue, type ChargeQueueOptions } from './charge-queue-options.js';
import { createOrderTokens, type OrderTokens } from './order-token.js';
import { parseTrustedProxies, type TrustedProxies } from './buyer-ip.js';
import type { PublicOrder, RelayWebhookEvent } from './order-book.js';
import { DEFAULT_MAX_ITEM_QUANTITY } from './widget-request.js';
import { observedStore, upstreamReporter } from './operations/instruments.js';
import type { RelayLogger } from './operations/logger.js';
import { combineObservers, type RelayObserver } from './operations/observer.js';

/** Settings handed to the widget verbatim (3DS provider, anti-fraud profiler): plain JSON, nothing secret. */
export type WidgetSettings = Readonly<Record<string, unknown>>;

/** Which offers may be sold: a list of offer ids, or a decision per offer id. */
export type OfferAllowance = readonly string[] | ((offerId: string) => boolean | Promise<boolean>);

export interface ChargeRateLimit {
  /** Charges one buyer IP may start per window. */
  limit: number;
  windowMs: number;
}

export interface RelayEventStreamOptions {
  /** Milliseconds between keep-alive comments of an open stream (default 15000). */
  keepAliveMs?: number;
  /** First wait before re-reading the order from the API while no webhook came (default 5000). */
  pollMs?: number;
  /** The poll waits 1.5 times longer after each read that changed nothing, up to this (default 60000). */
  maxPollMs?: number;
  /** Streams one buyer IP (an IPv6 /64) may hold open at once, counted in the store (default 10). */
  maxPerIp?: number;
  /** Streams one order may have open at once, counted in the store (default 5). */
  maxPerOrder?: number;
  /** A stream is ended after this long and the browser reconnects (default 900000: 15 minutes). */
  maxLifetimeMs?: number;
}

export interface RelayOptions {
  /** The API's origin, e.g. `https://api.example.com` or the sandbox's URL (no `/public_api`). */
  apiBaseUrl: string;
  /** Secret API key id; with `clientSecret`, unless `client` is given. */
  clientId?: string;
  /** Secret API key secret; never leaves the relay. */
  clientSecret?: string;
  /** A ready API client (e.g. shared with the merchant's backend); replaces `clientId`/`clientSecret`. */
  client?: PayClient;
  /** The `fetch` the relay's own client uses (ignored with `client`); default the client's own connections on Node (`node:net`, `node:tls`), else the global `fetch`. */
  fetch?: typeof fetch;
  /** The public client id of the card-tokenization key, which the browser uses directly. */
  publicClientId: string;
  /** The offers this relay may sell. */
  offers: OfferAllowance;
  /** Browser origins allowed to call the widget routes (`https://shop.example`). */
  allowedOrigins?: readonly string[];
  /** The `secret` field webhook deliveries carry; without it the webhooks route does not exist. */
  webhookSecret?: string;
  /** Shared state; default an in-memory store (one instance). */
  store?: Store;
  /**
   * Whom to believe about the buyer's IP: `false` (default) the socket address only; a list of
   * the shop's proxies (`['10.0.0.0/8', '127.0.0.1', '::1']`) the first address, from the
   * right of `X-Forwarded-For`, that is not one of them; a number N the address N proxies away
   * from the relay; `true` the first address of `X-Forwarded-For` (any client picks its own).
   */
  trustProxy?: boolean | number | readonly string[];
  /** The 3DS provider settings for the widget, e.g. `{ provider: 'sandbox', sessionsUrl }`. */
  threeDSecure?: WidgetSettings;
  /** The anti-fraud profiler settings for the widget, e.g. `{ scriptUrl }`. */
  antifraud?: WidgetSettings;
  /** Called once for each order this relay creates (not for an idempotent replay). */
  onOrder?: (order: PublicOrder) => void | Promise<void>;
  /** Called once per authentic, new webhook delivery; a throw makes the API deliver it again. */
  onEvent?: (event: RelayWebhookEvent) => void | Promise<void>;
  /**
   * Told about server-side failures (5xx answers, failed hooks), with the request's id when one
   * request caused it; default logs one line to stderr (nothing when `logger` is given).
   */
  onError?: (error: unknown, details?: RelayErrorDetails) => void;
  /** Charges per buyer IP; default 10 per minute; `false` for none. */
  chargeRateLimit?: ChargeRateLimit | false;
  /** Largest `POST charges` body in bytes; default 16 KiB. */
  maxBodyBytes?: number;
  /** Where the relay is mounted, e.g. `/api/pay`; routes are matched under it. Default ''. */
  basePath?: string;
  /** How long offers, products, fees and the instalment interest are cached; default 5 minutes. */
  configTtlMs?: number;
  /** A stored status that is not final and older than this is re-read from the API; default 3000. */
  orderRefreshMs?: number;
  /** Timings and limits of `GET orders/{id}/events`. */
  events?: RelayEventStreamOptions;
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  /**
   * The secret that signs each order's `orderToken` (at least 32 characters), or a list whose
   * first entry signs and every entry verifies, to rotate it. Default: a key derived from
   * `clientSecret`; required with `client`. Every instance of one shop needs the same.
   */
  orderTokenSecret?: string | readonly string[];
  /** Most units of the offer one charge may buy (`items[0].quantity`); default 10. */
  maxItemQuantity?: number;
  /** Prometheus metrics made by `createRelayMetrics()`, served where you choose; none when absent. */
  metrics?: RelayObserver;
  /** Structured logs made by `createRelayLogger()`; none when absent. */
  logger?: RelayLogger;
  /**
   * The API's charge budget, shared fairly among buyers by every instance on the store
   * (charge-queue.ts); default the spec's 60 a minute; `false` for none.
   */
  chargeQueue?: ChargeQueueOptions | false;
  /**
   * The address of a CEP, for `GET address?cep=` (address-route.ts), which the widget uses to
   * fill the 3-D Secure billing address; the route exists only with it.
   */
  addressLookup?: AddressLookup;
}

/** What `onError` is told besides the error. */
export interface RelayErrorDetails {
  /** The `X-Request-Id` of the request that failed. */
  requestId?: string;
}

/** The options after checking, defaults filled in. */
export interface ResolvedRelayOptions {
  apiBaseUrl: string;
  client: PayClient;
  publicClientId: string;
  isOfferAllowed: (offerId: string) => Promise<boolean>;
  allowedOrigins: ReadonlySet<string>;
  webhookSecret: string | undefined;
  store: Store;
  trustProxy: boolean | number | TrustedProxies;
  threeDSecure: WidgetSettings | null;
  antifraud: WidgetSettings | null;
  onOrder: ((order: PublicOrder) => void | Promise<void>) | undefined;
  onEvent: ((event: RelayWebhookEvent) => void | Promise<void>) | undefined;
  onError: (error: unknown, details?: RelayErrorDetails) => void;
  chargeRateLimit: ChargeRateLimit | false;
  maxBodyBytes: number;
  basePath: string;
  configTtlMs: number;
  orderRefreshMs: number;
  events: Required<RelayEventStreamOptions>;
  now: () => number;
  orderTokens: OrderTokens;
  maxItemQuantity: number;
  /** Every observer (`metrics`, `logger`) as one; does nothing when none was given. */
  observer: Required<RelayObserver>;
  observing: boolean;
  chargeQueue: ChargeLineBudget | false;
  addressLookup: AddressLookup | undefined;
}

export const DEFAULT_CHARGE_RATE_LIMIT: ChargeRateLimit = { limit: 10, windowMs: 60_000 };
/** The longest the relay's own client waits for a pacing slot before answering 429. */
export const RELAY_PACING_MAX_WAIT_MS = 1_000;
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
export const DEFAULT_CONFIG_TTL_MS = 5 * 60_000;
export const DEFAULT_ORDER_REFRESH_MS = 3_000;
export const DEFAULT_EVENT_STREAM: Required<RelayEventStreamOptions> = {
  keepAliveMs: 15_000,
  pollMs: 5_000,
  maxPollMs: 60_000,
  maxPerIp: 10,
  maxPerOrder: 5,
  maxLifetimeMs: 15 * 60_000,
};

function fail(option: string, problem: string): never {
  throw new TypeError(`createRelay: ${option} ${problem}`);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function checkApiBaseUrl(value: unknown): string {
  if (!isNonEmptyString(value)) fail('apiBaseUrl', 'is required: the API origin, e.g. https://api.example.com.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail('apiBaseUrl', `"${value}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('apiBaseUrl', `must be an http(s) URL, not ${url.protocol}.`);
  if (url.search || url.hash) fail('apiBaseUrl', 'must have no query or fragment.');
  const base = value.replace(/\/+$/, '');
  if (/\/public_api$/.test(base)) fail('apiBaseUrl', 'is the origin without /public_api (the relay adds the paths).');
  return base;
}

function checkClient(options: RelayOptions, apiBaseUrl: string, store: Store, observer?: Required<RelayObserver>): PayClient {
  const { client, clientId, clientSecret } = options;
  if (client !== undefined) {
    if (clientId !== undefined || clientSecret !== undefined) fail('client', 'replaces clientId/clientSecret: give one or the other.');
    if (typeof client !== 'object' || client === null || typeof client.createCharge !== 'function') {
      fail('client', 'must be a client made by createClient.');
    }
    return client;
  }
  if (!isNonEmptyString(clientId)) fail('clientId', 'is required (or give a ready client).');
  if (!isNonEmptyString(clientSecret)) fail('clientSecret', 'is required (or give a ready client).');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') fail('fetch', 'must be a function.');
  const observation = observer ? { onExchange: upstreamReporter(observer), onPacingWait: (request: 'charge' | 'other', waitMs: number) => observer.queued({ request, waitMs }) } : {};
  return createClient({
    baseUrl: apiBaseUrl,
    clientId,
    clientSecret,
    store,
    // The charge line keeps the pacer's waits near zero; a longer one would be a buyer hanging.
    pacing: { maxWaitMs: RELAY_PACING_MAX_WAIT_MS },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...observation,
  });
}

function checkOffers(value: unknown): (offerId: string) => Promise<boolean> {
  if (typeof value === 'function') {
    const decide = value as (offerId: string) => boolean | Promise<boolean>;
    return async (offerId) => (await decide(offerId)) === true;
  }
  if (!Array.isArray(value)) fail('offers', 'must be a list of offer ids or a function (offerId) => boolean.');
  if (value.length === 0) fail('offers', 'is empty: the relay would refuse every charge.');
  const bad = value.find((id) => !isNonEmptyString(id));
  if (bad !== undefined) fail('offers', `holds ${JSON.stringify(bad)}, which is not an offer id.`);
  const allowed = new Set(value as string[]);
  return async (offerId) => allowed.has(offerId);
}

function checkOrigins(value: unknown): ReadonlySet<string> {
  if (value === undefined) return new Set();
  if (!Array.isArray(value)) fail('allowedOrigins', 'must be a list of origins such as https://shop.example.');
  const origins = new Set<string>();
  for (const origin of value) {
    let parsed: URL | undefined;
    try {
      parsed = typeof origin === 'string' ? new URL(origin) : undefined;
    } catch {
      parsed = undefined;
    }
    // An origin is scheme, host and port only: a path, a slash or a wildcard would never
    // equal the `Origin` header a browser sends, so it is refused rather than silently unused.
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) {
      fail('allowedOrigins', `holds ${JSON.stringify(origin)}: write an origin exactly, e.g. https://shop.example (no path, no trailing slash, no *).`);
    }
    origins.add(origin);
  }
  return origins;
}

function checkStore(value: unknown): Store {
  if (value === undefined) return createMemoryStore();
  const missing = STORE_OPERATIONS.filter((name) => typeof (value as Record<string, unknown> | null)?.[name] !== 'function');
  if (missing.length > 0) fail('store', `is not a Store (missing ${missing.join(', ')}).`);
  return value as Store;
}

function checkTrustProxy(value: unknown): boolean | number | TrustedProxies {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (Array.isArray(value)) {
    try {
      return parseTrustedProxies(value);
    } catch (error) {
      fail('trustProxy', `holds ${(error as Error).message}.`);
    }
  }
  fail('trustProxy', 'must be false, true or the number of proxies in front of the relay (0 or more), or a list of their addresses and CIDR ranges.');
}

function checkWidgetSettings(option: string, value: unknown, secrets: readonly string[]): WidgetSettings | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) fail(option, 'must be a plain object of settings for the widget.');
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    fail(option, 'must be plain JSON (it is sent to the browser as is).');
  }
  // These settings go to every buyer's browser; a credential in them would be published.
  if (secrets.some((secret) => text.includes(secret))) fail(option, 'contains a secret; it is sent to the browser as is.');
  return JSON.parse(text) as WidgetSettings;
}

function checkHook<T>(option: string, value: T | undefined): T | undefined {
  if (value !== undefined && typeof value !== 'function') fail(option, 'must be a function.');
  return value;
}

function checkRateLimit(value: unknown): ChargeRateLimit | false {
  if (value === undefined) return DEFAULT_CHARGE_RATE_LIMIT;
  if (value === false) return false;
  const { limit, windowMs } = (value ?? {}) as Partial<ChargeRateLimit>;
  if (!isPositiveInteger(limit) || !isPositiveInteger(windowMs)) {
    fail('chargeRateLimit', 'must be { limit, windowMs } with whole numbers above 0, or false.');
  }
  return { limit, windowMs };
}

function checkBasePath(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string' || (value !== '' && !value.startsWith('/')) || /[?#\s]/.test(value)) {
    fail('basePath', 'must be empty or a path starting with /, e.g. /api/pay.');
  }
  return value.replace(/\/+$/, '');
}

function checkWholeNumber(option: string, value: unknown, fallback: number, unit: string, allowZero = false): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && (value > 0 || (allowZero && value === 0))) return value;
  fail(option, `must be a whole number of ${unit}${allowZero ? ' (0 or more)' : ' above 0'}.`);
}

function checkDuration(option: string, value: unknown, fallback: number, allowZero = false): number {
  return checkWholeNumber(option, value, fallback, 'milliseconds', allowZero);
}

function checkEventStream(value: RelayEventStreamOptions | undefined): Required<RelayEventStreamOptions> {
  const events = {
    keepAliveMs: checkDuration('events.keepAliveMs', value?.keepAliveMs, DEFAULT_EVENT_STREAM.keepAliveMs),
    pollMs: checkDuration('events.pollMs', value?.pollMs, DEFAULT_EVENT_STREAM.pollMs),
    maxPollMs: checkDuration('events.maxPollMs', value?.maxPollMs, DEFAULT_EVENT_STREAM.maxPollMs),
    maxPerIp: checkWholeNumber('events.maxPerIp', value?.maxPerIp, DEFAULT_EVENT_STREAM.maxPerIp, 'streams'),
    maxPerOrder: checkWholeNumber('events.maxPerOrder', value?.maxPerOrder, DEFAULT_EVENT_STREAM.maxPerOrder, 'streams'),
    maxLifetimeMs: checkDuration('events.maxLifetimeMs', value?.maxLifetimeMs, DEFAULT_EVENT_STREAM.maxLifetimeMs),
  };
  if (events.maxPollMs < events.pollMs) fail('events.maxPollMs', 'must not be below events.pollMs.');
  return events;
}

/** Shortest `orderTokenSecret`: 32 characters of a random secret carry well over 128 bits. */
export const MIN_ORDER_TOKEN_SECRET_LENGTH = 32;

function checkOrderTokenSecrets(options: RelayOptions): string[] {
  const given = options.orderTokenSecret;
  if (given === undefined) {
    if (options.clientSecret === undefined) fail('orderTokenSecret', 'is required with client: the secret that signs order tokens, the same on every instance.');
    return [options.clientSecret];
  }
  const secrets = typeof given === 'string' ? [given] : Array.isArray(given) ? [...(given as readonly unknown[])] : [];
  if (secrets.length === 0 || !secrets.every((secret) => typeof secret === 'string' && secret.length >= MIN_ORDER_TOKEN_SECRET_LENGTH)) {
    fail('orderTokenSecret', `must be a secret of at least ${MIN_ORDER_TOKEN_SECRET_LENGTH} characters, or a non-empty list of them.`);
  }
  return secrets as string[];
}

/** Checks every option and fills the defaults; throws a `TypeError` naming the first bad option. */
export function resolveRelayOptions(options: RelayOptions): ResolvedRelayOptions {
  if (typeof options !== 'object' || options === null) fail('options', 'are required.');
  const apiBaseUrl = checkApiBaseUrl(options.apiBaseUrl);
  const given = [checkObserver('metrics', options.metrics), checkObserver('logger', options.logger)];
  const observing = given.some((observer) => observer !== undefined);
  const observer = combineObservers(given);
  const store = observing ? observedStore(checkStore(options.store), observer) : checkStore(options.store);
  const client = checkClient(options, apiBaseUrl, store, observing ? observer : undefined);
  if (!isNonEmptyString(options.publicClientId)) fail('publicClientId', 'is required: the public card-tokenization client id.');
  if (options.clientSecret !== undefined && options.publicClientId === options.clientSecret) {
    fail('publicClientId', 'equals clientSecret: the public id is sent to browsers, the secret must never be.');
  }
  if (options.webhookSecret !== undefined && !isNonEmptyString(options.webhookSecret)) fail('webhookSecret', 'must be a non-empty string.');
  const orderTokenSecrets = checkOrderTokenSecrets(options);
  const secrets = [options.clientSecret, options.webhookSecret, ...orderTokenSecrets].filter(isNonEmptyString);
  if (options.now !== undefined && typeof options.now !== 'function') fail('now', 'must be a function.');
  options.logger?.redactSecrets?.(secrets);
  const onError = checkHook('onError', options.onError) ?? (options.logger ? undefined : reportToConsole);
  return {
    apiBaseUrl,
    client,
    publicClientId: options.publicClientId,
    isOfferAllowed: checkOffers(options.offers),
    allowedOrigins: checkOrigins(options.allowedOrigins),
    webhookSecret: options.webhookSecret,
    store,
    trustProxy: checkTrustProxy(options.trustProxy),
    threeDSecure: checkWidgetSettings('threeDSecure', options.threeDSecure, secrets),
    antifraud: checkWidgetSettings('antifraud', options.antifraud, secrets),
    onOrder: checkHook('onOrder', options.onOrder),
    onEvent: checkHook('onEvent', options.onEvent),
    onError: (error, details) => {
      observer.error(error, details?.requestId);
      onError?.(error, details);
    },
    chargeRateLimit: checkRateLimit(options.chargeRateLimit),
    maxBodyBytes: checkWholeNumber('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'bytes'),
    basePath: checkBasePath(options.basePath),
    configTtlMs: checkDuration('configTtlMs', options.configTtlMs, DEFAULT_CONFIG_TTL_MS),
    orderRefreshMs: checkDuration('orderRefreshMs', options.orderRefreshMs, DEFAULT_ORDER_REFRESH_MS, true),
    events: checkEventStream(options.events),
    now: options.now ?? Date.now,
    orderTokens: createOrderTokens(orderTokenSecrets),
    maxItemQuantity: checkWholeNumber('maxItemQuantity', options.maxItemQuantity, DEFAULT_MAX_ITEM_QUANTITY, 'units'),
    observer,
    observing,
    chargeQueue: checkChargeQueue(options.chargeQueue),
    addressLookup: checkHook('addressLookup', options.addressLookup),
  };
}

function checkObserver(option: string, value: unknown): RelayObserver | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) fail(option, `must be made by ${option === 'metrics' ? 'createRelayMetrics()' : 'createRelayLogger()'}.`);
  return value as RelayObserver;
}

/** The default `onError`: the error's name and message on one line, never its body or stack. */
function reportToConsole(error: unknown, details?: RelayErrorDetails): void {
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  console.error(`pay-checkout relay: ${name}: ${message}${details?.requestId ? ` (request ${details.requestId})` : ''}`);
}
