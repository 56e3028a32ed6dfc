/**
 * Follows an order's status until it is final (docs/relay.md, `GET orders/{id}/events` and
 * `GET orders/{id}`). The relay's server-sent events come first: the stream's first event is
 * the current status, then one event per change. When the browser has no EventSource, the
 * stream cannot be opened (an error answer, a proxy that refuses it) or stays silent (a proxy
 * that buffers it), the order is polled instead, at waits that grow from 2 s by half each time
 * up to 30 s, so a buyer who leaves the page open costs the relay little. A stream given up for
 * its errors (the relay restarting, a moment without network) is opened again once a read is
 * answered, a few times at most per order; one that stayed silent is not. While polling, the
 * order is read at once when the page comes back into view (the buyer back from their bank's
 * app) or the browser back online.
 */
import { isFinalChargeStatus } from '../../contract/charge-statuses.js';
import { RelayAnswerError, type CheckoutOrder } from '../checkout/relay-connection.js';

/** The wait before the next read when polling: 2 s first, then half again the wait before (`previousMs`), up to 30 s. */
export function nextPollDelay(previousMs: number | undefined): number {
  return previousMs === undefined ? 2000 : Math.min(Math.round(previousMs * 1.5), 30_000);
}

/** A stream that says nothing this long after opening is taken as buffered by something in between. */
const SILENT_STREAM_MS = 10_000;
/** Reconnections in a row, without an event, after which the stream is given up for polling. */
const MAX_STREAM_ERRORS = 3;
/** Times a stream given up for its errors is opened again after an answered read, per order followed. */
const MAX_STREAM_REOPENS = 3;

/** How the status is reaching the page. */
export type LiveTransport = 'events' | 'polling' | 'stopped';

export interface LiveStatusOptions {
  /** The order's event stream (`{relay}/orders/{id}/events`). */
  eventsUrl: string;
  /** Reads the order (`GET {relay}/orders/{id}`). */
  readOrder: (signal: AbortSignal) => Promise<CheckoutOrder>;
  /** Told each status that differs from the last one; a final one after following stopped. */
  onStatus: (status: string) => void;
  /** Told when the relay does not know the order (404 `order_not_found`); following stopped. */
  onGone: () => void;
}

/** One order followed: `start()` it with the status on screen, `stop()` it when the view goes. */
export class LiveOrderStatus {
  private readonly options: LiveStatusOptions;
  private current = '';
  private source: EventSource | undefined;
  private streamErrors = 0;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private pollDelay: number | undefined;
  private abort: AbortController | undefined;
  private state: LiveTransport = 'stopped';
  /** Streams opened again since `start()`; MAX_STREAM_REOPENS once one stayed silent (buffered on the way). */
  private reopens = 0;
  /** Removes the listeners of the page coming back into view and of the network coming back. */
  private unwatch: AbortController | undefined;

  constructor(options: LiveStatusOptions) {
    this.options = options;
  }

  /** How the status arrives now. */
  get transport(): LiveTransport {
    return this.state;
  }

  /** Follows from `status` on (a final status needs no following); a running follow starts over. */
  start(status: string): void {
    this.stop();
    this.current = status;
    this.reopens = 0;
    if (isFinalChargeStatus(status)) return;
    const unwatch = new AbortController();
    this.unwatch = unwatch;
    const readNow = (): void => {
      if (this.state !== 'polling' || globalThis.document?.visibilityState === 'hidden') return;
      clearTimeout(this.pollTimer);
      this.pollDelay = undefined;
      void this.poll();
    };
    globalThis.document?.addEventListener('visibilitychange', readNow, { signal: unwatch.signal });
    globalThis.window?.addEventListener('online', readNow, { signal: unwatch.signal });
    this.openStreamOrPoll();
  }

  /** Stops following: closes the stream, cancels the next read and any read under way. */
  stop(): void {
    this.unwatch?.abort();
    this.halt();
  }

  /** Opens the stream where the browser has EventSource, else reads the order from time to time. */
  private openStreamOrPoll(): void {
    // Looked up now rather than at load: a page (or a test) may have taken EventSource away.
    const EventSourceClass = globalThis.EventSource as typeof EventSource | undefined;
    if (typeof EventSourceClass === 'function') this.openStream(EventSourceClass);
    else this.schedulePoll();
  }

  /** Closes the stream, cancels the next read and any read under way; the page's listeners stay. */
  private halt(): void {
    this.state = 'stopped';
    clearTimeout(this.silenceTimer);
    this.source?.close();
    this.source = undefined;
    clearTimeout(this.pollTimer);
    this.pollDelay = undefined;
    this.abort?.abort();
  }

  /** Takes what the stream or a read says the status is; anything but a new, non-empty text is left. */
  private report(status: unknown): void {
    if (typeof status !== 'string' || status === '' || status === this.current) return;
    this.current = status;
    if (isFinalChargeStatus(status)) this.stop();
    this.options.onStatus(status);
  }

  private openStream(EventSourceClass: typeof EventSource): void {
    this.state = 'events';
    this.streamErrors = 0;
    const source = new EventSourceClass(this.options.eventsUrl);
    this.source = source;
    this.silenceTimer = setTimeout(() => {
      // Buffered by something on the way: opening it again would not help.
      this.reopens = MAX_STREAM_REOPENS;
      this.fallBackToPolling();
    }, SILENT_STREAM_MS);
    source.addEventListener('status', (event) => {
      if (this.source !== source) return;
      clearTimeout(this.silenceTimer);
      this.streamErrors = 0;
      let status: unknown;
      try {
        status = (JSON.parse((event as MessageEvent<string>).data) as { status?: unknown }).status;
      } catch {
        return;
      }
      this.report(status);
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      this.streamErrors += 1;
      // CLOSED: the browser gave up (an error answer, not an event stream). Else it reconnects
      // by itself, which is worth a few tries: the stream ends after a final status anyway.
      if (source.readyState === EventSourceClass.CLOSED || this.streamErrors >= MAX_STREAM_ERRORS) this.fallBackToPolling();
    });
  }

  /** Called for the current stream only: `stop()` cancels the silence timer, and the listeners check their stream. */
  private fallBackToPolling(): void {
    this.halt();
    this.schedulePoll();
  }

  /** The next read, after the next wait: the first one when `halt()`, which comes before polling starts, forgot the last. */
  private schedulePoll(): void {
    this.state = 'polling';
    this.pollDelay = nextPollDelay(this.pollDelay);
    this.pollTimer = setTimeout(() => void this.poll(), this.pollDelay);
  }

  private async poll(): Promise<void> {
    // A read started while another is under way (the page back into view) takes over from it:
    // the aborted one schedules nothing, so one chain of reads goes on.
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    try {
      const order = await this.options.readOrder(abort.signal);
      if (abort.signal.aborted) return;
      this.report(order.status);
      // The relay answers again: a stream given up for its errors is worth another try.
      if (this.state === 'polling' && this.reopens < MAX_STREAM_REOPENS && typeof globalThis.EventSource === 'function') {
        this.reopens += 1;
        this.halt();
        this.openStreamOrPoll();
        return;
      }
    } catch (error) {
      if (abort.signal.aborted) return;
      if (error instanceof RelayAnswerError && error.type === 'order_not_found') {
        this.stop();
        this.options.onGone();
        return;
      }
      // No answer, or the relay failing: the next read, a little later, may get through.
    }
    if (this.state === 'polling') this.schedulePoll();
  }
}
