/**
 * The access token as it is kept in the Store: encrypted, so whoever reads the store (a Redis
 * dump, a shared Redis, a memory snapshot) does not hold a token that can move money. AES-256-
 * GCM under a key derived from the client secret with HKDF-SHA256 and a fixed info string, a
 * random 96-bit IV per write; the store key is the associated data, so a sealed token copied to
 * another key does not open. Relays with the same secret derive the same key and share one
 * token; anything that does not open (another secret, a changed byte, the plain JSON of an
 * older version) is no token at all, and a new one is asked for.
 *
 * Web Crypto rather than `node:crypto`, so the client runs wherever `fetch` does.
 */

const KEY_INFO = 'pay-checkout access token at rest v1';
const FORMAT = 'v1';
const IV_BYTES = 12;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Seals and opens the token text of one client secret. */
export interface TokenSeal {
  /** `v1.<iv>.<ciphertext and tag>`, base64url, bound to `storeKey`. */
  seal(plaintext: string, storeKey: string): Promise<string>;
  /** The plaintext, or undefined for anything that does not open under this secret and key. */
  open(sealed: string, storeKey: string): Promise<string | undefined>;
}

export function createTokenSeal(clientSecret: string): TokenSeal {
  let derived: Promise<CryptoKey> | undefined;
  const key = (): Promise<CryptoKey> =>
    (derived ??= crypto.subtle
      .importKey('raw', encoder.encode(clientSecret), 'HKDF', false, ['deriveKey'])
      .then((secret) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(KEY_INFO) },
          secret,
          { name: 'AES-GCM', length: 256 },
          false,
          ['encrypt', 'decrypt'],
        ),
      ));

  // The last value opened: every request reads the same sealed token until it is renewed, and
  // the same bytes under the same key open to the same text, so they are decrypted once, not
  // on each request (a decryption is a round trip to the thread pool). Anything else is opened.
  let lastOpened: { sealed: string; storeKey: string; plaintext: string } | undefined;

  return {
    async seal(plaintext, storeKey) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(storeKey) }, await key(), encoder.encode(plaintext));
      return `${FORMAT}.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
    },
    async open(sealed, storeKey) {
      if (lastOpened?.sealed === sealed && lastOpened.storeKey === storeKey) return lastOpened.plaintext;
      const [format, ivText, bodyText, extra] = sealed.split('.');
      if (format !== FORMAT || extra !== undefined || ivText === undefined || bodyText === undefined) return undefined;
      const iv = fromBase64url(ivText);
      const body = fromBase64url(bodyText);
      if (iv?.length !== IV_BYTES || !body) return undefined;
      try {
        const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(storeKey) }, await key(), body);
        const plaintext = decoder.decode(opened);
        lastOpened = { sealed, storeKey, plaintext };
        return plaintext;
      } catch {
        // The tag does not match: another secret, another key, or a changed byte.
        return undefined;
      }
    },
  };
}
