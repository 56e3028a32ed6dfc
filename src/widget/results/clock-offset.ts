/**
 * The offset between the API's clock and the buyer's, taken when the charge's answer arrives:
 * the order's `createdAt` (written by the API at creation) minus the buyer's clock at receipt.
 * The Pix countdown (countdown.ts) and the order kept for a reload (order-resume.ts) count the
 * time left to a date the API wrote on the API's clock with it.
 *
 * Why `createdAt` rather than the relay's `Date` header: the header is the relay's clock, which
 * need not be the API's (the sandbox's clock can be moved by tests), and it has one-second
 * steps just the same. The time the answer spent on its way back, and an answer replayed for a
 * retried attempt, make the estimate err on the short side: the countdown may end a little
 * early, never late.
 */
import { parseApiDateTime } from '../../contract/format-checks.js';

/** Milliseconds left until `dateTime` (either API form), on the API's clock; undefined when unreadable. */
export function msUntil(dateTime: string, clockOffsetMs: number, nowMs: number): number | undefined {
  const at = parseApiDateTime(dateTime);
  return at === undefined ? undefined : at.getTime() - (nowMs + clockOffsetMs);
}

/** Milliseconds the API's clock is ahead of the buyer's (negative when behind); 0 when `createdAt` cannot be read. */
export function estimateClockOffset(createdAt: string, receivedAtMs: number): number {
  // The time from the buyer's receipt to the order's creation, on clocks taken as one.
  return msUntil(createdAt, 0, receivedAtMs) ?? 0;
}
