import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { warnAboutLeftOutMethods, warnAboutLoadFailure, warnAboutSettings, type CheckoutSettings } from '../../../src/widget/checkout/checkout-warnings.js';
import { RelayAnswerError, RelayUnreachableError, type CheckoutConfig } from '../../../src/widget/checkout/relay-connection.js';
import type { AntifraudProfiler } from '../../../src/widget/providers/antifraud-profiler.js';
import type { ThreeDSecureProvider } from '../../../src/widget/three-d-secure/provider.js';

// The development build's warnings (test/build/cdn.test.ts sees them in a browser); here, the
// cases that page does not set up, and that each is printed once per element.

const CONFIG: CheckoutConfig = {
  offer: { id: '77BcHrY', name: 'Oferta principal', price: '97.00' },
  product: { name: 'Curso', image: '', currency: 'BRL', type: 'unique' },
  paymentMethods: ['pix', 'credit_card', 'threeDs'],
  installments: [],
  tokenization: { url: 'https://api.example/public_api/card-tokens/', publicClientId: 'public' },
  threeDSecure: null,
  antifraud: null,
};

/** Only whether a provider is there counts. */
const PROFILER = {} as AntifraudProfiler;
const THREE_D_SECURE = {} as ThreeDSecureProvider;

const settings = (overrides: Partial<CheckoutSettings> = {}): CheckoutSettings => ({
  relay: 'https://shop.example/checkout',
  offer: '77BcHrY',
  methods: '',
  locale: 'pt-BR',
  metadata: undefined,
  ...overrides,
});

describe('the checkout\'s development warnings', () => {
  let printed: string[];

  beforeEach(() => {
    printed = [];
    mock.method(console, 'warn', (text: string) => printed.push(text));
  });

  afterEach(() => mock.restoreAll());

  it('say nothing about a checkout set up right', () => {
    const checkout = settings({ methods: 'pix,credit_card', locale: 'en-GB', metadata: { utm_source: 'news' } });
    warnAboutSettings(checkout);
    warnAboutLeftOutMethods(checkout, CONFIG, { profiler: PROFILER, threeDSecure: THREE_D_SECURE });
    assert.deepEqual(printed, []);
  });

  it('tell once per element, however many renders repeat the cause', () => {
    const [first, second] = [settings({ offer: '' }), settings({ offer: '' })];
    for (const checkout of [first, first, second]) warnAboutSettings(checkout);
    assert.equal(printed.length, 2);
    assert.match(printed[0]!, /^pay-checkout: <pay-checkout> has no offer attribute/);
  });

  it('say cards go without 3-D Secure for want of a provider when credit_card is offered beside threeDs', () => {
    warnAboutLeftOutMethods(settings(), CONFIG, { profiler: PROFILER, threeDSecure: undefined });
    assert.deepEqual(printed.map((text) => text.split(':')[1]), [' the checkout charges cards as credit_card, without 3-D Secure, because there is no 3-D Secure provider']);
  });

  it('name threeDs left out for want of a 3-D Secure provider when it is the only card method', () => {
    warnAboutLeftOutMethods(settings({ methods: 'pix,threeDs' }), CONFIG, { profiler: PROFILER, threeDSecure: undefined });
    assert.deepEqual(printed.map((text) => text.split(':')[1]), [' the checkout leaves out threeDs because there is no 3-D Secure provider']);
  });

  it('give the relay\'s status, error type and message, and the URL it could not be reached at', () => {
    const checkout = settings();
    warnAboutLoadFailure(checkout, new RelayAnswerError('Offer 77BcHrY is not in this relay\'s offers.', { status: 403, type: 'offer_not_allowed' }));
    warnAboutLoadFailure(checkout, new RelayUnreachableError('The relay could not be reached.'));
    assert.deepEqual(printed, [
      "pay-checkout: the configuration of offer 77BcHrY could not be loaded: https://shop.example/checkout/config gave HTTP 403 offer_not_allowed: Offer 77BcHrY is not in this relay's offers.",
      "pay-checkout: the relay could not be reached at https://shop.example/checkout/config: check the relay attribute, that the relay runs, and that a relay on another origin lists this page's origin in allowedOrigins.",
    ]);
  });
});
