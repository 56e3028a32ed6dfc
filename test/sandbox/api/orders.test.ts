import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { orderRecordSchema } from '../../../src/contract/orders.js';
import { OTHER_ACCOUNT_KEY } from '../../../src/sandbox/world/fixture.js';
import { escapeHtml } from '../../../src/http/html-escape.js';
import { payOrder } from '../../../src/sandbox/api/orders.js';
import { createWebhookDispatcher } from '../../../src/sandbox/world/webhooks.js';
import type { SandboxOrder } from '../../../src/sandbox/world/state.js';
import type { WebhookApp } from '../../../src/sandbox/world/world.js';
import { cardChargeBody, chargeBody, issueCardToken, postCharge } from '../charge-requests.js';
import { startSandbox, type RunningSandbox } from '../harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks-receiver.js';

const READ_ONLY_KEY = { clientId: 'read-only-client', clientSecret: 'read-only-secret' };

describe('sandbox: orders', () => {
  let running: RunningSandbox;
  let receiver: WebhookReceiver;
  before(async () => {
    running = await startSandbox();
    receiver = await startWebhookReceiver();
    const app: WebhookApp = {
      id: 77,
      accountId: 'acc_main',
      name: 'Área de membros',
      url: receiver.url,
      status: 'active',
      secret: 'segredo-77',
      products: [],
      events: ['purchase_approved'],
      createdAt: '2026-01-01T00:00:00-03:00',
      updatedAt: '2026-01-01T00:00:00-03:00',
    };
    running.sandbox.world.webhookApps.set(app.id, app);
  });
  after(async () => {
    await running.close();
    await receiver.close();
  });

  const world = () => running.sandbox.world;
  const approvals = (orderId: string) => receiver.received.filter(({ body }) => body.event === 'purchase_approved' && body.data['id'] === orderId);

  async function newCharge(body: unknown): Promise<{ id: string; status: string; createdAt: string }> {
    const response = await postCharge(running, body);
    assert.equal(response.status, 201);
    return (await response.json()) as { id: string; status: string; createdAt: string };
  }

  async function waitForApprovals(orderId: string, count: number): Promise<void> {
    const deadline = Date.now() + 3000;
    while (approvals(orderId).length < count) {
      if (Date.now() > deadline) assert.fail(`expected ${count} purchase_approved for ${orderId}, got ${approvals(orderId).length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  describe('GET /public_api/orders/{id}/', () => {
    it('answers the order record with the supplement\'s fields and its release date', async () => {
      const charge = await newCharge(cardChargeBody('credit_card', issueCardToken(running.sandbox, '4111111111111111')));
      const response = await running.api('GET', `/public_api/orders/${charge.id}/`);
      assert.equal(response.status, 200);
      const body = (await response.json()) as Record<string, unknown>;
      const record = orderRecordSchema.parse(body);
      for (const field of ['id', 'refId', 'status', 'paymentMethod', 'amount', 'baseAmount', 'discount', 'installments', 'product', 'createdAt', 'paidAt', 'releaseDate', 'refundedAt', 'chargedbackAt', 'canceledAt']) {
        assert.ok(field in body, field);
      }
      assert.equal(record.status, 'paid');
      assert.equal(record.paidAt, charge.createdAt);
      // credit_card settles in 30 days in the fixture's fees table, counted from the São Paulo creation day.
      const createdDay = charge.createdAt.slice(0, 10);
      const expected = new Date(Date.parse(`${createdDay}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
      assert.equal(record.releaseDate, expected);
      assert.deepEqual(record.product, { id: 'prod_foto', short_id: 'FOTO01', name: 'Curso de Fotografia' });
      assert.equal((body['card'] as { lastDigits: string }).lastDigits, '1111');
    });

    it('answers an unpaid order with its pix block and no paidAt or releaseDate', async () => {
      const charge = await newCharge(chargeBody('pix'));
      const body = (await (await running.api('GET', `/public_api/orders/${charge.id}/`)).json()) as Record<string, unknown>;
      const record = orderRecordSchema.parse(body);
      assert.equal(record.status, 'waiting_payment');
      assert.equal(record.paidAt, null);
      assert.equal(record.releaseDate, null);
      assert.equal(typeof (body['pix'] as { qrCode: string }).qrCode, 'string');
    });

    it('answers 404 Não encontrado. for an unknown order and for another account\'s', async () => {
      const charge = await newCharge(chargeBody('pix'));
      const unknown = await running.api('GET', '/public_api/orders/ord_nothing/');
      assert.equal(unknown.status, 404);
      assert.deepEqual(await unknown.json(), { detail: 'Não encontrado.' });
      const other = await running.api('GET', `/public_api/orders/${charge.id}/`, { token: await running.token(OTHER_ACCOUNT_KEY) });
      assert.equal(other.status, 404);
      assert.deepEqual(await other.json(), { detail: 'Não encontrado.' });
    });

    it('needs read orders: a read-only key reads, a request without a token is 401', async () => {
      const charge = await newCharge(chargeBody('pix'));
      assert.equal((await running.api('GET', `/public_api/orders/${charge.id}/`, { token: await running.token(READ_ONLY_KEY) })).status, 200);
      assert.equal((await fetch(`${running.baseUrl}/public_api/orders/${charge.id}/`)).status, 401);
    });
  });

  describe('POST /public_api/orders/{id}/resend_access/', () => {
    it('answers 200 with a detail for a paid order and fires purchase_approved again', async () => {
      const charge = await newCharge(cardChargeBody('threeDs', issueCardToken(running.sandbox, '4111111111111111')));
      await waitForApprovals(charge.id, 1);
      const response = await running.api('POST', `/public_api/orders/${charge.id}/resend_access/`);
      assert.equal(response.status, 200);
      assert.match(((await response.json()) as { detail: string }).detail, /sucesso/);
      await waitForApprovals(charge.id, 2);
      assert.equal(approvals(charge.id)[1]!.body.secret, 'segredo-77');
    });

    it('answers 400 with a detail for an order that is not paid, and fires nothing', async () => {
      const charge = await newCharge(chargeBody('boleto'));
      const response = await running.api('POST', `/public_api/orders/${charge.id}/resend_access/`);
      assert.equal(response.status, 400);
      assert.match(((await response.json()) as { detail: string }).detail, /não está pago/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(approvals(charge.id).length, 0);
    });

    it('answers 404 for an unknown order and 403 for a key without write orders', async () => {
      const unknown = await running.api('POST', '/public_api/orders/ord_nothing/resend_access/');
      assert.equal(unknown.status, 404);
      assert.deepEqual(await unknown.json(), { detail: 'Não encontrado.' });
      const charge = await newCharge(chargeBody('pix'));
      const forbidden = await running.api('POST', `/public_api/orders/${charge.id}/resend_access/`, { token: await running.token(READ_ONLY_KEY) });
      assert.equal(forbidden.status, 403);
    });
  });

  describe('payOrder and POST /__sandbox/orders/{id}/pay', () => {
    /** A dispatcher over the running sandbox's world, as route handlers get one. */
    const webhooks = () => createWebhookDispatcher({ get world() { return running.sandbox.world; } }, running.sandbox.clock, fetch);

    it('pays Pix, Pix Automático and boleto orders awaiting payment and fires purchase_approved', async () => {
      for (const method of ['pix', 'pix_auto', 'boleto'] as const) {
        const charge = await newCharge(chargeBody(method));
        const response = await fetch(`${running.baseUrl}/__sandbox/orders/${charge.id}/pay`, { method: 'POST' });
        assert.equal(response.status, 200, method);
        const order = world().orders.get(charge.id)!;
        assert.equal(order.status, 'paid');
        assert.match(order.paidAt!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
        assert.notEqual(order.releaseDate, null);
        await waitForApprovals(charge.id, 1);
      }
    });

    it('answers not-found for an unknown order and not-payable for one that is not awaiting payment', async () => {
      assert.deepEqual(payOrder(world(), running.sandbox.clock, webhooks(), 'ord_nothing'), { ok: false, reason: 'not-found' });
      const declined = await newCharge(cardChargeBody('credit_card', issueCardToken(running.sandbox, '4000000000000002')));
      assert.deepEqual(payOrder(world(), running.sandbox.clock, webhooks(), declined.id), { ok: false, reason: 'not-payable', status: 'declined' });
      const pix = await newCharge(chargeBody('pix'));
      assert.equal(payOrder(world(), running.sandbox.clock, webhooks(), pix.id).ok, true);
      assert.deepEqual(payOrder(world(), running.sandbox.clock, webhooks(), pix.id), { ok: false, reason: 'not-payable', status: 'paid' });
    });

    it('pays a pending 3DS order before its 10 s are up, and the timer then leaves it alone', async () => {
      const charge = await newCharge(cardChargeBody('threeDs', issueCardToken(running.sandbox, '4000000000003220')));
      assert.equal(charge.status, 'pending');
      assert.equal((await fetch(`${running.baseUrl}/__sandbox/orders/${charge.id}/pay`, { method: 'POST' })).status, 200);
      const paidAt = world().orders.get(charge.id)!.paidAt;
      assert.notEqual(paidAt, null);
      await running.sandbox.clock.advance(10);
      assert.equal(world().orders.get(charge.id)!.paidAt, paidAt);
      await waitForApprovals(charge.id, 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(approvals(charge.id).length, 1);
    });
  });

  describe('GET /checkout/{orderId}', () => {
    it('shows the order\'s reference, amount and status as an HTML page', async () => {
      const charge = await newCharge(chargeBody('pix'));
      const order = world().orders.get(charge.id)!;
      const response = await fetch(`${running.baseUrl}/checkout/${charge.id}`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('Content-Type')!, /^text\/html/);
      const html = await response.text();
      assert.ok(html.includes(order.refId));
      assert.ok(html.includes('R$ 97,00'));
      assert.ok(html.includes('data-status="waiting_payment"'));
      assert.equal((await fetch(`${running.baseUrl}/checkout/ord_nothing`)).status, 404);
    });

    it('renders text from the order escaped, never as HTML', async () => {
      const charge = await newCharge(chargeBody('pix'));
      const order: SandboxOrder = world().orders.get(charge.id)!;
      order.refId = '<script>alert(1)</script>';
      const html = await (await fetch(`${running.baseUrl}/checkout/${charge.id}`)).text();
      assert.equal(html.includes('<script>'), false);
      assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.equal(escapeHtml(`"a" & 'b'`), '&quot;a&quot; &amp; &#39;b&#39;');
    });
  });
});
