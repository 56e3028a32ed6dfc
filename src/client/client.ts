/**
 * `createClient`: a typed method for every endpoint of the Public API (public-api.md,
 * Endpoints) and of the supplement (orders, products, instalment interest, card tokens).
 * Every answer is checked against the contract's schema before it is handed back.
 */
import type * as z from 'zod/mini';
import type { AnalyticsQuery, AnalyticsResponse } from '../contract/analytics.js';
import { analyticsResponseSchema, buildAnalyticsQuery } from '../contract/analytics.js';
import { cardTokenFromResponse, cardTokenResponseSchema, CARD_TOKEN_CLIENT_ID_HEADER, type CardTokenRequest } from '../contract/card-tokens.js';
import { idempotencyKeySchema, type ChargeRequestInput } from '../contract/charge-request.js';
import { chargeResponseSchema, type ChargeResponse } from '../contract/charge-response.js';
import { checkoutSchema, type Checkout } from '../contract/checkouts.js';
import { IDEMPOTENCY_HEADER } from '../contract/constants.js';
import { detailErrorSchema, flattenFieldErrors, validate } from '../contract/errors.js';
import { additionalInterestConfigSchema, feesResponseSchema, type AdditionalInterestConfig, type FeesResponse } from '../contract/fees.js';
import { buildInterestReportQuery, interestReportResponseSchema, type InterestReportQuery, type InterestReportResponse } from '../contract/interest-report.js';
import { pageNumberFromUrl, paginationQuery } from '../contract/lists.js';
import { buildOfferQuery, offerListSchema, type Offer, type OfferFilters, type OfferList } from '../contract/offers.js';
import { orderRecordSchema, type OrderRecord } from '../contract/orders.js';
import { productListSchema, productSchema, type Product, type ProductList } from '../contract/products.js';
import type { WebhookEventName } from '../contract/webhooks.js';
import { resolveClientOptions, type ClientOptions } from './client-options.js';
import { PayApiError } from './errors.js';
import { validatedBody } from './exchange.js';
import { createPacer } from './pacing.js';
import { createRequestLoop, type ApiCall } from './request.js';
import { createTokenManager } from './token-manager.js';

/** Per-call options of every method. */
export interface RequestOptions {
  /** Aborts the request in flight and any wait (back-off, pacing, token); rejects with its reason. */
  signal?: AbortSignal;
}

/** The client: one method per endpoint. */
export interface PayClient {
  /** A valid access token (cached until shortly before `expires_in`). */
  getAccessToken(options?: RequestOptions): Promise<string>;
  /**
   * `POST /public_api/payments/` with the caller's `X-Idempotency-Key`, the same on every
   * retry: make one key per charge (a UUID v4) and reuse it when retrying that charge.
   */
  createCharge(request: ChargeRequestInput, options: RequestOptions & { idempotencyKey: string }): Promise<ChargeResponse>;
  getFees(options?: RequestOptions): Promise<FeesResponse>;
  /** One page of `GET /public_api/offers/` (filters, `ordering`, `page`, `limit`). */
  listOffers(filters?: OfferFilters, options?: RequestOptions): Promise<OfferList>;
  /** Every offer matching `filters`, page after page, following `next` until it is null. */
  allOffers(filters?: OfferFilters, options?: RequestOptions): AsyncIterable<Offer>;
  listProducts(query?: { page?: number; limit?: number }, options?: RequestOptions): Promise<ProductList>;
  getProduct(id: string, options?: RequestOptions): Promise<Product>;
  /** Not retried after a 5xx or a lost answer: the first request may have made the copy. */
  duplicateProduct(id: string, options?: RequestOptions): Promise<Product>;
  getCheckout(productId: string, checkoutId: number | string, options?: RequestOptions): Promise<Checkout>;
  getOrdersAnalytics(query: AnalyticsQuery, options?: RequestOptions): Promise<AnalyticsResponse>;
  getOrder(id: string, options?: RequestOptions): Promise<OrderRecord>;
  /** Fires `purchase_approved` again; not retried after a 5xx or a lost answer. */
  resendAccess(orderId: string, options?: RequestOptions): Promise<{ detail: string }>;
  /** Not retried after a 5xx or a lost answer: the test event may have been sent. */
  sendWebhookTestEvent(webhookId: number | string, event: WebhookEventName, options?: RequestOptions): Promise<{ detail: string }>;
  /** The additional-interest report at `interestReportPath`. */
  getAdditionalInterestReport(query?: InterestReportQuery, options?: RequestOptions): Promise<InterestReportResponse>;
  getInstallmentInterest(options?: RequestOptions): Promise<AdditionalInterestConfig>;
  setInstallmentInterest(config: AdditionalInterestConfig, options?: RequestOptions): Promise<AdditionalInterestConfig>;
  /**
   * Tokenizes a card with the public client id, as a browser does. For server-side tests only:
   * in production the card number must never reach the merchant's server.
   */
  createCardToken(publicClientId: string, card: CardTokenRequest, options?: RequestOptions): Promise<string>;
}

const segment = (value: string | number) => encodeURIComponent(String(value));

/** The client of the Public API; options are checked at once (a bad one throws a `TypeError`). */
export function createClient(options: ClientOptions): PayClient {
  const resolved = resolveClientOptions(options);
  const tokens = createTokenManager(resolved);
  const pacer = resolved.pacing === false ? undefined : createPacer({ store: resolved.store, limits: resolved.pacing, clientId: resolved.clientId, onWait: resolved.onPacingWait });
  const loop = createRequestLoop({ ...resolved, tokens, pacer, policy: resolved.retry });

  /** Sends `call` and checks its answer against `schema`. */
  async function call<S extends z.ZodMiniType>(schema: S, apiCall: ApiCall): Promise<z.infer<S>> {
    const answer = await loop.send(apiCall);
    return validatedBody(schema, `${apiCall.method} ${apiCall.path}`, answer);
  }

  const read = (path: string, query?: URLSearchParams) => ({ method: 'GET', path, query, pacing: 'other', idempotent: true }) as const;

  async function listOffers(filters: OfferFilters = {}, { signal }: RequestOptions = {}): Promise<OfferList> {
    return call(offerListSchema, { ...read('/public_api/offers/', buildOfferQuery(filters)), signal });
  }

  return {
    getAccessToken({ signal } = {}) {
      return loop.withRetries(() => tokens.getToken(signal), { isCharge: false, idempotent: true, signal });
    },

    createCharge(request, { idempotencyKey, signal }) {
      if (!idempotencyKeySchema.safeParse(idempotencyKey).success) {
        return Promise.reject(new TypeError(`createCharge: idempotencyKey must be a string of 1 to 255 characters (${IDEMPOTENCY_HEADER})`));
      }
      return call(chargeResponseSchema, {
        method: 'POST',
        path: '/public_api/payments/',
        body: request,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        pacing: 'charge',
        isCharge: true,
        idempotent: true,
        signal,
      });
    },

    getFees({ signal } = {}) {
      return call(feesResponseSchema, { ...read('/public_api/fees/'), signal });
    },

    listOffers,

    async *allOffers(filters = {}, options = {}) {
      let page = filters.page ?? 1;
      for (;;) {
        const list = await listOffers({ ...filters, page }, options);
        yield* list.results;
        const next = pageNumberFromUrl(list.next);
        if (next === undefined) return;
        // A `next` that does not move forward would loop for ever.
        if (next <= page) throw new PayApiError(`GET /public_api/offers/: page ${page} links to page ${next} as next`, { status: 200, body: list });
        page = next;
      }
    },

    listProducts(query = {}, { signal } = {}) {
      const checked = validate(paginationQuery, query);
      if (!checked.success) {
        return Promise.reject(new TypeError(`listProducts: invalid query ${JSON.stringify(flattenFieldErrors(checked.errors))}`));
      }
      const params = new URLSearchParams();
      if (checked.data.page !== undefined) params.set('page', String(checked.data.page));
      if (checked.data.limit !== undefined) params.set('limit', String(checked.data.limit));
      return call(productListSchema, { ...read('/public_api/products/', params), signal });
    },

    getProduct(id, { signal } = {}) {
      return call(productSchema, { ...read(`/public_api/products/${segment(id)}/`), signal });
    },

    duplicateProduct(id, { signal } = {}) {
      return call(productSchema, { method: 'POST', path: `/public_api/products/${segment(id)}/duplicate/`, pacing: 'other', idempotent: false, signal });
    },

    getCheckout(productId, checkoutId, { signal } = {}) {
      return call(checkoutSchema, { ...read(`/public_api/products/${segment(productId)}/checkouts/${segment(checkoutId)}/`), signal });
    },

    async getOrdersAnalytics(query, { signal } = {}) {
      return call(analyticsResponseSchema, { ...read('/public_api/orders/analytics/', buildAnalyticsQuery(query)), signal });
    },

    getOrder(id, { signal } = {}) {
      return call(orderRecordSchema, { ...read(`/public_api/orders/${segment(id)}/`), signal });
    },

    resendAccess(orderId, { signal } = {}) {
      return call(detailErrorSchema, { method: 'POST', path: `/public_api/orders/${segment(orderId)}/resend_access/`, pacing: 'other', idempotent: false, signal });
    },

    sendWebhookTestEvent(webhookId, event, { signal } = {}) {
      return call(detailErrorSchema, {
        method: 'POST',
        path: `/public_api/webhook/event_test/${segment(webhookId)}/`,
        query: new URLSearchParams({ event }),
        pacing: 'other',
        idempotent: false,
        signal,
      });
    },

    async getAdditionalInterestReport(query = {}, { signal } = {}) {
      return call(interestReportResponseSchema, { ...read(resolved.interestReportPath, buildInterestReportQuery(query)), signal });
    },

    getInstallmentInterest({ signal } = {}) {
      return call(additionalInterestConfigSchema, { ...read('/public_api/installment-interest/'), signal });
    },

    setInstallmentInterest(config, { signal } = {}) {
      return call(additionalInterestConfigSchema, {
        method: 'PUT',
        path: '/public_api/installment-interest/',
        body: config,
        pacing: 'other',
        idempotent: true,
        signal,
      });
    },

    async createCardToken(publicClientId, card, { signal } = {}) {
      const answer = await call(cardTokenResponseSchema, {
        method: 'POST',
        path: '/public_api/card-tokens/',
        body: card,
        headers: { [CARD_TOKEN_CLIENT_ID_HEADER]: publicClientId },
        authenticated: false,
        // Its own limit (20 per minute per user), not one the pacing covers; tests only.
        pacing: 'none',
        idempotent: false,
        signal,
      });
      return cardTokenFromResponse(answer);
    },
  };
}
