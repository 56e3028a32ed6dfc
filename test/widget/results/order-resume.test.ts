import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import { OrderResumeStore, isStillPayable, resumeKey } from '../../../src/widget/results/order-resume.js';

const NOW = Date.parse('2026-03-01T13:00:00Z'); // 10:00 in São Paulo
const KEY = resumeKey('https://shop.example/relay/', '77BcHrY');
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
    assert.notEqual(resumeKey('https://shop.example/relay/', 'A'), resumeKey('https://shop.example/relay/', 'B'));
    assert.notEqual(resumeKey('https://shop.example/relay/', 'A'), resumeKey('https://other.example/relay/', 'A'));
  });

  it('comes back as it was saved, clock offset included', () => {
    const { store } = storeAt(NOW);
    store.save(KEY, { order: PIX, clockOffsetMs: -1500, orderToken: TOKEN });
    assert.deepEqual(store.load(KEY), { order: PIX, clockOffsetMs: -1500, orderToken: TOKEN });
  });

  it('is not kept once final', () => {
    const { store, storage } = storeAt(NOW);
    store.save(KEY, { order: PIX, clockOffsetMs: 0, orderToken: TOKEN });
    store.save(KEY, { order: { ...PIX, status: 'paid' }, clockOffsetMs: 0, orderToken: TOKEN });
    assert.equal(storage.length, 0);
    assert.equal(store.load(KEY), undefined);
  });

  it('is dropped once the Pix code expired, on the API\'s clock', () => {
    const { store, storage } = storeAt(NOW);
    store.save(KEY, { order: PIX, clockOffsetMs: 0, orderToken: TOKEN });
    assert.notEqual(storeAt(NOW + 59 * 60_000, storage).store.load(KEY), undefined);
    // The API's clock is 2 minutes ahead: for it the code expired a minute ago.
    assert.equal(isStillPayable({ order: PIX, clockOffsetMs: 2 * 60_000, orderToken: TOKEN }, NOW + 59 * 60_000), false);
    assert.equal(storeAt(NOW + 61 * 60_000, storage).store.load(KEY), undefined);
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

  it('drops what it cannot read under its key', () => {
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
      assert.equal(store.load(KEY), undefined, text);
      assert.equal(storage.getItem(KEY), null, text);
    }
  });

  it('treats a storage that throws as empty', () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    broken.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const store = new OrderResumeStore({ storage: () => broken, now: () => NOW });
    assert.doesNotThrow(() => store.save(KEY, { order: PIX, clockOffsetMs: 0, orderToken: TOKEN }));
    assert.equal(store.load(KEY), undefined);
  });

  it('works without any storage', () => {
    const store = new OrderResumeStore({ storage: () => undefined, now: () => NOW });
    store.save(KEY, { order: PIX, clockOffsetMs: 0, orderToken: TOKEN });
    assert.equal(store.load(KEY), undefined);
  });
});
