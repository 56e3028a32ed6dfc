import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenFieldErrors, validate, type FieldErrorTree } from '../../src/contract/errors.js';
import {
  buildInterestReportQuery,
  interestReportQuerySchema,
  interestReportResponseSchema,
  reportWindow,
  type InterestReportQuery,
} from '../../src/contract/interest-report.js';

function errorsOf(schema: Parameters<typeof validate>[0], input: unknown): Record<string, string[]> {
  const result = validate(schema, input);
  assert.equal(result.success, false, 'expected the input to be refused');
  return flattenFieldErrors((result as { errors: FieldErrorTree }).errors);
}

const saoPauloClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

describe('interestReportQuerySchema and buildInterestReportQuery', () => {
  it('sends BRL when no currency is given', () => {
    assert.equal(buildInterestReportQuery().toString(), 'currency=BRL');
    assert.equal(buildInterestReportQuery({}).toString(), 'currency=BRL');
    const result = validate(interestReportQuerySchema, {});
    assert.equal(result.success && result.data.currency, 'BRL');
  });

  it('sends the currency and both dates', () => {
    assert.equal(
      buildInterestReportQuery({ currency: 'USD', startDate: '2025-03-01', endDate: '2025-03-31' }).toString(),
      'currency=USD&startDate=2025-03-01&endDate=2025-03-31',
    );
  });

  it('takes only the listed currencies', () => {
    assert.equal(validate(interestReportQuerySchema, { currency: 'UYU' }).success, true);
    assert.deepEqual(Object.keys(errorsOf(interestReportQuerySchema, { currency: 'GBP' })), ['currency']);
  });

  it('wants both dates or neither, naming the missing one', () => {
    assert.deepEqual(Object.keys(errorsOf(interestReportQuerySchema, { startDate: '2025-03-01' })), ['endDate']);
    assert.deepEqual(Object.keys(errorsOf(interestReportQuerySchema, { endDate: '2025-03-31' })), ['startDate']);
  });

  it('takes dates as real YYYY-MM-DD days', () => {
    assert.deepEqual(Object.keys(errorsOf(interestReportQuerySchema, { startDate: '2025-02-30', endDate: '2025-03-01' })), ['startDate']);
    assert.deepEqual(Object.keys(errorsOf(interestReportQuerySchema, { startDate: '2025-02-01', endDate: '01-03-2025' })), ['endDate']);
  });

  it('refuses an end before the start', () => {
    assert.equal(validate(interestReportQuerySchema, { startDate: '2025-03-01', endDate: '2025-03-01' }).success, true);
    assert.deepEqual(Object.keys(errorsOf(interestReportQuerySchema, { startDate: '2025-03-02', endDate: '2025-03-01' })), ['endDate']);
  });

  it('allows 92 days and refuses 93, naming the size', () => {
    assert.equal(validate(interestReportQuerySchema, { startDate: '2025-01-01', endDate: '2025-04-02' }).success, true);
    const errors = errorsOf(interestReportQuerySchema, { startDate: '2025-01-01', endDate: '2025-04-03' });
    assert.deepEqual(errors, { endDate: ['A janela de 93 dias excede o máximo de 92 dias.'] });
  });

  it('refuses unknown parameters, such as a producer', () => {
    assert.deepEqual(Object.keys(errorsOf(interestReportQuerySchema, { producer: 'x' })), ['producer']);
  });

  it('throws naming the parameter', () => {
    const options = { startDate: '2025-01-01', endDate: '2025-06-01' } satisfies InterestReportQuery;
    assert.throws(() => buildInterestReportQuery(options), /endDate.*152 dias/);
  });
});

describe('reportWindow', () => {
  it('runs from 00:00 of startDate to 23:59:59 of endDate in São Paulo', () => {
    const window = reportWindow({ startDate: '2025-03-01', endDate: '2025-03-31' });
    assert.equal(window.start.toISOString(), '2025-03-01T03:00:00.000Z');
    assert.equal(window.end.toISOString(), '2025-04-01T02:59:59.000Z');
    assert.equal(window.days, 31);
  });

  it('agrees with the time-zone database on days since 2019', () => {
    const window = reportWindow({ startDate: '2024-11-10', endDate: '2025-01-15' });
    assert.equal(saoPauloClock.format(window.start), '10/11/2024, 00:00:00');
    assert.equal(saoPauloClock.format(window.end), '15/01/2025, 23:59:59');
  });

  it('defaults to the 30 days ending now', () => {
    const now = new Date('2025-03-31T15:00:00.000Z');
    const window = reportWindow({}, now);
    assert.equal(window.start.toISOString(), '2025-03-01T15:00:00.000Z');
    assert.equal(window.end.toISOString(), '2025-03-31T15:00:00.000Z');
    assert.equal(window.days, 30);
  });

  it('allows 92 days and refuses more, naming the size in days', () => {
    assert.equal(reportWindow({ startDate: '2025-01-01', endDate: '2025-04-02' }).days, 92);
    assert.throws(() => reportWindow({ startDate: '2025-01-01', endDate: '2025-04-03' }), {
      name: 'RangeError',
      message: 'A janela de 93 dias excede o máximo de 92 dias.',
    });
  });

  it('refuses one date alone, an end before the start and a malformed date', () => {
    assert.throws(() => reportWindow({ startDate: '2025-01-01' }), RangeError);
    assert.throws(() => reportWindow({ startDate: '2025-01-02', endDate: '2025-01-01' }), RangeError);
    assert.throws(() => reportWindow({ startDate: '01-01-2025', endDate: '2025-01-02' }), /Data inválida/);
  });
});

function sampleReport() {
  return {
    currency: 'BRL',
    startDate: '2025-03-01T00:00:00-03:00',
    endDate: '2025-03-31T23:59:59-03:00',
    charged: '30.00',
    earned: '21.00',
    orders: 3,
    byInstallments: [
      { installments: 3, charged: '10.00', earned: '7.00', orders: 1 },
      { installments: 12, charged: '20.00', earned: '14.00', orders: 2 },
    ],
    byPaymentMethod: [
      { paymentMethod: 'credit_card', charged: '25.00', earned: '17.50', orders: 2 },
      { paymentMethod: 'threeDs', charged: '5.00', earned: '3.50', orders: 1 },
    ],
  };
}

describe('interestReportResponseSchema', () => {
  it('accepts a consistent report, dropping unknown keys', () => {
    const result = validate(interestReportResponseSchema, { ...sampleReport(), account: 'x' });
    assert.equal(result.success, true);
    if (result.success) assert.equal('account' in result.data, false);
  });

  it('accepts the space-separated date-time form', () => {
    assert.equal(validate(interestReportResponseSchema, { ...sampleReport(), endDate: '2025-03-31 23:59:59-03:00' }).success, true);
  });

  it('wants the window as date-times with an offset', () => {
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, { ...sampleReport(), startDate: '2025-03-01' })), ['startDate']);
  });

  it('refuses an end before the start', () => {
    const report = { ...sampleReport(), endDate: '2025-02-28T23:59:59-03:00' };
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['endDate']);
  });

  it('lets earned exceed charged (legacy affiliate path)', () => {
    const report = sampleReport();
    report.earned = '40.00';
    report.byInstallments[1]!.earned = '33.00';
    report.byPaymentMethod[0]!.earned = '36.50';
    assert.equal(validate(interestReportResponseSchema, report).success, true);
  });

  it('accepts empty breakdowns with zero totals', () => {
    const report = { ...sampleReport(), charged: '0.00', earned: '0.00', orders: 0, byInstallments: [], byPaymentMethod: [] };
    assert.equal(validate(interestReportResponseSchema, report).success, true);
  });

  it('refuses byInstallments whose charged does not add up, naming the list', () => {
    const report = sampleReport();
    report.byInstallments[0]!.charged = '10.01';
    const errors = errorsOf(interestReportResponseSchema, report);
    assert.deepEqual(Object.keys(errors), ['byInstallments']);
    assert.deepEqual(errors['byInstallments'], ['A soma de charged em byInstallments (30.01) difere do valor de charged do relatório (30.00).']);
  });

  it('refuses byInstallments whose earned does not add up', () => {
    const report = sampleReport();
    report.byInstallments[1]!.earned = '13.99';
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byInstallments']);
  });

  it('refuses byPaymentMethod whose sums do not add up', () => {
    const report = sampleReport();
    report.byPaymentMethod[1]!.earned = '3.49';
    report.byPaymentMethod[1]!.charged = '4.00';
    const errors = errorsOf(interestReportResponseSchema, report);
    assert.deepEqual(Object.keys(errors), ['byPaymentMethod']);
    assert.equal(errors['byPaymentMethod']?.length, 2);
  });

  it('refuses a top-level value the breakdowns do not reach', () => {
    const report = { ...sampleReport(), charged: '31.00' };
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byInstallments', 'byPaymentMethod']);
  });

  it('takes instalment counts from 1 to 18', () => {
    const report = sampleReport();
    report.byInstallments[1]!.installments = 18;
    assert.equal(validate(interestReportResponseSchema, report).success, true);
    report.byInstallments[1]!.installments = 19;
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byInstallments.1.installments']);
    report.byInstallments[1]!.installments = 0;
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byInstallments.1.installments']);
  });

  it('refuses the same instalment count twice', () => {
    const report = sampleReport();
    report.byInstallments[1]!.installments = 3;
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byInstallments.1.installments']);
  });

  it('takes only card-like methods, once each', () => {
    const report = sampleReport();
    report.byPaymentMethod[1]!.paymentMethod = 'applepay';
    assert.equal(validate(interestReportResponseSchema, report).success, true);
    report.byPaymentMethod[1]!.paymentMethod = 'pix';
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byPaymentMethod.1.paymentMethod']);
    report.byPaymentMethod[1]!.paymentMethod = 'credit_card';
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byPaymentMethod.1.paymentMethod']);
  });

  it('wants orders a whole number from 0', () => {
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, { ...sampleReport(), orders: -1 })), ['orders']);
    const report = sampleReport();
    report.byPaymentMethod[0]!.orders = 1.5;
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byPaymentMethod.0.orders']);
  });

  it('wants amounts as decimal strings', () => {
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, { ...sampleReport(), charged: 30 })), ['charged']);
    const report = sampleReport();
    report.byInstallments[0]!.earned = '7,00';
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, report)), ['byInstallments.0.earned']);
  });

  it('wants a listed currency', () => {
    assert.deepEqual(Object.keys(errorsOf(interestReportResponseSchema, { ...sampleReport(), currency: 'GBP' })), ['currency']);
  });
});
