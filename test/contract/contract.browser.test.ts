import { expect } from '@open-wc/testing';
import {
  chargeRequestSchema,
  flattenFieldErrors,
  installmentPlan,
  parseApiDateTime,
  secretsMatch,
  validate,
} from '../../src/contract/index.js';

// The widget runs the contract in the buyer's browser: the same rules must hold there.
describe('the contract in the browser', () => {
  const pixRequest = {
    paymentMethod: 'pix',
    customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '5511987654321', fingerprint: 'device-1' },
    items: [{ offerId: '77BcHrY' }],
  };

  it('accepts a valid Pix charge request and fills the item defaults', () => {
    const result = validate(chargeRequestSchema, pixRequest);
    expect(result.success).to.equal(true);
    if (result.success) expect(result.data.items[0]).to.deep.equal({ offerId: '77BcHrY', quantity: 1, offerType: 'main' });
  });

  it('names the fields of an invalid card charge, in the API\'s words', () => {
    const result = validate(chargeRequestSchema, { ...pixRequest, paymentMethod: 'credit_card', antifraudProfilingAttemptReference: 'x' });
    expect(result.success).to.equal(false);
    if (!result.success) {
      expect(Object.keys(flattenFieldErrors(result.errors)).sort()).to.deep.equal([
        'antifraudProfilingAttemptReference',
        'antifraud_profiling_attempt_reference',
        'card',
      ]);
    }
  });

  it('does exact money with BigInt and reads both date-time forms', () => {
    expect(installmentPlan('100.00', 3, 4.7)).to.deep.equal({ installments: 3, installmentAmount: '34.90', total: '104.70', interest: '4.70' });
    expect(parseApiDateTime('2026-11-22 10:30:00-03:00')?.toISOString()).to.equal('2026-11-22T13:30:00.000Z');
  });

  it('compares webhook secrets without Node\'s crypto', () => {
    expect(secretsMatch('s3cret', 's3cret')).to.equal(true);
    expect(secretsMatch('s3cret', 's3creT')).to.equal(false);
    expect(secretsMatch('s3cret', 's3cret-longer')).to.equal(false);
  });
});
