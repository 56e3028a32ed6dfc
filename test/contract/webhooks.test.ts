import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validate } from '../../src/contract/errors.js';
import {
  FIXED_WEBHOOK_EVENTS,
  OPEN_FINANCE_EVENT_PATTERN,
  deliveryDedupKey,
  isWebhookEventName,
  secretsMatch,
  webhookAppSchema,
  webhookDeliverySchema,
  webhookEventNameSchema,
  type WebhookDelivery,
} from '../../src/contract/webhooks.js';
import { failingFields } from './field-errors.js';

function parsedDelivery(input: unknown): WebhookDelivery {
  const result = validate(webhookDeliverySchema, input);
  assert.equal(result.success, true, JSON.stringify(result.success ? null : result.errors));
  if (!result.success) throw new Error('unreachable');
  return result.data;
}

describe('webhook events', () => {
  it('lists the 14 fixed names of the Events table once each, none of the open-finance family', () => {
    assert.equal(new Set(FIXED_WEBHOOK_EVENTS).size, 14);
    assert.deepEqual(FIXED_WEBHOOK_EVENTS.filter((event) => OPEN_FINANCE_EVENT_PATTERN.test(event)), []);
  });

  it('accepts every fixed name and any openfinance_<word>_gerado', () => {
    for (const event of FIXED_WEBHOOK_EVENTS) assert.equal(webhookEventNameSchema.safeParse(event).success, true, event);
    assert.equal(isWebhookEventName('openfinance_bancox_gerado'), true);
    assert.equal(isWebhookEventName('openfinance_b2_gerado'), true);
  });

  it('refuses other names, the placeholder row included', () => {
    for (const name of ['openfinance_<bank>_gerado', 'openfinance__gerado', 'openfinance_banco x_gerado', 'pix_generated', 'PIX_GERADO', '']) {
      assert.equal(webhookEventNameSchema.safeParse(name).success, false, name);
    }
    assert.equal(webhookEventNameSchema.safeParse(7).success, false);
  });
});

const orderData = {
  id: 'ord_8f2c',
  refId: 'R7K2Q',
  status: 'paid',
  paymentMethod: 'pix',
  amount: '97.00',
  baseAmount: '107.00',
  discount: '10.00',
  fees: '4.84',
  installments: 1,
  customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '5511999990000', birthDate: '1990-05-17' },
  offer: { id: 'Xy12', name: 'Oferta principal', price: 107 },
  offer_type: 'main',
  product: { id: 'prod_1', short_id: 'AbC12', name: 'Curso de pão' },
  checkoutUrl: 'https://pay.example.com/checkout/ord_8f2c',
  paidAt: '2025-03-01T10:05:00-03:00',
  createdAt: '2025-03-01T10:00:00-03:00',
  pix: { qrCode: '000201...', expirationDate: '2025-03-01 10:30:00-03:00' },
  boleto: null,
  card: null,
};
const delivery = { secret: 'whsec_1', event: 'pix_gerado', data: orderData };

describe('webhookDeliverySchema', () => {
  it('accepts a documented delivery and keeps unlisted data fields', () => {
    const parsed = parsedDelivery({ ...delivery, data: { ...orderData, utm_source: 'newsletter' } });
    assert.equal(parsed.data['utm_source'], 'newsletter');
    assert.equal(parsed.data.customer?.email, 'ana@example.com');
  });

  it('needs only id and status in data', () => {
    assert.equal(parsedDelivery({ ...delivery, data: { id: 'ord_1', status: 'refunded' } }).data.status, 'refunded');
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { id: 'ord_1' } }), ['data.status']);
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { status: 'paid' } }), ['data.id']);
  });

  it('needs a secret and a known event', () => {
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, secret: '' }), ['secret']);
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, event: 'pix_pago' }), ['event']);
    assert.equal(parsedDelivery({ ...delivery, event: 'openfinance_bancox_gerado' }).event, 'openfinance_bancox_gerado');
  });

  it('keeps money as decimal strings', () => {
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, amount: 97 } }), ['data.amount']);
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, fees: '4,84' } }), ['data.fees']);
  });

  it('reads dates as date-times with an offset', () => {
    assert.equal(parsedDelivery({ ...delivery, data: { ...orderData, paidAt: null } }).data.paidAt, null);
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, paidAt: '01/03/2025' } }), ['data.paidAt']);
    assert.deepEqual(
      failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, pix: { qrCode: 'x', expirationDate: 'amanhã' } } }),
      ['data.pix.expirationDate'],
    );
  });

  it('reads the card block with up to four last digits', () => {
    const card = { brand: 'visa', holderName: 'ANA SOUZA', lastDigits: '1111' };
    assert.equal(parsedDelivery({ ...delivery, data: { ...orderData, card } }).data.card?.lastDigits, '1111');
    assert.deepEqual(
      failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, card: { ...card, lastDigits: '4111111111111111' } } }),
      ['data.card.lastDigits'],
    );
  });

  it('reads the nested objects with their documented types', () => {
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, offer: { price: '107' } } }), ['data.offer.price']);
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, product: { short_id: 5 } } }), ['data.product.short_id']);
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, checkoutUrl: 'checkout' } }), ['data.checkoutUrl']);
    assert.deepEqual(failingFields(webhookDeliverySchema, { ...delivery, data: { ...orderData, installments: 0 } }), ['data.installments']);
  });
});

describe('deliveryDedupKey', () => {
  it('is the same for a repeated delivery and differs by event and status', () => {
    const first = parsedDelivery(delivery);
    const repeat = parsedDelivery({ ...delivery, data: { ...orderData, paidAt: '2025-03-01T10:06:00-03:00' } });
    assert.equal(deliveryDedupKey(first), deliveryDedupKey(repeat));
    assert.notEqual(deliveryDedupKey(first), deliveryDedupKey(parsedDelivery({ ...delivery, event: 'purchase_approved' })));
    assert.notEqual(deliveryDedupKey(first), deliveryDedupKey(parsedDelivery({ ...delivery, data: { ...orderData, status: 'refunded' } })));
    assert.notEqual(deliveryDedupKey(first), deliveryDedupKey(parsedDelivery({ ...delivery, data: { ...orderData, id: 'ord_9' } })));
  });

  it('joins event, order id and status', () => {
    assert.equal(deliveryDedupKey(parsedDelivery(delivery)), 'pix_gerado:ord_8f2c:paid');
  });
});

describe('secretsMatch', () => {
  it('matches the same secret', () => {
    assert.equal(secretsMatch('whsec_1a2b', 'whsec_1a2b'), true);
    assert.equal(secretsMatch('sêgredo✓', 'sêgredo✓'), true);
  });

  it('refuses a different secret wherever it differs', () => {
    assert.equal(secretsMatch('whsec_1a2b', 'Whsec_1a2b'), false);
    assert.equal(secretsMatch('whsec_1a2b', 'whsec_1a2c'), false);
    assert.equal(secretsMatch('whsec_1a2b', 'whsec_1a2'), false);
    assert.equal(secretsMatch('whsec_1a2b', 'whsec_1a2b '), false);
    assert.equal(secretsMatch('whsec_1a2b', ''), false);
  });

  it('never matches an empty expected secret', () => {
    assert.equal(secretsMatch('', ''), false);
  });

  it('does not take a NUL-padded secret for the real one', () => {
    assert.equal(secretsMatch('abc', 'abc\u0000'), false);
  });
});

describe('webhookAppSchema', () => {
  const app = {
    id: 12,
    name: 'Relay',
    url: 'https://merchant.example.com/pay-checkout/webhooks',
    status: 'active',
    products: ['prod_1'],
    events: ['pix_gerado', 'purchase_approved', 'openfinance_bancox_gerado'],
    fields: { secret: 'whsec_1a2b' },
    createdAt: '2025-01-10T09:00:00-03:00',
    updatedAt: '2025-02-10T09:00:00-03:00',
  };

  it('accepts a webhook app', () => {
    assert.equal(validate(webhookAppSchema, app).success, true);
  });

  // errors.ts files a list item's own message under `non_field_errors` of that item.
  it('names each wrong field', () => {
    assert.deepEqual(failingFields(webhookAppSchema, { ...app, id: '12' }), ['id']);
    assert.deepEqual(failingFields(webhookAppSchema, { ...app, url: 'merchant.example.com' }), ['url']);
    assert.deepEqual(failingFields(webhookAppSchema, { ...app, events: ['pix_gerado', 'pix_pago'] }), ['events.1.non_field_errors']);
    assert.deepEqual(failingFields(webhookAppSchema, { ...app, products: [1] }), ['products.0.non_field_errors']);
    assert.deepEqual(failingFields(webhookAppSchema, { ...app, fields: {} }), ['fields.secret']);
    assert.deepEqual(failingFields(webhookAppSchema, { ...app, updatedAt: '2025-02-10' }), ['updatedAt']);
  });
});
