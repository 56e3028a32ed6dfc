/**
 * Anti-fraud device profiling (supplement, "Anti-fraud profiling"): one profiler per page,
 * started when the checkout connects and completed just before paying, under a UUID v4
 * reference made in the browser and sent with the charge as
 * `antifraud_profiling_attempt_reference`. Profiling never holds a payment for longer than a
 * bounded time; when it could not run, the answer says so (`profiled: false`) so the checkout
 * can make the fallback visible, never silent.
 */
import { createAttemptId } from '../attempt/attempt-id.js';
import { buyerPause } from '../idle.js';
import { lazyCode } from '../on-demand-code.js';
import { checkedScriptUrl, ProfilerUnavailableError, type SandboxProfilerApi } from './sandbox-profiler-script.js';

/** Why a profile could not be completed. */
export type AntifraudFallbackReason =
  /** The profiling script did not load (network, 5xx, CSP or Trusted Types refused it). */
  | 'unavailable'
  /** The script loaded, but the profiler failed to record the attempt. */
  | 'failed'
  /** Not done within `timeoutMs`. */
  | 'timeout'
  /** The caller's signal aborted the wait. */
  | 'aborted';

/** How profiling of one payment attempt ended. */
export interface AntifraudProfile {
  /** The attempt reference to send with the charge. */
  reference: string;
  /** True when the profiler recorded the attempt; false is the fallback. */
  profiled: boolean;
  /** Why not, when `profiled` is false. */
  fallbackReason?: AntifraudFallbackReason;
}

/** A device profiler. The sandbox's is the default; a merchant may plug a real provider's. */
export interface AntifraudProfiler {
  /** The UUID v4 attempt reference this profiler reports under. */
  readonly reference: string;
  /** Starts profiling (loads the provider's script once per page); safe to call again. */
  start(): void;
  /** Completes profiling. Resolves within `timeoutMs` (default 3000) whatever happens; never rejects. */
  complete(options: { signal?: AbortSignal; timeoutMs?: number }): Promise<AntifraudProfile>;
}

/** Where the sandbox's profiling script is: the config's `antifraud.scriptUrl`. */
export interface SandboxAntifraudProfilerSettings {
  scriptUrl: string;
}

/** How long `complete` waits by default before answering the fallback. */
export const ANTIFRAUD_COMPLETE_TIMEOUT_MS = 3000;

export { PROFILER_TRUSTED_TYPES_POLICY } from './sandbox-profiler-script.js';

/**
 * What puts the script on the page (profiler-script.ts): only a card payment is profiled, so in the
 * script-tag build it travels with the card form's code, which is on the page once profiling starts,
 * and is imported as that code's other loaders import it (card-code.ts).
 * A chunk that cannot be fetched leaves the profile `unavailable`, as a script that cannot.
 */
const loadScriptCode = lazyCode(() => import('../card/card-code.js'));

type Outcome = Omit<AntifraudProfile, 'reference'>;

/**
 * The sandbox's profiler: loads `scriptUrl` (a classic script on the sandbox's origin, so a
 * strict CSP needs only that origin in `script-src` and `connect-src`: no inline script, no
 * eval) and reports this instance's fresh reference to `window.SandboxProfiler`.
 */
export function createSandboxAntifraudProfiler(settings: SandboxAntifraudProfilerSettings): AntifraudProfiler {
  const scriptUrl = checkedScriptUrl(settings.scriptUrl);
  const reference = createAttemptId();
  let started: Promise<SandboxProfilerApi> | undefined;
  let completion: Promise<Outcome> | undefined;
  let hurry!: () => void;
  const paying = new Promise<void>((resolve) => (hurry = resolve));
  // The script loads at once, so its own listeners see the buyer's typing; its `start` gathers the
  // device's signals, a long task on a slow phone (the page's first Intl call alone: 90 to 190 ms at
  // 4x), so it waits for a pause in the buyer's typing, or for `complete`.
  function startOnce(): Promise<SandboxProfilerApi> {
    if (!started) {
      const loaded = loadScriptCode().then(
        ({ loadSandboxProfiler }) => loadSandboxProfiler(scriptUrl),
        (error: unknown) => Promise.reject(new ProfilerUnavailableError(undefined, { cause: error })),
      );
      // A script that could not load has nothing to wait for (and its rejection is handled at once).
      loaded.catch(hurry);
      started = buyerPause(paying).then(async () => {
        const profiler = await loaded;
        await profiler.start(reference);
        return profiler;
      });
      // Failures are answered by `complete`; nothing else waits on this promise.
      started.catch(() => undefined);
    }
    return started;
  }

  return {
    reference,
    start() {
      startOnce();
    },
    complete({ signal, timeoutMs = ANTIFRAUD_COMPLETE_TIMEOUT_MS } = {}) {
      hurry();
      completion ??= startOnce()
        .then((profiler) => profiler.complete(reference))
        .then(
          (): Outcome => ({ profiled: true }),
          (error: unknown): Outcome => ({
            profiled: false,
            fallbackReason: error instanceof ProfilerUnavailableError ? 'unavailable' : 'failed',
          }),
        );
      const pending = completion;
      // A negative wait is no wait: `setTimeout` takes it as 0.
      const limit = Number.isFinite(timeoutMs) ? timeoutMs : ANTIFRAUD_COMPLETE_TIMEOUT_MS;
      return new Promise<AntifraudProfile>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        // The first of the three to come answers; `finish` takes the others away.
        const finish = (outcome: Outcome) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve({ reference, ...outcome });
        };
        const fallback = (fallbackReason: AntifraudFallbackReason) => finish({ profiled: false, fallbackReason });
        const onAbort = () => fallback('aborted');
        if (signal?.aborted) {
          onAbort();
          return;
        }
        signal?.addEventListener('abort', onAbort);
        timer = setTimeout(fallback, limit, 'timeout');
        void pending.then(finish);
      });
    },
  };
}
