/**
 * Runs `run` when the page is next idle (`requestIdleCallback`; Safari has none, so the next task
 * there): for work the buyer does not wait on, kept out of the tasks that draw what they use.
 */
export function whenIdle(run: () => void): void {
  (globalThis.requestIdleCallback ?? setTimeout)(run);
}

/** A gap this long after a key is the buyer's pause, not the next key of a run. */
export const BUYER_PAUSE_MS = 300;

/**
 * Resolves in an idle moment once the buyer has pressed no key on the page for BUYER_PAUSE_MS,
 * counted from this call, or as soon as `paying` does: for work that holds the main thread for a
 * while, so that it falls between the buyer's keys rather than on one.
 */
export function buyerPause(paying: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(whenIdle, BUYER_PAUSE_MS, done);
    };
    // Once for the pause and once for the payment, whichever comes second finding nothing to do.
    const done = () => {
      removeEventListener('keydown', wait, true);
      resolve();
    };
    addEventListener('keydown', wait, true);
    void paying.then(done);
    wait();
  });
}
