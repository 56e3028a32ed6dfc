/**
 * The sandbox's clock. It runs with real time, and a test can move it forward
 * (`POST /__sandbox/clock`) so that token expiry, rate-limit windows, Pix expiry,
 * idempotency retention and webhook retries happen without waiting.
 * Scheduled tasks run when their time comes, whether real time or an advance brings it.
 */
export interface SandboxClock {
  /** Milliseconds since the epoch, as the sandbox sees them. */
  now(): number;
  /** Moves the clock forward and runs every task that has come due, in time order. */
  advance(seconds: number): Promise<void>;
  /** Runs `task` at `atMs` (sandbox time). Answers a function that cancels it. */
  schedule(atMs: number, task: () => void | Promise<void>): () => void;
  /** Cancels every scheduled task (on reset and on close). */
  cancelAll(): void;
}

interface Scheduled {
  atMs: number;
  task: () => void | Promise<void>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** A clock that starts at real time, offset by every `advance` since. */
export function createClock(realNow: () => number = Date.now): SandboxClock {
  let offsetMs = 0;
  const scheduled = new Set<Scheduled>();
  const now = () => realNow() + offsetMs;

  async function runTask(entry: Scheduled): Promise<void> {
    if (!scheduled.delete(entry)) return;
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    try {
      await entry.task();
    } catch (error) {
      // A failing task (a webhook delivery, say) must not stop the clock or the others.
      console.error('sandbox: a scheduled task failed:', error);
    }
  }

  function arm(entry: Scheduled): void {
    const delay = Math.max(0, entry.atMs - now());
    entry.timer = setTimeout(() => void runTask(entry), delay);
    // Timers must not keep a test process alive.
    (entry.timer as { unref?: () => void }).unref?.();
  }

  return {
    now,
    async advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('advanceSeconds must be a number >= 0');
      offsetMs += seconds * 1000;
      const due = [...scheduled].filter((entry) => entry.atMs <= now()).sort((a, b) => a.atMs - b.atMs);
      for (const entry of due) await runTask(entry);
      for (const entry of scheduled) {
        if (entry.timer !== undefined) clearTimeout(entry.timer);
        arm(entry);
      }
    },
    schedule(atMs, task) {
      const entry: Scheduled = { atMs, task, timer: undefined };
      scheduled.add(entry);
      arm(entry);
      return () => {
        if (entry.timer !== undefined) clearTimeout(entry.timer);
        scheduled.delete(entry);
      };
    },
    cancelAll() {
      for (const entry of scheduled) if (entry.timer !== undefined) clearTimeout(entry.timer);
      scheduled.clear();
    },
  };
}
