/**
 * One exchange's own time limit: it cuts an answer that does not come, and it ends with the
 * exchange, so nothing of a finished request stays armed for the rest of the limit.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConnectionError } from '../../src/client/errors.js';
import { exchange } from '../../src/client/exchange.js';

const URL = 'http://127.0.0.1:9/public_api/fees/';

/** A fetch that answers at once (or never), keeping the signal it was given. */
function recordingFetch(answer: 'now' | 'never'): { fetch: typeof fetch; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const fake = (async (_url: string, init: RequestInit) => {
    signals.push(init.signal!);
    if (answer === 'now') return new Response('{"fees":[]}', { status: 200 });
    // As a real fetch: an aborted signal rejects at once, a later abort when it comes.
    if (init.signal!.aborted) throw init.signal!.reason;
    return new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
  }) as typeof fetch;
  return { fetch: fake, signals };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('exchange: the time limit of one attempt', () => {
  it('is disarmed once the answer is read: the request\'s signal never fires afterwards', async () => {
    const { fetch, signals } = recordingFetch('now');
    const answer = await exchange(URL, { method: 'GET' }, { fetch, timeoutMs: 30 });
    assert.equal(answer.text, '{"fees":[]}');
    await sleep(120);
    assert.equal(signals[0]!.aborted, false);
  });

  it('cuts an answer that does not come with a ConnectionError naming the limit', async () => {
    const { fetch } = recordingFetch('never');
    const error = await exchange(URL, { method: 'GET' }, { fetch, timeoutMs: 40 }).catch((caught: unknown) => caught);
    assert.ok(error instanceof ConnectionError);
    assert.match(error.message, /GET \/public_api\/fees\/: no answer within 40 ms/);
  });

  it('rejects with the caller\'s reason when the caller aborts, before or during the request', async () => {
    const reason = new Error('the buyer left');
    const { fetch } = recordingFetch('never');
    await assert.rejects(exchange(URL, { method: 'GET' }, { fetch, timeoutMs: 5_000, signal: AbortSignal.abort(reason) }), (error) => error === reason);
    const caller = new AbortController();
    const pending = exchange(URL, { method: 'GET' }, { fetch, timeoutMs: 5_000, signal: caller.signal });
    setTimeout(() => caller.abort(reason), 20);
    await assert.rejects(pending, (error) => error === reason);
  });
});
