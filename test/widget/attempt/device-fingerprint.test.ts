import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isUuidV4 } from '../../../src/widget/attempt/attempt-id.js';
import { DEVICE_FINGERPRINT_KEY, deviceFingerprint, peekDeviceFingerprint } from '../../../src/widget/attempt/device-fingerprint.js';
import type { FingerprintStorage, StorageCandidate } from '../../../src/widget/attempt/device-fingerprint.js';

class MemoryStorage implements FingerprintStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const blocked = (): never => {
  throw new Error('SecurityError: access is denied for this document');
};

class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new Error('QuotaExceededError');
  }
}

describe('deviceFingerprint', () => {
  it('creates a UUID v4 in localStorage and gives the same one afterwards', () => {
    const local = new MemoryStorage();
    const storages: StorageCandidate[] = [['localStorage', () => local], ['sessionStorage', () => new MemoryStorage()]];
    const first = deviceFingerprint(storages);
    assert.equal(first.keptIn, 'localStorage');
    assert.ok(isUuidV4(first.id));
    assert.equal(local.items.get(DEVICE_FINGERPRINT_KEY), first.id);
    assert.deepEqual(deviceFingerprint(storages), first);
  });

  it('keeps an id already stored', () => {
    const local = new MemoryStorage();
    local.setItem(DEVICE_FINGERPRINT_KEY, '3f1c2b9e-8d4a-4c6f-9b2e-1a7d5e0c4b8f');
    assert.deepEqual(deviceFingerprint([['localStorage', () => local]]), {
      id: '3f1c2b9e-8d4a-4c6f-9b2e-1a7d5e0c4b8f',
      keptIn: 'localStorage',
    });
  });

  it('replaces a stored value that is not a UUID v4', () => {
    const local = new MemoryStorage();
    local.setItem(DEVICE_FINGERPRINT_KEY, '<script>');
    const fingerprint = deviceFingerprint([['localStorage', () => local]]);
    assert.ok(isUuidV4(fingerprint.id));
    assert.equal(local.items.get(DEVICE_FINGERPRINT_KEY), fingerprint.id);
  });

  it('falls back to sessionStorage when localStorage is blocked', () => {
    const session = new MemoryStorage();
    const fingerprint = deviceFingerprint([['localStorage', blocked], ['sessionStorage', () => session]]);
    assert.equal(fingerprint.keptIn, 'sessionStorage');
    assert.equal(session.items.get(DEVICE_FINGERPRINT_KEY), fingerprint.id);
  });

  it('falls back to sessionStorage when localStorage is full', () => {
    const session = new MemoryStorage();
    const fingerprint = deviceFingerprint([['localStorage', () => new FullStorage()], ['sessionStorage', () => session]]);
    assert.equal(fingerprint.keptIn, 'sessionStorage');
  });

  it('keeps one id in memory for the page when every storage fails', () => {
    const first = deviceFingerprint([['localStorage', blocked], ['sessionStorage', blocked]]);
    assert.equal(first.keptIn, 'memory');
    assert.ok(isUuidV4(first.id));
    assert.deepEqual(deviceFingerprint([['sessionStorage', () => new FullStorage()]]), first);
  });

  it('falls back to memory where the runtime has no web storage (Node)', () => {
    assert.equal(deviceFingerprint().keptIn, 'memory');
  });
});

describe('peekDeviceFingerprint', () => {
  it('does not throw where the runtime has no storage (the browser test reads the page\'s)', () => {
    assert.doesNotThrow(() => peekDeviceFingerprint());
  });
});
