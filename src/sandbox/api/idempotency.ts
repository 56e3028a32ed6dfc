/**
 * `X-Idempotency-Key` of `POST /public_api/payments/` (public-api.md, "Idempotency rules"):
 * 1. same key and payload within 24 hours: the stored response, nothing recreated;
 * 2. same key, other payload: 409 with the rule's text;
 * 3. same key while the first request is processing: 409 with the rule's text;
 * 4. a 5xx from the service releases the key (an `acquirer` fault or a handler failure: `releaseFailedCharge`);
 * 5. the card token is consumed once: a replay answers from the record and never reaches it.
 *
 * Keys are scoped per account: two producers may use the same key. The payload's fingerprint
 * is its canonical JSON (object keys sorted at every level), so key order and whitespace do not
 * make two requests different, while any other change (a field added, even one equal to its
 * default) does. Only requests that pass validation leave a record: a 400 can be fixed and
 * retried with the same key.
 */
import type { ChargeResponse } from '../../contract/charge-response.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_RETENTION_SECONDS } from '../../contract/constants.js';
import { idempotencyKeySchema } from '../../contract/charge-request.js';
import { detailResponse, jsonResponse } from '../requests/responses.js';
import type { SandboxWorld } from '../world/world.js';

/** The 409 texts of rules 2 and 3, exactly as the spec gives them. */
export const PAYLOAD_MISMATCH_DETAIL = 'Header X-Idempotency-Key reutilizado com payload diferente.';
export const PROCESSING_DETAIL = 'Requisição idempotente em processamento.';
/** The 400 of a missing, empty or too long key (public-api.md, Errors: "the header is required"). */
export const KEY_REQUIRED_DETAIL = `O header ${IDEMPOTENCY_HEADER} é obrigatório: informe de 1 a 255 caracteres, de preferência um UUID v4.`;

const RETENTION_MS = IDEMPOTENCY_RETENTION_SECONDS * 1000;

/** The request's key, or the 400 the spec gives when it is missing, empty or over 255 characters. */
export function readIdempotencyKey(request: Request): { ok: true; key: string } | { ok: false; response: Response } {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null || !idempotencyKeySchema.safeParse(key).success) {
    return { ok: false, response: detailResponse(400, KEY_REQUIRED_DETAIL) };
  }
  return { ok: true, key };
}

/** Where an account's key is stored: the same key of two accounts never meets. */
export function scopedIdempotencyKey(accountId: string, key: string): string {
  return `${accountId}:${key}`;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The canonical JSON of a parsed body: keys sorted at every level, no whitespace. */
export function payloadFingerprint(body: unknown): string {
  return JSON.stringify(canonical(body));
}

export type IdempotencyLookup =
  /** No live record: validate and charge. */
  | { kind: 'new' }
  /** Rule 1: answer this, do nothing else. */
  | { kind: 'replay'; response: Response }
  /** Rules 2 and 3. */
  | { kind: 'conflict'; response: Response };

/**
 * What the key says about this request. A record older than 24 hours is forgotten. A different
 * payload is answered before "processing": that request can never succeed with this key, so
 * the client learns it at once rather than retrying.
 */
export function lookUpIdempotencyKey(world: SandboxWorld, nowMs: number, scopedKey: string, fingerprint: string): IdempotencyLookup {
  const record = world.idempotency.get(scopedKey);
  if (record === undefined) return { kind: 'new' };
  // A record in processing belongs to a request still running: it never expires.
  if (record.state === 'done' && nowMs - record.storedAt >= RETENTION_MS) {
    world.idempotency.delete(scopedKey);
    return { kind: 'new' };
  }
  if (record.fingerprint !== fingerprint) return { kind: 'conflict', response: detailResponse(409, PAYLOAD_MISMATCH_DETAIL) };
  if (record.state === 'processing') return { kind: 'conflict', response: detailResponse(409, PROCESSING_DETAIL) };
  return { kind: 'replay', response: jsonResponse(record.status, record.body) };
}

/** Holds the key while the charge is made (rule 3). */
export function holdIdempotencyKey(world: SandboxWorld, nowMs: number, scopedKey: string, fingerprint: string): void {
  world.idempotency.set(scopedKey, { state: 'processing', fingerprint, startedAt: nowMs });
}

/** Stores the answer for replays within the retention window (rule 1). */
export function storeIdempotentResponse(
  world: SandboxWorld,
  nowMs: number,
  scopedKey: string,
  fingerprint: string,
  status: number,
  body: ChargeResponse,
): void {
  world.idempotency.set(scopedKey, { state: 'done', fingerprint, status, body, storedAt: nowMs });
}

/** Forgets the key after a 5xx, so the next retry runs normally (rule 4). */
export function releaseIdempotencyKey(world: SandboxWorld, scopedKey: string): void {
  world.idempotency.delete(scopedKey);
}
