import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookAppSchema, webhookDeliverySchema } from '../../../src/contract/webhooks.js';
import type { WebhookDelivery } from '../../../src/sandbox/world/world.js';
import { startSandbox, type RunningSandbox } from '../harness.js';
import { chargeHeaders, control, pixChargeBody } from '../controls-requests.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks-receiver.js';

describe('sandbox: webhooks', () => {
  let running: RunningSandbox;
  const receivers: WebhookReceiver[] = [];
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(async () => {
    assert.equal((await control(running.baseUrl, 'POST', '/__sandbox/reset')).status, 200);
  });
  after(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await running.close();
  });

  async function receiver(status?: (index: number) => number): Promise<WebhookReceiver> {
    const started = await startWebhookReceiver(status);
    receivers.push(started);
    return started;
  }

  async function registerApp(body: Record<string, unknown>): Promise<{ id: number }> {
    const response = await control(running.baseUrl, 'POST', '/__sandbox/webhooks', body);
    assert.equal(response.status, 201, await response.clone().text());
    return (await response.json()) as { id: number };
  }

  async function deliveries(query = ''): Promise<WebhookDelivery[]> {
    const response = await control(running.baseUrl, 'GET', `/__sandbox/webhooks/deliveries${query}`);
    assert.equal(response.status, 200);
    return ((await response.json()) as { results: WebhookDelivery[] }).results;
  }

  const advance = async (seconds: number) => {
    const response = await control(running.baseUrl, 'POST', '/__sandbox/clock', { advanceSeconds: seconds });
    assert.equal(response.status, 200);
  };

  const eventTest = (id: number | string, event?: string, token?: string) =>
    running.api('POST', `/public_api/webhook/event_test/${id}/${event === undefined ? '' : `?event=${encodeURIComponent(event)}`}`, { token });

  describe('GET /public_api/webhook/{id}/', () => {
    it('answers the app resource with its secret in fields', async () => {
      const { url } = await receiver();
      const { id } = await registerApp({ url, secret: 's3cr3t', events: ['pix_gerado'], products: ['prod_foto'], name: 'Loja' });
      const response = await running.api('GET', `/public_api/webhook/${id}/`);
      assert.equal(response.status, 200);
      const app = webhookAppSchema.parse(await response.json());
      assert.deepEqual(
        { id: app.id, name: app.name, url: app.url, status: app.status, products: app.products, events: app.events, secret: app.fields.secret },
        { id, name: 'Loja', url, status: 'active', products: ['prod_foto'], events: ['pix_gerado'], secret: 's3cr3t' },
      );
    });

    it("answers 404 for an unknown id, a non-numeric id and another account's app", async () => {
      const { id } = await registerApp({ url: 'https://hooks.example/x', secret: 'x', events: ['refund'], accountId: 'acc_other' });
      for (const path of ['/public_api/webhook/999999/', '/public_api/webhook/abc/', `/public_api/webhook/${id}/`]) {
        const response = await running.api('GET', path);
        assert.equal(response.status, 404, path);
        assert.deepEqual(await response.json(), { detail: 'Não encontrado.' });
      }
    });
  });

  describe('POST /public_api/webhook/event_test/{id}/', () => {
    it('sends a test payload of an event the app does not subscribe to and records it in the history', async () => {
      const hook = await receiver();
      const { id } = await registerApp({ url: hook.url, secret: 'segredo', events: ['pix_gerado'] });
      const response = await eventTest(id, 'refund');
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { detail: 'Evento reenviado com sucesso.' });
      const [received] = await hook.waitFor(1);
      assert.equal(received!.body.secret, 'segredo');
      assert.equal(received!.body.event, 'refund');
      assert.equal(webhookDeliverySchema.safeParse(received!.body).success, true);

      const history = await running.api('GET', `/public_api/webhook/${id}/history/`);
      assert.equal(history.status, 200);
      const page = (await history.json()) as { count: number; results: WebhookDelivery[] };
      assert.equal(page.count, 1);
      assert.deepEqual(
        { event: page.results[0]!.event, test: page.results[0]!.test, state: page.results[0]!.state },
        { event: 'refund', test: true, state: 'delivered' },
      );
    });

    it('accepts an open-finance event name', async () => {
      const hook = await receiver();
      const { id } = await registerApp({ url: hook.url, secret: 'x', events: ['refund'] });
      assert.equal((await eventTest(id, 'openfinance_banco_gerado')).status, 200);
      assert.equal((await hook.waitFor(1))[0]!.body.event, 'openfinance_banco_gerado');
    });

    it('answers 400 naming event for a missing or unknown event name, and sends nothing', async () => {
      const { id } = await registerApp({ url: 'https://hooks.example/x', secret: 'x', events: ['refund'] });
      for (const event of [undefined, 'compra_aprovada', '']) {
        const response = await eventTest(id, event);
        assert.equal(response.status, 400, String(event));
        const body = (await response.json()) as Record<string, string[]>;
        assert.deepEqual(Object.keys(body), ['event']);
      }
      assert.deepEqual(await deliveries(), []);
    });

    it("answers 404 for an unknown app and another account's app", async () => {
      const { id } = await registerApp({ url: 'https://hooks.example/x', secret: 'x', events: ['refund'], accountId: 'acc_other' });
      for (const target of [424242, id]) {
        const response = await eventTest(target, 'refund');
        assert.equal(response.status, 404);
        assert.deepEqual(await response.json(), { detail: 'Não encontrado.' });
      }
    });

    it('answers 403 to a key without write permission', async () => {
      const { id } = await registerApp({ url: 'https://hooks.example/x', secret: 'x', events: ['refund'] });
      const token = await running.token({ clientId: 'read-only-client', clientSecret: 'read-only-secret' });
      const response = await eventTest(id, 'refund', token);
      assert.equal(response.status, 403);
      assert.equal(typeof ((await response.json()) as { detail: unknown }).detail, 'string');
      assert.deepEqual(await deliveries(), []);
    });
  });

  describe('deliveries', () => {
    it('POSTs {secret, event, data} about the order to the app of its product', async () => {
      const hook = await receiver();
      await registerApp({ url: hook.url, secret: 'segredo', events: ['pix_gerado'], products: ['prod_foto'] });
      const charge = await running.api('POST', '/public_api/payments/', { body: pixChargeBody(), headers: chargeHeaders() });
      assert.equal(charge.status, 201);
      const order = (await charge.json()) as { id: string };
      const [received] = await hook.waitFor(1);
      assert.equal(received!.contentType, 'application/json');
      const delivery = webhookDeliverySchema.parse(received!.body);
      assert.deepEqual({ secret: delivery.secret, event: delivery.event, id: delivery.data.id }, { secret: 'segredo', event: 'pix_gerado', id: order.id });
      assert.equal(delivery.data.product?.id, 'prod_foto');
    });

    it('sends apps only events of their products and of the events they subscribe to', async () => {
      const hook = await receiver();
      const foto = await registerApp({ url: hook.url, secret: 'a', events: ['pix_gerado'], products: ['prod_foto'] });
      const boleto = await registerApp({ url: hook.url, secret: 'b', events: ['pix_gerado', 'purchase_approved'], products: ['prod_boleto'] });
      const approvals = await registerApp({ url: hook.url, secret: 'c', events: ['purchase_approved'] });
      const other = await registerApp({ url: hook.url, secret: 'd', events: ['pix_gerado', 'purchase_approved'], accountId: 'acc_other' });

      const charge = await running.api('POST', '/public_api/payments/', { body: pixChargeBody(), headers: chargeHeaders() });
      const order = (await charge.json()) as { id: string };
      assert.equal((await control(running.baseUrl, 'POST', `/__sandbox/orders/${order.id}/pay`)).status, 200);

      const sent = (await deliveries()).map((delivery) => ({ appId: delivery.appId, event: delivery.event, orderId: delivery.orderId }));
      assert.deepEqual(sent, [
        { appId: foto.id, event: 'pix_gerado', orderId: order.id },
        { appId: approvals.id, event: 'purchase_approved', orderId: order.id },
      ]);
      await hook.waitFor(2);
      assert.deepEqual(hook.received.map((received) => received.body.secret).sort(), ['a', 'c']);
      assert.equal(sent.some((delivery) => delivery.appId === boleto.id || delivery.appId === other.id), false);
    });

    it('retries a receiver that answered 500 after 5 s of sandbox time and ends delivered with 2 attempts', async () => {
      const hook = await receiver((index) => (index === 0 ? 500 : 200));
      const { id } = await registerApp({ url: hook.url, secret: 'x', events: ['refund'] });
      await eventTest(id, 'refund');
      await hook.waitFor(1);
      await waitUntil(async () => (await deliveries())[0]!.attempts.length === 1);
      assert.equal((await deliveries())[0]!.state, 'pending');

      await advance(4);
      assert.equal(hook.received.length, 1, 'no retry before 5 s');
      await advance(1);
      const [delivery] = await deliveries(`?appId=${id}`);
      assert.equal(delivery!.state, 'delivered');
      assert.deepEqual(delivery!.attempts.map((attempt) => attempt.status), [500, 200]);
      assert.equal(hook.received.length, 2);
    });

    it('gives up after 6 attempts (1 + 5 retries) when the receiver never answers 2xx', async () => {
      const hook = await receiver(() => 503);
      const { id } = await registerApp({ url: hook.url, secret: 'x', events: ['refund'] });
      await eventTest(id, 'refund');
      await hook.waitFor(1);
      await waitUntil(async () => (await deliveries())[0]!.attempts.length === 1);
      for (const [index, delay] of [5, 60, 150, 360, 1800].entries()) {
        await advance(delay - 1);
        assert.equal(hook.received.length, index + 1, `retry ${index + 1} waits ${delay} s`);
        await advance(1);
        assert.equal(hook.received.length, index + 2);
      }
      const [delivery] = await deliveries();
      assert.equal(delivery!.state, 'failed');
      assert.equal(delivery!.attempts.length, 6);
      assert.equal(delivery!.nextAttemptAt, null);
      await advance(3600);
      assert.equal(hook.received.length, 6);
    });
  });
});

describe('sandbox: a webhook receiver slower than the response limit', () => {
  it('counts the late answer as a failed attempt and retries on the schedule', async () => {
    let answered = 0;
    const slow = createServer((request, response) => {
      request.resume();
      // The first delivery answers too late; the retry answers at once.
      const delay = answered === 0 ? 400 : 0;
      answered += 1;
      setTimeout(() => response.writeHead(200).end('ok'), delay);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const running = await startSandbox({ webhookTimeoutMs: 100 });
    try {
      const app = await control(running.baseUrl, 'POST', '/__sandbox/webhooks', {
        url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hooks`,
        secret: 's',
        events: ['refund'],
      });
      const { id } = (await app.json()) as { id: number };
      assert.equal((await running.api('POST', `/public_api/webhook/event_test/${id}/?event=refund`)).status, 200);
      const delivery = () => running.sandbox.world.deliveries[0]!;
      await waitUntil(async () => running.sandbox.world.deliveries.length === 1 && delivery().attempts.length === 1);
      assert.equal(delivery().attempts[0]!.status, null);
      assert.match(delivery().attempts[0]!.error ?? '', /sem resposta em 100 ms/);
      assert.equal(delivery().state, 'pending');
      await running.sandbox.clock.advance(5);
      await waitUntil(async () => delivery().attempts.length === 2);
      assert.equal(delivery().state, 'delivered');
    } finally {
      await running.close();
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
