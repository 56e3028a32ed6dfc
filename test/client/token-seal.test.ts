/**
 * The sealed token opens once per value: each request reads the same sealed value from the
 * Store, and decrypting it on every request is a thread-pool round trip on the charge's path.
 * What is remembered never lets anything else open: a changed byte, another store key or
 * another secret still opens to nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTokenSeal } from '../../src/client/token-seal.js';

const STORE_KEY = 'client:shop:token';
const PLAINTEXT = JSON.stringify({ token: 'header.payload.signature', usableUntil: 1_900_000_000_000 });

function changedAt(sealed: string, index: number): string {
  return sealed.slice(0, index) + (sealed[index] === 'A' ? 'B' : 'A') + sealed.slice(index + 1);
}

describe('createTokenSeal: opening the same value again', () => {
  it('decrypts a value once, and a new value again', async (t) => {
    const seal = createTokenSeal('client-secret-of-the-shop');
    const sealed = await seal.seal(PLAINTEXT, STORE_KEY);
    const decrypt = t.mock.method(crypto.subtle, 'decrypt');
    for (let request = 0; request < 5; request += 1) assert.equal(await seal.open(sealed, STORE_KEY), PLAINTEXT);
    assert.equal(decrypt.mock.callCount(), 1);
    const renewed = await seal.seal(`${PLAINTEXT} `, STORE_KEY);
    assert.equal(await seal.open(renewed, STORE_KEY), `${PLAINTEXT} `);
    assert.equal(decrypt.mock.callCount(), 2);
  });

  it('still opens nothing else once a value was opened: a changed byte, another store key, another secret', async () => {
    const seal = createTokenSeal('client-secret-of-the-shop');
    const sealed = await seal.seal(PLAINTEXT, STORE_KEY);
    assert.equal(await seal.open(sealed, STORE_KEY), PLAINTEXT);
    for (const index of [3, 20, sealed.length - 2]) assert.equal(await seal.open(changedAt(sealed, index), STORE_KEY), undefined, `byte ${index}`);
    assert.equal(await seal.open(sealed, 'client:other:token'), undefined);
    assert.equal(await createTokenSeal('another-secret').open(sealed, STORE_KEY), undefined);
    assert.equal(await seal.open(sealed, STORE_KEY), PLAINTEXT);
  });
});
