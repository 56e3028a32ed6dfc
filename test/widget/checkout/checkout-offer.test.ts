import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chargeMetadata, offeredMethods, parseMethodList, payableAmount } from '../../../src/widget/checkout/checkout-offer.js';
import { loadFailureMessage, orderStatusMessage, refusalMessage } from '../../../src/widget/checkout/checkout-messages.js';
import { RelayAnswerError, RelayUnreachableError } from '../../../src/widget/checkout/relay-connection.js';
import type { CheckoutConfig } from '../../../src/widget/checkout/relay-connection.js';

const CONFIG: CheckoutConfig = {
  offer: { id: '77BcHrY', name: 'Oferta principal', price: '97.00' },
  product: { name: 'Curso de Fotografia', image: '', currency: 'BRL', type: 'unique' },
  paymentMethods: ['pix', 'pix_auto', 'boleto', 'credit_card', 'threeDs'],
  installments: [
    { installments: 1, installmentAmount: '97.00', total: '97.00', interest: '0.00', interestPercentage: '0', interestFree: true },
    { installments: 3, installmentAmount: '34.90', total: '104.70', interest: '7.70', interestPercentage: '7.94', interestFree: false },
  ],
  tokenization: { url: 'https://api.example/public_api/card-tokens/', publicClientId: 'public' },
  threeDSecure: null,
  antifraud: null,
};

describe('the methods attribute', () => {
  it('reads names in order, without repeats or unknown names', () => {
    assert.deepEqual(parseMethodList('boleto, pix,paypal,boleto credit_card'), ['boleto', 'pix', 'credit_card']);
  });

  it('names none when empty or all unknown, which offers every method', () => {
    assert.equal(parseMethodList(''), undefined);
    assert.equal(parseMethodList('paypal'), undefined);
    assert.equal(parseMethodList(undefined), undefined);
  });
});

describe('the offered methods', () => {
  it('are the offer\'s, in the spec\'s order, when the page names none, with one card choice charged as threeDs', () => {
    assert.deepEqual(offeredMethods(CONFIG, undefined, () => true), ['pix', 'pix_auto', 'boleto', 'threeDs']);
  });

  it('keep the card where the page lists its first card name', () => {
    assert.deepEqual(offeredMethods(CONFIG, ['credit_card', 'pix', 'threeDs'], () => true), ['threeDs', 'pix']);
    assert.deepEqual(offeredMethods(CONFIG, ['pix', 'threeDs', 'boleto', 'credit_card'], () => true), ['pix', 'threeDs', 'boleto']);
  });

  it('charge the card as credit_card when the page lists only credit_card, or only threeDs when it lists only threeDs', () => {
    assert.deepEqual(offeredMethods(CONFIG, ['pix', 'credit_card'], () => true), ['pix', 'credit_card']);
    assert.deepEqual(offeredMethods(CONFIG, ['threeDs', 'boleto'], () => true), ['threeDs', 'boleto']);
  });

  it('charge the card as credit_card when the offer takes only credit_card', () => {
    const config = { ...CONFIG, paymentMethods: ['pix', 'credit_card'] as CheckoutConfig['paymentMethods'] };
    assert.deepEqual(offeredMethods(config, undefined, () => true), ['pix', 'credit_card']);
  });

  it('follow the page\'s subset and order, and never add a method the offer lacks', () => {
    const config = { ...CONFIG, paymentMethods: ['pix', 'credit_card'] as CheckoutConfig['paymentMethods'] };
    assert.deepEqual(offeredMethods(config, ['credit_card', 'boleto', 'pix'], () => true), ['credit_card', 'pix']);
  });

  it('leave out Pix Automático for a one-time offer unless the page names it', () => {
    const oneTime: CheckoutConfig = { ...CONFIG, recurrence: null };
    // The two card methods are one card choice, charged as threeDs.
    assert.deepEqual(offeredMethods(oneTime, undefined, () => true), ['pix', 'boleto', 'threeDs']);
    assert.deepEqual(offeredMethods(oneTime, ['pix_auto', 'pix'], () => true), ['pix_auto', 'pix']);
  });

  it('offer Pix Automático for a subscription offer, and for a relay that does not say', () => {
    const subscription: CheckoutConfig = { ...CONFIG, recurrence: { recurrence_period: 30, quantity_recurrences: -1, trial_days: 7 } };
    assert.deepEqual(offeredMethods(subscription, undefined, () => true), ['pix', 'pix_auto', 'boleto', 'threeDs']);
    assert.deepEqual(offeredMethods(subscription, ['credit_card', 'pix'], () => true), ['credit_card', 'pix']);
    assert.equal(CONFIG.recurrence, undefined);
    assert.deepEqual(offeredMethods(CONFIG, undefined, () => true), ['pix', 'pix_auto', 'boleto', 'threeDs']);
  });

  it('leave out what the checkout cannot complete', () => {
    assert.deepEqual(offeredMethods(CONFIG, undefined, (method) => method !== 'threeDs'), ['pix', 'pix_auto', 'boleto', 'credit_card']);
  });
});

describe('the payable amount', () => {
  it('is the instalment plan\'s total for a card, interest included', () => {
    assert.equal(payableAmount(CONFIG, 3), '104.70');
  });

  it('is the offer\'s price otherwise, or for a count the table lacks', () => {
    assert.equal(payableAmount(CONFIG, undefined), '97.00');
    assert.equal(payableAmount(CONFIG, 7), '97.00');
  });
});

describe('the charge metadata', () => {
  it('takes the traffic-source tags of the page URL', () => {
    assert.deepEqual(chargeMetadata(undefined, 'https://shop.example/p?utm_source=instagram&sck=abc&gclid=x'), {
      utm_source: 'instagram',
      sck: 'abc',
    });
  });

  it('lets the page\'s own values win and drops keys the API refuses', () => {
    const metadata = chargeMetadata({ utm_source: 'newsletter', utm_term: ' ', coupon: 'X', utm_medium: 'email' }, 'https://shop.example/p?utm_source=instagram');
    assert.deepEqual(metadata, { utm_source: 'newsletter', utm_medium: 'email' });
  });
});

describe('the buyer-facing messages', () => {
  it('say the offer is unavailable when the relay does not sell it, and offer a retry otherwise', () => {
    assert.equal(loadFailureMessage(new RelayAnswerError('x', { status: 404, type: 'offer_not_found' })), 'error.offerUnavailable');
    assert.equal(loadFailureMessage(new RelayUnreachableError('offline')), 'checkout.loadFailed');
  });

  it('tell a blocked account from a method the account cannot take', () => {
    assert.equal(refusalMessage('payment_method_unavailable', false), 'error.paymentUnavailable');
    assert.equal(refusalMessage('payment_method_unavailable', true), 'error.methodUnavailable');
    assert.equal(refusalMessage('invalid_request', true), 'error.checkFields');
    assert.equal(refusalMessage('internal', false), 'error.unexpected');
  });

  it('name every status of the spec and read others as processing', () => {
    assert.equal(orderStatusMessage('waiting_payment'), 'order.status.waiting_payment');
    assert.equal(orderStatusMessage('pending'), 'order.status.pending');
    assert.equal(orderStatusMessage('refunded'), 'order.status.other');
  });
});
