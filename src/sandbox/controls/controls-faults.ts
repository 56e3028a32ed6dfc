/**
 * `GET|PUT|DELETE /__sandbox/faults`: the injected faults (src/sandbox/requests/faults.ts) a test
 * sets up to see how a client copes with what the live service sometimes does: 5xx and 503,
 * a response lost after the charge was made, a dropped connection, a slow answer, a
 * plain-text 429 or an HTML 502 (supplement, "Known behaviour of the live service").
 */
import * as z from 'zod/mini';
import { readControlBody } from './controls-body.js';
import { jsonResponse } from '../requests/responses.js';
import type { ControlRoute } from './control-route.js';
import type { FaultRule, SandboxWorld } from '../world/world.js';

const CONTROLS_PREFIX = '/__sandbox';

/** Longest injected delay: long enough for any client timeout, short enough not to hang a test run. */
export const MAX_FAULT_DELAY_MS = 60_000;

/**
 * True when a rule's path could match a control. Faults on the controls would lock a test
 * out of `DELETE /__sandbox/faults`, so such rules are refused.
 */
function reachesControls(path: string): boolean {
  if (!path.endsWith('*')) return path.startsWith(CONTROLS_PREFIX);
  const prefix = path.slice(0, -1);
  return prefix.startsWith(CONTROLS_PREFIX) || CONTROLS_PREFIX.startsWith(prefix);
}

const faultRuleSchema = z
  .strictObject({
    method: z.optional(z.enum(['GET', 'POST', 'PUT', 'DELETE'])),
    path: z.string().check(
      z.regex(/^\/[^*]*\*?$/, 'Informe um caminho que comece com "/", exato ou com "*" no fim (prefixo).'),
      z.refine((path) => !reachesControls(path), 'Falhas não podem ser injetadas nos controles do sandbox.'),
    ),
    phase: z.optional(z.enum(['before', 'acquirer', 'after'])),
    // Error statuses only: an injected fault is a failure, and a Response cannot carry 1xx.
    status: z.optional(z.int().check(z.gte(400), z.lte(599))),
    delayMs: z.optional(z.int().check(z.gte(0), z.lte(MAX_FAULT_DELAY_MS))),
    drop: z.optional(z.boolean()),
    body: z.optional(z.enum(['json', 'text', 'html'])),
    retryAfter: z.optional(z.int().check(z.gte(0))),
    probability: z.optional(z.number().check(z.gte(0), z.lte(1))),
    count: z.optional(z.int().check(z.gte(1))),
  })
  .check(
    z.refine((rule) => rule.status !== undefined || rule.delayMs !== undefined || rule.drop === true, {
      message: 'A regra não faz nada: informe status, delayMs ou drop.',
    }),
  );

export const faultRulesRequestSchema = z.strictObject({ rules: z.array(faultRuleSchema) });
export type FaultRulesRequest = z.infer<typeof faultRulesRequestSchema>;

/** The rules as the pipeline reads them; `count` becomes the `remaining` it counts down. */
export function toFaultRules(request: FaultRulesRequest): FaultRule[] {
  return request.rules.map(({ count, phase, ...rule }) => ({ ...rule, phase: phase ?? 'before', remaining: count }));
}

const faultList = (world: SandboxWorld) => jsonResponse(200, { rules: world.faults });

/** The fault controls. */
export function faultControlRoutes(): ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/__sandbox/faults',
      auth: 'none',
      summary: 'Regras de falha em vigor, com quantas vezes ainda disparam (remaining).',
      handle: ({ world }) => faultList(world),
    },
    {
      method: 'PUT',
      path: '/__sandbox/faults',
      auth: 'none',
      summary:
        'Substitui as regras: {rules: [{method?, path (exato ou prefixo*), phase? before|acquirer|after, status?, delayMs?, drop?, body? json|text|html, retryAfter?, probability?, count?}]}.',
      async handle({ request, world }) {
        const body = await readControlBody(request, faultRulesRequestSchema);
        if (!body.ok) return body.response;
        world.faults = toFaultRules(body.value);
        return faultList(world);
      },
    },
    {
      method: 'DELETE',
      path: '/__sandbox/faults',
      auth: 'none',
      summary: 'Remove todas as regras de falha.',
      handle({ world }) {
        world.faults = [];
        return faultList(world);
      },
    },
  ];
}
