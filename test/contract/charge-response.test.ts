import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  chargeResponseSchema,
  digitableLineDigits,
  pixExpiration,
  type ChargeResponse,
} from '../../src/contract/charge-response.js';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';
import { CHARGE_ANSWER_COMMON } from './charge-answer-fields.js';

function failingFields(input: unknown): string[] {
  const result = validate(chargeResponseSchema, input);
  assert.equal(result.success, false, 'expected the response to be refused');
  return result.success ? [] : Object.keys(flattenFieldErrors(result.errors));
}

function accepts(input: unknown): ChargeResponse {
  const result = validate(chargeResponseSchema, input);
  assert.equal(result.success, true, JSON.stringify(result.success ? null : result.errors));
  if (!result.success) throw new Error('unreachable');
  return result.data;
}

const common = CHARGE_ANSWER_COMMON;

const DIGITABLE_LINE = '23790.12345 60000.123456 78901.234567 8 97650000010000';

const pix = {
  ...common,
  paymentMethod: 'pix',
  status: 'waiting_payment',
  checkoutUrl: 'https://pay.example.com/checkout/ord_8f2c',
  pix: { qrCode: '00020126580014br.gov.bcb.pix0136abc5204000053039865802BR6304ABCD', expirationDate: '2025-03-01 10:30:00-03:00', user_journey: null },
};
const pixAuto = { ...pix, paymentMethod: 'pix_auto', pix: { ...pix.pix, user_journey: 'JORNADA_3' } };
const boleto = {
  ...common,
  paymentMethod: 'boleto',
  status: 'waiting_payment',
  checkoutUrl: 'https://pay.example.com/checkout/ord_8f2c',
  boleto: { barcode: DIGITABLE_LINE, pdfUrl: 'https://pay.example.com/boleto/ord_8f2c.pdf', dueDate: '2025-03-04' },
};
const threeDs = { ...common, paymentMethod: 'threeDs', status: 'paid', externalId: 'svc_3ds_0a9f' };
const creditCard = { ...common, paymentMethod: 'credit_card', status: 'declined' };

describe('chargeResponseSchema', () => {
  it('accepts a response of each method', () => {
    assert.equal(accepts(pix).paymentMethod, 'pix');
    assert.equal(accepts(pixAuto).paymentMethod, 'pix_auto');
    assert.equal(accepts(boleto).paymentMethod, 'boleto');
    assert.equal(accepts(threeDs).paymentMethod, 'threeDs');
    assert.equal(accepts(creditCard).paymentMethod, 'credit_card');
  });

  it('accepts fields the spec does not list (the API may add some)', () => {
    assert.equal(accepts({ ...threeDs, installments: 3 }).id, 'ord_8f2c');
  });

  it('names paymentMethod when it is missing or unknown', () => {
    const { paymentMethod: _omitted, ...withoutMethod } = threeDs;
    assert.deepEqual(failingFields(withoutMethod), ['paymentMethod']);
    assert.deepEqual(failingFields({ ...threeDs, paymentMethod: 'picpay' }), ['paymentMethod']);
  });

  describe('status', () => {
    it('starts bank-settled methods in waiting_payment only', () => {
      assert.deepEqual(failingFields({ ...pix, status: 'paid' }), ['status']);
      assert.deepEqual(failingFields({ ...boleto, status: 'pending' }), ['status']);
      assert.deepEqual(failingFields({ ...pixAuto, status: 'declined' }), ['status']);
    });

    it('starts card methods in an acquirer outcome only', () => {
      for (const status of ['paid', 'declined', 'refused', 'pending']) {
        assert.equal(accepts({ ...threeDs, status }).status, status);
        assert.equal(accepts({ ...creditCard, status }).status, status);
      }
      assert.deepEqual(failingFields({ ...threeDs, status: 'waiting_payment' }), ['status']);
      assert.deepEqual(failingFields({ ...creditCard, status: 'approved' }), ['status']);
    });
  });

  describe('checkoutUrl', () => {
    it('is required for pix, pix_auto and boleto', () => {
      for (const response of [pix, pixAuto, boleto]) {
        const { checkoutUrl: _omitted, ...withoutUrl } = response;
        assert.deepEqual(failingFields(withoutUrl), ['checkoutUrl']);
      }
    });

    it('is an http(s) URL, local hosts included', () => {
      assert.equal(accepts({ ...pix, checkoutUrl: 'http://127.0.0.1:8787/checkout/ord_8f2c' }).paymentMethod, 'pix');
      assert.deepEqual(failingFields({ ...pix, checkoutUrl: 'checkout/ord_8f2c' }), ['checkoutUrl']);
      assert.deepEqual(failingFields({ ...boleto, checkoutUrl: 'javascript:alert(1)' }), ['checkoutUrl']);
    });

    it('is absent from threeDs', () => {
      assert.deepEqual(failingFields({ ...threeDs, checkoutUrl: 'https://pay.example.com/checkout/ord_8f2c' }), ['checkoutUrl']);
    });

    it('may come or not for credit_card', () => {
      assert.equal(accepts({ ...creditCard, checkoutUrl: 'https://pay.example.com/c/1' }).paymentMethod, 'credit_card');
      assert.deepEqual(failingFields({ ...creditCard, checkoutUrl: 'nope' }), ['checkoutUrl']);
    });
  });

  it('needs 3ds in the externalId of threeDs, and only there', () => {
    assert.equal(accepts({ ...threeDs, externalId: 'SVC-3DS-77' }).paymentMethod, 'threeDs');
    assert.deepEqual(failingFields({ ...threeDs, externalId: 'acq_91822' }), ['externalId']);
    assert.equal(accepts({ ...creditCard, externalId: 'acq_91822' }).paymentMethod, 'credit_card');
  });

  describe('pix block', () => {
    it('is required for pix and pix_auto', () => {
      assert.deepEqual(failingFields({ ...pix, pix: undefined }), ['pix']);
      assert.deepEqual(failingFields({ ...pixAuto, pix: null }), ['pix']);
    });

    it('is refused on other methods', () => {
      assert.deepEqual(failingFields({ ...boleto, pix: pix.pix }), ['pix']);
      assert.deepEqual(failingFields({ ...threeDs, pix: pix.pix }), ['pix']);
      assert.equal(accepts({ ...boleto, pix: null }).paymentMethod, 'boleto');
    });

    it('needs a non-empty qrCode', () => {
      assert.deepEqual(failingFields({ ...pix, pix: { ...pix.pix, qrCode: '' } }), ['pix.qrCode']);
    });

    it('takes expirationDate in the ISO and the space-separated form', () => {
      assert.equal(accepts({ ...pix, pix: { ...pix.pix, expirationDate: '2025-03-01T10:30:00-03:00' } }).id, 'ord_8f2c');
      assert.equal(accepts({ ...pix, pix: { ...pix.pix, expirationDate: '2025-03-01 10:30:00-0300' } }).id, 'ord_8f2c');
      assert.deepEqual(failingFields({ ...pix, pix: { ...pix.pix, expirationDate: '2025-03-01 10:30' } }), ['pix.expirationDate']);
    });

    it('has a journey for pix_auto and none for pix', () => {
      for (const journey of ['JORNADA_1', 'JORNADA_2', 'JORNADA_3', 'JORNADA_4']) {
        assert.equal(accepts({ ...pixAuto, pix: { ...pix.pix, user_journey: journey } }).paymentMethod, 'pix_auto');
      }
      assert.deepEqual(failingFields({ ...pixAuto, pix: { ...pix.pix, user_journey: null } }), ['pix.user_journey']);
      assert.deepEqual(failingFields({ ...pixAuto, pix: { ...pix.pix, user_journey: 'JORNADA_5' } }), ['pix.user_journey']);
      assert.deepEqual(failingFields({ ...pix, pix: { ...pix.pix, user_journey: 'JORNADA_1' } }), ['pix.user_journey']);
    });
  });

  describe('boleto block', () => {
    it('is required for boleto and refused on other methods', () => {
      assert.deepEqual(failingFields({ ...boleto, boleto: undefined }), ['boleto']);
      assert.deepEqual(failingFields({ ...pix, boleto: boleto.boleto }), ['boleto']);
      assert.deepEqual(failingFields({ ...creditCard, boleto: boleto.boleto }), ['boleto']);
    });

    it('takes a 47-digit digitable line, with or without separators', () => {
      assert.equal(accepts({ ...boleto, boleto: { ...boleto.boleto, barcode: digitableLineDigits(DIGITABLE_LINE) } }).id, 'ord_8f2c');
      assert.deepEqual(failingFields({ ...boleto, boleto: { ...boleto.boleto, barcode: DIGITABLE_LINE.slice(0, -1) } }), ['boleto.barcode']);
      assert.deepEqual(failingFields({ ...boleto, boleto: { ...boleto.boleto, barcode: `${DIGITABLE_LINE}0` } }), ['boleto.barcode']);
      assert.deepEqual(failingFields({ ...boleto, boleto: { ...boleto.boleto, barcode: DIGITABLE_LINE.replace('8', 'X') } }), ['boleto.barcode']);
    });

    it('has a PDF URL and a real due day', () => {
      assert.deepEqual(failingFields({ ...boleto, boleto: { ...boleto.boleto, pdfUrl: 'boleto.pdf' } }), ['boleto.pdfUrl']);
      assert.deepEqual(failingFields({ ...boleto, boleto: { ...boleto.boleto, dueDate: '2025-02-30' } }), ['boleto.dueDate']);
      assert.deepEqual(failingFields({ ...boleto, boleto: { ...boleto.boleto, dueDate: '04-03-2025' } }), ['boleto.dueDate']);
    });
  });

  it('keeps money as decimal strings', () => {
    assert.deepEqual(failingFields({ ...threeDs, amount: 97 }), ['amount']);
    assert.deepEqual(failingFields({ ...threeDs, fees: '4,84' }), ['fees']);
    const { discount: _omitted, ...withoutDiscount } = threeDs;
    assert.deepEqual(failingFields(withoutDiscount), ['discount']);
  });

  it('needs createdAt with an offset', () => {
    assert.deepEqual(failingFields({ ...threeDs, createdAt: '2025-03-01T10:00:00' }), ['createdAt']);
  });

  it('reads product and offer with their fields', () => {
    assert.deepEqual(failingFields({ ...threeDs, product: { id: 'prod_1', name: 'Curso' } }), ['product.short_id']);
    assert.deepEqual(failingFields({ ...threeDs, offer: { ...common.offer, price: '107.00' } }), ['offer.price']);
  });
});

describe('digitableLineDigits', () => {
  it('drops the dots and spaces of a formatted line', () => {
    assert.equal(digitableLineDigits(DIGITABLE_LINE), '23790123456000012345678901234567897650000010000');
    assert.equal(digitableLineDigits('123'), '123');
  });
});

describe('pixExpiration', () => {
  it('reads the expiry of a pix block in either form', () => {
    const spaced = accepts(pix);
    assert.equal(pixExpiration(spaced)?.toISOString(), '2025-03-01T13:30:00.000Z');
    const iso = accepts({ ...pixAuto, pix: { ...pixAuto.pix, expirationDate: '2025-03-01T10:30:00Z' } });
    assert.equal(pixExpiration(iso)?.toISOString(), '2025-03-01T10:30:00.000Z');
  });

  it('is undefined without a pix block', () => {
    assert.equal(pixExpiration(accepts(boleto)), undefined);
    assert.equal(pixExpiration(accepts(threeDs)), undefined);
  });
});
