/**
 * Requests the control, limit, fault and webhook tests share: a valid Pix charge, the JSON
 * calls to `/__sandbox/` controls, and a request from a chosen loopback address (fetch
 * cannot pick its source address; node:http can, which is how per-IP limits are shown).
 */
import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { ChargeRequestInput } from '../../src/contract/charge-request.js';

/** A valid `pix` charge for offer 77BcHrY (prod_foto, 97.00). */
export function pixChargeBody(): ChargeRequestInput {
  return {
    paymentMethod: 'pix',
    customer: {
      name: 'Ana Souza',
      email: 'ana@example.com',
      phone: '5511987654321',
      fingerprint: 'device-7f3a',
      docType: 'cpf',
      docNumber: '52998224725',
    },
    items: [{ offerId: '77BcHrY' }],
  };
}

/** Headers of a charge request: a fresh idempotency key each time. */
export function chargeHeaders(): Record<string, string> {
  return { 'X-Idempotency-Key': randomUUID() };
}

/** A JSON call to a test control. */
export function control(baseUrl: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request sent from `localAddress` (127.0.0.2, 127.0.0.3, ...: every 127/8 address is loopback). */
export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, localAddress, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
