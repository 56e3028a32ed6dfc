import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chargeResponseSchema } from '../../../src/contract/charge-response.js';
import { OTHER_ACCOUNT_KEY } from '../../../src/sandbox/world/fixture.js';
import { payloadFingerprint } from '../../../src/sandbox/api/idempotency.js';
import { cardChargeBody, chargeBody, issueCardToken, postCharge } from '../charge-requests.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

const PAYLOAD_MISMATCH = 'Header X-Idempotency-Key reutilizado com payload diferente.';
const PROCESSING = 'Requisição idempotente em processamento.';

describe('sandbox: X-Idempotency-Key on POST /public_api/payments/', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  const world = () => running.sandbox.world;

  it('rule 1: the same key and payload within 24 h answer the stored 201, nothing recreated', async () => {
    const first = await postCharge(running, chargeBody('pix'), { key: 'pedido-1' });
    const firstText = await first.text();
    assert.equal(first.status, 201);
    const ordersAfterFirst = world().orders.size;
    // Same payload written with another key order: the fingerprint is the canonical JSON.
    const { items, customer, paymentMethod } = chargeBody('pix');
    const replay = await postCharge(running, { items, customer, paymentMethod }, { key: 'pedido-1' });
    assert.equal(replay.status, 201);
    assert.equal(await replay.text(), firstText);
    assert.equal(world().orders.size, ordersAfterFirst);
    assert.equal(chargeResponseSchema.parse(JSON.parse(firstText)).status, 'waiting_payment');
  });

  it('rule 2: the same key with another payload answers 409 with the spec\'s text', async () => {
    assert.equal((await postCharge(running, chargeBody('pix'), { key: 'pedido-2' })).status, 201);
    const other = await postCharge(running, chargeBody('boleto'), { key: 'pedido-2' });
    assert.equal(other.status, 409);
    assert.deepEqual(await other.json(), { detail: PAYLOAD_MISMATCH });
  });

  it('rule 3: the same key while the first request is processing answers 409 with the spec\'s text', async () => {
    world().accounts.get('acc_main')!.processingDelayMs = 300;
    const firstPromise = postCharge(running, chargeBody('pix'), { key: 'pedido-3' });
    const deadline = Date.now() + 2000;
    while (world().idempotency.get('acc_main:pedido-3')?.state !== 'processing') {
      if (Date.now() > deadline) assert.fail('the first request never held the key');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const second = await postCharge(running, chargeBody('pix'), { key: 'pedido-3' });
    assert.equal(second.status, 409);
    assert.deepEqual(await second.json(), { detail: PROCESSING });
    const first = await firstPromise;
    assert.equal(first.status, 201);
    const third = await postCharge(running, chargeBody('pix'), { key: 'pedido-3' });
    assert.equal(((await third.json()) as { id: string }).id, ((await first.json()) as { id: string }).id);
  });

  it('rule 4: a 5xx from the service (an acquirer fault) releases the key; the retry runs normally', async () => {
    world().faults.push({ method: 'POST', path: '/public_api/payments/', phase: 'acquirer', status: 503, remaining: 1 });
    const ordersBefore = world().orders.size;
    const failed = await postCharge(running, chargeBody('pix'), { key: 'pedido-4' });
    assert.equal(failed.status, 503);
    assert.equal(world().idempotency.has('acc_main:pedido-4'), false);
    assert.equal(world().orders.size, ordersBefore, 'a failed charge makes no order');
    const retry = await postCharge(running, chargeBody('pix'), { key: 'pedido-4' });
    assert.equal(retry.status, 201);
    const { id } = (await retry.json()) as { id: string };
    const replay = await postCharge(running, chargeBody('pix'), { key: 'pedido-4' });
    assert.equal(((await replay.json()) as { id: string }).id, id);
    assert.equal(world().orders.size, ordersBefore + 1);
  });

  it('a 5xx on the way back (a late fault) is a lost answer, not a failed charge: the retry gets the stored order', async () => {
    world().faults.push({ method: 'POST', path: '/public_api/payments/', phase: 'after', status: 502, body: 'html', remaining: 1 });
    const ordersBefore = world().orders.size;
    assert.equal((await postCharge(running, chargeBody('pix'), { key: 'pedido-4d' })).status, 502);
    assert.equal(world().orders.size, ordersBefore + 1);
    const retry = await postCharge(running, chargeBody('pix'), { key: 'pedido-4d' });
    assert.equal(retry.status, 201);
    assert.equal(world().orders.size, ordersBefore + 1, 'exactly one order');
    assert.ok(world().orders.has(((await retry.json()) as { id: string }).id));
  });

  it('rule 4: a 5xx from a failure inside the handler releases the key too', async () => {
    const account = world().accounts.get('acc_main')!;
    // A merchant name with no printable letter makes the Pix code builder throw.
    account.merchantName = '☕☕';
    const failed = await postCharge(running, chargeBody('pix'), { key: 'pedido-4b' });
    assert.equal(failed.status, 500);
    assert.equal(world().idempotency.has('acc_main:pedido-4b'), false);
    account.merchantName = 'Loja Exemplo';
    assert.equal((await postCharge(running, chargeBody('pix'), { key: 'pedido-4b' })).status, 201);
  });

  it('rule 4: a 5xx gives the card token back, so the same request can be retried', async () => {
    world().faults.push({ method: 'POST', path: '/public_api/payments/', phase: 'acquirer', status: 502, remaining: 1 });
    const body = cardChargeBody('threeDs', issueCardToken(running.sandbox, '4111111111111111'));
    assert.equal((await postCharge(running, body, { key: 'pedido-4c' })).status, 502);
    const retry = await postCharge(running, body, { key: 'pedido-4c' });
    assert.equal(retry.status, 201);
    assert.equal(((await retry.json()) as { status: string }).status, 'paid');
  });

  it('rule 5: a threeDs card token is consumed once; the replay answers without touching it', async () => {
    const token = issueCardToken(running.sandbox, '4111111111111111');
    const body = cardChargeBody('threeDs', token);
    const first = await postCharge(running, body, { key: 'pedido-5' });
    const firstText = await first.text();
    assert.equal(first.status, 201);
    const usedAt = world().cardTokens.get(token)!.usedAt;
    assert.notEqual(usedAt, undefined);
    await running.sandbox.clock.advance(60);
    const replay = await postCharge(running, body, { key: 'pedido-5' });
    assert.equal(replay.status, 201);
    assert.equal(await replay.text(), firstText);
    assert.equal(world().cardTokens.get(token)!.usedAt, usedAt);
    // The same token under a new key is refused: it was used.
    const reuse = await postCharge(running, body, { key: 'pedido-5-bis' });
    assert.equal(reuse.status, 400);
    assert.deepEqual(Object.keys((await reuse.json()) as object), ['card']);
  });

  it('keeps no record for a refused request, so the corrected body can use the same key', async () => {
    const refused = await postCharge(running, chargeBody('pix', { coupon: 'NAOEXISTE' }), { key: 'pedido-6' });
    assert.equal(refused.status, 400);
    assert.equal(world().idempotency.has('acc_main:pedido-6'), false);
    assert.equal((await postCharge(running, chargeBody('pix'), { key: 'pedido-6' })).status, 201);
  });

  it('scopes keys per account: another producer may use the same key', async () => {
    assert.equal((await postCharge(running, chargeBody('pix'), { key: 'pedido-7' })).status, 201);
    const otherToken = await running.token(OTHER_ACCOUNT_KEY);
    const other = await postCharge(running, chargeBody('pix', { items: [{ offerId: 'OUTRofr' }] }), { key: 'pedido-7', token: otherToken });
    assert.equal(other.status, 201);
  });

  it('fingerprints the canonical JSON: key order does not matter, values do', () => {
    assert.equal(payloadFingerprint({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }), payloadFingerprint({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }));
    assert.notEqual(payloadFingerprint({ a: 1, b: [1, 2] }), payloadFingerprint({ a: 1, b: [2, 1] }));
    assert.notEqual(payloadFingerprint({ items: [{ offerId: 'x' }] }), payloadFingerprint({ items: [{ offerId: 'x', quantity: 1 }] }));
  });
});

describe('sandbox: idempotency retention', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  /** A new access token: the 10-hour tokens expire while the clock walks through a day. */
  async function freshToken(): Promise<string> {
    const response = await fetch(`${running.baseUrl}/public_api/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'sandbox-client', client_secret: 'sandbox-secret' }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  it('rule 1: after 24 h of sandbox time the key is forgotten and a new order is made', async () => {
    const charge = async () => postCharge(running, chargeBody('pix'), { key: 'pedido-24h', token: await freshToken() });
    const first = (await (await charge()).json()) as { id: string };
    await running.sandbox.clock.advance(24 * 3600 - 1);
    const within = (await (await charge()).json()) as { id: string };
    assert.equal(within.id, first.id);
    await running.sandbox.clock.advance(1);
    const later = await charge();
    assert.equal(later.status, 201);
    assert.notEqual(((await later.json()) as { id: string }).id, first.id);
  });
});
