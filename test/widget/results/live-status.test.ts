import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { RelayAnswerError, RelayUnreachableError, type CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import { LiveOrderStatus, nextPollDelay } from '../../../src/widget/results/live-status.js';

const ORDER: CheckoutOrder = {
  id: 'ord_1',
  refId: 'ABCD2345',
  status: 'waiting_payment',
  paymentMethod: 'pix',
  amount: '97.00',
  createdAt: '2026-03-01T10:00:00-03:00',
};

/** Lets the promise callbacks of a poll run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('following an order', () => {
  it('waits 2 s, then half again each time, up to 30 s', () => {
    const delays: number[] = [];
    let delay: number | undefined;
    for (let i = 0; i < 10; i += 1) {
      delay = nextPollDelay(delay);
      delays.push(delay);
    }
    assert.deepEqual(delays, [2000, 3000, 4500, 6750, 10125, 15188, 22782, 30000, 30000, 30000]);
  });

  describe('without EventSource (Node has none), by polling', () => {
    beforeEach(() => {
      assert.equal(typeof globalThis.EventSource, 'undefined');
      mock.timers.enable({ apis: ['setTimeout'] });
    });

    afterEach(() => mock.timers.reset());

    function follow(answers: (() => Promise<CheckoutOrder>)[]) {
      const statuses: string[] = [];
      let reads = 0;
      let gone = 0;
      const live = new LiveOrderStatus({
        eventsUrl: 'https://shop.example/relay/orders/ord_1/events',
        readOrder: () => {
          const answer = answers[Math.min(reads, answers.length - 1)]!;
          reads += 1;
          return answer();
        },
        onStatus: (status) => statuses.push(status),
        onGone: () => (gone += 1),
      });
      return { live, statuses, reads: () => reads, gone: () => gone };
    }

    const waiting = () => Promise.resolve(ORDER);
    const paid = () => Promise.resolve({ ...ORDER, status: 'paid' });

    it('reads the order at growing intervals and stops once it is final', async () => {
      const followed = follow([waiting, waiting, paid]);
      followed.live.start('waiting_payment');
      assert.equal(followed.live.transport, 'polling');
      mock.timers.tick(1999);
      await settle();
      assert.equal(followed.reads(), 0);
      mock.timers.tick(1);
      await settle();
      assert.equal(followed.reads(), 1);
      assert.deepEqual(followed.statuses, []);
      mock.timers.tick(3000);
      await settle();
      assert.equal(followed.reads(), 2);
      mock.timers.tick(4500);
      await settle();
      assert.deepEqual(followed.statuses, ['paid']);
      assert.equal(followed.live.transport, 'stopped');
      mock.timers.tick(60_000);
      await settle();
      assert.equal(followed.reads(), 3);
    });

    it('keeps reading through failures to reach the relay', async () => {
      const followed = follow([() => Promise.reject(new RelayUnreachableError('offline')), paid]);
      followed.live.start('waiting_payment');
      mock.timers.tick(2000);
      await settle();
      mock.timers.tick(3000);
      await settle();
      assert.deepEqual(followed.statuses, ['paid']);
    });

    it('reports a status that is not final and goes on', async () => {
      const followed = follow([() => Promise.resolve({ ...ORDER, status: 'pending' }), paid]);
      followed.live.start('waiting_payment');
      mock.timers.tick(2000);
      await settle();
      assert.deepEqual(followed.statuses, ['pending']);
      assert.equal(followed.live.transport, 'polling');
      mock.timers.tick(3000);
      await settle();
      assert.deepEqual(followed.statuses, ['pending', 'paid']);
    });

    it('gives up on an order the relay does not know', async () => {
      const followed = follow([() => Promise.reject(new RelayAnswerError('gone', { status: 404, type: 'order_not_found' }))]);
      followed.live.start('waiting_payment');
      mock.timers.tick(2000);
      await settle();
      assert.equal(followed.gone(), 1);
      assert.equal(followed.live.transport, 'stopped');
      mock.timers.tick(60_000);
      await settle();
      assert.equal(followed.reads(), 1);
    });

    it('does nothing for a final status, and nothing more once stopped', async () => {
      const final = follow([waiting]);
      final.live.start('paid');
      assert.equal(final.live.transport, 'stopped');
      const stopped = follow([paid]);
      stopped.live.start('waiting_payment');
      stopped.live.stop();
      mock.timers.tick(60_000);
      await settle();
      assert.equal(final.reads() + stopped.reads(), 0);
    });
  });
});

describe('following an order through its event stream, when the relay goes and comes back', () => {
  /** A stand-in for the browser's EventSource: each one the follower opens, to be driven by the test. */
  class FakeEventSource extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    static opened: FakeEventSource[] = [];
    readyState = FakeEventSource.CONNECTING;
    closed = false;
    constructor(readonly url: string) {
      super();
      FakeEventSource.opened.push(this);
    }
    close(): void {
      this.closed = true;
      this.readyState = FakeEventSource.CLOSED;
    }
    /** An error the browser reconnects after, or (`closed`) one it gives up on. */
    fail(closed = false): void {
      if (closed) this.readyState = FakeEventSource.CLOSED;
      this.dispatchEvent(new Event('error'));
    }
    send(status: string): void {
      this.dispatchEvent(new MessageEvent('status', { data: JSON.stringify({ status }) }));
    }
  }

  /** The page, for its visibility and the browser's network events. */
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const browserWindow = new EventTarget();

  beforeEach(() => {
    FakeEventSource.opened = [];
    Object.assign(globalThis, { EventSource: FakeEventSource, document: page, window: browserWindow });
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  /** Every follower a test started, stopped after it: one left listening to the page would read on the next test's events. */
  const started: LiveOrderStatus[] = [];
  afterEach(() => {
    for (const live of started.splice(0)) live.stop();
    mock.timers.reset();
    for (const name of ['EventSource', 'document', 'window']) delete (globalThis as Record<string, unknown>)[name];
  });

  function follow(read: () => Promise<CheckoutOrder>) {
    const statuses: string[] = [];
    let reads = 0;
    const live = new LiveOrderStatus({
      eventsUrl: 'https://shop.example/relay/orders/ord_1/events',
      readOrder: () => {
        reads += 1;
        return read();
      },
      onStatus: (status) => statuses.push(status),
      onGone: () => undefined,
    });
    started.push(live);
    live.start('waiting_payment');
    return { live, statuses, reads: () => reads };
  }
  const latest = () => FakeEventSource.opened.at(-1)!;

  it('opens the stream again once a read is answered, and takes the paid status from it', async () => {
    const followed = follow(() => Promise.resolve(ORDER));
    for (let error = 0; error < 3; error += 1) latest().fail();
    assert.equal(followed.live.transport, 'polling');
    assert.equal(latest().closed, true);
    mock.timers.tick(2000);
    await settle();
    assert.equal(followed.reads(), 1);
    assert.equal(followed.live.transport, 'events', 'the relay answered: back to its stream');
    assert.equal(FakeEventSource.opened.length, 2);
    latest().send('paid');
    assert.deepEqual(followed.statuses, ['paid']);
    assert.equal(latest().closed, true);
  });

  it('asks a stream that a proxy refuses a few times at most, then keeps reading', async () => {
    const followed = follow(() => Promise.resolve(ORDER));
    for (let round = 0; round < 6; round += 1) {
      if (followed.live.transport === 'events') latest().fail(true);
      mock.timers.tick(30_000);
      await settle();
    }
    assert.equal(FakeEventSource.opened.length, 4, 'the first stream and three more');
    assert.equal(followed.live.transport, 'polling');
  });

  it('never opens again a stream that stayed silent, as one buffered on the way', async () => {
    const followed = follow(() => Promise.resolve(ORDER));
    mock.timers.tick(10_000);
    assert.equal(followed.live.transport, 'polling');
    for (let round = 0; round < 3; round += 1) {
      mock.timers.tick(30_000);
      await settle();
    }
    assert.ok(followed.reads() >= 3);
    assert.equal(FakeEventSource.opened.length, 1);
  });

  it('lets a read started as the page comes back into view take over from one under way: one chain of reads, not two', async () => {
    const signals: AbortSignal[] = [];
    const live = new LiveOrderStatus({
      eventsUrl: 'https://shop.example/relay/orders/ord_1/events',
      readOrder: (signal) => {
        signals.push(signal);
        // Answered a second later.
        return new Promise((resolve) => setTimeout(() => resolve(ORDER), 1000));
      },
      onStatus: () => undefined,
      onGone: () => undefined,
    });
    started.push(live);
    live.start('waiting_payment');
    mock.timers.tick(10_000);
    mock.timers.tick(2000);
    assert.equal(signals.length, 1, 'the first read is under way');
    page.dispatchEvent(new Event('visibilitychange'));
    assert.equal(signals.length, 2);
    assert.equal(signals[0]!.aborted, true, 'the read under way gave way');
    mock.timers.tick(1000);
    await settle();
    // One next read, 2 s after the answer: the first read scheduled none of its own.
    mock.timers.tick(2000);
    await settle();
    assert.equal(signals.length, 3);
  });

  it('reads the order at once, while polling, when the page comes back into view or the browser back online', async () => {
    const followed = follow(() => Promise.reject(new RelayUnreachableError('offline')));
    mock.timers.tick(10_000);
    assert.equal(followed.live.transport, 'polling');
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    await settle();
    assert.equal(followed.reads(), 0, 'nothing is read for a page out of view');
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    await settle();
    assert.equal(followed.reads(), 1);
    browserWindow.dispatchEvent(new Event('online'));
    await settle();
    assert.equal(followed.reads(), 2);
    followed.live.stop();
    browserWindow.dispatchEvent(new Event('online'));
    await settle();
    assert.equal(followed.reads(), 2, 'nothing once following stopped');
  });
});
