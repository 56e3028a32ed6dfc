/**
 * The sandbox's test controls (docs/sandbox.md, "Test controls") as the QA panel calls them:
 * same-origin under `/__sandbox/`, where the demo's server hands them to the sandbox.
 */
import type { BankingAccountState } from '../src/sandbox/world/state.js';
import type { FaultRule, WebhookDelivery } from '../src/sandbox/world/world.js';
import type { FaultRuleRequest } from './fault-presets.js';

/** A control answered an error, or did not answer. `message` is the sandbox's own text when it gave one. */
export class SandboxControlError extends Error {
  readonly status: number | undefined;

  constructor(message: string, status: number | undefined) {
    super(message);
    this.name = 'SandboxControlError';
    this.status = status;
  }
}

/** `PUT /__sandbox/account`. */
export interface AccountStateRequest {
  bankingAccount: BankingAccountState;
  blocked: boolean;
  receivingRegistration: 'done' | 'pending';
}

/** The sandbox's error body as text: `detail`, or the field messages as `field: message`. */
function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  if ('detail' in body && typeof body.detail === 'string') return body.detail;
  const lines = Object.entries(body).map(([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(' ') : JSON.stringify(messages)}`);
  return lines.length > 0 ? lines.join('; ') : undefined;
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/__sandbox/${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new SandboxControlError('network', undefined);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new SandboxControlError(errorText(parsed) ?? `HTTP ${response.status}`, response.status);
  return parsed as T;
}

export const sandboxControls = {
  setAccount: (state: AccountStateRequest) => control<unknown>('PUT', 'account', state),
  listFaults: () => control<{ rules: FaultRule[] }>('GET', 'faults'),
  setFaults: (rules: FaultRuleRequest[]) => control<{ rules: FaultRule[] }>('PUT', 'faults', { rules }),
  clearFaults: () => control<{ rules: FaultRule[] }>('DELETE', 'faults'),
  payOrder: (orderId: string) => control<unknown>('POST', `orders/${encodeURIComponent(orderId)}/pay`),
  clock: () => control<{ now: string }>('GET', 'clock'),
  advanceClock: (advanceSeconds: number) => control<{ now: string }>('POST', 'clock', { advanceSeconds }),
  reset: () => control<unknown>('POST', 'reset'),
  deliveries: () => control<{ count: number; results: WebhookDelivery[] }>('GET', 'webhooks/deliveries'),
};
