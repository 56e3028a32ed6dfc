import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { untilAborted, waitFor } from '../../src/client/abortable-wait.js';

const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

describe('waitFor', () => {
  it('resolves after the delay', async () => {
    const started = performance.now();
    await waitFor(30);
    assert.ok(performance.now() - started >= 25);
  });

  it('rejects at once with the signal\'s reason when aborted during the wait', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => controller.abort(reason), 10);
    const started = performance.now();
    await assert.rejects(waitFor(5000, controller.signal), (error: unknown) => error === reason);
    assert.ok(performance.now() - started < 500);
  });

  it('rejects with an AbortError for an already aborted signal', async () => {
    await assert.rejects(waitFor(10, AbortSignal.abort()), isAbortError);
  });
});

describe('untilAborted', () => {
  it('answers the work\'s value or error when no abort comes', async () => {
    assert.equal(await untilAborted(Promise.resolve(7), new AbortController().signal), 7);
    await assert.rejects(untilAborted(Promise.reject(new RangeError('no')), new AbortController().signal), RangeError);
  });

  it('rejects when the signal aborts first, and the work failing later is not an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const work = new Promise<number>((_, reject) => setTimeout(() => reject(new Error('late failure')), 20));
      await assert.rejects(untilAborted(work, AbortSignal.abort()), isAbortError);
      await new Promise((resolve) => setTimeout(resolve, 60));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
