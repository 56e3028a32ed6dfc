/**
 * `customer.fingerprint`: a random id kept for this device, so every charge from it carries
 * the same value (supplement, "Anti-fraud profiling": non-empty, stable per device/session).
 * It lives in localStorage; where that is blocked (some privacy modes throw on the mere
 * access) it lives in sessionStorage, and failing both, in memory for the page's lifetime.
 */
import { createAttemptId, isUuidV4 } from './attempt-id.js';

/** Where the id is kept, from most to least lasting. */
export type FingerprintStore = 'localStorage' | 'sessionStorage' | 'memory';

/** The device's id and where it is kept (a `memory` id is new on every page load). */
export interface DeviceFingerprint {
  readonly id: string;
  readonly keptIn: FingerprintStore;
}

/** The storage calls the fingerprint makes. */
export type FingerprintStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A storage to try, read lazily: reading `window.localStorage` is itself what throws when storage is blocked. */
export type StorageCandidate = readonly [store: Exclude<FingerprintStore, 'memory'>, open: () => FingerprintStorage];

/** The key the id is stored under. */
export const DEVICE_FINGERPRINT_KEY = 'pay-checkout:device-fingerprint';

const PAGE_STORAGES: readonly StorageCandidate[] = [
  ['localStorage', () => globalThis.localStorage],
  ['sessionStorage', () => globalThis.sessionStorage],
];

let memoryId: string | undefined;

/**
 * The device's fingerprint: the stored one, or a new UUID v4 stored in the first storage
 * that works. A stored value that is not a UUID v4 (tampered, or another library's) is replaced.
 */
export function deviceFingerprint(storages: readonly StorageCandidate[] = PAGE_STORAGES): DeviceFingerprint {
  for (const [store, open] of storages) {
    try {
      const storage = open();
      const stored = storage.getItem(DEVICE_FINGERPRINT_KEY);
      if (stored !== null && isUuidV4(stored)) return { id: stored, keptIn: store };
      const id = createAttemptId();
      storage.setItem(DEVICE_FINGERPRINT_KEY, id);
      return { id, keptIn: store };
    } catch {
      // Blocked, missing or full: the next storage is tried, and memory after them all.
    }
  }
  memoryId ??= createAttemptId();
  return { id: memoryId, keptIn: 'memory' };
}

/**
 * Reads the stored id, storing none: a page's first access to its storage is the slow one (about
 * 7 ms on a phone's CPU), and done while the buyer fills the form, it falls outside "Pay".
 */
export function peekDeviceFingerprint(): void {
  try {
    // The storage `deviceFingerprint` tries first.
    PAGE_STORAGES[0]![1]().getItem(DEVICE_FINGERPRINT_KEY);
  } catch {
    // Blocked, or no storage here: "Pay" finds the one that works.
  }
}
