/**
 * Follows a created order's status through the relay's event stream (`GET orders/{id}/events`,
 * server-sent `status` events of `{ id, status }`) until the status is final: a Pix or boleto
 * paid, a pending 3DS charge settled. The browser's EventSource reconnects on its own after a
 * dropped connection; the stream is closed here on a final status and when the element
 * leaves the page (a move in the DOM keeps it).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isFinalChargeStatus } from '../../contract/orders.js';

/** Told each status the stream reports that differs from the last one. */
export type OrderStatusListener = (status: string) => void;

export class OrderStatusController implements ReactiveController {
  private readonly host: ReactiveControllerHost & { readonly isConnected: boolean };
  private source: EventSource | undefined;
  private watched: { url: string; status: string; listener: OrderStatusListener } | undefined;

  constructor(host: ReactiveControllerHost & { readonly isConnected: boolean }) {
    this.host = host;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.watched && !this.source) this.open();
  }

  hostDisconnected(): void {
    queueMicrotask(() => {
      if (!this.host.isConnected) this.closeStream();
    });
  }

  /** Follows the order at `url` (its event stream) from `status` on; a final status needs no following. */
  watch(url: string, status: string, listener: OrderStatusListener): void {
    this.stop();
    if (isFinalChargeStatus(status)) return;
    this.watched = { url, status, listener };
    if (this.host.isConnected) this.open();
  }

  /** Stops following. */
  stop(): void {
    this.watched = undefined;
    this.closeStream();
  }

  private closeStream(): void {
    this.source?.close();
    this.source = undefined;
  }

  private open(): void {
    const watched = this.watched;
    if (!watched) return;
    const source = new EventSource(watched.url);
    this.source = source;
    source.addEventListener('status', (event) => {
      let status: unknown;
      try {
        status = (JSON.parse((event as MessageEvent<string>).data) as { status?: unknown }).status;
      } catch {
        return;
      }
      if (typeof status !== 'string' || status === '' || status === watched.status || this.watched !== watched) return;
      watched.status = status;
      if (isFinalChargeStatus(status)) this.stop();
      watched.listener(status);
    });
  }
}
