/**
 * What the relay tells the operator's tools while it works: one event per answered request,
 * charge, upstream exchange, pacing wait, webhook delivery, event stream and store operation.
 * The metrics (metrics.ts) and the structured logs (logger.ts) are observers; the relay calls
 * every one it was given and none when it was given none, so a widget-only relay pays nothing.
 */

/** One answered request. `route` is a template (`/orders/{id}`), never the path a buyer sent. */
export interface RequestEvent {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  /** The `error.type` of a refusal. */
  refusal?: string;
}

/** How a `POST charges` ended: the order's status when created, else the refusal's type. */
export interface ChargeEvent {
  requestId: string;
  /** The charge's `paymentMethod`, or `unknown` when it was refused before it was read. */
  method: string;
  outcome: string;
}

/** One HTTP exchange with the API; `status` is 0 when no answer came (timeout, refused connection). */
export interface UpstreamEvent {
  method: string;
  /** The path with ids replaced by `{id}`, e.g. `/public_api/orders/{id}/`. */
  endpoint: string;
  status: number;
  durationMs: number;
}

/** A request held by the client's pacing before it may leave (client/pacing.ts). */
export interface QueueEvent {
  request: 'charge' | 'other';
  waitMs: number;
}

/** What became of a webhook delivery that passed the secret check (webhooks-route.ts). */
export type WebhookResult = 'applied' | 'duplicate' | 'unconfirmed';

export interface StoreEvent {
  operation: string;
  durationMs: number;
  failed: boolean;
}

/** Every method is optional: an observer takes only what it wants. */
export interface RelayObserver {
  request?(event: RequestEvent): void;
  charge?(event: ChargeEvent): void;
  upstream?(event: UpstreamEvent): void;
  /** Called when a wait starts; the answer, if any, is called when it ends. */
  queued?(event: QueueEvent): (() => void) | void;
  webhook?(result: WebhookResult, requestId: string | undefined): void;
  streamOpened?(): void;
  streamClosed?(): void;
  store?(event: StoreEvent): void;
  /** A server-side failure, as `onError` gets it. */
  error?(error: unknown, requestId: string | undefined): void;
  /** A line about the relay's own life (draining, stopped). */
  lifecycle?(message: string): void;
}

type Events = { [K in keyof RelayObserver]-?: NonNullable<RelayObserver[K]> };

/**
 * One observer calling each of `observers`. An observer that throws is skipped for that event:
 * a broken metrics or log sink must never fail a buyer's charge.
 */
export function combineObservers(observers: readonly (RelayObserver | undefined)[]): Required<RelayObserver> {
  const present = observers.filter((observer): observer is RelayObserver => observer !== undefined);
  function each<K extends keyof RelayObserver>(name: K, ...args: Parameters<Events[K]>): unknown[] {
    const answers: unknown[] = [];
    for (const observer of present) {
      try {
        const method = observer[name] as ((...a: unknown[]) => unknown) | undefined;
        answers.push(method?.apply(observer, args));
      } catch {
        // See above: observing is never worth a failed request.
      }
    }
    return answers;
  }
  return {
    request: (event) => void each('request', event),
    charge: (event) => void each('charge', event),
    upstream: (event) => void each('upstream', event),
    queued(event) {
      const ends = each('queued', event).filter((end): end is () => void => typeof end === 'function');
      return () => ends.forEach((end) => {
        try {
          end();
        } catch {
          // As above.
        }
      });
    },
    webhook: (result, requestId) => void each('webhook', result, requestId),
    streamOpened: () => void each('streamOpened'),
    streamClosed: () => void each('streamClosed'),
    store: (event) => void each('store', event),
    error: (error, requestId) => void each('error', error, requestId),
    lifecycle: (message) => void each('lifecycle', message),
  };
}

/** `/public_api/orders/abc123/` → `/public_api/orders/{id}/`: a label with a bounded set of values. */
export function endpointOf(pathname: string): string {
  const parts = pathname.split('/').map((part, index, all) => {
    if (part === '' || index < 2) return part;
    // Words of the API's own paths are lower-case letters and underscores; anything else is an id.
    return /^[a-z_-]+$/.test(part) && !/^[a-f0-9]{8,}$/.test(part) ? part : '{id}';
  });
  return parts.join('/');
}
