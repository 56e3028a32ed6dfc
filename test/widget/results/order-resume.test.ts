import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RelayAnswerError, RelayUnreachableError, type CheckoutChargeRequest, type CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import { keepOrder } from '../../../src/widget/results/order-keeping.js';
import { OrderResumeStore, isStillPayable, resumeKey } from '../../../src/widget/results/order-resume.js';

const NOW = Date.parse('2026-03-01T13:00:00Z'); // 10:00 in São Paulo
/** A relay mounted at `url`, as the key reads it. */
const relayAt = (url: string) => ({ url: (route: string) => `${url}${route}` });
const KEY = resumeKey(relayAt('https://shop.example/relay/'), '77BcHrY');
const TOKEN = 'tFjQ0d9m3Kq2v8R1xY7bZ4cW6nH5sL0pA2eG9uJ1iO3';

const PIX: CheckoutOrder = {
  id: 'ord_1',
  refId: 'ABCD2345',
  status: 'waiting_payment',
  paymentMethod: 'pix',
  amount: '97.00',
  createdAt: '2026-03-01T09:55:00-03:00',
  pix: { qrCode: '000201…', expirationDate: '2026-03-01 11:00:00-03:00', user_journey: null },
};
const BOLETO: CheckoutOrder = {
  ...PIX,
  paymentMethod: 'boleto',
  pix: undefined,
  boleto: { barcode: '0019', pdfUrl: 'https://sandbox.example/b.pdf', dueDate: '2026-03-01' },
};

/** A Storage in memory, as sessionStorage behaves. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

function storeAt(now: number, storage = new MemoryStorage()) {
  return { storage, store: new OrderResumeStore({ storage: () => storage, now: () => now }) };
}

describe('the order kept for a reload', () => {
  it('is keyed by relay and offer', () => {
    assert.notEqual(resumeKey(relayAt('https://shop.example/relay/'), 'A'), resumeKey(relayAt('https://shop.example/relay/'), 'B'));
    assert.notEqual(resumeKey(relayAt('https://shop.example/relay/'), 'A'), resumeKey(relayAt('https://other.example/relay/'), 'A'));
  });

  it('comes back as it was saved, clock offset included', async () => {
    const { store } = storeAt(NOW);
    store.save(KEY, { order: PIX, clockOffsetMs: -1500, orderToken: TOKEN });
    assert.deepEqual(await store.load(KEY), { order: PIX, clockOffsetMs: -1500, orderToken: TOKEN });
  });

  it('is not kept once final', async () => {
    const { store, storage } = storeAt(NOW);
    store.save(KEY, { order: PIX, clockOffsetMs: 0, orderToken: TOKEN });
    store.save(KEY, { order: { ...PIX, status: 'paid' }, clockOffsetMs: 0, orderToken: TOKEN });
    assert.equal(storage.length, 0);
    assert.equal(await store.load(KEY), undefined);
  });

  it('is dropped once the Pix code expired, on the API\'s clock', async () => {
    const { store, storage } = storeAt(NOW);
    store.save(KEY, { order: PIX, clockOffsetMs: 0, orderToken: TOKEN });
    assert.notEqual((await storeAt(NOW + 59 * 60_000, storage).store.load(KEY)), undefined);
    // The API's clock is 2 minutes ahead: for it the code expired a minute ago.
    assert.equal(isStillPayable({ order: PIX, clockOffsetMs: 2 * 60_000, orderToken: TOKEN }, NOW + 59 * 60_000), false);
    assert.equal((await storeAt(NOW + 61 * 60_000, storage).store.load(KEY)), undefined);
    assert.equal(storage.length, 0);
  });

  it('keeps a boleto through its due day in São Paulo, not after', () => {
    // 23:30 on the due day in São Paulo is already the next day in UTC.
    assert.equal(isStillPayable({ order: BOLETO, clockOffsetMs: 0, orderToken: TOKEN }, Date.parse('2026-03-02T02:30:00Z')), true);
    assert.equal(isStillPayable({ order: BOLETO, clockOffsetMs: 0, orderToken: TOKEN }, Date.parse('2026-03-02T03:30:00Z')), false);
  });

  it('keeps a pending card payment', () => {
    const pending: CheckoutOrder = { ...PIX, paymentMethod: 'threeDs', status: 'pending', pix: undefined };
    assert.equal(isStillPayable({ order: pending, clockOffsetMs: 0, orderToken: TOKEN }, NOW), true);
  });

  it('drops what it cannot read under its key', async () => {
    const order = PIX;
    for (const text of [
      'not json',
      '{"version":2}',
      JSON.stringify({ version: 2, clockOffsetMs: 0, orderToken: TOKEN, order: { id: '' } }),
      // Kept before orders had tokens: it could no longer be read from the relay.
      JSON.stringify({ version: 1, clockOffsetMs: 0, order }),
      JSON.stringify({ version: 2, clockOffsetMs: 0, order }),
    ]) {
      const { store, storage } = storeAt(NOW);
      storage.setItem(KEY, text);
      assert.equal(await store.load(KEY), undefined, text);
      assert.equal(storage.getItem(KEY), null, text);
    }
  });

  it('treats a storage that throws as empty', async () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    broken.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const store = new OrderResumeStore({ storage: () => broken, now: () => NOW });
    assert.doesNotThrow(() => store.save(KEY, { order: PIX, clockOffsetMs: 0, orderToken: TOKEN }));
    assert.equal(await store.load(KEY), undefined);
  });

  it('works without any storage', async () => {
    const store = new OrderResumeStore({ storage: () => undefined, now: () => NOW });
    store.save(KEY, { order: PIX, clockOffsetMs: 0, orderToken: TOKEN });
    assert.equal(await store.load(KEY), undefined);
  });
});

describe('a charge request kept on its way, found after a reload', () => {
  const REQUEST: CheckoutChargeRequest = {
    paymentMethod: 'credit_card',
    customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '5511987654321', fingerprint: 'device-7f3a' },
    items: [{ offerId: '77BcHrY' }],
    card: { token: 'card-token-1' },
    installments: 1,
  };
  const ATTEMPT = '3f1c2a9e-4b7d-4e21-9a55-0c8d7e6f5a41';

  /** A relay whose `POST charges` answers each call with the next of `answers` (an order, or an error thrown). */
  function relayAnswering(...answers: Array<CheckoutOrder | Error>) {
    const calls: Array<{ request: CheckoutChargeRequest; idempotencyKey: string }> = [];
    return {
      calls,
      async createCharge(request: CheckoutChargeRequest, { idempotencyKey }: { idempotencyKey: string }) {
        calls.push({ request, idempotencyKey });
        const answer = answers[calls.length - 1] ?? new Error('no more answers');
        if (answer instanceof Error) throw answer;
        return { ...answer, orderToken: TOKEN };
      },
    };
  }

  function keptAt(now: number) {
    const storage = new MemoryStorage();
    const slept: number[] = [];
    const store = new OrderResumeStore({
      storage: () => storage,
      now: () => now,
      sleep: async (ms) => void slept.push(ms),
    });
    // As RelayConnection.createCharge keeps it before the request leaves.
    keepOrder(KEY, { key: ATTEMPT, body: REQUEST }, () => storage);
    return { storage, store, slept };
  }

  it('is sent again with its key, and the order it answers comes back, a card paid at once included', async () => {
    const { store } = keptAt(NOW);
    const paid: CheckoutOrder = { ...PIX, paymentMethod: 'credit_card', status: 'paid', pix: undefined, createdAt: '2026-03-01T10:00:01-03:00' };
    const relay = relayAnswering(paid);
    assert.deepEqual(await store.load(KEY, relay), { order: paid, clockOffsetMs: 1000, orderToken: TOKEN });
    assert.deepEqual(relay.calls, [{ request: REQUEST, idempotencyKey: ATTEMPT }]);
  });

  it('is sent again while the relay cannot take it yet, after the wait it asks for', async () => {
    const { store, slept } = keptAt(NOW);
    const relay = relayAnswering(
      new RelayAnswerError('still processing', { status: 409, type: 'idempotency_conflict', retryAfterSeconds: 1 }),
      new RelayUnreachableError('relay unreachable'),
      new RelayAnswerError('in line', { status: 429, type: 'rate_limited', retryAfterSeconds: 40 }),
      new RelayAnswerError('upstream', { status: 502, type: 'upstream_unavailable' }),
      PIX,
    );
    assert.equal((await store.load(KEY, relay))?.order.id, PIX.id);
    assert.equal(relay.calls.length, 5);
    assert.ok(relay.calls.every((call) => call.idempotencyKey === ATTEMPT));
    assert.deepEqual(slept, [1000, 2000, 15_000, 4000]);
  });

  it('is forgotten, with the buyer\'s details it holds, once the relay refuses it for good', async () => {
    const { store, storage } = keptAt(NOW);
    const relay = relayAnswering(new RelayAnswerError('card token expired', { status: 400, type: 'invalid_request' }));
    assert.equal(await store.load(KEY, relay), undefined);
    assert.equal(relay.calls.length, 1);
    assert.equal(storage.getItem(KEY), null);
  });

  it('is forgotten at once for a 409 with no wait asked: its key was used with another request', async () => {
    const { store, storage, slept } = keptAt(NOW);
    const relay = relayAnswering(new RelayAnswerError('another request under this key', { status: 409, type: 'idempotency_conflict' }), PIX);
    assert.equal(await store.load(KEY, relay), undefined);
    assert.equal(relay.calls.length, 1);
    assert.deepEqual(slept, []);
    assert.equal(storage.getItem(KEY), null);
  });

  it('is forgotten once the relay never takes it in the tries given', async () => {
    const { store, storage, slept } = keptAt(NOW);
    const relay = relayAnswering(...Array.from({ length: 20 }, () => new RelayUnreachableError('relay unreachable')));
    assert.equal(await store.load(KEY, relay), undefined);
    assert.equal(relay.calls.length, 12);
    assert.ok(slept.reduce((sum, ms) => sum + ms, 0) >= 60_000, `waited ${slept.join(', ')} ms`);
    assert.equal(storage.getItem(KEY), null);
  });

  it('is never sent without a relay to send it to, and is dropped as unreadable', async () => {
    const { store, storage } = keptAt(NOW);
    assert.equal(await store.load(KEY), undefined);
    assert.equal(storage.getItem(KEY), null);
  });
});
