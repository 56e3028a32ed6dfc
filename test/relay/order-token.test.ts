/**
 * An order's status is readable only with the token its charge answered: without it, with a
 * wrong one, or with another order's, `GET orders/{id}` and its event stream answer exactly as
 * for an order that does not exist, and the store is not even read.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChargeAnswer } from '../../src/relay/index.js';
import { createRelay } from '../../src/relay/index.js';
import { createOrderTokens, orderTokenOf } from '../../src/relay/order-token.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { CLIENT_SECRET, pixChargeBody, postCharge, serveOnLoopback, startRelay, type RelayUnderTest } from './relay-harness.js';

/** A memory store that counts reads, to show a refused token never reaches it. */
function countingStore(): { store: Store; reads: () => number } {
  const inner = createMemoryStore();
  let reads = 0;
  const store: Store = {
    ...inner,
    get: (key) => {
      reads += 1;
      return inner.get(key);
    },
  };
  return { store, reads: () => reads };
}

async function charge(relay: RelayUnderTest, key?: string): Promise<ChargeAnswer> {
  const response = await postCharge(relay, pixChargeBody(), key === undefined ? {} : { key });
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as ChargeAnswer;
}

describe('the order token', () => {
  let relay: RelayUnderTest;
  let reads: () => number;

  before(async () => {
    const counting = countingStore();
    reads = counting.reads;
    relay = await startRelay({ store: counting.store });
  });
  after(() => relay.close());

  it('comes with each new order: 256 bits in base64url, one per order, the same on a replay of the attempt', async () => {
    const first = await charge(relay, 'attempt-token-1');
    const replay = await charge(relay, 'attempt-token-1');
    const other = await charge(relay);
    assert.match(first.orderToken, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(replay.id, first.id);
    assert.equal(replay.orderToken, first.orderToken);
    assert.notEqual(other.orderToken, first.orderToken);
    assert.ok(!first.orderToken.includes(first.id));
  });

  it('reads the order through Authorization: Bearer and through ?token=', async () => {
    const order = await charge(relay);
    const byHeader = await relay.call('GET', `/orders/${order.id}`, { headers: { Authorization: `Bearer ${order.orderToken}` } });
    assert.equal(byHeader.status, 200, await byHeader.clone().text());
    const read = (await byHeader.json()) as Record<string, unknown>;
    assert.equal(read['id'], order.id);
    assert.equal(read['orderToken'], undefined, 'a status read does not hand the token out again');
    const byQuery = await relay.call('GET', `/orders/${order.id}?token=${order.orderToken}`);
    assert.equal(byQuery.status, 200);
    const stream = await relay.call('GET', `/orders/${order.id}/events?token=${order.orderToken}`);
    assert.equal(stream.status, 200);
    assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
    await stream.body!.cancel();
  });

  it('answers a missing, wrong or borrowed token exactly as an unknown order, without reading the store', async () => {
    const mine = await charge(relay);
    const theirs = await charge(relay);
    const unknown = await relay.call('GET', '/orders/ord_does_not_exist');
    const expected = { status: unknown.status, body: await unknown.text() };
    assert.equal(expected.status, 404);
    assert.equal(JSON.parse(expected.body).error.type, 'order_not_found');
    const readsBefore = reads();
    const flipped = mine.orderToken.slice(0, -1) + (mine.orderToken.endsWith('A') ? 'E' : 'A');
    // The same 256 bits spelt with the last character's unused low bit set: decoding alone would take it.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = mine.orderToken.slice(0, -1) + alphabet[alphabet.indexOf(mine.orderToken.at(-1)!) ^ 1];
    const attempts: [string, Record<string, string>][] = [
      [`/orders/${mine.id}`, {}],
      [`/orders/${mine.id}/events`, {}],
      [`/orders/${mine.id}?token=`, {}],
      [`/orders/${mine.id}?token=${flipped}`, {}],
      [`/orders/${mine.id}/events?token=${flipped}`, {}],
      [`/orders/${mine.id}?token=${respelt}`, {}],
      [`/orders/${mine.id}?token=${theirs.orderToken}`, {}],
      [`/orders/${mine.id}/events?token=${theirs.orderToken}`, {}],
      [`/orders/${mine.id}`, { Authorization: `Bearer ${theirs.orderToken}` }],
      [`/orders/${mine.id}`, { Authorization: `Basic ${mine.orderToken}` }],
      [`/orders/${mine.id}`, { Authorization: `Bearer ${mine.orderToken}x` }],
      [`/orders/${mine.id}?token=${mine.orderToken.slice(0, 42)}`, {}],
      [`/orders/${mine.id}?token=${encodeURIComponent(mine.orderToken + '=')}`, {}],
      [`/orders/${theirs.id}?token=${mine.orderToken}`, {}],
    ];
    for (const [path, headers] of attempts) {
      const response = await relay.call('GET', path, { headers });
      assert.deepEqual({ status: response.status, body: await response.text() }, expected, `${path} ${JSON.stringify(headers)}`);
    }
    assert.equal(reads(), readsBefore, 'a refused token never reached the store');
  });

  it('is checked on a real socket from any origin, the header winning over the query', async () => {
    const order = await charge(relay);
    const served = await serveOnLoopback(relay.relay);
    try {
      const foreign = await fetch(`${served.url}/orders/${order.id}`, { headers: { Origin: 'https://evil.example' } });
      assert.equal(foreign.status, 404);
      const wrongHeader = await fetch(`${served.url}/orders/${order.id}?token=${order.orderToken}`, { headers: { Authorization: 'Bearer nope' } });
      assert.equal(wrongHeader.status, 404);
      const right = await fetch(`${served.url}/orders/${order.id}`, { headers: { Authorization: `Bearer ${order.orderToken}` } });
      assert.equal(right.status, 200);
    } finally {
      await served.close();
    }
  });

  it('lets a browser send Authorization across origins', async () => {
    const response = await relay.call('OPTIONS', '/orders/ord_1', {
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    assert.equal(response.status, 204);
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /\bAuthorization\b/);
  });
});

describe('order tokens without the store', () => {
  it('verify on any instance with the same secret, and on none with another', async () => {
    const secret = 'k'.repeat(40);
    const token = await createOrderTokens([secret]).issue('ord_42');
    assert.equal(await createOrderTokens([secret]).verify('ord_42', token), true);
    assert.equal(await createOrderTokens([secret]).verify('ord_43', token), false);
    assert.equal(await createOrderTokens(['j'.repeat(40)]).verify('ord_42', token), false);
    assert.equal(await createOrderTokens([secret]).verify('ord_42', undefined), false);
  });

  it('are the same bytes signed by node:crypto and by Web Crypto alone (a runtime without node:crypto)', async (t) => {
    // A second instance of the module, loaded while the runtime shows no node:crypto.
    const webCryptoOnlySpecifier = '../../src/relay/order-token.js?web-crypto-only';
    const builtin = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule')!;
    Reflect.deleteProperty(process, 'getBuiltinModule');
    let webCryptoOnly: typeof import('../../src/relay/order-token.js');
    try {
      webCryptoOnly = (await import(webCryptoOnlySpecifier)) as typeof import('../../src/relay/order-token.js');
    } finally {
      Object.defineProperty(process, 'getBuiltinModule', builtin);
    }
    assert.notEqual(webCryptoOnly.createOrderTokens, createOrderTokens);
    const sign = t.mock.method(crypto.subtle, 'sign');
    for (const [secret, orderId] of [['s'.repeat(40), 'ord_1'], ['segredo-de-açúcar-'.repeat(3), 'pedido-ç-7']] as const) {
      const issued = await createOrderTokens([secret]).issue(orderId);
      assert.equal(sign.mock.callCount(), 0, 'on Node, issuing does not go through Web Crypto');
      const fromWebCrypto = await webCryptoOnly.createOrderTokens([secret]).issue(orderId);
      assert.ok(sign.mock.callCount() > 0, 'the other instance signed with Web Crypto');
      assert.equal(fromWebCrypto, issued);
      assert.equal(await webCryptoOnly.createOrderTokens([secret]).verify(orderId, issued), true);
      assert.match(issued, /^[A-Za-z0-9_-]{43}$/);
      sign.mock.resetCalls();
    }
  });

  it('keep verifying under the old secret while a new one signs', async () => {
    const old = 'o'.repeat(40);
    const next = 'n'.repeat(40);
    const signedBefore = await createOrderTokens([old]).issue('ord_7');
    const rotated = createOrderTokens([next, old]);
    assert.equal(await rotated.verify('ord_7', signedBefore), true);
    assert.equal(await createOrderTokens([next]).verify('ord_7', await rotated.issue('ord_7')), true);
  });

  it('keep an order readable after the relay restarts, the same secret signing', async () => {
    const store = createMemoryStore();
    const first = await startRelay({ store });
    try {
      const order = await charge(first);
      // A second relay, as after a restart or on another instance, on the same store.
      const second = createRelay({ apiBaseUrl: first.running.baseUrl, clientId: 'sandbox-client', clientSecret: CLIENT_SECRET, publicClientId: 'sandbox-public', offers: ['77BcHrY'], store });
      const response = await second.fetch(new Request(`http://relay.test/orders/${order.id}?token=${order.orderToken}`));
      assert.equal(response.status, 200, await response.clone().text());
    } finally {
      await first.close();
    }
  });

  it('are read from a Bearer header first, then from ?token=', () => {
    assert.equal(orderTokenOf(new Request('http://r.test/orders/1?token=q', { headers: { Authorization: 'bearer h' } })), 'h');
    assert.equal(orderTokenOf(new Request('http://r.test/orders/1?token=q')), 'q');
    assert.equal(orderTokenOf(new Request('http://r.test/orders/1')), undefined);
  });
});

describe('orderTokenSecret', () => {
  const base = { apiBaseUrl: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 'secret', publicClientId: 'public', offers: ['A'] };

  it('is required with a ready client, and must be long', async () => {
    const { createClient } = await import('../../src/client/index.js');
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 'secret' });
    assert.throws(() => createRelay({ apiBaseUrl: base.apiBaseUrl, client, publicClientId: 'public', offers: ['A'] }), /orderTokenSecret is required with client/);
    assert.doesNotThrow(() => createRelay({ apiBaseUrl: base.apiBaseUrl, client, publicClientId: 'public', offers: ['A'], orderTokenSecret: 'x'.repeat(32) }));
    assert.throws(() => createRelay({ ...base, orderTokenSecret: 'short' }), /orderTokenSecret must be a secret of at least 32 characters/);
    assert.throws(() => createRelay({ ...base, orderTokenSecret: [] }), /orderTokenSecret must be/);
  });

  it('must not be handed to the widget', () => {
    const secret = 's'.repeat(40);
    assert.throws(() => createRelay({ ...base, orderTokenSecret: secret, antifraud: { key: secret } }), /antifraud contains a secret/);
  });
});
