import { expect } from '@open-wc/testing';
import { createAttemptId, isUuidV4 } from '../../../src/widget/attempt/attempt-id.js';
import { DEVICE_FINGERPRINT_KEY, deviceFingerprint } from '../../../src/widget/attempt/device-fingerprint.js';

type StorageName = 'localStorage' | 'sessionStorage';

/** Where the browser defines the property (the window itself or a prototype), to put it back after a stub. */
function ownerOf(name: string): object {
  let owner: object | null = window;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner) as object | null;
  if (!owner) throw new Error(`window.${name} is not defined`);
  return owner;
}

/** Makes reading `window[name]` throw, as some privacy modes do, until the returned function restores it. */
function blockStorage(name: StorageName): () => void {
  const owner = ownerOf(name);
  const original = Object.getOwnPropertyDescriptor(owner, name)!;
  Object.defineProperty(window, name, {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
  return () => {
    if (owner === window) Object.defineProperty(window, name, original);
    else delete (window as unknown as Record<string, unknown>)[name];
  };
}

describe('device fingerprint in a real browser', () => {
  const restores: (() => void)[] = [];

  beforeEach(() => {
    localStorage.removeItem(DEVICE_FINGERPRINT_KEY);
    sessionStorage.removeItem(DEVICE_FINGERPRINT_KEY);
  });

  afterEach(() => {
    while (restores.length > 0) restores.pop()!();
    localStorage.removeItem(DEVICE_FINGERPRINT_KEY);
    sessionStorage.removeItem(DEVICE_FINGERPRINT_KEY);
  });

  it('keeps a UUID v4 in localStorage and gives it back on the next call', () => {
    const first = deviceFingerprint();
    expect(first.keptIn).to.equal('localStorage');
    expect(isUuidV4(first.id)).to.equal(true);
    expect(localStorage.getItem(DEVICE_FINGERPRINT_KEY)).to.equal(first.id);
    expect(deviceFingerprint()).to.deep.equal(first);
  });

  it('can stub the storage getter to throw, as a blocked page does', () => {
    restores.push(blockStorage('localStorage'));
    expect(() => window.localStorage).to.throw(DOMException);
  });

  describe('when localStorage is blocked', () => {
    it('keeps the id in sessionStorage', () => {
      restores.push(blockStorage('localStorage'));
      const fingerprint = deviceFingerprint();
      expect(fingerprint.keptIn).to.equal('sessionStorage');
      expect(sessionStorage.getItem(DEVICE_FINGERPRINT_KEY)).to.equal(fingerprint.id);
      expect(deviceFingerprint().id).to.equal(fingerprint.id);
    });
  });

  describe('when every storage is blocked', () => {
    it('keeps one id in memory for the page', () => {
      restores.push(blockStorage('localStorage'), blockStorage('sessionStorage'));
      const fingerprint = deviceFingerprint();
      expect(fingerprint.keptIn).to.equal('memory');
      expect(isUuidV4(fingerprint.id)).to.equal(true);
      expect(deviceFingerprint().id).to.equal(fingerprint.id);
    });
  });

  it('finds localStorage again once the stub is removed', () => {
    expect(deviceFingerprint().keptIn).to.equal('localStorage');
  });
});

describe('attempt id in a real browser', () => {
  it('is a fresh UUID v4 from crypto.randomUUID', () => {
    const first = createAttemptId();
    expect(isUuidV4(first)).to.equal(true);
    expect(createAttemptId()).to.not.equal(first);
  });

  describe('when crypto.randomUUID is missing (a page on plain HTTP)', () => {
    let restore: () => void = () => {};

    beforeEach(() => {
      Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
      restore = () => delete (crypto as unknown as Record<string, unknown>)['randomUUID'];
    });

    afterEach(() => restore());

    it('builds fresh v4 UUIDs from crypto.getRandomValues', () => {
      expect(crypto.randomUUID).to.equal(undefined);
      const ids = new Set(Array.from({ length: 20 }, () => createAttemptId()));
      expect(ids.size).to.equal(20);
      for (const id of ids) expect(isUuidV4(id), id).to.equal(true);
    });
  });
});
