/**
 * The sandbox's anti-fraud profiler (supplement, "Anti-fraud profiling"): a script the buyer's
 * page loads, which reports the attempt reference when profiling starts (page load) and when
 * it completes (just before paying), with a few coarse device and interaction signals. The
 * sandbox remembers every reference it saw, so a test can prove the
 * `antifraud_profiling_attempt_reference` sent with a charge was really profiled.
 *
 * Script API (`GET /sandbox/profiler.js`, a classic script): it defines
 * `window.SandboxProfiler = { start(reference), complete(reference) }`; both return a promise
 * that resolves once the sandbox recorded the event and rejects on any failure. The reference
 * is a UUID v4 made by the page. `?fail=1` answers 503 instead of the script, so a page's
 * fallback for a profiler that fails to load can be tested.
 */
import * as z from 'zod/mini';
import { validate } from '../../contract/errors.js';
import { readJsonBody } from '../requests/request-body.js';
import { detailResponse, fieldError, fieldErrorResponse, jsonResponse, notFound } from '../requests/responses.js';
import type { Route, RouteContext } from '../requests/router.js';
import type { SandboxWorld } from '../world/world.js';

export const PROFILER_SCRIPT_PATH = '/sandbox/profiler.js';
export const PROFILER_ATTEMPTS_PATH = '/sandbox/profiler/attempts';

const UUID_V4_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const UUID_V4_MESSAGE = 'Informe a referência da tentativa como um UUID v4.';

/** True for a UUID v4, the form of an attempt reference (supplement: "generated in the browser"). */
export function isAttemptReference(text: string): boolean {
  return UUID_V4_PATTERN.test(text);
}

/** Coarse signals only: counts and settings, never what was typed. */
const profilerSignalsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** `POST /sandbox/profiler/attempts`: what the script reports. */
export const profilerReportSchema = z.object({
  reference: z.string().check(z.regex(UUID_V4_PATTERN, UUID_V4_MESSAGE)),
  event: z.enum(['start', 'complete']),
  signals: z.optional(profilerSignalsSchema),
});

/** What the world's `profiledReferences` does not keep: completion and the last signals. */
interface ProfilingProgress {
  completedAt: number | undefined;
  signals: Record<string, string | number | boolean> | undefined;
}

// Keyed by world, so `POST /__sandbox/reset` (a new world) forgets it with everything else.
const progressByWorld = new WeakMap<SandboxWorld, Map<string, ProfilingProgress>>();

function progressOf(world: SandboxWorld): Map<string, ProfilingProgress> {
  let progress = progressByWorld.get(world);
  if (!progress) {
    progress = new Map();
    progressByWorld.set(world, progress);
  }
  return progress;
}

/** An attempt as `GET /sandbox/profiler/attempts/:reference` shows it. */
export interface ProfiledAttemptView {
  reference: string;
  started: boolean;
  completed: boolean;
  /** When profiling started (ISO 8601, sandbox clock). */
  at: string;
  completedAt: string | null;
  userAgent: string | null;
  signals: Record<string, string | number | boolean> | null;
}

/** The attempt the profiler reported for `reference`, or undefined when it never started. */
export function profiledAttempt(world: SandboxWorld, reference: string): ProfiledAttemptView | undefined {
  const seen = world.profiledReferences.get(reference);
  if (!seen) return undefined;
  const progress = progressOf(world).get(reference);
  return {
    reference,
    started: true,
    completed: progress?.completedAt !== undefined,
    at: new Date(seen.at).toISOString(),
    completedAt: progress?.completedAt === undefined ? null : new Date(progress.completedAt).toISOString(),
    userAgent: seen.userAgent,
    signals: progress?.signals ?? null,
  };
}

/**
 * The script. The endpoint is written in absolutely, since the script runs on the shop's
 * origin; the report is a CORS request the sandbox allows from any origin.
 */
export function profilerScript(attemptsUrl: string): string {
  return `'use strict';
(() => {
  const endpoint = ${JSON.stringify(attemptsUrl)};
  const counts = { keyEvents: 0, pointerEvents: 0 };
  document.addEventListener('keydown', () => { counts.keyEvents += 1; }, { capture: true, passive: true });
  document.addEventListener('pointermove', () => { counts.pointerEvents += 1; }, { capture: true, passive: true });
  const signals = () => ({
    language: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    screen: screen.width + 'x' + screen.height,
    keyEvents: counts.keyEvents,
    pointerEvents: counts.pointerEvents,
  });
  const report = async (reference, event) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reference: reference, event: event, signals: signals() }),
    });
    if (!response.ok) throw new Error('SandboxProfiler: ' + event + ' recusado com HTTP ' + response.status);
  };
  window.SandboxProfiler = Object.freeze({
    start: (reference) => report(reference, 'start'),
    complete: (reference) => report(reference, 'complete'),
  });
})();
`;
}

function handleProfilerScript(context: RouteContext): Response {
  if (context.url.searchParams.get('fail') === '1') {
    return new Response('Perfilador indisponível (falha simulada pelo sandbox).', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(profilerScript(`${context.baseUrl}${PROFILER_ATTEMPTS_PATH}`), {
    status: 200,
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      // Loadable by shop pages that require cross-origin isolation.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    },
  });
}

async function handleProfilerReport(context: RouteContext): Promise<Response> {
  const body = await readJsonBody(context.request);
  if (!body.ok) return body.response;
  const report = validate(profilerReportSchema, body.value);
  if (!report.success) return fieldErrorResponse(report.errors);
  const { reference, event, signals } = report.data;
  const { world } = context;
  const progress = progressOf(world);

  if (event === 'start') {
    // A second start (a page reload with the same reference) keeps the first time.
    if (!world.profiledReferences.has(reference)) {
      world.profiledReferences.set(reference, { at: context.clock.now(), userAgent: context.request.headers.get('User-Agent') });
      progress.set(reference, { completedAt: undefined, signals });
    }
  } else {
    if (!world.profiledReferences.has(reference)) return detailResponse(409, 'Perfilamento não iniciado para esta referência.');
    // A repeated complete keeps the first completion time.
    const known = progress.get(reference);
    progress.set(reference, { completedAt: known?.completedAt ?? context.clock.now(), signals: signals ?? known?.signals });
  }
  return jsonResponse(200, profiledAttempt(world, reference));
}

function handleProfiledAttempt(context: RouteContext): Response {
  const reference = context.params.reference ?? '';
  if (!isAttemptReference(reference)) return fieldError('reference', UUID_V4_MESSAGE);
  const attempt = profiledAttempt(context.world, reference);
  return attempt ? jsonResponse(200, attempt) : notFound();
}

/** The profiling script and the endpoints it and the tests talk to. */
export function profilerRoutes(): Route[] {
  return [
    { method: 'GET', path: PROFILER_SCRIPT_PATH, auth: 'none', handle: handleProfilerScript },
    { method: 'POST', path: PROFILER_ATTEMPTS_PATH, auth: 'none', cors: true, handle: handleProfilerReport },
    { method: 'GET', path: `${PROFILER_ATTEMPTS_PATH}/:reference`, auth: 'none', cors: true, handle: handleProfiledAttempt },
  ];
}
