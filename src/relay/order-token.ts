/**
 * The order token: the secret a buyer's browser holds for the one order it created, required
 * to read that order's status (`GET orders/{id}`, `GET orders/{id}/events`). An order id is no
 * secret (it is in `checkoutUrl`, e-mails, webhooks and logs), and the order's view carries the
 * Pix code, the boleto line and the slip's PDF, which names the buyer and their CPF.
 *
 * The token is an HMAC-SHA-256 of the order id under a relay secret, written in base64url
 * (43 characters, 256 bits): any instance can check it without the Store, so neither a second
 * instance nor an emptied Redis can lock a buyer out, and a replay of `POST charges` with the
 * same key answers the same token. Checking goes through Web Crypto's `verify`, which compares
 * in constant time, and the relay answers a wrong token exactly as an unknown order.
 *
 * Several secrets may be given: the first signs, every one verifies, so a secret can be
 * rotated while the orders signed under the old one are still being paid.
 *
 * Issuing is on every charge's path. Where the runtime has `node:crypto` (Node, Bun, Deno) the
 * token is signed with its HMAC, at once; Web Crypto's `sign` is a round trip to a thread pool
 * and costs a charge more than the rest of its token work. Both make the same bytes.
 */
import type * as NodeCrypto from 'node:crypto';
import { type RelayRequest } from './relay-exchange.js';

/** Distinguishes this key from any other use of the same secret. */
const DERIVATION_LABEL = 'pay-checkout order token v1';

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The signature bytes of a token, or undefined when it is not 43 characters of base64url as the
 * relay writes them. The last character carries 4 of the 256 bits, and its 2 low bits must be 0:
 * decoding drops them, so without this check 4 spellings of each token would pass for it.
 */
function signatureOf(token: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/.test(token)) return undefined;
  const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/') + '=');
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  // The secret is first run through an HMAC of its own, so a token never equals an HMAC that the
  // same secret makes elsewhere (the client secret, when the token key is derived from it).
  const raw = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const derived = await crypto.subtle.sign('HMAC', raw, encoder.encode(DERIVATION_LABEL));
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** `node:crypto` when the runtime has it; undefined elsewhere (Cloudflare Workers, browsers). */
export const nodeCrypto = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as
  | typeof NodeCrypto
  | undefined;

/** `hmacKey`'s bytes through node:crypto, for `createHmac`. */
function nodeHmacKey(crypto: typeof NodeCrypto, secret: string): Buffer {
  return crypto.createHmac('sha256', secret).update(DERIVATION_LABEL).digest();
}

export interface OrderTokens {
  /** The token of `orderId`, under the first secret. */
  issue(orderId: string): Promise<string>;
  /** True when `token` is the token of `orderId` under one of the secrets; never throws. */
  verify(orderId: string, token: string | undefined): Promise<boolean>;
}

/** Order tokens under `secrets` (the first signs); at least one secret. */
export function createOrderTokens(secrets: readonly string[]): OrderTokens {
  let keys: Promise<CryptoKey[]> | undefined;
  const keysOnce = (): Promise<CryptoKey[]> => (keys ??= Promise.all(secrets.map(hmacKey)));
  const nodeSigningKey = nodeCrypto && nodeHmacKey(nodeCrypto, secrets[0]!);
  return {
    async issue(orderId) {
      if (nodeCrypto && nodeSigningKey) return nodeCrypto.createHmac('sha256', nodeSigningKey).update(orderId).digest('base64url');
      const [signing] = await keysOnce();
      return base64url(await crypto.subtle.sign('HMAC', signing!, encoder.encode(orderId)));
    },
    async verify(orderId, token) {
      const signature = token === undefined ? undefined : signatureOf(token);
      if (!signature) return false;
      const data = encoder.encode(orderId);
      let valid = false;
      // Every key is tried, whichever matches, so the time taken does not say which one did.
      for (const key of await keysOnce()) {
        if (await crypto.subtle.verify('HMAC', key, signature, data)) valid = true;
      }
      return valid;
    },
  };
}

/**
 * The token a request carries: `Authorization: Bearer <token>`, else the `token` query
 * parameter (an `EventSource` cannot set headers).
 */
export function orderTokenOf(request: RelayRequest): string | undefined {
  const header = request.headers.get('authorization');
  const bearer = header === null ? undefined : /^Bearer +(\S+) *$/i.exec(header)?.[1];
  return bearer ?? new URL(request.url).searchParams.get('token') ?? undefined;
}
