import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient, NotFoundError, PayApiError, type ChargeRequestInput, type PayClient } from '../../src/client/index.js';
import { DEFAULT_PUBLIC_KEY } from '../../src/sandbox/world/fixture.js';
import { control } from '../sandbox/controls-requests.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { newKey, pixChargeBody, recordingFetch, sandboxClient } from './client-harness.js';

const VISA = { holderName: 'ANA SOUZA', number: '4111111111111111', expMonth: '12', expYear: '2034', cvv: '123' };

describe('createClient: every endpoint against the sandbox', () => {
  let running: RunningSandbox;
  let client: PayClient;
  before(async () => {
    running = await startSandbox();
    client = sandboxClient(running);
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  async function cardCharge(method: 'credit_card' | 'threeDs'): Promise<ChargeRequestInput> {
    const token = await client.createCardToken(DEFAULT_PUBLIC_KEY.clientId, VISA);
    return {
      ...pixChargeBody(),
      paymentMethod: method,
      card: { token },
      antifraud_profiling_attempt_reference: randomUUID(),
      ...(method === 'threeDs' ? { threeDSecure: { eci: '05', cavv: 'AAABBBCCC', version: '2.2.0', referenceId: randomUUID() } } : {}),
    };
  }

  it('getAccessToken: a JWT', async () => {
    assert.match(await client.getAccessToken(), /^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('createCharge: pix, pix_auto and boleto answer waiting_payment with their block', async () => {
    const pix = await client.createCharge(pixChargeBody(), { idempotencyKey: newKey() });
    assert.equal(pix.paymentMethod, 'pix');
    assert.ok(pix.paymentMethod === 'pix' && pix.pix.qrCode.length > 0);
    const pixAuto = await client.createCharge({ ...pixChargeBody(), paymentMethod: 'pix_auto' }, { idempotencyKey: newKey() });
    assert.ok(pixAuto.paymentMethod === 'pix_auto' && pixAuto.pix.user_journey !== null);
    const boleto = await client.createCharge({ ...pixChargeBody(), paymentMethod: 'boleto' }, { idempotencyKey: newKey() });
    assert.ok(boleto.paymentMethod === 'boleto' && /^\d{4}-\d{2}-\d{2}$/.test(boleto.boleto.dueDate));
    for (const order of [pix, pixAuto, boleto]) assert.equal(order.status, 'waiting_payment');
  });

  it('createCardToken and createCharge: credit_card and threeDs are paid with the Visa test card', async () => {
    const card = await client.createCharge(await cardCharge('credit_card'), { idempotencyKey: newKey() });
    assert.equal(card.paymentMethod, 'credit_card');
    assert.equal(card.status, 'paid');
    const threeDs = await client.createCharge(await cardCharge('threeDs'), { idempotencyKey: newKey() });
    assert.equal(threeDs.paymentMethod, 'threeDs');
    assert.equal(threeDs.status, 'paid');
    assert.match(threeDs.externalId, /3ds/);
  });

  it('createCharge refuses a missing or too long idempotency key before sending anything', async () => {
    const recording = recordingFetch();
    const local = sandboxClient(running, { fetch: recording.fetch });
    await assert.rejects(local.createCharge(pixChargeBody(), { idempotencyKey: '' }), TypeError);
    await assert.rejects(local.createCharge(pixChargeBody(), { idempotencyKey: 'k'.repeat(256) }), TypeError);
    assert.equal(recording.exchanges.length, 0);
  });

  it('getFees: the table of every method and the 18 instalment rows', async () => {
    const fees = await client.getFees();
    assert.ok(fees.paymentMethods.some((entry) => entry.paymentMethod === 'pix'));
    assert.equal(fees.creditCardInstallments.length, 18);
  });

  it('listOffers: filters, ordering and page size', async () => {
    const list = await client.listOffers({ status: ['active'], product: ['prod_foto'], ordering: '-price', limit: 1 });
    assert.equal(list.count, 2);
    assert.deepEqual(list.results.map((offer) => offer.id), ['FOTOprm']);
    assert.notEqual(list.next, null);
    const second = await client.listOffers({ status: ['active'], product: ['prod_foto'], ordering: '-price', limit: 1, page: 2 });
    assert.deepEqual(second.results.map((offer) => offer.id), ['77BcHrY']);
  });

  it('allOffers: every page, following next until null', async () => {
    const recording = recordingFetch();
    const paging = sandboxClient(running, { fetch: recording.fetch });
    const { count } = await paging.listOffers({});
    const seen: string[] = [];
    for await (const offer of paging.allOffers({ limit: 3, ordering: 'id' })) seen.push(offer.id);
    assert.equal(seen.length, count);
    assert.equal(new Set(seen).size, count);
    assert.equal(recording.to('/public_api/offers/').length, 1 + Math.ceil(count / 3));
  });

  it('listProducts, getProduct', async () => {
    const page = await client.listProducts({ page: 1, limit: 2 });
    assert.equal(page.results.length, 2);
    assert.ok(page.count > 2);
    const product = await client.getProduct('prod_foto');
    assert.equal(product.name, 'Curso de Fotografia');
    await assert.rejects(client.listProducts({ page: 0 }), TypeError);
  });

  it('duplicateProduct: a new product named with the copy suffix', async () => {
    const copy = await client.duplicateProduct('prod_foto');
    assert.notEqual(copy.id, 'prod_foto');
    assert.equal(copy.name, 'Curso de Fotografia - Cópia');
  });

  it('getCheckout', async () => {
    const checkout = await client.getCheckout('prod_foto', 2);
    assert.equal(checkout.name, 'Checkout Black Friday');
    await assert.rejects(client.getCheckout('prod_foto', 4), NotFoundError);
  });

  it('getOrdersAnalytics: grouped by a UTM dimension', async () => {
    const analytics = await client.getOrdersAnalytics({ group_by: 'utm_source' });
    assert.equal(analytics.group_by, 'utm_source');
    assert.ok(Array.isArray(analytics.results));
  });

  it('getOrder and resendAccess of a paid order', async () => {
    const order = await client.createCharge(await cardCharge('credit_card'), { idempotencyKey: newKey() });
    const record = await client.getOrder(order.id);
    assert.equal(record.id, order.id);
    assert.equal(record.status, 'paid');
    const resent = await client.resendAccess(order.id);
    assert.equal(typeof resent.detail, 'string');
  });

  it('sendWebhookTestEvent: the event is queued for the app', async () => {
    const response = await control(running.baseUrl, 'POST', '/__sandbox/webhooks', { url: 'http://127.0.0.1:9/hook', secret: 's3cret', events: ['purchase_approved'] });
    const { id } = (await response.json()) as { id: number };
    const answer = await client.sendWebhookTestEvent(id, 'pix_gerado');
    assert.equal(typeof answer.detail, 'string');
    await assert.rejects(client.sendWebhookTestEvent(99999, 'pix_gerado'), NotFoundError);
  });

  it('getAdditionalInterestReport, at the default path or the one given', async () => {
    const report = await client.getAdditionalInterestReport({ currency: 'BRL' });
    assert.equal(report.currency, 'BRL');
    const elsewhere = sandboxClient(running, { interestReportPath: '/public_api/reports/interest/' });
    await assert.rejects(elsewhere.getAdditionalInterestReport(), NotFoundError);
  });

  it('getInstallmentInterest and setInstallmentInterest', async () => {
    const current = await client.getInstallmentInterest();
    assert.equal(current.active, true);
    const wanted = { installments: [{ installments: 4, interestPercentage: 3.5 }], active: true };
    assert.deepEqual(await client.setInstallmentInterest(wanted), wanted);
    assert.deepEqual(await client.getInstallmentInterest(), wanted);
  });

  it('an answer that does not match the contract is a PayApiError naming the endpoint and the field', async () => {
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!new URL(new Request(input).url).pathname.endsWith('/fees/')) return response;
      const body = (await response.json()) as { creditCardInstallments: unknown[] };
      return new Response(JSON.stringify({ ...body, creditCardInstallments: 'none' }), { status: 200, headers: response.headers });
    };
    const error = await sandboxClient(running, { fetch: tampering }).getFees().then(
      () => assert.fail('expected a rejection'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof PayApiError);
    assert.equal(error.constructor, PayApiError);
    assert.match(error.message, /GET \/public_api\/fees\/.*creditCardInstallments/);
  });

  it('a charge answer broken in any field is still refused, though sound ones skip the schema', async () => {
    const tamperings: [string, (answer: Record<string, unknown>) => Record<string, unknown>][] = [
      ['amount', (answer) => ({ ...answer, amount: 97 })],
      ['checkoutUrl', (answer) => ({ ...answer, checkoutUrl: 'javascript:alert(1)' })],
      ['pix.user_journey', (answer) => ({ ...answer, pix: { ...(answer['pix'] as object), user_journey: 'JORNADA_1' } })],
      ['pix', (answer) => ({ ...answer, pix: undefined })],
      ['status', (answer) => ({ ...answer, status: 'paid', extra: 'a key the spec does not list' })],
    ];
    for (const [field, tamper] of tamperings) {
      const tampering: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (!new URL(new Request(input).url).pathname.endsWith('/payments/')) return response;
        const body = tamper((await response.json()) as Record<string, unknown>);
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
      };
      const error = await sandboxClient(running, { fetch: tampering })
        .createCharge(pixChargeBody(), { idempotencyKey: newKey() })
        .then(
          () => assert.fail(`expected a rejection for ${field}`),
          (reason: unknown) => reason,
        );
      assert.equal((error as Error).constructor, PayApiError, field);
      assert.match((error as Error).message, new RegExp(`POST /public_api/payments/: unexpected answer, it does not match the contract \\(${field.replace('.', '\\.')}: `), field);
    }
  });
});

describe('createClient: options are checked at once', () => {
  const valid = { baseUrl: 'http://127.0.0.1:4010', clientId: 'id', clientSecret: 'top-secret' };

  it('accepts valid options, with a trailing slash on baseUrl', () => {
    assert.equal(typeof createClient({ ...valid, baseUrl: 'http://127.0.0.1:4010/' }).getFees, 'function');
  });

  it('refuses each bad option by name, never repeating the secret', () => {
    const cases: Array<[Partial<typeof valid> & Record<string, unknown>, RegExp]> = [
      [{ baseUrl: 'not a url' }, /baseUrl/],
      [{ baseUrl: 'ftp://127.0.0.1' }, /baseUrl/],
      [{ baseUrl: 'http://127.0.0.1:4010/public_api/' }, /public_api/],
      [{ clientId: '' }, /clientId/],
      [{ clientSecret: '' }, /clientSecret/],
      [{ retry: { maxAttempts: 0 } }, /retry\.maxAttempts/],
      [{ retry: { baseDelayMs: -1 } }, /retry\.baseDelayMs/],
      [{ pacing: { chargesPerIp: { limit: 0, windowMs: 1000 } } }, /pacing\.chargesPerIp\.limit/],
      [{ pacing: { maxWaitMs: Number.NaN } }, /pacing\.maxWaitMs/],
      [{ requestTimeoutMs: 0 }, /requestTimeoutMs/],
      [{ interestReportPath: 'reports' }, /interestReportPath/],
    ];
    for (const [change, pattern] of cases) {
      assert.throws(
        () => createClient({ ...valid, ...change } as Parameters<typeof createClient>[0]),
        (error: unknown) => error instanceof TypeError && pattern.test(error.message) && !error.message.includes('top-secret'),
        JSON.stringify(change),
      );
    }
  });
});
