import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { flattenFieldErrors, type FieldErrorTree } from '../../../src/contract/errors.js';
import { DEFAULT_PUBLIC_KEY } from '../../../src/sandbox/world/fixture.js';
import type { WebhookDelivery } from '../../../src/sandbox/world/world.js';
import { startSandbox, type RunningSandbox } from '../harness.js';
import { chargeHeaders, control, pixChargeBody } from '../controls-requests.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks-receiver.js';

/** The fields a 400 names, flattened (`rules.0.path`). */
async function errorFields(response: Response): Promise<string[]> {
  assert.equal(response.status, 400);
  return Object.keys(flattenFieldErrors((await response.json()) as FieldErrorTree)).sort();
}

describe('sandbox: test controls', () => {
  let running: RunningSandbox;
  let hook: WebhookReceiver;
  const put = (path: string, body: unknown) => control(running.baseUrl, 'PUT', path, body);
  const post = (path: string, body?: unknown) => control(running.baseUrl, 'POST', path, body);
  const get = (path: string) => control(running.baseUrl, 'GET', path);

  before(async () => {
    running = await startSandbox();
    hook = await startWebhookReceiver();
  });
  beforeEach(async () => {
    assert.equal((await post('/__sandbox/reset')).status, 200);
  });
  after(async () => {
    await hook.close();
    await running.close();
  });

  async function charge(body: Record<string, unknown>): Promise<{ id: string; status: string }> {
    const response = await running.api('POST', '/public_api/payments/', { body, headers: chargeHeaders() });
    assert.equal(response.status, 201, await response.clone().text());
    return (await response.json()) as { id: string; status: string };
  }

  it('GET /__sandbox/ lists every control', async () => {
    const response = await get('/__sandbox/');
    assert.equal(response.status, 200);
    const { controls } = (await response.json()) as { controls: Array<{ method: string; path: string; summary: string }> };
    const listed = controls.map(({ method, path }) => `${method} ${path}`);
    for (const expected of [
      'POST /__sandbox/reset',
      'PUT /__sandbox/account',
      'POST /__sandbox/orders/:id/pay',
      'POST /__sandbox/clock',
      'GET /__sandbox/limits',
      'PUT /__sandbox/limits',
      'GET /__sandbox/faults',
      'PUT /__sandbox/faults',
      'DELETE /__sandbox/faults',
      'POST /__sandbox/webhooks',
      'GET /__sandbox/webhooks',
      'GET /__sandbox/webhooks/deliveries',
    ]) {
      assert.ok(listed.includes(expected), expected);
    }
    assert.ok(controls.every((entry) => entry.summary.length > 0));
  });

  describe('POST /__sandbox/reset', () => {
    it('puts the world back to the fixture', async () => {
      const order = await charge(pixChargeBody());
      await put('/__sandbox/account', { blocked: true });
      await post('/__sandbox/webhooks', { url: hook.url, secret: 'x', events: ['refund'] });
      await put('/__sandbox/faults', { rules: [{ path: '/public_api/offers/', status: 503 }] });
      await put('/__sandbox/limits', { limits: { authenticatedPerUser: { limit: 1 } } });

      const response = await post('/__sandbox/reset');
      assert.equal(response.status, 200);
      assert.equal(typeof ((await response.json()) as { detail: unknown }).detail, 'string');
      const { world } = running.sandbox;
      assert.equal(world.orders.has(order.id), false);
      assert.equal(world.accounts.get('acc_main')!.blocked, false);
      assert.deepEqual(((await (await get('/__sandbox/webhooks')).json()) as { results: unknown[] }).results, []);
      assert.deepEqual(await (await get('/__sandbox/faults')).json(), { rules: [] });
      const limits = (await (await get('/__sandbox/limits')).json()) as { limits: Record<string, { limit: number }> };
      assert.equal(limits.limits['authenticatedPerUser']!.limit, 5000);
    });
  });

  describe('PUT /__sandbox/account', () => {
    it('sets the banking account, the block and the receiving registration, and answers the state without fees', async () => {
      const response = await put('/__sandbox/account', { bankingAccount: 'closure_requested', blocked: true, receivingRegistration: 'pending' });
      assert.equal(response.status, 200);
      const state = (await response.json()) as Record<string, unknown>;
      assert.deepEqual(
        { id: state['id'], bankingAccount: state['bankingAccount'], blocked: state['blocked'], receivingRegistration: state['receivingRegistration'] },
        { id: 'acc_main', bankingAccount: 'closure_requested', blocked: true, receivingRegistration: 'pending' },
      );
      assert.equal('fees' in state, false);
      const account = running.sandbox.world.accounts.get('acc_main')!;
      assert.deepEqual([account.bankingAccount, account.blocked, account.receivingRegistration], ['closure_requested', true, 'pending']);
    });

    it('changes only the account named by accountId and keeps fields left out', async () => {
      const response = await put('/__sandbox/account', { accountId: 'acc_other', bankingAccount: 'none' });
      assert.equal(response.status, 200);
      const { world } = running.sandbox;
      assert.equal(world.accounts.get('acc_other')!.bankingAccount, 'none');
      assert.equal(world.accounts.get('acc_other')!.blocked, false);
      assert.equal(world.accounts.get('acc_main')!.bankingAccount, 'opened');
    });

    it('answers 400 naming the field for a bad state, a wrong type, an unknown account or an unknown field', async () => {
      assert.deepEqual(await errorFields(await put('/__sandbox/account', { bankingAccount: 'open' })), ['bankingAccount']);
      assert.deepEqual(await errorFields(await put('/__sandbox/account', { blocked: 'yes', receivingRegistration: 'later' })), ['blocked', 'receivingRegistration']);
      assert.deepEqual(await errorFields(await put('/__sandbox/account', { accountId: 'acc_nobody' })), ['accountId']);
      assert.deepEqual(await errorFields(await put('/__sandbox/account', { bloqued: true })), ['bloqued']);
      assert.equal(running.sandbox.world.accounts.get('acc_main')!.blocked, false);
    });

    it('answers malformed JSON 400 and another content type 415, never 500', async () => {
      const malformed = await put('/__sandbox/account', '{"blocked": tru');
      assert.equal(malformed.status, 400);
      assert.equal(typeof ((await malformed.json()) as { detail: unknown }).detail, 'string');
      const form = await fetch(`${running.baseUrl}/__sandbox/account`, { method: 'PUT', body: new URLSearchParams({ blocked: 'true' }) });
      assert.equal(form.status, 415);
    });
  });

  describe('POST /__sandbox/orders/{id}/pay', () => {
    it('pays Pix, Pix Automático and boleto orders and fires purchase_approved', async () => {
      await post('/__sandbox/webhooks', { url: hook.url, secret: 'x', events: ['purchase_approved'] });
      const orders = [
        await charge(pixChargeBody()),
        await charge({ ...pixChargeBody(), paymentMethod: 'pix_auto', items: [{ offerId: 'CLUBmes' }] }),
        await charge({ ...pixChargeBody(), paymentMethod: 'boleto', items: [{ offerId: 'BOLEplan' }] }),
      ];
      for (const order of orders) {
        assert.equal(order.status, 'waiting_payment');
        const response = await post(`/__sandbox/orders/${order.id}/pay`);
        assert.equal(response.status, 200);
        const paid = (await response.json()) as { id: string; status: string; paidAt: string | null };
        assert.deepEqual([paid.id, paid.status, typeof paid.paidAt], [order.id, 'paid', 'string']);
        const read = (await (await running.api('GET', `/public_api/orders/${order.id}/`)).json()) as { status: string };
        assert.equal(read.status, 'paid');
      }
      const deliveries = ((await (await get('/__sandbox/webhooks/deliveries?event=purchase_approved')).json()) as { results: WebhookDelivery[] }).results;
      assert.deepEqual(deliveries.map((delivery) => delivery.orderId), orders.map((order) => order.id));
    });

    it('pays a pending 3DS charge', async () => {
      const tokenized = await fetch(`${running.baseUrl}/public_api/card-tokens/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-client-id': DEFAULT_PUBLIC_KEY.clientId },
        body: JSON.stringify({ holderName: 'ANA SOUZA', number: '4000000000003220', expMonth: '12', expYear: '2035', cvv: '123' }),
      });
      assert.equal(tokenized.status, 201, await tokenized.clone().text());
      const { token } = (await tokenized.json()) as { token: string };
      const order = await charge({
        ...pixChargeBody(),
        paymentMethod: 'threeDs',
        card: { token },
        antifraud_profiling_attempt_reference: randomUUID(),
        threeDSecure: { eci: '05', cavv: 'AAABBB', xid: 'x', referenceId: 'r', version: '2.2.0' },
      });
      assert.equal(order.status, 'pending');
      const response = await post(`/__sandbox/orders/${order.id}/pay`);
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as { status: string }).status, 'paid');
    });

    it('answers 404 for an unknown order', async () => {
      const response = await post('/__sandbox/orders/ord_nothing/pay');
      assert.equal(response.status, 404);
      assert.deepEqual(await response.json(), { detail: 'Não encontrado.' });
    });

    it('answers 409 with a detail for an order already paid or declined', async () => {
      const order = await charge(pixChargeBody());
      assert.equal((await post(`/__sandbox/orders/${order.id}/pay`)).status, 200);
      const declined = [...running.sandbox.world.orders.values()].find((candidate) => candidate.status === 'declined')!;
      for (const id of [order.id, declined.id]) {
        const response = await post(`/__sandbox/orders/${id}/pay`);
        assert.equal(response.status, 409);
        assert.match(((await response.json()) as { detail: string }).detail, /paid|declined/);
      }
    });
  });

  describe('POST /__sandbox/clock', () => {
    // Less than the 36000 s a token lives: the clock is not rewound by a reset, and later tests reuse tokens.
    it('moves the sandbox clock forward and answers the new time', async () => {
      const before = running.sandbox.clock.now();
      const response = await post('/__sandbox/clock', { advanceSeconds: 3600 });
      assert.equal(response.status, 200);
      const { now } = (await response.json()) as { now: string };
      const moved = Date.parse(now) - before;
      assert.ok(moved >= 3_600_000 && moved < 3_660_000, `moved ${moved} ms`);
      const read = (await (await get('/__sandbox/clock')).json()) as { now: string };
      assert.ok(Date.parse(read.now) >= Date.parse(now));
    });

    it('answers 400 naming advanceSeconds for a negative, missing or non-numeric value', async () => {
      const before = running.sandbox.clock.now();
      for (const body of [{ advanceSeconds: -1 }, {}, { advanceSeconds: '60' }]) {
        assert.deepEqual(await errorFields(await post('/__sandbox/clock', body)), ['advanceSeconds']);
      }
      assert.ok(running.sandbox.clock.now() - before < 60_000);
    });
  });

  describe('PUT /__sandbox/limits', () => {
    it('overrides a limit, scales every window, and GET answers the effective table', async () => {
      const response = await put('/__sandbox/limits', { limits: { cardTokensPerUser: { limit: 2 } }, scale: 0.01 });
      assert.equal(response.status, 200);
      const table = (await (await get('/__sandbox/limits')).json()) as { disabled: boolean; limits: Record<string, { limit: number; windowSeconds: number }> };
      assert.deepEqual(table.limits['cardTokensPerUser'], { limit: 2, windowSeconds: 0.6, per: 'user', default: { limit: 20, windowSeconds: 60 } });
      assert.equal(table.limits['authenticatedPerUser']!.windowSeconds, 36);
      assert.equal(table.disabled, false);

      await put('/__sandbox/limits', { limits: { cardTokensPerUser: null }, scale: 1, disabled: true });
      const restored = (await (await get('/__sandbox/limits')).json()) as typeof table;
      assert.deepEqual([restored.limits['cardTokensPerUser']!.limit, restored.limits['cardTokensPerUser']!.windowSeconds, restored.disabled], [20, 60, true]);
    });

    it('answers 400 naming the field for an unknown limit, a negative limit or a zero scale', async () => {
      assert.deepEqual(await errorFields(await put('/__sandbox/limits', { limits: { paymentsPerDay: { limit: 1 } } })), ['limits.paymentsPerDay']);
      assert.deepEqual(await errorFields(await put('/__sandbox/limits', { limits: { chargesPerIp: { limit: -1 } } })), ['limits.chargesPerIp.limit']);
      assert.deepEqual(await errorFields(await put('/__sandbox/limits', { scale: 0 })), ['scale']);
    });
  });

  describe('PUT /__sandbox/faults', () => {
    it('replaces the rules, GET lists them with remaining, DELETE clears them', async () => {
      const rules = [{ method: 'GET', path: '/public_api/offers/', status: 503, count: 2 }, { path: '/public_api/orders/*', phase: 'after', drop: true }];
      const response = await put('/__sandbox/faults', { rules });
      assert.equal(response.status, 200);
      assert.deepEqual(await (await get('/__sandbox/faults')).json(), {
        rules: [
          { method: 'GET', path: '/public_api/offers/', status: 503, phase: 'before', remaining: 2 },
          { path: '/public_api/orders/*', phase: 'after', drop: true },
        ],
      });
      assert.equal((await control(running.baseUrl, 'DELETE', '/__sandbox/faults')).status, 200);
      assert.deepEqual(await (await get('/__sandbox/faults')).json(), { rules: [] });
    });

    it('answers 400 naming the rule field, and keeps the rules in force', async () => {
      await put('/__sandbox/faults', { rules: [{ path: '/public_api/offers/', status: 503 }] });
      assert.deepEqual(await errorFields(await put('/__sandbox/faults', { rules: [{ path: 'public_api/offers/', status: 503 }] })), ['rules.0.path']);
      assert.deepEqual(await errorFields(await put('/__sandbox/faults', { rules: [{ path: '/x', status: 200 }] })), ['rules.0.status']);
      assert.deepEqual(await errorFields(await put('/__sandbox/faults', { rules: [{ path: '/x', status: 500, probability: 2 }] })), ['rules.0.probability']);
      assert.deepEqual(await errorFields(await put('/__sandbox/faults', { rules: [{ path: '/x' }] })), ['rules.0.non_field_errors']);
      assert.deepEqual(await errorFields(await put('/__sandbox/faults', { rules: [{ path: '/*', status: 503 }] })), ['rules.0.path']);
      assert.deepEqual(await errorFields(await put('/__sandbox/faults', {})), ['rules']);
      assert.equal(running.sandbox.world.faults.length, 1);
    });
  });

  describe('POST /__sandbox/webhooks', () => {
    it('registers an app with an integer id, listed by GET', async () => {
      const response = await post('/__sandbox/webhooks', { url: hook.url, secret: 'segredo', events: ['pix_gerado', 'refund'], products: ['prod_foto'], name: 'ERP' });
      assert.equal(response.status, 201);
      const app = (await response.json()) as { id: number; name: string; accountId: string; fields: { secret: string } };
      assert.ok(Number.isInteger(app.id));
      assert.deepEqual([app.name, app.accountId, app.fields.secret], ['ERP', 'acc_main', 'segredo']);
      const listed = (await (await get('/__sandbox/webhooks')).json()) as { results: Array<{ id: number }> };
      assert.deepEqual(listed.results.map((entry) => entry.id), [app.id]);
    });

    it('answers 400 naming the field for a bad url, an unknown event, another account\'s product or no secret', async () => {
      const valid = { url: hook.url, secret: 'x', events: ['refund'] };
      assert.deepEqual(await errorFields(await post('/__sandbox/webhooks', { ...valid, url: 'ftp://hooks.example/x' })), ['url']);
      assert.deepEqual(await errorFields(await post('/__sandbox/webhooks', { ...valid, events: ['refund', 'compra'] })), ['events.1.non_field_errors']);
      assert.deepEqual(await errorFields(await post('/__sandbox/webhooks', { ...valid, events: [] })), ['events']);
      assert.deepEqual(await errorFields(await post('/__sandbox/webhooks', { ...valid, products: ['prod_other'] })), ['products']);
      assert.deepEqual(await errorFields(await post('/__sandbox/webhooks', { url: hook.url, events: ['refund'] })), ['secret']);
      assert.equal(running.sandbox.world.webhookApps.size, 0);
    });

    it('filters deliveries by appId and event, and answers 400 for bad filters', async () => {
      const first = (await (await post('/__sandbox/webhooks', { url: hook.url, secret: 'a', events: ['pix_gerado'] })).json()) as { id: number };
      const second = (await (await post('/__sandbox/webhooks', { url: hook.url, secret: 'b', events: ['pix_gerado', 'purchase_approved'] })).json()) as { id: number };
      const order = await charge(pixChargeBody());
      await post(`/__sandbox/orders/${order.id}/pay`);
      const read = async (query: string) =>
        ((await (await get(`/__sandbox/webhooks/deliveries${query}`)).json()) as { results: WebhookDelivery[] }).results.map((delivery) => `${delivery.appId}:${delivery.event}`);
      assert.deepEqual(await read(''), [`${first.id}:pix_gerado`, `${second.id}:pix_gerado`, `${second.id}:purchase_approved`]);
      assert.deepEqual(await read(`?appId=${second.id}`), [`${second.id}:pix_gerado`, `${second.id}:purchase_approved`]);
      assert.deepEqual(await read('?event=purchase_approved'), [`${second.id}:purchase_approved`]);
      assert.deepEqual(await errorFields(await get('/__sandbox/webhooks/deliveries?appId=abc')), ['appId']);
      assert.deepEqual(await errorFields(await get('/__sandbox/webhooks/deliveries?event=compra')), ['event']);
    });
  });
});
