/**
 * The QA panel's fault presets: rules for `PUT /__sandbox/faults` (docs/sandbox.md, "Test
 * controls") that reproduce what the live service sometimes does (supplement, "Known behaviour
 * of the live service"). They hit the API the relay calls, never the relay itself, so they show
 * how the relay and the widget together cope.
 */

/** A rule as `PUT /__sandbox/faults` takes it. */
export interface FaultRuleRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  phase?: 'before' | 'acquirer' | 'after';
  status?: number;
  delayMs?: number;
  drop?: boolean;
  body?: 'json' | 'text' | 'html';
  retryAfter?: number;
  count?: number;
}

export const FAULT_PRESET_IDS = ['charge-5xx', 'slow-api', 'rate-limit', 'dropped-connection', 'html-502'] as const;
export type FaultPresetId = (typeof FAULT_PRESET_IDS)[number];

/** The charge endpoint (public-api.md, "POST /public_api/payments/"). */
const CHARGES = { method: 'POST', path: '/public_api/payments/' } as const;

/**
 * The rule of a preset. `count` is how many times it fires; the slow API has none: it slows
 * every API request (card tokenization from the browser included) until the faults are cleared.
 */
export function faultPresetRule(id: FaultPresetId, count: number): FaultRuleRequest {
  switch (id) {
    case 'charge-5xx':
      // `acquirer`: the charge fails inside the service after taking its key, which is released
      // (idempotency rule 4), so the retry with the same key makes the one order.
      return { ...CHARGES, phase: 'acquirer', status: 500, count };
    case 'slow-api':
      return { path: '/public_api/*', delayMs: 4000 };
    case 'rate-limit':
      return { ...CHARGES, status: 429, retryAfter: 3, count };
    case 'dropped-connection':
      // `after`: the charge was made and stored, then the answer is lost: the retry gets the stored order.
      return { ...CHARGES, phase: 'after', drop: true, count };
    case 'html-502':
      return { ...CHARGES, status: 502, body: 'html', count };
  }
}
