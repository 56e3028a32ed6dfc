import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAttemptId, isUuidV4 } from '../../../src/widget/attempt/attempt-id.js';
import type { RandomSource } from '../../../src/widget/attempt/attempt-id.js';

/** A source without randomUUID (a page on plain HTTP) whose bytes are all `byte`. */
function bytesOf(byte: number): RandomSource {
  return {
    getRandomValues<T extends ArrayBufferView>(array: T): T {
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(byte);
      return array;
    },
  };
}

describe('isUuidV4', () => {
  it('accepts a version 4 UUID of the RFC variant', () => {
    assert.equal(isUuidV4('3f1c2b9e-8d4a-4c6f-9b2e-1a7d5e0c4b8f'), true);
  });

  it('refuses other versions, variants, cases and shapes', () => {
    assert.equal(isUuidV4('3f1c2b9e-8d4a-1c6f-9b2e-1a7d5e0c4b8f'), false);
    assert.equal(isUuidV4('3f1c2b9e-8d4a-4c6f-cb2e-1a7d5e0c4b8f'), false);
    assert.equal(isUuidV4('3F1C2B9E-8D4A-4C6F-9B2E-1A7D5E0C4B8F'), false);
    assert.equal(isUuidV4('3f1c2b9e8d4a4c6f9b2e1a7d5e0c4b8f'), false);
    assert.equal(isUuidV4(''), false);
  });
});

describe('createAttemptId', () => {
  it('uses randomUUID where the page offers it', () => {
    const source: RandomSource = {
      ...bytesOf(0),
      randomUUID: () => '11111111-2222-4333-8444-555555555555',
    };
    assert.equal(createAttemptId(source), '11111111-2222-4333-8444-555555555555');
  });

  it('builds a v4 UUID from random bytes without randomUUID, setting the version and variant bits', () => {
    assert.equal(createAttemptId(bytesOf(0x00)), '00000000-0000-4000-8000-000000000000');
    assert.equal(createAttemptId(bytesOf(0xff)), 'ffffffff-ffff-4fff-bfff-ffffffffffff');
    assert.equal(createAttemptId(bytesOf(0xa5)), 'a5a5a5a5-a5a5-45a5-a5a5-a5a5a5a5a5a5');
  });

  it('makes a different v4 UUID on every call with the real crypto', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createAttemptId()));
    assert.equal(ids.size, 50);
    for (const id of ids) assert.ok(isUuidV4(id), id);
  });

  it('makes a different v4 UUID on every call from getRandomValues alone', () => {
    const onlyBytes: RandomSource = { getRandomValues: (array) => globalThis.crypto.getRandomValues(array) };
    const ids = new Set(Array.from({ length: 50 }, () => createAttemptId(onlyBytes)));
    assert.equal(ids.size, 50);
    for (const id of ids) assert.ok(isUuidV4(id), id);
  });
});
