/**
 * `GET orders/{id}` and `GET orders/{id}/events`: the status of an order this relay created,
 * as a JSON answer or as a stream of server-sent events. Both come from the order book (fed
 * by webhooks), which falls back to reading the order from the API while no webhook came.
 * Orders created elsewhere are answered 404 like unknown ones, so the relay cannot be used to
 * look up the merchant's other orders.
 *
 * A stream holds a connection, timers and a subscription for as long as it is open, so what
 * one client can hold is bounded: only the shop's pages may open one from a browser, a buyer
 * IP and an order may each hold a few at once (counted across instances, `stream-slots.ts`),
 * and every stream ends after `maxLifetimeMs`, when EventSource reconnects by itself.
 */
import { buyerIp, rateLimitBucket } from './buyer-ip.js';
import type { RelayContext, RelayRequestInfo } from './context.js';
import { jsonAnswer, RelayError } from './errors.js';
import { isAwaitingBuyer, type PublicOrder, type StatusChange } from './order-book.js';
import { STREAM_LEASE_RENEW_MS, takeStreamSlots, type HeldStreamSlots } from './stream-slots.js';
import { type RelayAnswer, type RelayRequest } from './relay-exchange.js';

/** The rate-limit bucket of the buyer who sends `request`. */
function readerOf(request: RelayRequest, info: RelayRequestInfo, context: RelayContext): string {
  return rateLimitBucket(buyerIp(request.headers, info.remoteAddress, context.options.trustProxy));
}

async function knownOrder(context: RelayContext, id: string, reader: string): Promise<PublicOrder> {
  const order = await context.orders.read(id, reader);
  if (!order) throw new RelayError(404, 'order_not_found', 'No order with this id was created here.');
  return order;
}

export async function handleOrder(id: string, request: RelayRequest, info: RelayRequestInfo, context: RelayContext): Promise<RelayAnswer> {
  return jsonAnswer(200, await knownOrder(context, id, readerOf(request, info, context)));
}

const encoder = new TextEncoder();

/**
 * How long EventSource waits before reconnecting, sent first in every stream: after the relay
 * ends a stream at its lifetime, and after a dropped connection. Long enough for a restarting
 * instance or a proxy to be back, short enough that a payment made meanwhile shows soon.
 */
const STREAM_RECONNECT_MS = 3_000;
const RECONNECT = `retry: ${STREAM_RECONNECT_MS}\n\n`;

/** One `status` event: `data` is `{ id, status }`; the first of a stream comes with the reconnection wait, in one write. */
function statusEvent(change: StatusChange, first: boolean): Uint8Array {
  return encoder.encode(`${first ? RECONNECT : ''}event: status\ndata: ${JSON.stringify(change)}\n\n`);
}

const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');

/** A stream's lifetime is cut by up to this share at random, so streams opened together do not all end together. */
const LIFETIME_SPREAD = 0.1;

/** The wait a client over a stream cap is told: its own streams end when their orders do, or at their lifetime. */
const STREAM_CAP_RETRY_AFTER_SECONDS = 30;

/** Each wait of the poll is this much longer than the last that found nothing new. */
const POLL_BACK_OFF = 1.5;

/**
 * A browser sends `Origin` on a cross-origin EventSource (a same-origin one sends none): a
 * page of another site may not make its visitors' browsers hold the relay's streams. This is
 * the check CORS makes on the other widget routes' preflights; a GET stream has no preflight.
 */
function refuseForeignOrigin(request: RelayRequest, allowedOrigins: ReadonlySet<string>): void {
  const origin = request.headers.get('origin');
  if (origin === null || allowedOrigins.has(origin) || origin === new URL(request.url).origin) return;
  throw new RelayError(403, 'origin_not_allowed', 'This origin may not open the relay\'s event streams.');
}

/** A slot under the buyer's and the order's caps, or 429. */
async function holdStreamSlots(bucket: string, id: string, context: RelayContext): Promise<HeldStreamSlots> {
  const { store, events } = context.options;
  const slots = await takeStreamSlots(store, [
    { scope: `relay:streams-per-ip:${bucket}`, limit: events.maxPerIp },
    { scope: `relay:streams-per-order:${id}`, limit: events.maxPerOrder },
  ]);
  if (!slots) {
    throw new RelayError(429, 'rate_limited', 'Too many open event streams from this address or for this order; poll the order or retry later.', {
      retryAfter: STREAM_CAP_RETRY_AFTER_SECONDS,
    });
  }
  return slots;
}

/**
 * The event stream of an order: first the reconnection wait, then its current status, then
 * each change, until the order no longer awaits the buyer (paid, declined, refused, or a later
 * status), when the stream ends. A comment every `keepAliveMs` keeps proxies from closing an
 * idle stream. While no change arrives, the order is read again after `pollMs`, then after
 * waits growing by half each time up to `maxPollMs`; a read older than `orderRefreshMs` goes to
 * the API, so a lost webhook delays the news but never loses it. After `maxLifetimeMs` the
 * stream ends without a final status and the browser's EventSource reconnects; the widget
 * closes it on a final status.
 */
export async function handleOrderEvents(id: string, request: RelayRequest, info: RelayRequestInfo, context: RelayContext): Promise<RelayAnswer> {
  const { orders, options } = context;
  const { keepAliveMs, pollMs, maxPollMs, maxLifetimeMs } = options.events;
  refuseForeignOrigin(request, options.allowedOrigins);
  const reader = readerOf(request, info, context);
  const slots = await holdStreamSlots(reader, id, context);
  let output: ReadableStreamDefaultController<Uint8Array> | undefined;
  let lastSent: string | undefined;
  let closed = false;
  let keepAliveTimer: ReturnType<typeof setInterval> | undefined;
  let leaseTimer: ReturnType<typeof setInterval> | undefined;
  let lifetimeTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let pollWait = pollMs;
  const early: StatusChange[] = [];

  let unsubscribe: () => Promise<void>;
  let order: PublicOrder;
  try {
    // Subscribed before the first read, so a change between the two is not missed.
    unsubscribe = await orders.subscribe(id, (change) => (output ? send(change) : early.push(change)));
    try {
      order = await knownOrder(context, id, reader);
    } catch (error) {
      await unsubscribe();
      throw error;
    }
  } catch (error) {
    await slots.release().catch(options.onError);
    throw error;
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    clearInterval(keepAliveTimer);
    clearInterval(leaseTimer);
    clearTimeout(lifetimeTimer);
    clearTimeout(pollTimer);
    // Each step on its own: a store that fails to unsubscribe must not keep the slots taken.
    await unsubscribe().catch(options.onError);
    await slots.release().catch(options.onError);
  }

  /**
   * Ends the stream from this side: after a final status, at the lifetime, or when a slot was
   * lost. The slots are given back first, so a client that reconnects at once finds its place.
   */
  function end(): void {
    if (closed) return;
    void close().then(() => {
      try {
        output?.close();
      } catch {
        // The client went away meanwhile: the stream is cancelled already.
      }
    });
  }

  function send(change: StatusChange): void {
    if (closed || !output || change.status === lastSent) return;
    const first = lastSent === undefined;
    lastSent = change.status;
    pollWait = pollMs;
    output.enqueue(statusEvent(change, first));
    if (!isAwaitingBuyer(change.status)) end();
  }

  function schedulePoll(): void {
    pollTimer = setTimeout(() => {
      void (async () => {
        const before = lastSent;
        try {
          const current = await orders.read(id, reader);
          if (current) send({ id, status: current.status });
        } catch (error) {
          options.onError(error);
        }
        if (closed) return;
        if (lastSent === before) pollWait = Math.min(maxPollMs, Math.round(pollWait * POLL_BACK_OFF));
        schedulePoll();
      })();
    }, pollWait);
  }

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      output = controller;
      send({ id, status: order.status });
      for (const change of early.splice(0)) send(change);
      if (closed) return;
      keepAliveTimer = setInterval(() => {
        if (!closed) controller.enqueue(KEEP_ALIVE);
      }, keepAliveMs);
      leaseTimer = setInterval(() => {
        slots.renew().then((held) => held || end(), options.onError);
      }, STREAM_LEASE_RENEW_MS);
      lifetimeTimer = setTimeout(end, Math.round(maxLifetimeMs * (1 - LIFETIME_SPREAD * Math.random())));
      schedulePoll();
    },
    cancel: close,
  });

  return {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      // nginx and similar proxies buffer answers unless told not to, which would hold events back.
      'x-accel-buffering': 'no',
    },
    body: stream,
  };
}
