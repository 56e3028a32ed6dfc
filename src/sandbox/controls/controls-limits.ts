/**
 * `GET|PUT /__sandbox/limits`: the Limits table of public-api.md as in force, and the
 * test's overrides of it (a smaller limit, a shorter window, every window scaled, or no
 * limits at all), so a test reaches a 429 without sending thousands of requests or waiting
 * an hour.
 */
import * as z from 'zod/mini';
import { RATE_LIMITS, type RateLimitName, type RateLimitSubject } from '../../contract/constants.js';
import { readControlBody } from './controls-body.js';
import { effectiveLimit } from '../requests/rate-limits.js';
import { jsonResponse } from '../requests/responses.js';
import type { ControlRoute } from './control-route.js';
import type { SandboxWorld } from '../world/world.js';

const RATE_LIMIT_NAMES = Object.keys(RATE_LIMITS) as RateLimitName[];

/** One limit's override; `null` puts the spec's value back. A limit of 0 refuses every request. */
const limitOverrideSchema = z.nullable(
  z.strictObject({
    limit: z.optional(z.int().check(z.gte(0))),
    windowSeconds: z.optional(z.number().check(z.gt(0))),
  }),
);

export const limitSettingsRequestSchema = z.strictObject({
  disabled: z.optional(z.boolean()),
  limits: z.optional(
    z.strictObject({
      chargesPerIp: z.optional(limitOverrideSchema),
      chargesPerToken: z.optional(limitOverrideSchema),
      cardTokensPerUser: z.optional(limitOverrideSchema),
      authenticatedPerUser: z.optional(limitOverrideSchema),
      unauthenticatedPerIp: z.optional(limitOverrideSchema),
    }),
  ),
  /** Multiplies the spec's window of every limit not given a window in the same request. */
  scale: z.optional(z.number().check(z.gt(0))),
});
export type LimitSettingsRequest = z.infer<typeof limitSettingsRequestSchema>;

/** One row of the table as in force. */
export interface EffectiveLimit {
  limit: number;
  windowSeconds: number;
  per: RateLimitSubject;
  /** The spec's value of the row. */
  default: { limit: number; windowSeconds: number };
}

/** The Limits table as the sandbox applies it now. */
export function effectiveLimits(world: SandboxWorld): { disabled: boolean; limits: Record<RateLimitName, EffectiveLimit> } {
  const limits = Object.fromEntries(
    RATE_LIMIT_NAMES.map((name) => {
      const { limit, windowSeconds, per } = RATE_LIMITS[name];
      return [name, { ...effectiveLimit(world, name), per, default: { limit, windowSeconds } }];
    }),
  ) as Record<RateLimitName, EffectiveLimit>;
  return { disabled: world.limits.disabled, limits };
}

/**
 * Applies a request to the world's settings. Fields left out keep their value; a limit's
 * fields merge into its override. Counters start again, so a test begins with full windows.
 */
export function applyLimitSettings(world: SandboxWorld, request: LimitSettingsRequest): void {
  if (request.disabled !== undefined) world.limits.disabled = request.disabled;
  const given = request.limits ?? {};
  for (const name of RATE_LIMIT_NAMES) {
    const override = given[name];
    if (override === null) delete world.limits.overrides[name];
    else if (override !== undefined) world.limits.overrides[name] = { ...world.limits.overrides[name], ...override };
  }
  const { scale } = request;
  if (scale !== undefined) {
    for (const name of RATE_LIMIT_NAMES) {
      if (given[name]?.windowSeconds !== undefined) continue;
      // Scaled from the spec's window, not the current one: the same request twice gives the same table.
      world.limits.overrides[name] = { ...world.limits.overrides[name], windowSeconds: RATE_LIMITS[name].windowSeconds * scale };
    }
  }
  world.counters.clear();
}

/** The limit controls. */
export function limitControlRoutes(): ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/__sandbox/limits',
      auth: 'none',
      summary: 'Tabela de limites em vigor (valor, janela, contado por, valor da especificação).',
      handle: ({ world }) => jsonResponse(200, effectiveLimits(world)),
    },
    {
      method: 'PUT',
      path: '/__sandbox/limits',
      auth: 'none',
      summary: 'Altera limites: {disabled?, limits?: {<nome>: {limit?, windowSeconds?} | null}, scale?}; zera os contadores.',
      async handle({ request, world }) {
        const body = await readControlBody(request, limitSettingsRequestSchema);
        if (!body.ok) return body.response;
        applyLimitSettings(world, body.value);
        return jsonResponse(200, effectiveLimits(world));
      },
    },
  ];
}
