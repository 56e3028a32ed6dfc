/**
 * What the sandbox's profiling script and the code around it share: the page-wide API the script
 * defines, the URLs it may come from and the Trusted Types policy its URL goes through. Both
 * antifraud-profiler.ts (with the checkout's code) and profiler-script.ts (fetched when profiling
 * starts) read them.
 */

/**
 * The Trusted Types policy the script URL goes through. A page that enforces Trusted Types
 * (`require-trusted-types-for 'script'`) allows it with `trusted-types pay-checkout-profiler`.
 */
export const PROFILER_TRUSTED_TYPES_POLICY = 'pay-checkout-profiler';

/** What the sandbox's script defines as `window.SandboxProfiler` (docs/sandbox.md, "Cards"). */
export interface SandboxProfilerApi {
  start(reference: string): Promise<unknown>;
  complete(reference: string): Promise<unknown>;
}

/**
 * The script could not be loaded or did not define the profiler. Only its kind is read (it is
 * the `unavailable` fallback), so it carries no message.
 */
export class ProfilerUnavailableError extends Error {
  override name = 'ProfilerUnavailableError';
}

/** Only an absolute http(s) URL may become a script's source. */
export function checkedScriptUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new TypeError(`Profiler script URL must be http(s): ${url}`);
  return parsed.href;
}
