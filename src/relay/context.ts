/**
 * What every route of the relay works with: the checked options, the order book and the
 * config cache, made once by `createRelay`.
 */
import type { ConfigCache } from './config-cache.js';
import type { ResolvedRelayOptions } from './options.js';
import type { OrderBook } from './order-book.js';

export interface RelayContext {
  options: ResolvedRelayOptions;
  orders: OrderBook;
  cache: ConfigCache;
  /** The id of the request being answered (operations/request-id.ts); absent outside a request. */
  requestId?: string;
}

export type { RelayRequestInfo } from './relay-exchange.js';
