/**
 * `GET orders/{id}` and `GET orders/{id}/events`: the status of an order this relay created,
 * as a JSON answer or as a stream of server-sent events. Both come from the order book (fed
 * by webhooks), which falls back to reading the order from the API while no webhook came.
 * Orders created elsewhere are answered 404 like unknown ones, so the relay cannot be used to
 * look up the merchant's other orders.
 */
import type { RelayContext } from './context.js';
import { jsonResponse, RelayError } from './errors.js';
import { isAwaitingBuyer, type PublicOrder, type StatusChange } from './order-book.js';

async function knownOrder(context: RelayContext, id: string): Promise<PublicOrder> {
  const order = await context.orders.read(id);
  if (!order) throw new RelayError(404, 'order_not_found', 'No order with this id was created here.');
  return order;
}

export async function handleOrder(id: string, context: RelayContext): Promise<Response> {
  return jsonResponse(200, await knownOrder(context, id));
}

const encoder = new TextEncoder();

/** One `status` event: `data` is `{ id, status }`. */
function statusEvent(change: StatusChange): Uint8Array {
  return encoder.encode(`event: status\ndata: ${JSON.stringify(change)}\n\n`);
}

const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');

/** Each wait of the poll is this much longer than the last that found nothing new. */
const POLL_BACK_OFF = 1.5;

/**
 * The event stream of an order: first its current status, then each change, until the order
 * no longer awaits the buyer (paid, declined, refused, or a later status), when the stream
 * ends. A comment every `keepAliveMs` keeps proxies from closing an idle stream. While no
 * change arrives, the order is read again after `pollMs`, then after waits growing by half
 * each time up to `maxPollMs`; a read older than `orderRefreshMs` goes to the API, so a lost
 * webhook delays the news but never loses it. The browser's EventSource reconnects after the
 * stream ends; the widget closes it on a final status.
 */
export async function handleOrderEvents(id: string, context: RelayContext): Promise<Response> {
  const { orders, options } = context;
  const { keepAliveMs, pollMs, maxPollMs } = options.events;
  let output: ReadableStreamDefaultController<Uint8Array> | undefined;
  let lastSent: string | undefined;
  let closed = false;
  let keepAliveTimer: ReturnType<typeof setInterval> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let pollWait = pollMs;
  const early: StatusChange[] = [];

  // Subscribed before the first read, so a change between the two is not missed.
  const unsubscribe = await orders.subscribe(id, (change) => (output ? send(change) : early.push(change)));
  let order: PublicOrder;
  try {
    order = await knownOrder(context, id);
  } catch (error) {
    await unsubscribe();
    throw error;
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    clearInterval(keepAliveTimer);
    clearTimeout(pollTimer);
    await unsubscribe();
  }

  function send(change: StatusChange): void {
    if (closed || !output || change.status === lastSent) return;
    lastSent = change.status;
    pollWait = pollMs;
    output.enqueue(statusEvent(change));
    if (!isAwaitingBuyer(change.status)) {
      output.close();
      void close();
    }
  }

  function schedulePoll(): void {
    pollTimer = setTimeout(() => {
      void (async () => {
        const before = lastSent;
        try {
          const current = await orders.read(id);
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
      schedulePoll();
    },
    cancel: close,
  });

  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store',
      // nginx and similar proxies buffer answers unless told not to, which would hold events back.
      'X-Accel-Buffering': 'no',
    },
  });
}
