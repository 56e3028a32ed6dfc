/**
 * The access token (public-api.md, "POST /public_api/token/" and "Authentication"): asked for
 * with the form body, kept in the Store until shortly before `expires_in` runs out, and asked
 * for by one request at a time however many callers wait, in this process (one shared promise)
 * and across instances on one Store (a lock key; the others wait for the token to appear).
 * There is no refresh endpoint: a new token is a new token request. The Store holds it
 * encrypted under a key derived from the client secret (`token-seal.ts`).
 */
import { accessTokenResponseSchema, TOKEN_REQUEST_CONTENT_TYPE, tokenRequestBody } from '../contract/auth.js';
import type { Store } from '../store/store.js';
import { untilAborted, waitFor } from './abortable-wait.js';
import { errorOfAnswer, exchange, validatedBody, type ExchangeEvent } from './exchange.js';
import type { NodeSend } from './node-transport.js';
import { createTokenSeal } from './token-seal.js';

const TOKEN_PATH = '/public_api/token/';
/** A token is dropped this long before it expires, at most (10 % of a short-lived one). */
const EXPIRY_MARGIN_MS = 60_000;
const EXPIRY_MARGIN_SHARE = 0.1;
/** How often an instance waiting for another's token request looks at the Store. */
const LOCK_POLL_MS = 25;
/** The lock outlives the token request it guards by this much (the request has its timeout). */
const LOCK_EXTRA_MS = 1_000;

/**
 * How long a token of `expiresInSeconds` is used, counted from when it was asked for: its
 * whole life minus a margin of 60 s, or 10 % for a token that lives under 10 minutes, so a
 * request never leaves with a token about to expire.
 */
export function tokenUseMs(expiresInSeconds: number): number {
  const lifetimeMs = expiresInSeconds * 1000;
  return lifetimeMs - Math.min(EXPIRY_MARGIN_MS, lifetimeMs * EXPIRY_MARGIN_SHARE);
}

interface CachedToken {
  token: string;
  /** Epoch ms after which the token is not used any more. */
  usableUntil: number;
}

/** The token of the opened store value, when it is still usable; anything else is no token. */
function usableToken(text: string | undefined, nowMs: number): CachedToken | undefined {
  if (text === undefined) return undefined;
  try {
    const cached = JSON.parse(text) as Partial<CachedToken>;
    if (typeof cached.token !== 'string' || typeof cached.usableUntil !== 'number') return undefined;
    return cached.usableUntil > nowMs ? (cached as CachedToken) : undefined;
  } catch {
    return undefined;
  }
}

/** What the token manager needs: where to ask, with which key, and where to keep the token. */
export interface TokenManagerOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  nodeSend?: NodeSend | undefined;
  onExchange?: ((event: ExchangeEvent) => void) | undefined;
  store: Store;
  requestTimeoutMs: number;
  /** Epoch milliseconds; tests pass their own clock. */
  now?: () => number;
}

/** The access token of one API key, shared through the Store. */
export interface TokenManager {
  /** A usable access token: the stored one, or a new one. Rejects with the token request's error. */
  getToken(signal?: AbortSignal): Promise<string>;
  /** Forgets `token` after the API refused it (401), unless a newer token replaced it already. */
  discard(token: string): Promise<void>;
}

/** The token manager of `options.clientId` on `options.store`. */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const { store, clientId, now = Date.now } = options;
  const tokenKey = `client:${clientId}:token`;
  const lockKey = `client:${clientId}:token-lock`;
  const lockOwner = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  const lockTtlMs = options.requestTimeoutMs + LOCK_EXTRA_MS;
  const seal = createTokenSeal(options.clientSecret);
  let inFlight: Promise<string> | undefined;
  /**
   * The token this instance last read from the Store or was granted, used without reading the
   * Store again until it is no longer usable or the API refuses it: every API call needs the
   * token, and on Redis each read is a round trip. A token another instance renews meanwhile
   * is read once this one's is refused (`discard`) or runs out.
   */
  let held: CachedToken | undefined;

  /** The stored token, opened; a value that does not open (another secret, tampered) counts as none. */
  async function readCached(): Promise<CachedToken | undefined> {
    const sealed = await store.get(tokenKey);
    return usableToken(sealed === undefined ? undefined : await seal.open(sealed, tokenKey), now());
  }

  async function stored(): Promise<string | undefined> {
    if (held !== undefined && held.usableUntil > now()) return held.token;
    held = await readCached();
    return held?.token;
  }

  /** The token request itself; the caller holds the lock. */
  async function requestToken(): Promise<string> {
    const askedAt = now();
    const what = `POST ${TOKEN_PATH}`;
    const answer = await exchange(
      `${options.baseUrl}${TOKEN_PATH}`,
      {
        method: 'POST',
        headers: { 'Content-Type': TOKEN_REQUEST_CONTENT_TYPE, Accept: 'application/json' },
        body: tokenRequestBody(clientId, options.clientSecret),
      },
      { fetch: options.fetch, nodeSend: options.nodeSend, onExchange: options.onExchange, timeoutMs: options.requestTimeoutMs },
    );
    if (answer.status < 200 || answer.status > 299) throw errorOfAnswer(what, answer);
    // An error must never carry the token: the body stays out of it.
    const granted = validatedBody(accessTokenResponseSchema, what, answer, { keepBody: false });
    const usableUntil = askedAt + tokenUseMs(granted.expires_in);
    const ttlMs = usableUntil - now();
    const cached: CachedToken = { token: granted.access_token, usableUntil };
    if (ttlMs > 0) await store.set(tokenKey, await seal.seal(JSON.stringify(cached), tokenKey), { ttlMs });
    held = cached;
    return granted.access_token;
  }

  /** One instance asks; the others wait until the token appears or the lock is gone. */
  async function acquire(): Promise<string> {
    for (;;) {
      const token = await stored();
      if (token !== undefined) return token;
      if (await store.setIfAbsent(lockKey, lockOwner, { ttlMs: lockTtlMs })) {
        try {
          // Another instance may have stored its token and let go of the lock since the read above.
          return (await stored()) ?? (await requestToken());
        } finally {
          // Only our own lock: after its TTL another instance may hold a new one.
          if ((await store.get(lockKey)) === lockOwner) await store.delete(lockKey);
        }
      }
      await waitFor(LOCK_POLL_MS);
    }
  }

  return {
    async getToken(signal) {
      const token = await stored();
      if (token !== undefined) return token;
      if (!inFlight) {
        inFlight = acquire().finally(() => {
          inFlight = undefined;
        });
      }
      return untilAborted(inFlight, signal);
    },
    async discard(token) {
      held = undefined;
      const cached = await readCached();
      if (cached?.token === token) await store.delete(tokenKey);
      // A call that read the Store meanwhile may hold the refused token again.
      if ((held as CachedToken | undefined)?.token === token) held = undefined;
    },
  };
}
