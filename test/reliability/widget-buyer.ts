/**
 * A buyer as the widget is one, for tests that run many of them against real relays: the
 * widget's own payment code (`PaymentAttempt` over `RelayConnection`: one `Idempotency-Key`
 * per attempt, sent on every try; a 429 or a key still processing waited out for the
 * `retryAfter` the relay gives) run again with the same key after an interruption (no answer,
 * a lost answer, 502 or 503), as the buyer's "Pay" does; then the order read back with its
 * `orderToken`, and followed as the widget's live status does: the relay's event stream,
 * reconnected after the stream's `retry` wait when it is cut (as EventSource does), polled when
 * the stream is answered with an error.
 *
 * Requests leave from a loopback address of the buyer's own (127.0.0.0/8 is all loopback), so
 * the relay behind a proxy that sets `X-Forwarded-For` counts each buyer apart.
 */
import { Buffer } from 'node:buffer';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { waitFor } from '../../src/client/abortable-wait.js';
import { isFinalChargeStatus } from '../../src/contract/charge-statuses.js';
import { PaymentAttempt, type AttemptOutcome, type PaymentRequest } from '../../src/widget/checkout/payment-attempt.js';
import { RelayAnswerError, RelayConnection, RelayUnreachableError, type CheckoutOrder, type CreatedOrder } from '../../src/widget/checkout/relay-connection.js';
import { nextPollDelay } from '../../src/widget/results/live-status.js';

/** The header a balancer names the instance that answered with (nginx: `add_header X-Upstream $upstream_addr`). */
export const SERVED_BY_HEADER = 'x-served-by';

/** A `fetch` whose requests leave from `localAddress`, one connection each; its bodies stream (an event stream reads as it comes). */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const headers = Object.fromEntries(request.headers);
    if (body !== undefined) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(request.url, { method: request.method, headers, localAddress, agent: false, signal: request.signal }, (incoming) => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? '']) answerHeaders.append(name, one);
        }
        const stream = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
        resolve(new Response(stream, { status: incoming.statusCode ?? 0, headers: answerHeaders }));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/** What following ends with when the relay answers `404 order_not_found`: the order is lost to the buyer. */
export const ORDER_GONE = 'order_not_found';

/** How a checkout ended, as the buyer saw it. */
export type CheckoutEnd =
  | { end: 'order'; order: CreatedOrder }
  | { end: 'refused'; errorType: string }
  /** Interrupted on every one of the buyer's tries. */
  | { end: 'gave-up'; lastOutcome: AttemptOutcome }
  /** Anything the widget's code did not turn into one of the above. */
  | { end: 'unexpected'; detail: string };

export interface BuyerCheckout {
  attempt: PaymentAttempt;
  end: CheckoutEnd;
  /** Runs of the attempt, all with its one key: 1 when nothing interrupted it. */
  runs: number;
}

export interface WidgetBuyerOptions {
  /** Where the relay is, as the widget's `relay` attribute: here, the balancer's URL. */
  relay: string;
  /** The buyer's own loopback address, e.g. `127.0.0.12`. */
  address: string;
  /** Runs of an interrupted attempt before the buyer gives up. */
  patience: number;
  /** Milliseconds before the buyer presses "Pay" again after an interruption that asked for no wait. */
  retryPauseMs: number;
}

/** An order followed until a final status, or until `stop()`. */
export interface FollowedOrder {
  /** Each status seen, in order, and how it came: over the event stream or by a read. */
  readonly seen: ReadonlyArray<{ status: string; via: 'stream' | 'poll'; servedBy: string | null }>;
  /** The instance serving the open stream (the balancer's `X-Served-By`); null between streams. */
  readonly streamServedBy: string | null;
  /** Resolves with the final status, `ORDER_GONE` when the relay answered that it does not know the order, or undefined when stopped first. */
  readonly done: Promise<string | undefined>;
  stop(): void;
}

export class WidgetBuyer {
  readonly connection: RelayConnection;
  readonly fetch: typeof fetch;
  private readonly options: WidgetBuyerOptions;

  constructor(options: WidgetBuyerOptions) {
    this.options = options;
    this.fetch = fetchFrom(options.address);
    this.connection = new RelayConnection({ relay: options.relay, fetch: this.fetch });
  }

  /** One checkout: a new attempt (a new key), run again with that key while it is interrupted and the buyer has patience. */
  async checkout(request: PaymentRequest): Promise<BuyerCheckout> {
    const attempt = new PaymentAttempt(request, { relay: this.connection });
    for (let runs = 1; ; runs += 1) {
      let outcome: AttemptOutcome;
      try {
        outcome = await attempt.run(new AbortController().signal);
      } catch (error) {
        return { attempt, end: { end: 'unexpected', detail: `threw ${String(error)}` }, runs };
      }
      if (outcome.outcome === 'created') return { attempt, end: { end: 'order', order: outcome.order }, runs };
      if (outcome.outcome === 'refused') return { attempt, end: { end: 'refused', errorType: outcome.errorType }, runs };
      if (outcome.outcome !== 'interrupted') return { attempt, end: { end: 'unexpected', detail: `outcome ${outcome.outcome}` }, runs };
      if (runs >= this.options.patience) return { attempt, end: { end: 'gave-up', lastOutcome: outcome }, runs };
      await waitFor(outcome.waitSeconds === undefined ? this.options.retryPauseMs : outcome.waitSeconds * 1000);
    }
  }

  /**
   * `GET orders/{id}` with the order's token, as the widget's live status reads it: no answer or
   * a failing relay is read again a little later; an answer (404 `order_not_found` included) is final.
   */
  async readOrder(order: CreatedOrder): Promise<CheckoutOrder> {
    for (let reads = 1; ; reads += 1) {
      try {
        return await this.connection.getOrder(order.id, { orderToken: order.orderToken ?? '' });
      } catch (error) {
        const passing = error instanceof RelayUnreachableError || (error instanceof RelayAnswerError && error.status >= 500);
        if (!passing || reads >= this.options.patience) throw error;
        await waitFor(this.options.retryPauseMs);
      }
    }
  }

  /** Follows the order's status from the relay's event stream, as the widget's live status does. */
  follow(order: CreatedOrder): FollowedOrder {
    const seen: Array<{ status: string; via: 'stream' | 'poll'; servedBy: string | null }> = [];
    const stopper = new AbortController();
    let streamServedBy: string | null = null;
    let current = order.status;
    const report = (status: string, via: 'stream' | 'poll', servedBy: string | null): boolean => {
      if (status !== current) {
        current = status;
        seen.push({ status, via, servedBy });
      }
      return isFinalChargeStatus(status);
    };

    /** One connection of the stream: answers the wait before the next, or 'error' for an answer that is no stream. */
    const streamOnce = async (retryMs: number): Promise<number | 'error' | 'final'> => {
      let response: Response;
      try {
        response = await this.fetch(this.connection.orderEventsUrl(order.id, order.orderToken ?? ''), { headers: { Accept: 'text/event-stream' }, signal: stopper.signal });
      } catch {
        return retryMs;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        return 'error';
      }
      streamServedBy = response.headers.get(SERVED_BY_HEADER);
      const decoder = new TextDecoder();
      let buffered = '';
      let wait = retryMs;
      const reader = response.body.getReader();
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          buffered += decoder.decode(chunk.value, { stream: true });
          let end: number;
          while ((end = buffered.indexOf('\n\n')) !== -1) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const fields = new Map(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
            const retry = fields.get('retry');
            if (retry !== undefined && /^\d+$/.test(retry)) wait = Number(retry);
            if (fields.get('event') !== 'status') continue;
            const { status } = JSON.parse(fields.get('data') ?? '{}') as { status?: string };
            if (typeof status === 'string' && report(status, 'stream', streamServedBy)) {
              await reader.cancel().catch(() => undefined);
              return 'final';
            }
          }
        }
      } catch {
        // Cut mid-stream: the instance went away. EventSource reconnects after the last `retry`.
      } finally {
        streamServedBy = null;
      }
      return wait;
    };

    const poll = async (): Promise<string | undefined> => {
      for (let delay = nextPollDelay(undefined); !stopper.signal.aborted; delay = nextPollDelay(delay)) {
        await waitFor(delay, stopper.signal).catch(() => undefined);
        if (stopper.signal.aborted) break;
        try {
          const response = await this.fetch(this.connection.url(`orders/${encodeURIComponent(order.id)}`), {
            headers: { Accept: 'application/json', Authorization: `Bearer ${order.orderToken ?? ''}` },
            signal: stopper.signal,
          });
          const servedBy = response.headers.get(SERVED_BY_HEADER);
          const body = (await response.json().catch(() => ({}))) as { status?: string; error?: { type?: string } };
          // The widget stops following an order the relay does not know, and forgets it.
          if (body.error?.type === 'order_not_found') return ORDER_GONE;
          if (response.ok && typeof body.status === 'string' && report(body.status, 'poll', servedBy)) return body.status;
        } catch {
          // No answer, or the relay failing: the next read may get through.
        }
      }
      return undefined;
    };

    const run = async (): Promise<string | undefined> => {
      if (isFinalChargeStatus(current)) return current;
      let retryMs = 3_000;
      for (;;) {
        if (stopper.signal.aborted) return undefined;
        const next = await streamOnce(retryMs);
        if (next === 'final') return current;
        if (next === 'error') return poll();
        retryMs = next;
        await waitFor(retryMs, stopper.signal).catch(() => undefined);
      }
    };

    const done = run().finally(() => stopper.abort());
    return {
      seen,
      get streamServedBy() {
        return streamServedBy;
      },
      done,
      stop: () => stopper.abort(),
    };
  }
}
