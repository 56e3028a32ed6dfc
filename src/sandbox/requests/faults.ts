/**
 * Injected faults (`PUT /__sandbox/faults`): a rule matches by method and path and either
 * answers instead of the sandbox (`before`) or replaces the answer after the request was
 * handled (`after`: the charge exists, its response is lost). Faults are the only way the
 * sandbox answers 5xx or drops a connection.
 */
import type { FaultRule, SandboxWorld } from '../world/world.js';

/** Thrown to make the transport drop the connection without an answer. */
export class DroppedConnection extends Error {
  constructor() {
    super('connection dropped by an injected sandbox fault');
    this.name = 'DroppedConnection';
  }
}

function pathMatches(rule: FaultRule, path: string): boolean {
  return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : rule.path === path;
}

/** The first rule that fires for this request, counting it down. */
export function takeFault(world: SandboxWorld, method: string, path: string, phase: FaultRule['phase'], random = Math.random): FaultRule | undefined {
  for (const rule of world.faults) {
    if (rule.phase !== phase || !pathMatches(rule, path)) continue;
    if (rule.method && rule.method.toUpperCase() !== method) continue;
    if (rule.remaining !== undefined && rule.remaining <= 0) continue;
    if (rule.probability !== undefined && random() >= rule.probability) continue;
    if (rule.remaining !== undefined) rule.remaining -= 1;
    return rule;
  }
  return undefined;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies a fault: waits its delay, then drops the connection or answers its status with
 * the chosen body. A rule with only a delay answers `undefined` (the request goes on).
 */
export async function applyFault(rule: FaultRule): Promise<Response | undefined> {
  if (rule.delayMs) await wait(rule.delayMs);
  if (rule.drop) throw new DroppedConnection();
  if (rule.status === undefined) return undefined;
  const headers = new Headers();
  if (rule.retryAfter !== undefined) headers.set('Retry-After', String(rule.retryAfter));
  let body: string;
  switch (rule.body ?? 'json') {
    case 'text':
      headers.set('Content-Type', 'text/plain; charset=utf-8');
      body = rule.status === 429 ? `Request was throttled. Expected available in ${rule.retryAfter ?? 1} seconds.` : 'Service unavailable';
      break;
    case 'html':
      headers.set('Content-Type', 'text/html; charset=utf-8');
      body = `<!doctype html><html><head><title>${rule.status}</title></head><body><h1>${rule.status} Bad Gateway</h1></body></html>`;
      break;
    default:
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify({ detail: rule.status === 429 ? 'Requisição foi limitada (falha injetada).' : 'Falha temporária (injetada pelo sandbox).' });
  }
  return new Response(body, { status: rule.status, headers });
}
