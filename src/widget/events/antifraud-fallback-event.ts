import type { AntifraudFallbackReason } from '../providers/antifraud-profiler.js';

/** What `pay-antifraud-fallback` tells. */
export interface PayAntifraudFallbackDetail {
  /** The attempt reference sent with the card charge, which the profiler did not complete. */
  readonly reference: string;
  /** Why: the script did not load (`unavailable`), failed (`failed`), took too long (`timeout`); undefined if the profiler did not say. */
  readonly reason: AntifraudFallbackReason | undefined;
}

/**
 * Fired when the anti-fraud profiler could not complete (its script failed to load, or it did
 * not answer in time) and the card charge goes on with an unprofiled reference. The supplement
 * ("Anti-fraud profiling") asks that this fallback is never silent: log it, measure it.
 */
export class PayAntifraudFallbackEvent extends Event {
  static readonly type = 'pay-antifraud-fallback';

  readonly detail: PayAntifraudFallbackDetail;

  constructor(detail: PayAntifraudFallbackDetail) {
    super(PayAntifraudFallbackEvent.type, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'pay-antifraud-fallback': PayAntifraudFallbackEvent;
  }
}
