/**
 * The checkout's polite live region: what a screen reader says of the payment's steps, of a form
 * to fix and of the order (payment-controller.ts, order-status-controller.ts). The region is
 * emptied first and filled on the next render, so the same text said twice is read twice.
 */
import type { ReactiveControllerHost } from 'lit';

export class LiveRegion {
  /** What the region holds now. */
  text = '';

  private readonly host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
  }

  /** Says `text`. */
  announce(text: string): void {
    const { host } = this;
    this.text = '';
    host.requestUpdate();
    void host.updateComplete.then(() => {
      this.text = text;
      host.requestUpdate();
    });
  }
}
