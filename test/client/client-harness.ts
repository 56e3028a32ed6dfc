/**
 * What the client tests share: a sandbox client with fast retries, a fetch that records every
 * exchange (to count token requests, 429s and idempotency keys), and the sandbox controls.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type ClientOptions, type PayClient } from '../../src/client/index.js';
import { DEFAULT_API_KEY } from '../../src/sandbox/world/fixture.js';
import { control, pixChargeBody } from '../sandbox/controls-requests.js';
import type { RunningSandbox } from '../sandbox/harness.js';

export { pixChargeBody };

export interface RecordedExchange {
  method: string;
  path: string;
  headers: Headers;
  /** The answer's status; 0 when no answer came. */
  status: number;
}

export interface RecordingFetch {
  fetch: typeof fetch;
  exchanges: RecordedExchange[];
  /** Exchanges with this path (and method, when given). */
  to(path: string, method?: string): RecordedExchange[];
}

/** A `fetch` that records every exchange it makes through the real one. */
export function recordingFetch(): RecordingFetch {
  const exchanges: RecordedExchange[] = [];
  const recorded: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const entry: RecordedExchange = { method: request.method, path: new URL(request.url).pathname, headers: request.headers, status: 0 };
    exchanges.push(entry);
    const response = await fetch(input, init);
    entry.status = response.status;
    return response;
  };
  return {
    fetch: recorded,
    exchanges,
    to: (path, method) => exchanges.filter((entry) => entry.path === path && (method === undefined || entry.method === method)),
  };
}

/** A client of the sandbox's default key, with fast retries (base delay 10 ms) unless `options.retry` says otherwise. */
export function sandboxClient(running: RunningSandbox, options: Partial<ClientOptions> = {}): PayClient {
  return createClient({
    baseUrl: running.baseUrl,
    clientId: DEFAULT_API_KEY.clientId,
    clientSecret: DEFAULT_API_KEY.clientSecret,
    ...options,
    retry: { baseDelayMs: 10, maxDelayMs: 100, ...options.retry },
  });
}

/** `PUT /__sandbox/faults` with these rules; fails the test when the sandbox refuses them. */
export async function setFaults(running: RunningSandbox, rules: unknown[]): Promise<void> {
  await expectOk(control(running.baseUrl, 'PUT', '/__sandbox/faults', { rules }));
}

/** `PUT /__sandbox/account` (the main account unless told). */
export async function setAccount(running: RunningSandbox, state: Record<string, unknown>): Promise<void> {
  await expectOk(control(running.baseUrl, 'PUT', '/__sandbox/account', state));
}

/** `PUT /__sandbox/limits`. */
export async function setLimits(running: RunningSandbox, settings: Record<string, unknown>): Promise<void> {
  await expectOk(control(running.baseUrl, 'PUT', '/__sandbox/limits', settings));
}

async function expectOk(pending: Promise<Response>): Promise<void> {
  const response = await pending;
  if (!response.ok) throw new Error(`sandbox control refused: ${response.status} ${await response.text()}`);
}

/** A fresh idempotency key. */
export const newKey = () => randomUUID();
