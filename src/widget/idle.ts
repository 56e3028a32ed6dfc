/**
 * Runs `run` when the page is next idle (`requestIdleCallback`; Safari has none, so the next task
 * there): for work the buyer does not wait on, kept out of the tasks that draw what they use.
 */
export function whenIdle(run: () => void): void {
  (globalThis.requestIdleCallback ?? setTimeout)(run);
}
