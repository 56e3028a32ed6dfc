import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenFieldErrors, validate, type FieldErrorTree } from '../../src/contract/errors.js';
import {
  additionalInterestConfigSchema,
  feeFor,
  feesResponseSchema,
  installmentOptions,
  isFeeConfigured,
  type FeesResponse,
} from '../../src/contract/fees.js';

const INTEREST_BY_COUNT = [0, 2.99, 4.7, 5.5, 6.3, 7.1, 7.9, 8.7, 9.5, 10.3, 11.1, 17.42, 18, 19, 20, 21, 22, 23];

function sampleFees(): FeesResponse {
  return {
    paymentMethods: [
      { paymentMethod: 'pix', percentage: 0.99, fixed: 0, releaseDays: 0 },
      { paymentMethod: 'pix_auto', percentage: 0.99, fixed: '0.00', releaseDays: 0 },
      { paymentMethod: 'boleto', percentage: null, fixed: 3.49, releaseDays: 2 },
      { paymentMethod: 'credit_card', percentage: 4.99, fixed: 1, releaseDays: 30 },
      { paymentMethod: 'threeDs', percentage: 4.99, fixed: '1.00', releaseDays: 30 },
      { paymentMethod: 'picpay', percentage: null, fixed: null, releaseDays: null },
      { paymentMethod: 'pagaleve', percentage: null, fixed: null, releaseDays: null },
      { paymentMethod: 'googlepay', percentage: 4.99, fixed: 1, releaseDays: 30 },
      { paymentMethod: 'applepay', percentage: 4.99, fixed: 1, releaseDays: 30 },
      { paymentMethod: 'openfinance_banco', percentage: 1.5, fixed: null, releaseDays: 1 },
    ],
    creditCardInstallments: INTEREST_BY_COUNT.map((interestPercentage, index) => ({ installments: index + 1, interestPercentage })),
    customerFees: [{ name: 'Taxa de processamento', amount: '2.50', percentage: 0, paymentMethod: null, refundable: false }],
  };
}

function errorFields(input: unknown): string[] {
  const result = validate(feesResponseSchema, input);
  assert.equal(result.success, false, 'expected the input to be refused');
  return Object.keys(flattenFieldErrors((result as { errors: FieldErrorTree }).errors));
}

function messagesAt(input: unknown, field: string): string[] {
  const result = validate(feesResponseSchema, input);
  assert.equal(result.success, false);
  return flattenFieldErrors((result as { errors: FieldErrorTree }).errors)[field] ?? [];
}

describe('feesResponseSchema', () => {
  it('accepts a full table and keeps null as null', () => {
    const result = validate(feesResponseSchema, sampleFees());
    assert.equal(result.success, true);
    if (!result.success) return;
    assert.deepEqual(result.data.paymentMethods[5], { paymentMethod: 'picpay', percentage: null, fixed: null, releaseDays: null });
    assert.equal(result.data.paymentMethods[1]?.fixed, '0.00');
  });

  it('keeps unknown extra keys out without refusing them', () => {
    const result = validate(feesResponseSchema, { ...sampleFees(), account: 'x' });
    assert.equal(result.success, true);
    if (result.success) assert.equal('account' in result.data, false);
  });

  it('refuses a table missing a method', () => {
    const fees = sampleFees();
    fees.paymentMethods = fees.paymentMethods.filter((entry) => entry.paymentMethod !== 'applepay');
    assert.ok(errorFields(fees).includes('paymentMethods'));
  });

  it('refuses methods out of order, naming the entry', () => {
    const fees = sampleFees();
    const [first, second] = [fees.paymentMethods[3]!, fees.paymentMethods[4]!];
    fees.paymentMethods[3] = second;
    fees.paymentMethods[4] = first;
    assert.deepEqual(errorFields(fees), ['paymentMethods.3.paymentMethod', 'paymentMethods.4.paymentMethod']);
    assert.deepEqual(messagesAt(fees, 'paymentMethods.3.paymentMethod'), ['Esperado "credit_card" nesta posição da tabela de taxas.']);
  });

  it('wants an openfinance_<bank> identifier last', () => {
    const fees = sampleFees();
    fees.paymentMethods[9] = { paymentMethod: 'openfinance', percentage: null, fixed: null, releaseDays: null };
    assert.deepEqual(errorFields(fees), ['paymentMethods.9.paymentMethod']);
  });

  it('accepts fixed as a number or a decimal string, and nothing else', () => {
    const fees = sampleFees();
    fees.paymentMethods[0]!.fixed = 'R$ 1,00';
    assert.deepEqual(errorFields(fees), ['paymentMethods.0.fixed']);
    assert.deepEqual(messagesAt(fees, 'paymentMethods.0.fixed'), ['Informe um número decimal válido.']);
    (fees.paymentMethods[0] as { fixed: unknown }).fixed = true;
    assert.deepEqual(messagesAt(fees, 'paymentMethods.0.fixed'), ['Informe um número ou um valor decimal em texto.']);
  });

  it('takes percentage as a number or null', () => {
    const fees = sampleFees() as unknown as { paymentMethods: { percentage: unknown }[] };
    fees.paymentMethods[0]!.percentage = '0.99';
    assert.deepEqual(errorFields(fees), ['paymentMethods.0.percentage']);
  });

  it('takes releaseDays as a whole number from 0, or null', () => {
    const fees = sampleFees();
    fees.paymentMethods[2]!.releaseDays = -1;
    assert.deepEqual(errorFields(fees), ['paymentMethods.2.releaseDays']);
    fees.paymentMethods[2]!.releaseDays = 1.5;
    assert.deepEqual(errorFields(fees), ['paymentMethods.2.releaseDays']);
  });

  it('wants exactly 18 instalment rows', () => {
    const fees = sampleFees();
    fees.creditCardInstallments = fees.creditCardInstallments.slice(0, 12);
    assert.deepEqual(errorFields(fees), ['creditCardInstallments']);
  });

  it('refuses a gap in the instalment counts, naming the row', () => {
    const fees = sampleFees();
    fees.creditCardInstallments[4]!.installments = 6;
    assert.deepEqual(errorFields(fees), ['creditCardInstallments.4.installments']);
  });

  it('refuses instalment rows out of order', () => {
    const fees = sampleFees();
    fees.creditCardInstallments.reverse();
    const fields = errorFields(fees);
    assert.ok(fields.includes('creditCardInstallments.0.installments'));
    assert.ok(fields.includes('creditCardInstallments.17.installments'));
  });

  it('wants no interest for 1 instalment', () => {
    const fees = sampleFees();
    fees.creditCardInstallments[0]!.interestPercentage = 1;
    assert.deepEqual(errorFields(fees), ['creditCardInstallments.0.interestPercentage']);
  });

  it('refuses negative interest', () => {
    const fees = sampleFees();
    fees.creditCardInstallments[2]!.interestPercentage = -0.5;
    assert.deepEqual(errorFields(fees), ['creditCardInstallments.2.interestPercentage']);
  });

  it('accepts an empty customerFees list and a fee for one method', () => {
    assert.equal(validate(feesResponseSchema, { ...sampleFees(), customerFees: [] }).success, true);
    const fees = sampleFees();
    fees.customerFees[0]!.paymentMethod = 'boleto';
    assert.equal(validate(feesResponseSchema, fees).success, true);
  });

  it('wants customer fee amounts as decimal strings', () => {
    const fees = sampleFees() as unknown as { customerFees: { amount: unknown }[] };
    fees.customerFees[0]!.amount = 2.5;
    assert.deepEqual(errorFields(fees), ['customerFees.0.amount']);
  });

  it('wants refundable as a boolean', () => {
    const fees = sampleFees() as unknown as { customerFees: { refundable: unknown }[] };
    fees.customerFees[0]!.refundable = 'false';
    assert.deepEqual(errorFields(fees), ['customerFees.0.refundable']);
  });
});

describe('feeFor and isFeeConfigured', () => {
  it('finds a method by its identifier', () => {
    assert.equal(feeFor(sampleFees(), 'boleto')?.fixed, 3.49);
    assert.equal(feeFor(sampleFees(), 'cash'), undefined);
  });

  it('finds the open-finance entry by the placeholder or by its identifier', () => {
    assert.equal(feeFor(sampleFees(), 'openfinance_<bank>')?.paymentMethod, 'openfinance_banco');
    assert.equal(feeFor(sampleFees(), 'openfinance_banco')?.percentage, 1.5);
  });

  it('tells configured methods from unconfigured ones', () => {
    assert.equal(isFeeConfigured(feeFor(sampleFees(), 'picpay')!), false);
    assert.equal(isFeeConfigured(feeFor(sampleFees(), 'boleto')!), true);
    assert.equal(isFeeConfigured(feeFor(sampleFees(), 'pix')!), true);
  });
});

describe('installmentOptions', () => {
  it('prices 1 to 12 instalments by default with the table interest', () => {
    const options = installmentOptions(sampleFees(), '100.00');
    assert.equal(options.length, 12);
    assert.deepEqual(options.map((option) => option.installments), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.deepEqual(options[0], {
      installments: 1,
      installmentAmount: '100.00',
      total: '100.00',
      interest: '0.00',
      interestPercentage: 0,
      interestFree: true,
    });
    assert.deepEqual(options[2], {
      installments: 3,
      installmentAmount: '34.90',
      total: '104.70',
      interest: '4.70',
      interestPercentage: 4.7,
      interestFree: false,
    });
  });

  it('stops at the maximum asked for', () => {
    const options = installmentOptions(sampleFees(), '97.00', 3);
    assert.deepEqual(options.map((option) => option.total), ['97.00', '99.90', '101.56']);
  });

  it('flags counts the table makes interest-free', () => {
    const fees = sampleFees();
    fees.creditCardInstallments[1]!.interestPercentage = 0;
    const options = installmentOptions(fees, '100.00', 2);
    assert.deepEqual(options.map((option) => option.interestFree), [true, true]);
    assert.equal(options[1]?.installmentAmount, '50.00');
  });

  it('adds the producer\'s active additional interest to the table\'s, count by count', () => {
    const additional = { active: true, installments: [{ installments: 3, interestPercentage: 1.3 }] };
    const options = installmentOptions(sampleFees(), '100.00', 3, additional);
    assert.deepEqual(options.map((option) => option.total), ['100.00', '102.99', '106.00']);
    assert.equal(options[2]?.interestPercentage, 6);
    const inactive = installmentOptions(sampleFees(), '100.00', 3, { ...additional, active: false });
    assert.equal(inactive[2]?.total, '104.70');
  });

  it('refuses a maximum outside 1 to 12', () => {
    assert.throws(() => installmentOptions(sampleFees(), '100.00', 0), RangeError);
    assert.throws(() => installmentOptions(sampleFees(), '100.00', 13), RangeError);
    assert.throws(() => installmentOptions(sampleFees(), '100.00', 2.5), RangeError);
  });
});

describe('additionalInterestConfigSchema', () => {
  const config = {
    active: true,
    installments: [
      { installments: 2, interestPercentage: 1.5 },
      { installments: 12, interestPercentage: 3 },
    ],
  };

  it('accepts counts from 2 to 12', () => {
    assert.equal(validate(additionalInterestConfigSchema, config).success, true);
  });

  it('refuses a count outside 2 to 12, naming the row', () => {
    for (const installments of [1, 13]) {
      const result = validate(additionalInterestConfigSchema, { ...config, installments: [{ installments, interestPercentage: 1 }] });
      assert.equal(result.success, false);
      if (result.success) return;
      assert.deepEqual(Object.keys(flattenFieldErrors(result.errors)), ['installments.0.installments']);
    }
  });

  it('refuses the same count twice', () => {
    const result = validate(additionalInterestConfigSchema, {
      ...config,
      installments: [...config.installments, { installments: 2, interestPercentage: 2 }],
    });
    assert.equal(result.success, false);
    if (result.success) return;
    assert.deepEqual(Object.keys(flattenFieldErrors(result.errors)), ['installments.2.installments']);
  });

  it('refuses negative interest and a missing active flag', () => {
    const result = validate(additionalInterestConfigSchema, { installments: [{ installments: 3, interestPercentage: -1 }] });
    assert.equal(result.success, false);
    if (result.success) return;
    assert.deepEqual(Object.keys(flattenFieldErrors(result.errors)).sort(), ['active', 'installments.0.interestPercentage']);
  });
});
