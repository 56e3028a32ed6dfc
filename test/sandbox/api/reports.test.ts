import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyticsResponseSchema } from '../../../src/contract/analytics.js';
import { interestReportResponseSchema } from '../../../src/contract/interest-report.js';
import { createClock } from '../../../src/sandbox/world/clock.js';
import { defaultFixture, OTHER_ACCOUNT_KEY } from '../../../src/sandbox/world/fixture.js';
import type { SandboxFixture, SandboxOrder } from '../../../src/sandbox/world/state.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

/** An order of the main account with only the fields a test cares about set. */
function order(id: string, fields: Partial<SandboxOrder>): SandboxOrder {
  return {
    id,
    refId: id.toUpperCase(),
    accountId: 'acc_main',
    status: 'paid',
    paymentMethod: 'pix',
    currency: 'BRL',
    amount: '0.00',
    baseAmount: '0.00',
    discount: '0.00',
    fees: '0.00',
    installments: 1,
    externalId: `ext_${id}`,
    createdAt: '2026-03-10T12:00:00-03:00',
    paidAt: null,
    releaseDate: null,
    refundedAt: null,
    chargedbackAt: null,
    canceledAt: null,
    customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '5511987654321' },
    offerId: '77BcHrY',
    productId: 'prod_foto',
    offer_type: 'main',
    metadata: {},
    additionalInterest: '0.00',
    additionalInterestEarned: '0.00',
    ...fields,
  };
}

function fixtureWith(orders: SandboxOrder[]): SandboxFixture {
  return { ...defaultFixture(), orders };
}

const INSTAGRAM = { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'lancamento' };

const ANALYTICS_ORDERS = [
  order('a', { amount: '100.00', baseAmount: '100.00', fees: '5.00', metadata: INSTAGRAM, createdAt: '2026-03-01T10:00:00-03:00' }),
  order('b', {
    paymentMethod: 'credit_card', installments: 3, offerId: 'FOTOprm', offer_type: 'upsell',
    amount: '180.00', baseAmount: '200.00', discount: '20.00', fees: '10.00', metadata: INSTAGRAM, createdAt: '2026-03-31T23:59:59-03:00',
  }),
  order('c', {
    paymentMethod: 'boleto', productId: 'prod_clube', offerId: 'CLUBmes',
    amount: '30.00', baseAmount: '30.00', fees: '1.50', metadata: { utm_source: 'google', utm_medium: 'cpc' }, createdAt: '2026-04-01T00:00:00-03:00',
  }),
  order('d', { status: 'waiting_payment', amount: '100.00', baseAmount: '100.00', fees: '5.00', metadata: INSTAGRAM, createdAt: '2026-03-05T10:00:00-03:00' }),
  order('e', {
    paymentMethod: 'threeDs', installments: 2, offer_type: 'orderbump',
    amount: '50.00', baseAmount: '50.00', fees: '2.50', createdAt: '2026-03-01T00:00:00-03:00',
  }),
  order('f', { accountId: 'acc_other', productId: 'prod_other', offerId: 'OUTRofr', amount: '10.00', baseAmount: '10.00', fees: '0.50', metadata: INSTAGRAM }),
  order('h', { amount: '10.00', baseAmount: '10.00', fees: '0.50', metadata: { utm_source: 'instagram' }, createdAt: '2026-02-28T23:59:59-03:00' }),
];

describe('sandbox: GET /public_api/orders/analytics/', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox({ fixture: fixtureWith(ANALYTICS_ORDERS) });
  });
  after(() => running.close());

  const analytics = async (query: Record<string, string>, token?: string) => {
    const response = await running.api('GET', `/public_api/orders/analytics/?${new URLSearchParams(query)}`, { token });
    const body = (await response.json()) as any;
    if (response.status === 200) assert.ok(analyticsResponseSchema.safeParse(body).success, JSON.stringify(body));
    return { status: response.status, body };
  };
  const countsBy = async (query: Record<string, string>) => {
    const { status, body } = await analytics({ group_by: 'utm_source', ...query });
    assert.equal(status, 200, JSON.stringify(body));
    return Object.fromEntries(body.results.map((row: Record<string, unknown>) => [row.utm_source, row.order_count]));
  };

  it('groups paid orders by the dimension with (unclassified), metrics and totals', async () => {
    const { status, body } = await analytics({ group_by: 'utm_source' });
    assert.equal(status, 200);
    assert.deepEqual(body, {
      group_by: 'utm_source',
      results: [
        { utm_source: 'instagram', order_count: 3, gross_volume: '310.00', net_value: '274.50', total_discount: '20.00', total_fees: '15.50' },
        { utm_source: '(unclassified)', order_count: 1, gross_volume: '50.00', net_value: '47.50', total_discount: '0.00', total_fees: '2.50' },
        { utm_source: 'google', order_count: 1, gross_volume: '30.00', net_value: '28.50', total_discount: '0.00', total_fees: '1.50' },
      ],
      totals: { order_count: 5, gross_volume: '390.00', net_value: '350.50', total_discount: '20.00', total_fees: '19.50' },
    });
  });

  it('groups by utm_campaign and utm_medium too', async () => {
    const campaign = await analytics({ group_by: 'utm_campaign' });
    assert.deepEqual(campaign.body.results.map((row: Record<string, unknown>) => [row.utm_campaign, row.order_count]), [['(unclassified)', 3], ['lancamento', 2]]);
    const medium = await analytics({ group_by: 'utm_medium' });
    assert.deepEqual(medium.body.results.map((row: Record<string, unknown>) => [row.utm_medium, row.order_count]), [['(unclassified)', 2], ['social', 2], ['cpc', 1]]);
  });

  it('answers 400 {group_by} when it is missing or not a dimension', async () => {
    for (const query of [{}, { group_by: 'utm_term' }, { group_by: '' }] as Array<Record<string, string>>) {
      const { status, body } = await analytics(query);
      assert.equal(status, 400, JSON.stringify(query));
      assert.deepEqual(Object.keys(body), ['group_by']);
    }
  });

  it('status: paid by default, a comma list when given', async () => {
    assert.deepEqual(await countsBy({ status: 'waiting_payment' }), { instagram: 1 });
    assert.deepEqual(await countsBy({ status: 'paid,waiting_payment' }), { instagram: 4, '(unclassified)': 1, google: 1 });
  });

  it('start_date and end_date: DD-MM-YYYY, São Paulo days, both ends included', async () => {
    assert.deepEqual(await countsBy({ start_date: '01-03-2026', end_date: '31-03-2026' }), { instagram: 2, '(unclassified)': 1 });
    assert.deepEqual(await countsBy({ start_date: '01-04-2026' }), { google: 1 });
    assert.deepEqual(await countsBy({ end_date: '28-02-2026' }), { instagram: 1 });
    for (const [query, field] of [[{ start_date: '2026-03-01' }, 'start_date'], [{ end_date: '31-02-2026' }, 'end_date'], [{ start_date: '02-03-2026', end_date: '01-03-2026' }, 'end_date']] as const) {
      const { status, body } = await analytics({ group_by: 'utm_source', ...query });
      assert.equal(status, 400);
      assert.deepEqual(Object.keys(body), [field]);
    }
  });

  it('product (id or name), products, offer', async () => {
    assert.deepEqual(await countsBy({ product: 'prod_clube' }), { google: 1 });
    assert.deepEqual(await countsBy({ product: 'clube do livro' }), { google: 1 });
    assert.deepEqual(await countsBy({ products: 'prod_clube,prod_usd' }), { google: 1 });
    assert.deepEqual(await countsBy({ products: 'prod_foto,prod_clube' }), { instagram: 3, '(unclassified)': 1, google: 1 });
    assert.deepEqual(await countsBy({ offer: 'FOTOprm' }), { instagram: 1 });
  });

  it('paymentMethod, offer_type, type, installments', async () => {
    assert.deepEqual(await countsBy({ paymentMethod: 'credit_card' }), { instagram: 1 });
    assert.deepEqual(await countsBy({ offer_type: 'orderbump' }), { '(unclassified)': 1 });
    assert.deepEqual(await countsBy({ offer_type: 'upsell' }), { instagram: 1 });
    assert.deepEqual(await countsBy({ type: 'subscription' }), { google: 1 });
    assert.deepEqual(await countsBy({ installments: '3' }), { instagram: 1 });
    const invalid: Array<[string, string]> = [['paymentMethod', 'bitcoin'], ['offer_type', 'crosssell'], ['type', 'lifetime'], ['installments', 'x'], ['installments', '19']];
    for (const [name, value] of invalid) {
      const { status, body } = await analytics({ group_by: 'utm_source', [name]: value });
      assert.equal(status, 400, `${name}=${value}`);
      assert.deepEqual(Object.keys(body), [name]);
    }
  });

  it('an empty selection answers no rows and zero totals', async () => {
    const { body } = await analytics({ group_by: 'utm_source', offer: 'nothing' });
    assert.deepEqual(body.results, []);
    assert.deepEqual(body.totals, { order_count: 0, gross_volume: '0.00', net_value: '0.00', total_discount: '0.00', total_fees: '0.00' });
  });

  it('counts the caller\'s orders only and needs read orders', async () => {
    const other = await analytics({ group_by: 'utm_source' }, await running.token(OTHER_ACCOUNT_KEY));
    assert.deepEqual(other.body.totals.order_count, 1);
    assert.equal(other.body.results[0].utm_source, 'instagram');
    running.sandbox.world.apiKeys.set('no-orders-client', { clientId: 'no-orders-client', clientSecret: 's', scopes: ['read', 'products'], accountId: 'acc_main' });
    const refused = await analytics({ group_by: 'utm_source' }, await running.token({ clientId: 'no-orders-client', clientSecret: 's' }));
    assert.equal(refused.status, 403);
  });
});

const INTEREST_ORDERS = [
  order('i1', { paymentMethod: 'credit_card', installments: 2, additionalInterest: '3.00', additionalInterestEarned: '3.00', createdAt: '2026-03-01T00:00:00-03:00' }),
  order('i2', { paymentMethod: 'threeDs', installments: 3, additionalInterest: '5.00', additionalInterestEarned: '3.50', affiliateShortId: 'AFI001', createdAt: '2026-03-15T12:00:00-03:00' }),
  // 23:59:59 in São Paulo on March 31 is already April 1 in UTC.
  order('i3', { paymentMethod: 'credit_card', installments: 3, additionalInterest: '2.00', additionalInterestEarned: '2.40', createdAt: '2026-04-01T02:59:59Z' }),
  order('i4', { status: 'declined', paymentMethod: 'credit_card', installments: 2, additionalInterest: '4.00', additionalInterestEarned: '4.00' }),
  order('i5', { paymentMethod: 'credit_card', installments: 1 }),
  order('i6', { currency: 'USD', productId: 'prod_usd', offerId: 'ENGLusd', paymentMethod: 'credit_card', installments: 2, additionalInterest: '1.00', additionalInterestEarned: '1.00' }),
  // The last second of February in São Paulo is March 1 in UTC.
  order('i7', { paymentMethod: 'credit_card', installments: 2, additionalInterest: '9.00', additionalInterestEarned: '9.00', createdAt: '2026-03-01T02:59:59Z' }),
  order('i8', { paymentMethod: 'credit_card', installments: 2, additionalInterest: '7.00', additionalInterestEarned: '7.00', createdAt: '2026-04-01T00:00:00-03:00' }),
  order('i9', { accountId: 'acc_other', productId: 'prod_other', offerId: 'OUTRofr', paymentMethod: 'credit_card', installments: 2, additionalInterest: '8.00', additionalInterestEarned: '8.00' }),
];

/** "Now" of the report tests: the default window is the 30 days before it. */
const NOW = Date.parse('2026-03-20T12:00:00-03:00');

describe('sandbox: GET /public_api/orders/additional_interest/', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox({ fixture: fixtureWith(INTEREST_ORDERS), clock: createClock(() => NOW) });
  });
  after(() => running.close());

  const report = async (query: Record<string, string>, token?: string) => {
    const response = await running.api('GET', `/public_api/orders/additional_interest/?${new URLSearchParams(query)}`, { token });
    const body = (await response.json()) as any;
    if (response.status === 200) assert.ok(interestReportResponseSchema.safeParse(body).success, JSON.stringify(body));
    return { status: response.status, body };
  };
  const MARCH = { startDate: '2026-03-01', endDate: '2026-03-31' };

  it('sums paid orders with interest in the São Paulo window, by instalments and by method', async () => {
    const { status, body } = await report(MARCH);
    assert.equal(status, 200);
    assert.deepEqual(body, {
      currency: 'BRL',
      startDate: '2026-03-01T00:00:00-03:00',
      endDate: '2026-03-31T23:59:59-03:00',
      charged: '10.00',
      earned: '8.90',
      orders: 3,
      byInstallments: [
        { installments: 2, charged: '3.00', earned: '3.00', orders: 1 },
        { installments: 3, charged: '7.00', earned: '5.90', orders: 2 },
      ],
      byPaymentMethod: [
        { paymentMethod: 'credit_card', charged: '5.00', earned: '5.40', orders: 2 },
        { paymentMethod: 'threeDs', charged: '5.00', earned: '3.50', orders: 1 },
      ],
    });
  });

  it('takes one currency per query, BRL by default', async () => {
    const usd = await report({ ...MARCH, currency: 'USD' });
    assert.equal(usd.body.currency, 'USD');
    assert.deepEqual([usd.body.charged, usd.body.orders], ['1.00', 1]);
    for (const query of [{ currency: 'XYZ' }, { currency: 'BRL,USD' }, { currency: 'brl' }]) {
      const { status, body } = await report({ ...MARCH, ...query });
      assert.equal(status, 400, JSON.stringify(query));
      assert.deepEqual(Object.keys(body), ['currency']);
      assert.ok(Array.isArray(body.currency));
    }
    const repeated = await running.api('GET', `/public_api/orders/additional_interest/?startDate=2026-03-01&endDate=2026-03-31&currency=BRL&currency=USD`);
    assert.equal(repeated.status, 400);
    assert.deepEqual(Object.keys((await repeated.json()) as object), ['currency']);
  });

  it('answers 400 with the parameter name for invalid dates, a lone date or an end before the start', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ startDate: '01-03-2026', endDate: '2026-03-31' }, 'startDate'],
      [{ startDate: '2026-03-01', endDate: '2026-02-30' }, 'endDate'],
      [{ startDate: '2026-03-01' }, 'endDate'],
      [{ endDate: '2026-03-31' }, 'startDate'],
      [{ startDate: '2026-03-31', endDate: '2026-03-01' }, 'endDate'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await report(query);
      assert.equal(status, 400, JSON.stringify(query));
      assert.deepEqual(Object.keys(body), [field]);
      assert.ok(Array.isArray(body[field]) && body[field].length > 0);
    }
  });

  it('accepts 92 days and answers 400 detail naming the size of a longer window', async () => {
    assert.equal((await report({ startDate: '2026-01-01', endDate: '2026-04-02' })).status, 200);
    const { status, body } = await report({ startDate: '2026-01-01', endDate: '2026-04-03' });
    assert.equal(status, 400);
    assert.deepEqual(Object.keys(body), ['detail']);
    assert.match(body.detail, /\b93 dias\b/);
  });

  it('without dates covers the 30 days ending now on the sandbox clock', async () => {
    const { status, body } = await report({});
    assert.equal(status, 200);
    assert.equal(body.startDate, '2026-02-18T12:00:00-03:00');
    assert.equal(body.endDate, '2026-03-20T12:00:00-03:00');
    // i7 (Feb 28), i1 and i2 are in; i3 (Mar 31) is after now.
    assert.deepEqual([body.charged, body.earned, body.orders], ['17.00', '15.50', 3]);
  });

  it('reports the caller\'s account only and needs read orders', async () => {
    const other = await report(MARCH, await running.token(OTHER_ACCOUNT_KEY));
    assert.deepEqual([other.body.charged, other.body.orders], ['8.00', 1]);
    running.sandbox.world.apiKeys.set('no-orders-client', { clientId: 'no-orders-client', clientSecret: 's', scopes: ['read', 'payments'], accountId: 'acc_main' });
    const refused = await report(MARCH, await running.token({ clientId: 'no-orders-client', clientSecret: 's' }));
    assert.equal(refused.status, 403);
  });
});

describe('sandbox: reports over the default fixture', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  const getJson = async (path: string) => (await (await running.api('GET', path)).json()) as any;

  it('has interest of several instalment counts, both card methods and affiliates in one window', async () => {
    const body = interestReportResponseSchema.parse(await getJson('/public_api/orders/additional_interest/?startDate=2026-04-01&endDate=2026-06-30'));
    assert.ok(body.byInstallments.length >= 2, JSON.stringify(body.byInstallments));
    assert.deepEqual(body.byPaymentMethod.map((item) => item.paymentMethod), ['credit_card', 'threeDs']);
    assert.ok(Number(body.earned) < Number(body.charged), `${body.earned} < ${body.charged}`);
  });

  it('has an old legacy-path order whose earned exceeds charged', async () => {
    const body = interestReportResponseSchema.parse(await getJson('/public_api/orders/additional_interest/?startDate=2025-12-01&endDate=2025-12-31'));
    assert.ok(body.orders >= 1);
    assert.ok(Number(body.earned) > Number(body.charged), `${body.earned} > ${body.charged}`);
  });

  it('has analytics rows for every dimension, (unclassified) included, and every offer role', async () => {
    for (const dimension of ['utm_source', 'utm_medium', 'utm_campaign']) {
      const body = analyticsResponseSchema.parse(await getJson(`/public_api/orders/analytics/?group_by=${dimension}`));
      assert.ok(body.results.some((row) => row[dimension] === '(unclassified)'), dimension);
      assert.ok(body.results.length >= 3, dimension);
    }
    for (const role of ['main', 'upsell', 'downsell', 'orderbump']) {
      const body = analyticsResponseSchema.parse(await getJson(`/public_api/orders/analytics/?group_by=utm_source&offer_type=${role}`));
      assert.ok(body.totals.order_count >= 1, role);
    }
  });
});
