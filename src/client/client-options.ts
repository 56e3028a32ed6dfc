/**
 * The options of `createClient`, their defaults, and the eager check that refuses a bad option
 * when the client is made rather than on its first request. Messages name the option and never
 * repeat a credential.
 */
import { createMemoryStore } from '../store/memory-store.js';
import type { Store } from '../store/store.js';
import { DEFAULT_PACING_LIMITS, type PacedRequest, type PacingLimits, type PacingWindow } from './pacing.js';
import type { ExchangeEvent } from './exchange.js';
import { createNodeSend, type NodeSend } from './node-transport.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';

/** Where the client finds the additional-interest report unless told (the sandbox's path; the real one is not public). */
export const DEFAULT_INTEREST_REPORT_PATH = '/public_api/orders/additional_interest/';
/** Each attempt's time limit unless told. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

/** The options of `createClient`. */
export interface ClientOptions {
  /** The API's origin, e.g. `http://127.0.0.1:4010` (no trailing `/public_api`). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * What the client sends its requests with. Default: on Node, its own HTTP/1.1 connections over
   * `node:net` and `node:tls`, kept alive (lighter than Node's `fetch` and `http.request`);
   * elsewhere the global `fetch`.
   */
  fetch?: typeof fetch;
  /** Token cache and pacing reservations, shared by relay instances; default: an in-memory Store. */
  store?: Store;
  retry?: Partial<RetryPolicy>;
  /** `false`: no pacing. */
  pacing?: Partial<PacingLimits> | false;
  /** Per attempt; default 15000. */
  requestTimeoutMs?: number;
  /** Default `/public_api/orders/additional_interest/`. */
  interestReportPath?: string;
  /** Jitter source, for tests; default `Math.random`. */
  random?: () => number;
  /** Told when a request starts waiting for a pacing slot; the answer, if any, is called when the wait ends. */
  onPacingWait?: (request: PacedRequest, waitMs: number) => (() => void) | void;
  /** Told of every HTTP exchange with the API once it ends: method, URL, status (0: no answer) and time. */
  onExchange?: (event: ExchangeEvent) => void;
}

/** The options with every default filled in and checked. */
export interface ResolvedClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** The client's own connections in place of `fetch` (node-transport.ts): set when no `fetch` was given and the runtime has `node:net`. */
  nodeSend: NodeSend | undefined;
  store: Store;
  retry: RetryPolicy;
  pacing: PacingLimits | false;
  requestTimeoutMs: number;
  interestReportPath: string;
  random: () => number;
  onPacingWait: ((request: PacedRequest, waitMs: number) => (() => void) | void) | undefined;
  onExchange: ((event: ExchangeEvent) => void) | undefined;
}

function fail(message: string): never {
  throw new TypeError(`createClient: ${message}`);
}

function checkNumber(name: string, value: number, { min, integer }: { min: number; integer?: boolean }): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    fail(`${name} must be ${integer ? 'a whole number' : 'a number'} of at least ${min} (got ${String(value)})`);
  }
  return value;
}

function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) fail('baseUrl must be an absolute URL such as http://127.0.0.1:4010');
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('baseUrl must be an http or https URL');
  if (url.search !== '' || url.hash !== '') fail('baseUrl must have no query or fragment');
  const trimmed = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  if (/\/public_api$/.test(trimmed)) fail('baseUrl must not end with /public_api: the client adds every path itself');
  return trimmed;
}

function checkWindow(name: string, window: PacingWindow): PacingWindow {
  if (typeof window !== 'object' || window === null) fail(`pacing.${name} must be { limit, windowMs }`);
  return {
    limit: checkNumber(`pacing.${name}.limit`, window.limit, { min: 1, integer: true }),
    windowMs: checkNumber(`pacing.${name}.windowMs`, window.windowMs, { min: 1 }),
  };
}

function resolveRetry(given: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...given };
  return {
    maxAttempts: checkNumber('retry.maxAttempts', policy.maxAttempts, { min: 1, integer: true }),
    baseDelayMs: checkNumber('retry.baseDelayMs', policy.baseDelayMs, { min: 0 }),
    maxDelayMs: checkNumber('retry.maxDelayMs', policy.maxDelayMs, { min: 0 }),
    totalTimeoutMs: checkNumber('retry.totalTimeoutMs', policy.totalTimeoutMs, { min: 0 }),
  };
}

function resolvePacing(given: Partial<PacingLimits> | false | undefined): PacingLimits | false {
  if (given === false) return false;
  const limits = { ...DEFAULT_PACING_LIMITS, ...given };
  return {
    chargesPerIp: checkWindow('chargesPerIp', limits.chargesPerIp),
    chargesPerToken: checkWindow('chargesPerToken', limits.chargesPerToken),
    otherPerUser: checkWindow('otherPerUser', limits.otherPerUser),
    maxWaitMs: checkNumber('pacing.maxWaitMs', limits.maxWaitMs, { min: 0 }),
  };
}

/** The options with their defaults, or a `TypeError` naming the first bad one. */
export function resolveClientOptions(options: ClientOptions): ResolvedClientOptions {
  if (typeof options !== 'object' || options === null) fail('options are required');
  if (typeof options.clientId !== 'string' || options.clientId === '') fail('clientId must be a non-empty string');
  if (typeof options.clientSecret !== 'string' || options.clientSecret === '') fail('clientSecret must be a non-empty string');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') fail('fetch must be a function (no global fetch was found)');
  const interestReportPath = options.interestReportPath ?? DEFAULT_INTEREST_REPORT_PATH;
  if (typeof interestReportPath !== 'string' || !interestReportPath.startsWith('/')) fail('interestReportPath must be a path starting with /');
  const random = options.random ?? Math.random;
  if (typeof random !== 'function') fail('random must be a function');
  if (options.onPacingWait !== undefined && typeof options.onPacingWait !== 'function') fail('onPacingWait must be a function');
  if (options.onExchange !== undefined && typeof options.onExchange !== 'function') fail('onExchange must be a function');
  return {
    baseUrl: checkBaseUrl(options.baseUrl),
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: fetchImpl,
    nodeSend: options.fetch === undefined ? createNodeSend() : undefined,
    store: options.store ?? createMemoryStore(),
    retry: resolveRetry(options.retry),
    pacing: resolvePacing(options.pacing),
    requestTimeoutMs: checkNumber('requestTimeoutMs', options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, { min: 1 }),
    interestReportPath,
    random,
    onPacingWait: options.onPacingWait,
    onExchange: options.onExchange,
  };
}
