/**
 * How long a Pix code stays payable. `pix.expirationDate` is the acquirer's word (public-api.md,
 * `pix` object: "the returned value is authoritative"), written in either date-time form, and
 * on the API's clock. The buyer's clock may be minutes off, so the countdown runs on the API's
 * clock, with the offset clock-offset.ts estimates when the charge's answer arrives.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { parseApiDateTime } from '../../contract/format-checks.js';

export { estimateClockOffset, msUntil } from './clock-offset.js';

/** Whole seconds left, rounded up: the display reaches 00:00 when the code expires, not a second before. */
export function secondsLeft(msLeft: number): number {
  return Math.max(0, Math.ceil(msLeft / 1000));
}

/** `mm:ss`, or `h:mm:ss` from an hour up (a Pix code may live a day). */
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/**
 * The moments worth telling a screen-reader user, in seconds left: a few, further apart when
 * there is time, never every second (the visible timer is `role="timer"`, which is not read on
 * each change).
 */
export const ANNOUNCED_MARKS = [30 * 60, 15 * 60, 10 * 60, 5 * 60, 2 * 60, 60] as const;

/**
 * The mark crossed when the time left went from `before` to `after` seconds, if one was; the
 * nearest one when a sleeping tab skipped several.
 */
export function markCrossed(before: number, after: number): number | undefined {
  return ANNOUNCED_MARKS.findLast((mark) => before > mark && after <= mark);
}

export interface CountdownOptions {
  /** Told when the time left crosses one of `ANNOUNCED_MARKS`, with the mark. */
  onMark?: (seconds: number) => void;
  /** Told once when the code expires while shown. */
  onExpire?: () => void;
  /** The buyer's clock; tests pass their own. */
  now?: () => number;
}

/**
 * Counts down to a Pix code's expiry while its host is on the page, updating the host on each
 * second of the API's clock.
 */
export class PixCountdownController implements ReactiveController {
  /** Seconds left; undefined when no date, or an unreadable one, was given. */
  seconds: number | undefined;

  private readonly host: ReactiveControllerHost;
  private readonly options: CountdownOptions;
  private readonly now: () => number;
  /** When the code expires, on the buyer's clock; undefined without a readable date. */
  private expiresAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private connected = false;

  constructor(host: ReactiveControllerHost, options: CountdownOptions = {}) {
    this.host = host;
    this.options = options;
    this.now = options.now ?? Date.now;
    host.addController(this);
  }

  /** True once the time is up. */
  get expired(): boolean {
    return this.seconds === 0;
  }

  /** The time left as the buyer reads it. */
  get text(): string {
    return this.seconds === undefined ? '' : formatCountdown(this.seconds);
  }

  hostConnected(): void {
    this.connected = true;
    this.tick();
  }

  hostDisconnected(): void {
    this.connected = false;
    clearTimeout(this.timer);
  }

  /** Counts down to `expirationDate` as the API wrote it, on a clock `clockOffsetMs` ahead of the buyer's. */
  set(expirationDate: string, clockOffsetMs: number): void {
    const expires = parseApiDateTime(expirationDate);
    const expiresAt = expires === undefined ? undefined : expires.getTime() - clockOffsetMs;
    if (expiresAt === this.expiresAt) return;
    this.expiresAt = expiresAt;
    this.seconds = undefined;
    this.tick();
  }

  private tick(): void {
    clearTimeout(this.timer);
    if (this.expiresAt === undefined) return;
    const left = this.expiresAt - this.now();
    const previous = this.seconds;
    const seconds = secondsLeft(left);
    this.seconds = seconds;
    if (seconds !== previous) this.host.requestUpdate();
    // Marks and expiry are told as the time passes on screen, not for the time found when the date is set.
    if (previous !== undefined && seconds !== previous) {
      const mark = markCrossed(previous, seconds);
      if (seconds === 0) this.options.onExpire?.();
      else if (mark !== undefined) this.options.onMark?.(mark);
    }
    // Wake just after the next whole second of the API's clock, so the display never skips one.
    if (seconds > 0 && this.connected) this.timer = setTimeout(() => this.tick(), (left % 1000 || 1000) + 5);
  }
}
