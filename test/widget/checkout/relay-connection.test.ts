import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  IDEMPOTENCY_KEY_HEADER,
  RelayAnswerError,
  RelayConnection,
  RelayUnreachableError,
  RELAY_TIMEOUT_MS,
} from '../../../src/widget/checkout/relay-connection.js';
import type { CheckoutChargeRequest } from '../../../src/widget/checkout/relay-connection.js';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(respond: () => Response | Promise<Response>): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fake = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return respond();
  };
  return { fetch: fake as typeof fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const CONFIG = {
  offer: { id: '77BcHrY', name: 'Oferta principal', price: '97.00' },
  product: { name: 'Curso de Fotografia', image: 'https://img.example/foto.png', currency: 'BRL', type: 'unique' },
  paymentMethods: ['pix', 'picpay', 'credit_card'],
  installments: [{ installments: 1, installmentAmount: '97.00', total: '97.00', interest: '0.00', interestPercentage: '0', interestFree: true }],
  customerFees: [],
  tokenization: { url: 'https://api.example/public_api/card-tokens/', publicClientId: 'public' },
  threeDSecure: null,
  antifraud: { provider: 'sandbox', scriptUrl: 'https://api.example/sandbox/profiler.js' },
};

const ORDER = { id: 'ord_1', refId: 'ABCD2345', status: 'waiting_payment', paymentMethod: 'pix', amount: '97.00', createdAt: '2026-03-01T10:00:00-03:00' };

const CHARGE: CheckoutChargeRequest = {
  paymentMethod: 'pix',
  customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '5511987654321', fingerprint: 'device-1' },
  items: [{ offerId: '77BcHrY' }],
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('the relay connection', () => {
  it('resolves a relative relay against the page and ignores a trailing slash', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, CONFIG));
    const relay = new RelayConnection({ relay: '/checkout/', baseUrl: 'https://shop.example/produto/foto', fetch });
    await relay.getConfig('77BcHrY');
    assert.equal(calls[0]!.url, 'https://shop.example/checkout/config?offer=77BcHrY');
    assert.equal(relay.orderEventsUrl('ord 1', 'a+b/c'), 'https://shop.example/checkout/orders/ord%201/events?token=a%2Bb%2Fc');
  });

  it('joins routes with one slash when the relay is mounted at the root of an origin', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, CONFIG));
    await new RelayConnection({ relay: 'https://pay.shop.example', baseUrl: 'https://shop.example/produto', fetch }).getConfig('A');
    await new RelayConnection({ relay: '/', baseUrl: 'https://shop.example/produto/foto', fetch }).getConfig('B');
    assert.deepEqual(
      calls.map((call) => call.url),
      ['https://pay.shop.example/config?offer=A', 'https://shop.example/config?offer=B'],
    );
  });

  it('answers the configuration with only the methods the widget knows', async () => {
    const { fetch } = fakeFetch(() => json(200, CONFIG));
    const config = await new RelayConnection({ relay: 'https://relay.example', fetch }).getConfig('77BcHrY');
    assert.deepEqual(config.paymentMethods, ['pix', 'credit_card']);
    assert.equal(config.offer.price, '97.00');
    assert.equal(config.product.currency, 'BRL');
  });

  it('refuses a configuration that is not in the expected form', async () => {
    const { fetch } = fakeFetch(() => json(200, { ...CONFIG, offer: { id: '77BcHrY', name: 'x', price: 97 } }));
    const error = await rejection(new RelayConnection({ relay: 'https://relay.example', fetch }).getConfig('77BcHrY'));
    assert.ok(error instanceof RelayAnswerError);
    assert.equal(error.type, 'unknown');
  });

  it('posts a charge as JSON with the attempt key in Idempotency-Key', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, ORDER));
    const order = await new RelayConnection({ relay: 'https://relay.example/pay', fetch }).createCharge(CHARGE, { idempotencyKey: 'key-1' });
    assert.deepEqual(order, ORDER);
    assert.equal(calls[0]!.url, 'https://relay.example/pay/charges');
    assert.equal(calls[0]!.init.method, 'POST');
    assert.equal(new Headers(calls[0]!.init.headers).get(IDEMPOTENCY_KEY_HEADER), 'key-1');
    assert.deepEqual(JSON.parse(String(calls[0]!.init.body)), CHARGE);
  });

  it('keeps the order token of a charge, and reads the order with it in Authorization, not in the URL', async () => {
    const token = 'q5V0lPp3aX9-Rk2_Yh8tBn4cW7mE1sZ6uJ0iD3fG5oA';
    const charged = fakeFetch(() => json(201, { ...ORDER, orderToken: token }));
    const relay = new RelayConnection({ relay: 'https://relay.example/pay', fetch: charged.fetch });
    assert.deepEqual(await relay.createCharge(CHARGE, { idempotencyKey: 'key-1' }), { ...ORDER, orderToken: token });
    const read = fakeFetch(() => json(200, ORDER));
    const reader = new RelayConnection({ relay: 'https://relay.example/pay', fetch: read.fetch });
    assert.deepEqual(await reader.getOrder('ord_1', { orderToken: token }), ORDER);
    assert.equal(read.calls[0]!.url, 'https://relay.example/pay/orders/ord_1');
    assert.equal(new Headers(read.calls[0]!.init.headers).get('Authorization'), `Bearer ${token}`);
  });

  it('reads the relay\'s error: type, field messages and the wait', async () => {
    const { fetch } = fakeFetch(() =>
      json(429, { error: { type: 'rate_limited', message: 'Too many.', retryAfter: 7 } }, { 'Retry-After': '7' }),
    );
    const error = await rejection(new RelayConnection({ relay: 'https://relay.example', fetch }).createCharge(CHARGE, { idempotencyKey: 'k' }));
    assert.ok(error instanceof RelayAnswerError);
    assert.equal(error.status, 429);
    assert.equal(error.type, 'rate_limited');
    assert.equal(error.retryAfterSeconds, 7);

    const fields = { 'customer.phone': ['Informe o telefone no formato E.164.'] };
    const refused = fakeFetch(() => json(400, { error: { type: 'invalid_request', message: 'Invalid.', fields } }));
    const invalid = await rejection(
      new RelayConnection({ relay: 'https://relay.example', fetch: refused.fetch }).createCharge(CHARGE, { idempotencyKey: 'k' }),
    );
    assert.ok(invalid instanceof RelayAnswerError);
    assert.deepEqual(invalid.fields, fields);
  });

  it('reads the buyer\'s place in the relay\'s line of charges, and leaves out a place that is not a positive integer', async () => {
    const answer = (queuePosition: unknown) => {
      const { fetch } = fakeFetch(() =>
        json(429, { error: { type: 'rate_limited', message: 'Queued.', retryAfter: 12, queuePosition } }, { 'Retry-After': '12' }),
      );
      return rejection(new RelayConnection({ relay: 'https://relay.example', fetch }).createCharge(CHARGE, { idempotencyKey: 'k' }));
    };
    const inLine = await answer(4);
    assert.ok(inLine instanceof RelayAnswerError);
    assert.equal(inLine.queuePosition, 4);
    for (const malformed of [0, -1, 2.5, '4', null, [4], 2 ** 60]) {
      const error = await answer(malformed);
      assert.ok(error instanceof RelayAnswerError);
      assert.equal(error.queuePosition, undefined, `queuePosition ${JSON.stringify(malformed)}`);
      assert.equal(error.type, 'rate_limited');
      assert.equal(error.retryAfterSeconds, 12);
    }
  });

  it('reads a store outage (503 store_unavailable) as the relay\'s error with its wait', async () => {
    const { fetch } = fakeFetch(() =>
      json(503, { error: { type: 'store_unavailable', message: 'The store did not answer.', retryAfter: 2 } }, { 'Retry-After': '2' }),
    );
    const error = await rejection(new RelayConnection({ relay: 'https://relay.example', fetch }).createCharge(CHARGE, { idempotencyKey: 'k' }));
    assert.ok(error instanceof RelayAnswerError);
    assert.equal(error.status, 503);
    assert.equal(error.type, 'store_unavailable');
    assert.equal(error.retryAfterSeconds, 2);
    assert.equal(error.queuePosition, undefined);
  });

  it('reads an HTML error page from a proxy as an unknown error with its status and Retry-After', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'Retry-After': '3' } }));
    const error = await rejection(new RelayConnection({ relay: 'https://relay.example', fetch }).createCharge(CHARGE, { idempotencyKey: 'k' }));
    assert.ok(error instanceof RelayAnswerError);
    assert.equal(error.type, 'unknown');
    assert.equal(error.status, 502);
    assert.equal(error.retryAfterSeconds, 3);
  });

  it('turns a network failure and an unreadable 201 into RelayUnreachableError', async () => {
    const offline = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(new RelayConnection({ relay: 'https://relay.example', fetch: offline.fetch }).createCharge(CHARGE, { idempotencyKey: 'k' }));
    assert.ok(error instanceof RelayUnreachableError);

    const cut = fakeFetch(() => new Response('{"id": "ord_', { status: 201 }));
    const lost = await rejection(new RelayConnection({ relay: 'https://relay.example', fetch: cut.fetch }).createCharge(CHARGE, { idempotencyKey: 'k' }));
    assert.ok(lost instanceof RelayUnreachableError);
  });

  describe('when the relay does not answer in time', () => {
    /** A fetch that answers nothing, or a body that stops halfway, until its signal aborts, as the browser's does. */
    const stalled = (partialBody: boolean) =>
      ((_input: RequestInfo | URL, init: RequestInit = {}) => {
        const { signal } = init;
        const aborted = () => signal?.reason ?? new DOMException('aborted', 'AbortError');
        if (!partialBody) return new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(aborted())));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id": "ord_1", '));
            signal?.addEventListener('abort', () => controller.error(aborted()));
          },
        });
        return Promise.resolve(new Response(body, { status: 201, headers: { 'Content-Type': 'application/json' } }));
      }) as typeof fetch;

    it('drops a request with no answer after timeoutMs, as unreachable: trying again with the same key is safe', async () => {
      const connection = new RelayConnection({ relay: 'https://relay.example', fetch: stalled(false), timeoutMs: 20 });
      assert.ok((await rejection(connection.createCharge(CHARGE, { idempotencyKey: 'k' }))) instanceof RelayUnreachableError);
    });

    it('drops an answer whose body stops coming, as a lost answer', async () => {
      const connection = new RelayConnection({ relay: 'https://relay.example', fetch: stalled(true), timeoutMs: 20 });
      assert.ok((await rejection(connection.createCharge(CHARGE, { idempotencyKey: 'k' }))) instanceof RelayUnreachableError);
    });

    it("lets the caller's abort through with its own reason before the time is up", async () => {
      const abort = new AbortController();
      const connection = new RelayConnection({ relay: 'https://relay.example', fetch: stalled(false), timeoutMs: 60_000 });
      const pending = rejection(connection.getConfig('77BcHrY', { signal: abort.signal }));
      const reason = new Error('the checkout left the page');
      abort.abort(reason);
      assert.equal(await pending, reason);
    });

    it('waits RELAY_TIMEOUT_MS by default, longer than the relay may take for a charge', () => {
      assert.ok(RELAY_TIMEOUT_MS > 60_000);
    });
  });

  it('lets an abort through as it is, never as a network failure', async () => {
    const abort = new AbortController();
    abort.abort();
    const { fetch } = fakeFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    const error = await rejection(new RelayConnection({ relay: 'https://relay.example', fetch }).getConfig('77BcHrY', { signal: abort.signal }));
    assert.ok(error instanceof DOMException);
    assert.equal(error.name, 'AbortError');
  });
});
