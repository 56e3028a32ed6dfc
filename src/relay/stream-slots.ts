/**
 * The caps on open event streams (per buyer IP, per order), counted in the Store so that
 * every relay instance on it counts the same streams. A cap of N is N numbered slot keys; a
 * stream takes a free one with `setIfAbsent`, so taking is atomic however many instances race
 * for the last slot, and a refused stream writes nothing.
 *
 * A slot is a lease, not a counter: it expires `STREAM_LEASE_MS` after its last renewal, and
 * the instance holding it renews it while the stream is open. An instance that crashes or
 * loses the store leaves no count stuck: its slots come free within a minute. A counter would
 * need its holder to live to decrement it.
 */
import type { Store } from '../store/store.js';

/** How long a slot stays taken after its last renewal: what a crashed instance's streams go on counting. */
export const STREAM_LEASE_MS = 60_000;
/** Renewed three times per lease, so a slow store round trip never lets a live stream's slot lapse. */
export const STREAM_LEASE_RENEW_MS = STREAM_LEASE_MS / 3;

export interface StreamCap {
  /** The slots' key prefix, e.g. `relay:streams-per-ip:203.0.113.9`. */
  scope: string;
  limit: number;
}

/** The slots one stream holds, one per cap. */
export interface HeldStreamSlots {
  /** Extends every lease; false when one was lost (it lapsed and another stream took it). */
  renew(): Promise<boolean>;
  /** Frees the slots still this stream's. */
  release(): Promise<void>;
}

async function takeSlot(store: Store, cap: StreamCap, holder: string): Promise<string | undefined> {
  for (let index = 0; index < cap.limit; index += 1) {
    const key = `${cap.scope}:${index}`;
    if (await store.setIfAbsent(key, holder, { ttlMs: STREAM_LEASE_MS })) return key;
  }
  return undefined;
}

/**
 * Deletes the slots `holder` still holds. Reading before deleting is not atomic: a slot that
 * lapsed (its instance stalled a whole lease) and was taken meanwhile could be freed here,
 * letting one stream more in. Only a stall that long opens that gap, and it closes by itself.
 */
async function releaseSlots(store: Store, keys: readonly string[], holder: string): Promise<void> {
  for (const key of keys) {
    if ((await store.get(key)) === holder) await store.delete(key);
  }
}

/** A slot under every cap, in order, or undefined (and nothing held) when a cap is full. */
export async function takeStreamSlots(store: Store, caps: readonly StreamCap[]): Promise<HeldStreamSlots | undefined> {
  const holder = crypto.randomUUID();
  const keys: string[] = [];
  try {
    for (const cap of caps) {
      const key = await takeSlot(store, cap, holder);
      if (key === undefined) {
        await releaseSlots(store, keys, holder);
        return undefined;
      }
      keys.push(key);
    }
  } catch (error) {
    await releaseSlots(store, keys, holder).catch(() => undefined);
    throw error;
  }
  return {
    async renew() {
      for (const key of keys) {
        if ((await store.get(key)) !== holder) return false;
        await store.set(key, holder, { ttlMs: STREAM_LEASE_MS });
      }
      return true;
    },
    release: () => releaseSlots(store, keys, holder),
  };
}
