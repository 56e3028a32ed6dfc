/**
 * The Limits table of public-api.md, counted per its subject, in fixed windows of sandbox
 * time. Tests shorten windows or change limits with `PUT /__sandbox/limits`.
 */
import { RATE_LIMITS, type RateLimitName } from '../../contract/constants.js';
import type { SandboxWorld } from '../world/world.js';

/** The limit as in force now: the spec's value, or the test's override. */
export function effectiveLimit(world: SandboxWorld, name: RateLimitName): { limit: number; windowSeconds: number } {
  const override = world.limits.overrides[name];
  return {
    limit: override?.limit ?? RATE_LIMITS[name].limit,
    windowSeconds: override?.windowSeconds ?? RATE_LIMITS[name].windowSeconds,
  };
}

/**
 * Counts one request against each limit for its subject. When any is exhausted nothing is
 * counted and the answer is the seconds until the longest-blocked window opens again.
 */
export function takeRateLimits(
  world: SandboxWorld,
  nowMs: number,
  checks: ReadonlyArray<{ name: RateLimitName; subject: string }>,
): { ok: true } | { ok: false; retryAfterSeconds: number } {
  if (world.limits.disabled) return { ok: true };
  let retryAfterMs = 0;
  const windows = checks.map(({ name, subject }) => {
    const { limit, windowSeconds } = effectiveLimit(world, name);
    const key = `${name}:${subject}`;
    const windowMs = windowSeconds * 1000;
    let window = world.counters.get(key);
    if (!window || nowMs - window.windowStart >= windowMs) {
      window = { windowStart: nowMs, count: 0 };
      world.counters.set(key, window);
    }
    if (window.count >= limit) retryAfterMs = Math.max(retryAfterMs, window.windowStart + windowMs - nowMs);
    return window;
  });
  if (retryAfterMs > 0) return { ok: false, retryAfterSeconds: retryAfterMs / 1000 };
  for (const window of windows) window.count += 1;
  return { ok: true };
}
