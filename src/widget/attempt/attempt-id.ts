/**
 * UUID v4 identifiers made in the browser: the idempotency key of a payment attempt
 * (public-api.md, `X-Idempotency-Key`: UUID v4 recommended) and the anti-fraud profiling
 * reference (supplement, "Anti-fraud profiling").
 */

/** The part of Web Crypto an id is made from. `randomUUID` exists only in secure contexts (HTTPS, localhost). */
export type RandomSource = Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>>;

const UUID_V4_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UUID_BYTES = 16;

/** True when `text` is a lower-case UUID version 4 (RFC 9562 variant). */
export function isUuidV4(text: string): boolean {
  return UUID_V4_PATTERN.test(text);
}

/**
 * A fresh UUID v4: `crypto.randomUUID()` where the page offers it, otherwise built from
 * `crypto.getRandomValues` (a page served over plain HTTP has only the latter). Never from
 * `Math.random`: a guessable or colliding key could replay or merge payment attempts.
 */
export function createAttemptId(source: RandomSource = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(UUID_BYTES));
  // RFC 9562, section 5.4: version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
