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
