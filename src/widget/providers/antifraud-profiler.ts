/**
 * Anti-fraud device profiling (supplement, "Anti-fraud profiling"): one profiler per page,
 * started when the checkout connects and completed just before paying, under a UUID v4
 * reference made in the browser and sent with the charge as
 * `antifraud_profiling_attempt_reference`. Profiling never holds a payment for longer than a
 * bounded time; when it could not run, the answer says so (`profiled: false`) so the checkout
 * can make the fallback visible, never silent.
 */
import { createAttemptId } from '../attempt/attempt-id.js';

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

/**
 * The Trusted Types policy the script URL goes through. A page that enforces Trusted Types
 * (`require-trusted-types-for 'script'`) allows it with `trusted-types pay-checkout-profiler`.
 */
export const PROFILER_TRUSTED_TYPES_POLICY = 'pay-checkout-profiler';

/** What the sandbox's script defines as `window.SandboxProfiler` (docs/sandbox.md, "Cards"). */
interface SandboxProfilerApi {
  start(reference: string): Promise<unknown>;
  complete(reference: string): Promise<unknown>;
}

interface TrustedScriptUrlPolicy {
  createScriptURL(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): TrustedScriptUrlPolicy;
}

/**
 * The script could not be loaded or did not define the profiler. Only its kind is read (it is
 * the `unavailable` fallback), so it carries no message.
 */
class ProfilerUnavailableError extends Error {
  override name = 'ProfilerUnavailableError';
}

function pageProfiler(): SandboxProfilerApi | undefined {
  const candidate = (window as Window & { SandboxProfiler?: Partial<SandboxProfilerApi> }).SandboxProfiler;
  return typeof candidate?.start === 'function' && typeof candidate.complete === 'function'
    ? (candidate as SandboxProfilerApi)
    : undefined;
}

/** Only an absolute http(s) URL may become a script's source. */
function checkedScriptUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new TypeError(`Profiler script URL must be http(s): ${url}`);
  return parsed.href;
}

let scriptUrlPolicy: TrustedScriptUrlPolicy | null | undefined;

/** The URL as the page's Trusted Types enforcement wants it; the plain string where there is none. */
function trustedScriptUrl(url: string): string {
  if (scriptUrlPolicy === undefined) {
    const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
    try {
      scriptUrlPolicy = factory ? factory.createPolicy(PROFILER_TRUSTED_TYPES_POLICY, { createScriptURL: checkedScriptUrl }) : null;
    } catch {
      // The page's CSP does not allow the policy: the plain string is refused only if it enforces Trusted Types.
      scriptUrlPolicy = null;
    }
  }
  return (scriptUrlPolicy ? scriptUrlPolicy.createScriptURL(url) : url) as string;
}

function insertScript(scriptUrl: string): Promise<SandboxProfilerApi> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    // A script fires one of the two, once.
    // Loaded, but without a `SandboxProfiler`: unavailable too.
    script.onload = () => {
      const profiler = pageProfiler();
      if (profiler) resolve(profiler);
      else reject(new ProfilerUnavailableError());
    };
    script.onerror = () => {
      script.remove();
      reject(new ProfilerUnavailableError());
    };
    try {
      script.src = trustedScriptUrl(scriptUrl);
    } catch (error) {
      // The page's Trusted Types refused the URL.
      reject(new ProfilerUnavailableError(undefined, { cause: error }));
      return;
    }
    (document.head ?? document.documentElement).append(script);
  });
}

/** Loads in progress or done, by script URL: every profiler on the page shares one script tag. */
const scriptLoads = new Map<string, Promise<SandboxProfilerApi>>();

/** The page's profiler: the one already there, the load another instance started, or a new script tag. */
function loadSandboxProfiler(scriptUrl: string): Promise<SandboxProfilerApi> {
  const present = pageProfiler();
  if (present) return Promise.resolve(present);
  let load = scriptLoads.get(scriptUrl);
  if (!load) {
    const started = insertScript(scriptUrl);
    // A failed load is forgotten, so a later payment attempt on the same page can try again.
    started.catch(() => {
      if (scriptLoads.get(scriptUrl) === started) scriptLoads.delete(scriptUrl);
    });
    scriptLoads.set(scriptUrl, started);
    load = started;
  }
  return load;
}

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

  function startOnce(): Promise<SandboxProfilerApi> {
    if (!started) {
      started = loadSandboxProfiler(scriptUrl).then(async (profiler) => {
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
