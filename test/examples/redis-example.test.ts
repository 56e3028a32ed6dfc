/**
 * examples/relay/redis.ts, the relay on several instances sharing one Redis (docs/relay.md,
 * "Several instances: Redis"), run as two instances against a real sandbox and the system's
 * redis-server: an order made on one is read on the other, and a webhook taken by one reaches
 * the buyer's event stream open on the other.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createSharedRelay, type SharedRelay } from '../../examples/relay/redis.js';
import { toNodeListener } from '../../src/http/node-listener.js';
import type { ChargeAnswer, PublicOrder } from '../../src/relay/index.js';
import { pixChargeBody } from '../sandbox/controls-requests.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { startRedisServer, type RunningRedis } from '../store/redis-server.js';

const WEBHOOK_SECRET = 'whsec-redis-example-41c7';
const SHOP = 'https://shop.example';

describe('examples/relay/redis.ts on two instances', () => {
  let redis: RunningRedis;
  let running: RunningSandbox;
  let first: SharedRelay;
  let second: SharedRelay;
  let secondServer: Server;
  let secondUrl: string;

  const settings = () => ({
    apiBaseUrl: running.baseUrl,
    clientId: 'sandbox-client',
    publicClientId: 'sandbox-public',
    offers: ['77BcHrY'],
    allowedOrigins: [SHOP],
  });
  const env = () => ({ REDIS_URL: redis.url, PAY_CHECKOUT_CLIENT_SECRET: 'sandbox-secret', PAY_CHECKOUT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const call = (instance: SharedRelay, path: string, init?: RequestInit) => instance.relay.fetch(new Request(`http://shop.test${path}`, init));

  async function createOrder(): Promise<ChargeAnswer> {
    const response = await call(first, '/checkout/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), Origin: SHOP },
      body: JSON.stringify(pixChargeBody()),
    });
    const text = await response.text();
    assert.equal(response.status, 201, text);
    return JSON.parse(text) as ChargeAnswer;
  }

  before(async () => {
    [redis, running] = await Promise.all([startRedisServer(), startSandbox()]);
    first = createSharedRelay(settings(), env());
    second = createSharedRelay(settings(), env());
    // The second instance on a port, where the sandbox delivers its webhooks.
    secondServer = createServer(toNodeListener((request, info) => second.relay.fetch(request, info)));
    await new Promise<void>((resolve) => secondServer.listen(0, '127.0.0.1', resolve));
    secondUrl = `http://127.0.0.1:${(secondServer.address() as AddressInfo).port}`;
  });

  after(async () => {
    secondServer?.closeAllConnections();
    await new Promise((resolve) => secondServer?.close(resolve));
    await Promise.all([first?.close(), second?.close()]);
    await running?.close();
    await redis?.stop();
  });

  it('fails at start without REDIS_URL, naming what is missing', () => {
    assert.throws(() => createSharedRelay(settings(), { PAY_CHECKOUT_CLIENT_SECRET: 'sandbox-secret' }), /url/);
  });

  it('reads on one instance the order created on the other', async () => {
    const order = await createOrder();
    const response = await call(second, `/checkout/orders/${order.id}?token=${order.orderToken}`);
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(((await response.json()) as PublicOrder).id, order.id);
  });

  it('streams to a buyer on one instance the payment a webhook brought to the other', async () => {
    const registered = await fetch(`${running.baseUrl}/__sandbox/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `${secondUrl}/checkout/webhooks`, secret: WEBHOOK_SECRET, events: ['purchase_approved'] }),
    });
    assert.equal(registered.status, 201);
    const order = await createOrder();
    const stream = await call(first, `/checkout/orders/${order.id}/events?token=${order.orderToken}`);
    assert.equal(stream.status, 200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    try {
      while (!text.includes('"status":"waiting_payment"')) text += (await reader.read()).value ?? '';
      const paid = await fetch(`${running.baseUrl}/__sandbox/orders/${order.id}/pay`, { method: 'POST' });
      assert.equal(paid.status, 200);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
      }
    } finally {
      await reader.cancel();
    }
    assert.match(text, new RegExp(`data: \\{"id":"${order.id}","status":"paid"\\}`));
  });

  it('keeps its state under the keyPrefix it chose', async () => {
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('*');
      assert.ok(keys.length > 0, 'the instances wrote nothing to Redis');
      assert.deepEqual(keys.filter((key) => !key.startsWith('shop-checkout:')), []);
    } finally {
      client.disconnect();
    }
  });
});
