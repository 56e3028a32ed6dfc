import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validate } from '../../src/contract/errors.js';
import {
  CHARGE_STATUSES,
  CHARGE_TRANSITIONS,
  FINAL_CHARGE_STATUSES,
  KNOWN_ORDER_STATUSES,
  WAITING_CHARGE_STATUSES,
  chargeStatusSchema,
  initialStatuses,
  isFinalChargeStatus,
  isKnownOrderStatus,
  isWaitingChargeStatus,
  orderRecordSchema,
} from '../../src/contract/orders.js';
import { failingFields } from './field-errors.js';

describe('charge statuses', () => {
  it('accepts the five statuses of the spec and refuses others', () => {
    for (const status of ['waiting_payment', 'paid', 'declined', 'refused', 'pending']) {
      assert.equal(chargeStatusSchema.safeParse(status).success, true, status);
    }
    assert.equal(chargeStatusSchema.safeParse('approved').success, false);
  });

  it('splits them into final and waiting with none left out or in both', () => {
    assert.deepEqual([...FINAL_CHARGE_STATUSES, ...WAITING_CHARGE_STATUSES].sort(), [...CHARGE_STATUSES].sort());
    assert.equal(isFinalChargeStatus('paid'), true);
    assert.equal(isFinalChargeStatus('declined'), true);
    assert.equal(isFinalChargeStatus('refused'), true);
    assert.equal(isFinalChargeStatus('pending'), false);
    assert.equal(isWaitingChargeStatus('pending'), true);
    assert.equal(isWaitingChargeStatus('waiting_payment'), true);
    assert.equal(isWaitingChargeStatus('paid'), false);
    assert.equal(isWaitingChargeStatus('refunded'), false);
  });
});

describe('initialStatuses', () => {
  it('starts pix, pix_auto and boleto in waiting_payment', () => {
    assert.deepEqual(initialStatuses('pix'), ['waiting_payment']);
    assert.deepEqual(initialStatuses('pix_auto'), ['waiting_payment']);
    assert.deepEqual(initialStatuses('boleto'), ['waiting_payment']);
  });

  it('starts card methods in one of the acquirer outcomes, never waiting_payment', () => {
    assert.deepEqual(initialStatuses('threeDs'), ['paid', 'declined', 'refused', 'pending']);
    assert.deepEqual(initialStatuses('credit_card'), ['paid', 'declined', 'refused', 'pending']);
    assert.equal(initialStatuses('threeDs').includes('waiting_payment'), false);
  });

  it('keeps the pix_auto authorization row, whose result the spec does not show', () => {
    const row = CHARGE_TRANSITIONS.find((transition) => transition.trigger === 'authorization_confirmed');
    assert.equal(row?.from, 'waiting_payment');
    assert.deepEqual(row?.methods, ['pix_auto']);
    assert.equal(row?.to, null);
    assert.equal(row?.event, 'purchase_approved');
  });
});

describe('KNOWN_ORDER_STATUSES', () => {
  it('adds the later statuses to the charge statuses', () => {
    for (const status of CHARGE_STATUSES) assert.equal(isKnownOrderStatus(status), true, status);
    assert.equal(isKnownOrderStatus('refunded'), true);
    assert.equal(isKnownOrderStatus('chargeback'), true);
    assert.equal(isKnownOrderStatus('canceled'), true);
    assert.equal(isKnownOrderStatus('lost'), false);
    assert.equal(KNOWN_ORDER_STATUSES.length, new Set(KNOWN_ORDER_STATUSES).size);
  });
});

describe('orderRecordSchema', () => {
  const record = {
    id: 'ord_1',
    refId: 'R7K2',
    status: 'paid',
    paymentMethod: 'threeDs',
    amount: '97.00',
    baseAmount: '97.00',
    discount: '0',
    installments: 3,
    product: { id: 'prod_1', short_id: 'AbC12', name: 'Curso' },
    createdAt: '2025-03-01T10:00:00-03:00',
    paidAt: '2025-03-01 10:00:05-03:00',
    releaseDate: '2025-03-31',
    refundedAt: null,
    chargedbackAt: null,
    canceledAt: null,
  };

  it('accepts a full record and keeps fields it does not list', () => {
    const result = validate(orderRecordSchema, { ...record, utm_source: 'newsletter' });
    assert.equal(result.success, true);
    if (!result.success) return;
    assert.equal(result.data['utm_source'], 'newsletter');
  });

  it('needs only id and status', () => {
    assert.equal(validate(orderRecordSchema, { id: 'ord_1', status: 'waiting_payment' }).success, true);
    assert.deepEqual(failingFields(orderRecordSchema, { id: 'ord_1' }), ['status']);
    assert.deepEqual(failingFields(orderRecordSchema, { status: 'paid' }), ['id']);
  });

  it('takes statuses the charge never has, since orders live on', () => {
    assert.equal(validate(orderRecordSchema, { ...record, status: 'refunded' }).success, true);
    assert.equal(validate(orderRecordSchema, { ...record, status: 'in_dispute' }).success, true);
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, status: '' }), ['status']);
  });

  it('keeps money as decimal strings', () => {
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, amount: 97 }), ['amount']);
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, discount: '0,00' }), ['discount']);
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, baseAmount: '' }), ['baseAmount']);
  });

  it('reads timestamps as date-times with an offset, null before they happen', () => {
    assert.equal(validate(orderRecordSchema, { ...record, paidAt: null }).success, true);
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, paidAt: 'ontem' }), ['paidAt']);
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, refundedAt: '2025-03-02T10:00:00' }), ['refundedAt']);
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, createdAt: '2025-03-01' }), ['createdAt']);
  });

  it('takes releaseDate as a day or a date-time', () => {
    assert.equal(validate(orderRecordSchema, { ...record, releaseDate: '2025-03-31T00:00:00-03:00' }).success, true);
    assert.equal(validate(orderRecordSchema, { ...record, releaseDate: null }).success, true);
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, releaseDate: '31/03/2025' }), ['releaseDate']);
  });

  it('counts instalments from 1', () => {
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, installments: 0 }), ['installments']);
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, installments: 1.5 }), ['installments']);
  });

  it('reads the product as an object', () => {
    assert.deepEqual(failingFields(orderRecordSchema, { ...record, product: { id: 1 } }), ['product.id']);
  });
});
