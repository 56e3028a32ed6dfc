/**
 * The browser's client of the merchant's relay (src/relay): `GET config`, `POST charges` with
 * the attempt's `Idempotency-Key`, `GET orders/{id}` and the URL of an order's event stream.
 * Every answer is checked at this edge; every failure becomes one of two errors: no answer at
 * all (`RelayUnreachableError`, worth trying again with the same key) or the relay's
 * `{ error: { type, message, fields?, retryAfter?, queuePosition? } }` (`RelayAnswerError`). The answers'
 * forms are read in relay-answers.ts.
 */
import type { ChargeRequestInput } from '../../contract/charge-request.js';
import type { RelayErrorType } from '../../relay/errors.js';
import { resumeKey } from '../results/kept-order.js';
import { keepOrder } from '../results/order-keeping.js';
import { readCheckoutConfig, readCheckoutOrder, readRelayError, type CheckoutConfig, type CheckoutOrder, type CreatedOrder } from './relay-answers.js';

export type { CheckoutConfig, CheckoutOrder, CreatedOrder } from './relay-answers.js';

/** The header the relay reads the attempt's key from (it forwards it as `X-Idempotency-Key`). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** What the widget posts to `charges`: the API's charge request without `customer.ip`, which the relay sets. */
export type CheckoutChargeRequest = Omit<ChargeRequestInput, 'customer'> & {
  customer: Omit<ChargeRequestInput['customer'], 'ip'>;
};

/** The relay could not be reached, or its answer was lost on the way: nothing is known about the request. */
export class RelayUnreachableError extends Error {
  override name = 'RelayUnreachableError';
}

/** The relay answered an error. `type` is one of the relay's error types, or `unknown` for a body it did not write. */
export class RelayAnswerError extends Error {
  override name = 'RelayAnswerError';

  readonly status: number;
  readonly type: RelayErrorType | 'unknown';
  /** Field messages by dotted path (`customer.phone`), the API's own pt-BR texts; empty when the error is not a field's. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** Seconds to wait before asking again (429, or 409 while the first request with the key is processing). */
  readonly retryAfterSeconds: number | undefined;
  /** A 429's 1-based place in the relay's line of charges: the buyer is queued, not refused. */
  readonly queuePosition: number | undefined;

  constructor(
    message: string,
    details: { status: number; type: RelayErrorType | 'unknown'; fields?: Record<string, string[]>; retryAfterSeconds?: number; queuePosition?: number },
  ) {
    super(message);
    this.status = details.status;
    this.type = details.type;
    this.fields = details.fields ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.queuePosition = details.queuePosition;
  }
}

/**
 * Seconds from a `Retry-After` header written in seconds (the relay always writes seconds);
 * undefined when absent or unreadable.
 */
function retryAfterHeaderSeconds(headers: Headers): number | undefined {
  const text = headers.get('Retry-After')?.trim();
  return text !== undefined && /^\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/** The error of a non-2xx answer; a body that is not the relay's (a proxy's HTML page) is an `unknown` error. */
async function answerError(response: Response): Promise<RelayAnswerError> {
  const { status } = response;
  const error = readRelayError(await response.json().catch(() => undefined));
  // Short messages: they are for developers, and every byte here is fetched by every buyer.
  return new RelayAnswerError(error?.message ?? `relay: HTTP ${status}`, {
    status,
    type: (error?.type ?? 'unknown') as RelayErrorType | 'unknown',
    fields: error?.fields,
    retryAfterSeconds: error?.retryAfter ?? retryAfterHeaderSeconds(response.headers),
    queuePosition: error?.queuePosition,
  });
}

const ACCEPT_JSON = { Accept: 'application/json' };

/**
 * How long a request to the relay may take, its body included. A phone's connection can stall
 * without failing, and the browser would wait minutes: past this the request is dropped and reads
 * as unreachable, which the buyer may try again with the same key. Longer than the relay's own
 * worst case for a charge (up to 30 s for a pacing slot, then up to 30 s of retries upstream).
 */
export const RELAY_TIMEOUT_MS = 75_000;

export interface RelayConnectionOptions {
  /** Where the relay is mounted: `/checkout`, `https://shop.example/api/pay`. */
  relay: string;
  /** What a relative `relay` is resolved against; the document's base URL by default. */
  baseUrl?: string;
  /** The `fetch` to use; by default the page's, looked up at each call. */
  fetch?: typeof fetch;
  /** Milliseconds a request may take before it is dropped as unreachable; `RELAY_TIMEOUT_MS` by default. */
  timeoutMs?: number;
}

/** One relay, as the checkout talks to it. */
export class RelayConnection {
  private readonly base: string;
  private readonly fetcher: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: RelayConnectionOptions) {
    const base = options.baseUrl ?? globalThis.document?.baseURI;
    // `/checkout/` and `/checkout` are the same mount point; routes are appended after a slash.
    // Resolved with a trailing slash, then without it, so '/', 'https://pay.example' and
    // '/checkout/' all end up as '<origin>[/path]' and routes join with one slash.
    this.base = new URL(`${options.relay.replace(/\/+$/, '')}/`, base).href.replace(/\/$/, '');
    this.fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? RELAY_TIMEOUT_MS;
  }

  /** The absolute URL of a route under the relay. */
  url(route: string): string {
    return `${this.base}/${route}`;
  }

  /**
   * The event stream (`text/event-stream`) of an order's status changes. The order's token goes
   * in the query, since an EventSource cannot send headers; the URL is never shown on the page.
   */
  orderEventsUrl(orderId: string, orderToken: string): string {
    return this.url(`orders/${encodeURIComponent(orderId)}/events?token=${encodeURIComponent(orderToken)}`);
  }

  /** Sends `init` to `route` and reads the answer's body with `read`. */
  private async request<T>(route: string, init: RequestInit, read: (body: unknown) => T | undefined): Promise<T> {
    const { signal } = init;
    // One signal for the caller's abort and the time limit (AbortSignal.any is too recent for some phones).
    const limit = new AbortController();
    const drop = () => limit.abort(signal?.reason);
    const timer = setTimeout(drop, this.timeoutMs);
    signal?.addEventListener('abort', drop);
    if (signal?.aborted) drop();
    try {
      let response: Response;
      try {
        response = await this.fetcher(this.url(route), { credentials: 'same-origin', ...init, signal: limit.signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new RelayUnreachableError('relay unreachable', { cause: error });
      }
      if (!response.ok) throw await answerError(response);
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        // The status came but the body did not: for a charge, the answer was lost on the way.
        throw new RelayUnreachableError('relay answer lost', { cause: error });
      }
      const answer = read(body);
      if (answer === undefined) {
        throw new RelayAnswerError('relay answer malformed', { status: response.status, type: 'unknown' });
      }
      return answer;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', drop);
    }
  }

  /** `GET config?offer=ID`: the product, price, methods, instalments and provider settings of one offer. */
  async getConfig(offerId: string, options: { signal?: AbortSignal } = {}): Promise<CheckoutConfig> {
    return this.request(`config?offer=${encodeURIComponent(offerId)}`, { headers: ACCEPT_JSON, signal: options.signal }, readCheckoutConfig);
  }

  /**
   * `POST charges`: creates the charge. The same `idempotencyKey` on every try of one payment
   * attempt makes the relay and the API answer the first order again instead of making a second.
   * The request is kept in the tab until its order is (order-keeping.ts), so that a reload while
   * it travels sends it again rather than leave the buyer a new form to pay twice.
   */
  async createCharge(request: CheckoutChargeRequest, options: { idempotencyKey: string; signal?: AbortSignal }): Promise<CreatedOrder> {
    keepOrder(resumeKey(this, request.items[0]!.offerId), { key: options.idempotencyKey, body: request });
    const init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...ACCEPT_JSON, [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey },
      body: JSON.stringify(request),
      signal: options.signal,
    };
    return this.request('charges', init, readCheckoutOrder);
  }

  /** `GET orders/{id}`: an order this relay created, with its latest status, read with the token its charge answered. */
  async getOrder(orderId: string, options: { orderToken: string; signal?: AbortSignal }): Promise<CheckoutOrder> {
    const headers = { ...ACCEPT_JSON, Authorization: `Bearer ${options.orderToken}` };
    return this.request(`orders/${encodeURIComponent(orderId)}`, { headers, signal: options.signal }, readCheckoutOrder);
  }
}
