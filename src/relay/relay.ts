/**
 * `createRelay(options)`: what a merchant mounts on their server, as one Web-standard
 * `fetch(Request) → Response` handler. Routes, relative to `basePath`:
 *
 * | Method | Path | |
 * |---|---|---|
 * | GET | `config?offer=ID` | what the widget needs for one offer |
 * | POST | `charges` | create a charge (JSON, `Idempotency-Key` header); answers the order and its `orderToken` |
 * | GET | `orders/{id}` | an order this relay created, with its latest status (needs its `orderToken`) |
 * | GET | `orders/{id}/events` | the same as server-sent events until the order is final (needs its `orderToken`) |
 * | POST | `webhooks` | the API's event deliveries (only with `webhookSecret`) |
 * | GET | `address?cep=NNNNNNNN` | the address of a CEP (only with `addressLookup`) |
 *
 * All but `webhooks` are widget routes: they answer CORS preflights and CORS headers for the
 * allowed origins. Every failure goes through `errors.ts`. The request's id, `healthz`,
 * `readyz`, the observers and `close()` wrap them all (operations/operated-relay.ts).
 */
import { handleAddress } from './address-route.js';
import { createConfigCache } from './config-cache.js';
import { handleConfig } from './config-route.js';
import type { RelayContext, RelayRequestInfo } from './context.js';
import { handleCharge } from './charges-route.js';
import { preflightAnswer, withCors } from './cors.js';
import { errorAnswer, isServerSideFailure, RelayError, toRelayError } from './errors.js';
import { resolveRelayOptions, type RelayOptions } from './options.js';
import { createOrderBook, isOrderId } from './order-book.js';
import { orderTokenOf } from './order-token.js';
import { handleOrder, handleOrderEvents } from './orders-route.js';
import { handleWebhook, reportWebhookRefusal } from './webhooks-route.js';
import { operateRelay, type RelayCloseOptions } from './operations/operated-relay.js';
import { requestScoped } from './operations/request-scope.js';
import type { RelayAnswer, RelayRequest } from './relay-exchange.js';

export interface Relay {
  /** Answers one request; `info.remoteAddress` is the socket's address (Node adapters pass it). */
  fetch(request: Request, info?: RelayRequestInfo): Promise<Response>;
  /**
   * Drains the relay for a stop: `readyz` answers 503 at once, after `graceMs` the open event
   * streams are told to reconnect, and the promise resolves when the requests in flight are answered.
   */
  close(options?: RelayCloseOptions): Promise<void>;
}

interface Route {
  method: 'GET' | 'POST';
  /** Widget routes answer CORS; the webhooks route does not. */
  widget: boolean;
  handle(request: RelayRequest, info: RelayRequestInfo): Promise<RelayAnswer>;
}

function notFound(): RelayError {
  return new RelayError(404, 'not_found', 'No such route.');
}

/** The one answer for an unknown order, a malformed id and a missing or wrong order token alike. */
function orderNotFound(): RelayError {
  return new RelayError(404, 'order_not_found', 'No order with this id was created here.');
}

/**
 * The methods of HTTP itself (RFC 9110, and PATCH): one on the wrong route is a 405. Any other
 * (WebDAV's PROPFIND, made-up ones) is a 501, the status RFC 9110 (section 15.6.2) gives a
 * method the server does not recognize, on whatever path.
 */
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Creates the relay; throws a `TypeError` naming the option at once when an option is wrong. */
export function createRelay(options: RelayOptions): Relay {
  const resolved = resolveRelayOptions(options);
  const context: RelayContext = {
    options: resolved,
    cache: createConfigCache(resolved.store, resolved.configTtlMs),
    orders: createOrderBook({
      store: resolved.store,
      client: resolved.client,
      now: resolved.now,
      refreshMs: resolved.orderRefreshMs,
      onError: resolved.onError,
    }),
  };
  const { webhookSecret, addressLookup } = resolved;

  function findRoute(path: string, context: RelayContext): Route | undefined {
    if (path === '/config') return { method: 'GET', widget: true, handle: (request) => handleConfig(request, context) };
    if (path === '/charges') return { method: 'POST', widget: true, handle: (request, info) => handleCharge(request, info, context) };
    if (path === '/address' && addressLookup !== undefined) {
      return { method: 'GET', widget: true, handle: (request, info) => handleAddress(request, info, context, addressLookup) };
    }
    if (path === '/webhooks') {
      if (webhookSecret !== undefined) return { method: 'POST', widget: false, handle: (request) => handleWebhook(request, context, webhookSecret) };
      // Off without a secret; a delivery that comes all the same says the API's app was set up and the relay not.
      return {
        method: 'POST',
        widget: false,
        handle: async () => {
          await reportWebhookRefusal(context, 'no_secret');
          throw new RelayError(404, 'not_found', 'Webhooks are off: this relay was given no webhookSecret.');
        },
      };
    }
    const order = /^\/orders\/([^/]+)(\/events)?$/.exec(path);
    if (!order) return undefined;
    let id: string;
    try {
      id = decodeURIComponent(order[1]!);
    } catch {
      return undefined;
    }
    const handle = async (request: RelayRequest, info: RelayRequestInfo): Promise<RelayAnswer> => {
      if (!isOrderId(id)) throw orderNotFound();
      // Checked before the store is read, so a guessed id costs one HMAC and tells nothing.
      if (!(await context.options.orderTokens.verify(id, orderTokenOf(request)))) throw orderNotFound();
      return order[2] ? handleOrderEvents(id, request, info, context) : handleOrder(id, request, info, context);
    };
    return { method: 'GET', widget: true, handle };
  }

  async function answer(request: RelayRequest, info: RelayRequestInfo, route: Route | undefined, context: RelayContext): Promise<RelayAnswer> {
    // Not a failure of the relay's, so never told to onError.
    if (!HTTP_METHODS.has(request.method)) return errorAnswer(new RelayError(501, 'not_implemented', 'The relay does not serve this method.'));
    try {
      if (!route) throw notFound();
      if (request.method !== route.method) {
        throw new RelayError(405, 'method_not_allowed', `Use ${route.method} here.`, { headers: { Allow: route.method } });
      }
      return await route.handle(request, info);
    } catch (error) {
      const refusal = toRelayError(error);
      if (isServerSideFailure(refusal)) context.options.onError(error);
      return errorAnswer(refusal);
    }
  }

  return operateRelay(
    async (request, info, path) => {
      const scoped = requestScoped(context, info.requestId);
      const route = path === undefined ? undefined : findRoute(path, scoped);
      const origin = request.headers.get('origin');
      if (route?.widget && request.method === 'OPTIONS') {
        return preflightAnswer(request, resolved.allowedOrigins, [route.method]);
      }
      const response = await answer(request, info, route, scoped);
      // An unknown route's 404 too: a page whose `relay` attribute names a path the relay does not
      // serve then reads the 404 (docs/widget.md, "Console"), where a blocked answer looked like
      // the relay being unreachable.
      return !route || route.widget ? withCors(response, origin, resolved.allowedOrigins) : response;
    },
    { basePath: resolved.basePath, store: resolved.store, client: resolved.client, observer: resolved.observer, observing: resolved.observing, onError: resolved.onError },
  );
}
