/**
 * The sandbox's profiling script put on the page (docs/sandbox.md, "Cards"): one script tag per
 * script URL, shared by every profiler of the page, its URL passed through the page's Trusted
 * Types policy `pay-checkout-profiler` where the page enforces them. Fetched by
 * antifraud-profiler.ts when profiling starts, which is once the card form is on screen: a buyer
 * who pays by Pix or boleto never downloads it.
 */
import { checkedScriptUrl, PROFILER_TRUSTED_TYPES_POLICY, ProfilerUnavailableError, type SandboxProfilerApi } from './sandbox-profiler-script.js';

interface TrustedScriptUrlPolicy {
  createScriptURL(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): TrustedScriptUrlPolicy;
}

function pageProfiler(): SandboxProfilerApi | undefined {
  const candidate = (window as Window & { SandboxProfiler?: Partial<SandboxProfilerApi> }).SandboxProfiler;
  return typeof candidate?.start === 'function' && typeof candidate.complete === 'function'
    ? (candidate as SandboxProfilerApi)
    : undefined;
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
export function loadSandboxProfiler(scriptUrl: string): Promise<SandboxProfilerApi> {
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
