import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeQrSymbol } from '../../../src/widget/results/qr-encoder.js';

type QrCodeModule = typeof import('../../../src/widget/results/qr-code.js');

let instances = 0;
/** A fresh instance of qr-code.ts: the warm-up's count is the module's, and each test spends it. */
async function freshQrCode(): Promise<QrCodeModule> {
  instances += 1;
  return (await import(`../../../src/widget/results/qr-code.js?instance=${instances}`)) as QrCodeModule;
}

/** An encoder that records the length of each text it encodes, and idle moments run by hand. */
function recorded() {
  const idle: (() => void)[] = [];
  const encoded: number[] = [];
  const encoder = {
    encodeQrSymbol(text: string) {
      encoded.push(text.length);
      return encodeQrSymbol(text);
    },
  };
  return { idle, encoded, encoder, whenIdle: (run: () => void) => void idle.push(run) };
}

describe('the QR encoder\'s warm-up while the buyer fills a Pix form', () => {
  it('encodes one Pix-sized text per idle moment, three at most, shared by every warm-up of the page', async () => {
    const { warmUp } = await freshQrCode();
    const { idle, encoded, encoder, whenIdle } = recorded();
    warmUp(encoder, whenIdle);
    assert.deepEqual(encoded, [], 'nothing is encoded before the page is idle');
    idle.shift()!();
    assert.deepEqual(encoded, [180]);
    assert.equal(idle.length, 1, 'the next encode waits for the next idle moment');
    // The Pix form shown again asks again: the count is the page's, not the call's.
    warmUp(encoder, whenIdle);
    for (let moments = 0; idle.length > 0 && moments < 10; moments += 1) idle.shift()!();
    assert.deepEqual(encoded, [180, 180, 180]);
  });

  it('says when it is done: in the idle moment after the last encode, or after a real code stopped it', async () => {
    const full = await freshQrCode();
    const first = recorded();
    let done = 0;
    full.warmUp(first.encoder, first.whenIdle, () => (done += 1));
    for (let moments = 0; moments < 3; moments += 1) first.idle.shift()!();
    assert.deepEqual(first.encoded, [180, 180, 180]);
    assert.equal(done, 0, 'not done before the idle moment after the last encode');
    first.idle.shift()!();
    assert.equal(done, 1);
    assert.equal(first.idle.length, 0, 'nothing left to run');

    const stopped = await freshQrCode();
    const second = recorded();
    let stoppedDone = 0;
    stopped.warmUp(second.encoder, second.whenIdle, () => (stoppedDone += 1));
    second.idle.shift()!();
    await stopped.encodeQr('00020101');
    second.idle.shift()!();
    assert.deepEqual(second.encoded, [180]);
    assert.equal(stoppedDone, 1, 'done once the real code stopped it');
  });

  it('stops once a real code is encoded', async () => {
    const { warmUp, encodeQr } = await freshQrCode();
    const { idle, encoded, encoder, whenIdle } = recorded();
    warmUp(encoder, whenIdle);
    idle.shift()!();
    assert.equal((await encodeQr('00020101')).size, 21);
    for (let moments = 0; idle.length > 0 && moments < 10; moments += 1) idle.shift()!();
    assert.deepEqual(encoded, [180], 'no encode after the real one');
  });
});
