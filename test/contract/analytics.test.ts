import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  analyticsQuerySchema,
  analyticsResponseSchema,
  buildAnalyticsQuery,
  type AnalyticsQuery,
} from '../../src/contract/analytics.js';
import { UNCLASSIFIED } from '../../src/contract/constants.js';
import { flattenFieldErrors, validate, type FieldErrorTree } from '../../src/contract/errors.js';

function queryErrorFields(input: unknown): string[] {
  const result = validate(analyticsQuerySchema, input);
  assert.equal(result.success, false, 'expected the query to be refused');
  return Object.keys(flattenFieldErrors((result as { errors: FieldErrorTree }).errors));
}

function sampleResponse() {
  return {
    group_by: 'utm_source',
    results: [
      { utm_source: 'instagram', order_count: 3, gross_volume: '291.00', net_value: '270.15', total_discount: '5.00', total_fees: '15.85' },
      { utm_source: UNCLASSIFIED, order_count: 1, gross_volume: '97.00', net_value: '92.16', total_discount: '0', total_fees: '4.84' },
    ],
    totals: { order_count: 4, gross_volume: '388.00', net_value: '362.31', total_discount: '5.00', total_fees: '20.69' },
  };
}

function responseErrors(input: unknown): Record<string, string[]> {
  const result = validate(analyticsResponseSchema, input);
  assert.equal(result.success, false, 'expected the response to be refused');
  return flattenFieldErrors((result as { errors: FieldErrorTree }).errors);
}

describe('analyticsQuerySchema and buildAnalyticsQuery', () => {
  it('builds every parameter in the spec order, lists comma-joined', () => {
    const params = buildAnalyticsQuery({
      group_by: 'utm_campaign',
      start_date: '01-03-2025',
      end_date: '31-03-2025',
      status: ['paid', 'refunded'],
      product: 'Curso',
      products: ['p1', 'p2'],
      offer: 'abc123',
      paymentMethod: 'pix',
      offer_type: 'upsell',
      type: 'subscription',
      installments: 3,
    });
    assert.equal(
      params.toString(),
      'group_by=utm_campaign&start_date=01-03-2025&end_date=31-03-2025&status=paid%2Crefunded&product=Curso' +
        '&products=p1%2Cp2&offer=abc123&paymentMethod=pix&offer_type=upsell&type=subscription&installments=3',
    );
  });

  it('leaves out what is not asked for', () => {
    assert.equal(buildAnalyticsQuery({ group_by: 'utm_source' }).toString(), 'group_by=utm_source');
  });

  it('throws naming the invalid parameter', () => {
    assert.throws(
      () => buildAnalyticsQuery({ group_by: 'utm_source', start_date: '2025-03-01' }),
      (error: unknown) => error instanceof Error && error.message.includes('start_date'),
    );
  });

  it('wants group_by among the UTM dimensions', () => {
    assert.equal(validate(analyticsQuerySchema, { group_by: 'utm_medium' }).success, true);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_term' }), ['group_by']);
    assert.deepEqual(queryErrorFields({}), ['group_by']);
  });

  it('takes dates as DD-MM-YYYY', () => {
    assert.equal(validate(analyticsQuerySchema, { group_by: 'utm_source', start_date: '29-02-2024' }).success, true);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', start_date: '2024-02-29' }), ['start_date']);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', end_date: '29-02-2025' }), ['end_date']);
  });

  it('refuses an end before the start, naming end_date', () => {
    assert.equal(validate(analyticsQuerySchema, { group_by: 'utm_source', start_date: '31-01-2025', end_date: '31-01-2025' }).success, true);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', start_date: '01-02-2025', end_date: '31-01-2025' }), ['end_date']);
    // Compared as dates, not as DD-MM text: 02-01-2025 is after 31-12-2024.
    assert.equal(validate(analyticsQuerySchema, { group_by: 'utm_source', start_date: '31-12-2024', end_date: '02-01-2025' }).success, true);
  });

  it('wants status as a non-empty list of values without commas', () => {
    assert.equal(validate(analyticsQuerySchema, { group_by: 'utm_source', status: ['paid'] }).success, true);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', status: [] }), ['status']);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', status: ['paid,refunded'] }), ['status.0.non_field_errors']);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', status: 'paid' }), ['status']);
  });

  it('wants products as a list of ids', () => {
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', products: ['p1', ''] }), ['products.1.non_field_errors']);
  });

  it('wants product and offer non-empty', () => {
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', product: '' }), ['product']);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', offer: '' }), ['offer']);
  });

  it('knows the payment methods of the fees table', () => {
    for (const paymentMethod of ['threeDs', 'picpay', 'openfinance_banco']) {
      assert.equal(validate(analyticsQuerySchema, { group_by: 'utm_source', paymentMethod }).success, true);
    }
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', paymentMethod: 'cash' }), ['paymentMethod']);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', paymentMethod: 'openfinance_<bank>' }), ['paymentMethod']);
  });

  it('takes offer_type and type from their lists', () => {
    assert.equal(validate(analyticsQuerySchema, { group_by: 'utm_source', offer_type: 'orderbump', type: 'unique' }).success, true);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', offer_type: 'bump' }), ['offer_type']);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', type: 'recurring' }), ['type']);
  });

  it('takes installments as a whole count', () => {
    assert.equal(validate(analyticsQuerySchema, { group_by: 'utm_source', installments: 12 }).success, true);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', installments: 0 }), ['installments']);
    assert.deepEqual(queryErrorFields({ group_by: 'utm_source', installments: 2.5 }), ['installments']);
  });

  it('refuses unknown parameters', () => {
    const options = { group_by: 'utm_source', utm_source: 'x' } as unknown as AnalyticsQuery;
    assert.deepEqual(queryErrorFields(options), ['utm_source']);
    assert.throws(() => buildAnalyticsQuery(options), /utm_source/);
  });
});

describe('analyticsResponseSchema', () => {
  it('accepts rows keyed by the dimension, (unclassified) included', () => {
    const result = validate(analyticsResponseSchema, sampleResponse());
    assert.equal(result.success, true);
    if (!result.success) return;
    assert.equal(result.data.results[1]?.['utm_source'], UNCLASSIFIED);
  });

  it('reads a bare 0 discount as "0"', () => {
    const response = sampleResponse() as { results: { total_discount: unknown }[] };
    response.results[1]!.total_discount = 0;
    const result = validate(analyticsResponseSchema, response);
    assert.equal(result.success, true);
    if (result.success) assert.equal(result.data.results[1]?.total_discount, '0');
    response.results[1]!.total_discount = 5;
    assert.deepEqual(Object.keys(responseErrors(response)), ['results.1.total_discount']);
  });

  it('wants each row to carry the grouped dimension', () => {
    const response = sampleResponse();
    response.group_by = 'utm_medium';
    assert.deepEqual(Object.keys(responseErrors(response)), ['results.0.utm_medium', 'results.1.utm_medium']);
  });

  it('refuses an empty dimension value', () => {
    const response = sampleResponse();
    response.results[0]!.utm_source = '';
    assert.deepEqual(Object.keys(responseErrors(response)), ['results.0.utm_source']);
  });

  it('refuses two rows for the same value', () => {
    const response = sampleResponse();
    response.results[1]!.utm_source = 'instagram';
    assert.deepEqual(Object.keys(responseErrors(response)), ['results.1.utm_source']);
  });

  it('wants order_count a whole number from 0', () => {
    const response = sampleResponse();
    response.results[0]!.order_count = -1;
    assert.ok(Object.keys(responseErrors(response)).includes('results.0.order_count'));
  });

  it('wants money metrics as decimal strings', () => {
    const response = sampleResponse() as { results: { net_value: unknown }[] };
    response.results[0]!.net_value = 270.15;
    assert.deepEqual(Object.keys(responseErrors(response)), ['results.0.net_value']);
  });

  it('wants group_by among the dimensions', () => {
    const response = sampleResponse();
    response.group_by = 'sck';
    assert.deepEqual(Object.keys(responseErrors(response)), ['group_by']);
  });

  it('accepts no rows with zero totals', () => {
    const result = validate(analyticsResponseSchema, {
      group_by: 'utm_source',
      results: [],
      totals: { order_count: 0, gross_volume: '0.00', net_value: '0.00', total_discount: '0', total_fees: '0.00' },
    });
    assert.equal(result.success, true);
  });

  for (const metric of ['gross_volume', 'net_value', 'total_discount', 'total_fees'] as const) {
    it(`refuses a ${metric} total that is not the sum of the rows`, () => {
      const response = sampleResponse();
      response.totals[metric] = '1000.00';
      const errors = responseErrors(response);
      assert.deepEqual(Object.keys(errors), [`totals.${metric}`]);
      assert.match(errors[`totals.${metric}`]![0]!, /não confere com a soma das linhas/);
    });
  }

  it('refuses an order_count total that is not the sum of the rows', () => {
    const response = sampleResponse();
    response.totals.order_count = 5;
    assert.deepEqual(Object.keys(responseErrors(response)), ['totals.order_count']);
  });

  it('compares totals as numbers: 5 equals 5.00', () => {
    const response = sampleResponse();
    response.totals.total_discount = '5';
    assert.equal(validate(analyticsResponseSchema, response).success, true);
  });

  it('is off by one cent, and says so with the sum', () => {
    const response = sampleResponse();
    response.totals.total_fees = '20.70';
    assert.deepEqual(responseErrors(response)['totals.total_fees'], ['O total (20.70) não confere com a soma das linhas (20.69).']);
  });
});
