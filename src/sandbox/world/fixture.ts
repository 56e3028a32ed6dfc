/**
 * The world a sandbox starts in when no `--fixture` is given. It covers every case the
 * spec describes: products in several currencies and both types, active and disabled
 * offers of both types, a product without card or Pix, checkouts, affiliates active and
 * not, another account's catalogue (for the ownership rule), and paid and unpaid orders
 * with UTM metadata and instalment interest spread over past months.
 * Test credentials are listed in docs/sandbox.md.
 */
import type { FeesResponse } from '../../contract/fees.js';
import { FEE_METHOD_ORDER } from '../../contract/payment-methods.js';
import { SCOPES } from '../../contract/auth.js';
import type { SandboxFixture, SandboxOffer, SandboxOrder, SandboxProduct } from './state.js';
import { buildFixtureOrders } from './fixture-orders.js';

/** The default full-scope secret key and the public card-tokenization key. */
export const DEFAULT_API_KEY = { clientId: 'sandbox-client', clientSecret: 'sandbox-secret' } as const;
export const DEFAULT_PUBLIC_KEY = { clientId: 'sandbox-public' } as const;
/** A key of another account: its token sees only that account's catalogue. */
export const OTHER_ACCOUNT_KEY = { clientId: 'other-client', clientSecret: 'other-secret' } as const;

export const MAIN_ACCOUNT_ID = 'acc_main';
export const OTHER_ACCOUNT_ID = 'acc_other';

/** The service's base interest per instalment count, 1 to 18 (percentage points). */
const BASE_INTEREST = [0, 4.59, 5.98, 7.37, 8.76, 10.15, 11.54, 12.93, 14.32, 15.71, 17.1, 18.49, 19.88, 21.27, 22.66, 24.05, 25.44, 26.83];

function fees(openFinanceWord: string): FeesResponse {
  const configured: Record<string, [number | null, number | string | null, number | null]> = {
    pix: [1.99, 0, 0],
    pix_auto: [1.99, 0, 0],
    boleto: [2.49, '1.50', 2],
    credit_card: [4.99, 1, 30],
    threeDs: [4.99, 1, 30],
    picpay: [3.49, 0, 1],
    // Methods the account has no fee for: null, not zero.
    pagaleve: [null, null, null],
    googlepay: [4.99, 1, 30],
    applepay: [4.99, 1, 30],
  };
  return {
    paymentMethods: FEE_METHOD_ORDER.map((method) => {
      const name = method === 'openfinance_<bank>' ? `openfinance_${openFinanceWord}` : method;
      const [percentage, fixed, releaseDays] = configured[method] ?? [null, null, null];
      return { paymentMethod: name, percentage, fixed, releaseDays };
    }),
    creditCardInstallments: BASE_INTEREST.map((interestPercentage, index) => ({ installments: index + 1, interestPercentage })),
    customerFees: [{ name: 'Taxa de processamento', amount: '0.99', percentage: 0, paymentMethod: 'boleto', refundable: false }],
  };
}

// Images are served by the sandbox itself (documents/sandbox-images.ts), so nothing depends on a host
// outside the machine; the path is made absolute against the sandbox's URL when answered.
const IMAGE = (name: string) => `/sandbox/images/${name}.svg`;

type ProductSeed = Pick<SandboxProduct, 'id' | 'short_id' | 'name' | 'price' | 'currency' | 'type' | 'status' | 'paymentMethods'> &
  Partial<SandboxProduct>;

function product(seed: ProductSeed): SandboxProduct {
  return {
    image: IMAGE(seed.short_id),
    description: `${seed.name}: produto de demonstração do sandbox.`,
    contentDeliveries: ['members_area'],
    emailAccessLink: null,
    salesPage: `https://loja.example/${seed.short_id}`,
    category: { id: 'cat_edu', name: 'Educação' },
    accountId: MAIN_ACCOUNT_ID,
    pixExpiresInMax: 86400,
    ticketExpiration: 10,
    createdAt: '2025-06-01T12:00:00-03:00',
    ...seed,
  };
}

type OfferSeed = Pick<SandboxOffer, 'id' | 'name' | 'price' | 'product' | 'status' | 'type'> & Partial<SandboxOffer>;

function offer(seed: OfferSeed): SandboxOffer {
  const unique = seed.type === 'unique';
  return {
    image: IMAGE(seed.id),
    units: 1,
    default: false,
    intervalType: unique ? 'month' : null,
    interval: unique ? 1 : null,
    recurrence_period: unique ? null : 30,
    quantity_recurrences: unique ? null : -1,
    trial_days: unique ? null : 0,
    max_retries: unique ? null : 3,
    retry_interval: unique ? null : 2,
    createdAt: '2025-06-01T12:00:00-03:00',
    updatedAt: '2025-06-01T12:00:00-03:00',
    ...seed,
  };
}

const ALL_METHODS = ['pix', 'pix_auto', 'boleto', 'credit_card', 'threeDs'];

const PRODUCTS: SandboxProduct[] = [
  product({ id: 'prod_foto', short_id: 'FOTO01', name: 'Curso de Fotografia', price: 97, currency: 'BRL', type: 'unique', status: 'active', paymentMethods: ALL_METHODS }),
  product({ id: 'prod_clube', short_id: 'CLUBE1', name: 'Clube do Livro', price: 29.9, currency: 'BRL', type: 'subscription', status: 'active', paymentMethods: ALL_METHODS, pixExpiresInMax: 3600 }),
  product({ id: 'prod_usd', short_id: 'ENGL01', name: 'English Masterclass', price: 49, currency: 'USD', type: 'unique', status: 'active', paymentMethods: ['credit_card', 'threeDs'], category: { id: 'cat_lang', name: 'Idiomas' } }),
  product({ id: 'prod_eur', short_id: 'EURO01', name: 'Workshop Lisboa', price: 120, currency: 'EUR', type: 'unique', status: 'active', paymentMethods: ['credit_card'] }),
  product({ id: 'prod_clp', short_id: 'CHIL01', name: 'Curso de Vinos', price: 25000, currency: 'CLP', type: 'unique', status: 'active', paymentMethods: ['credit_card', 'threeDs'] }),
  product({ id: 'prod_boleto', short_id: 'BOLE01', name: 'Planilha Financeira', price: 19.9, currency: 'BRL', type: 'unique', status: 'active', paymentMethods: ['pix', 'boleto'], ticketExpiration: 3, pixExpiresInMax: 600 }),
  product({ id: 'prod_config', short_id: 'CONF01', name: 'Mentoria (em configuração)', price: 500, currency: 'BRL', type: 'unique', status: 'waiting_config', paymentMethods: ['pix'] }),
  product({ id: 'prod_other', short_id: 'OUTR01', name: 'Produto de Outra Conta', price: 10, currency: 'BRL', type: 'unique', status: 'active', paymentMethods: ALL_METHODS, accountId: OTHER_ACCOUNT_ID }),
];

const OFFERS: SandboxOffer[] = [
  offer({ id: '77BcHrY', name: 'Curso de Fotografia à vista', price: 97, product: 'prod_foto', status: 'active', type: 'unique', default: true, createdAt: '2025-06-02T10:00:00-03:00', updatedAt: '2025-09-01T09:00:00-03:00' }),
  offer({ id: 'FOTOprm', name: 'Curso de Fotografia Premium', price: 297, product: 'prod_foto', status: 'active', type: 'unique', createdAt: '2025-07-15T10:00:00-03:00', updatedAt: '2025-07-15T10:00:00-03:00' }),
  offer({ id: 'FOTOold', name: 'Curso de Fotografia (lote antigo)', price: 67, product: 'prod_foto', status: 'disabled', type: 'unique', createdAt: '2025-06-01T10:00:00-03:00', updatedAt: '2025-06-30T10:00:00-03:00' }),
  offer({ id: 'CLUBmes', name: 'Clube do Livro mensal', price: 29.9, product: 'prod_clube', status: 'active', type: 'subscription', default: true, trial_days: 7 }),
  offer({ id: 'CLUBano', name: 'Clube do Livro anual', price: 299, product: 'prod_clube', status: 'active', type: 'subscription', recurrence_period: 365, quantity_recurrences: 3 }),
  offer({ id: 'CLUBvel', name: 'Clube do Livro (promoção encerrada)', price: 19.9, product: 'prod_clube', status: 'disabled', type: 'subscription' }),
  offer({ id: 'ENGLusd', name: 'English Masterclass', price: 49, product: 'prod_usd', status: 'active', type: 'unique', default: true }),
  offer({ id: 'EUROwrk', name: 'Workshop Lisboa', price: 120, product: 'prod_eur', status: 'active', type: 'unique', default: true }),
  offer({ id: 'CHILvin', name: 'Curso de Vinos', price: 25000, product: 'prod_clp', status: 'active', type: 'unique', default: true }),
  offer({ id: 'BOLEplan', name: 'Planilha Financeira', price: 19.9, product: 'prod_boleto', status: 'active', type: 'unique', default: true }),
  offer({ id: 'CONFmnt', name: 'Mentoria', price: 500, product: 'prod_config', status: 'active', type: 'unique', default: true }),
  offer({ id: 'OUTRofr', name: 'Oferta de Outra Conta', price: 10, product: 'prod_other', status: 'active', type: 'unique', default: true }),
];

export function defaultFixture(): SandboxFixture {
  const orders: SandboxOrder[] = buildFixtureOrders(PRODUCTS, OFFERS);
  return {
    accounts: [
      {
        id: MAIN_ACCOUNT_ID,
        name: 'Loja Exemplo',
        bankingAccount: 'opened',
        blocked: false,
        receivingRegistration: 'done',
        merchantName: 'Loja Exemplo',
        merchantCity: 'Sao Paulo',
        fees: fees('banco'),
        installmentInterest: { installments: [{ installments: 2, interestPercentage: 1.5 }, { installments: 3, interestPercentage: 2.5 }], active: true },
      },
      {
        id: OTHER_ACCOUNT_ID,
        name: 'Outra Conta',
        bankingAccount: 'opened',
        blocked: false,
        receivingRegistration: 'done',
        merchantName: 'Outra Conta',
        merchantCity: 'Recife',
        fees: fees('banco'),
        installmentInterest: { installments: [], active: false },
      },
    ],
    apiKeys: [
      { ...DEFAULT_API_KEY, scopes: [...SCOPES], accountId: MAIN_ACCOUNT_ID },
      { ...OTHER_ACCOUNT_KEY, scopes: [...SCOPES], accountId: OTHER_ACCOUNT_ID },
      // Keys with partial scopes, for the 403 rows.
      { clientId: 'read-only-client', clientSecret: 'read-only-secret', scopes: ['read', 'payments', 'offers', 'orders', 'products'], accountId: MAIN_ACCOUNT_ID },
      { clientId: 'no-payments-client', clientSecret: 'no-payments-secret', scopes: ['read', 'write', 'offers', 'orders', 'products', 'webhooks'], accountId: MAIN_ACCOUNT_ID },
    ],
    publicKeys: [{ ...DEFAULT_PUBLIC_KEY, scopes: ['card_tokens'], accountId: MAIN_ACCOUNT_ID }],
    products: PRODUCTS,
    offers: OFFERS,
    checkouts: [
      { id: 1, productId: 'prod_foto', name: 'Checkout padrão', offers: '77BcHrY, FOTOprm', createdAt: '2025-06-02T10:00:00-03:00', updatedAt: '2025-08-10T15:30:00-03:00', config: { theme: 'light', showTimer: false }, default: true, visits: 1843 },
      { id: 2, productId: 'prod_foto', name: 'Checkout Black Friday', offers: 'FOTOprm', createdAt: '2025-11-01T08:00:00-03:00', updatedAt: '2025-11-20T08:00:00-03:00', config: { theme: 'dark', showTimer: true, timerMinutes: 15 }, default: false, visits: 2147483647 },
      { id: 3, productId: 'prod_clube', name: 'Checkout Clube', offers: 'CLUBmes, CLUBano', createdAt: '2025-06-05T10:00:00-03:00', updatedAt: '2025-06-05T10:00:00-03:00', config: null, default: true, visits: 0 },
      { id: 4, productId: 'prod_other', name: 'Checkout de Outra Conta', offers: 'OUTRofr', createdAt: '2025-06-05T10:00:00-03:00', updatedAt: '2025-06-05T10:00:00-03:00', config: {}, default: true, visits: 12 },
    ],
    affiliates: [
      { short_id: 'AFI001', name: 'Parceira Ativa', status: 'active', productIds: ['prod_foto', 'prod_clube'], commissionPercentage: 30 },
      { short_id: 'AFI002', name: 'Parceiro Inativo', status: 'inactive', productIds: ['prod_foto'], commissionPercentage: 30 },
      { short_id: 'AFI003', name: 'Parceiro de Outro Produto', status: 'active', productIds: ['prod_usd'], commissionPercentage: 20 },
    ],
    orders,
  };
}
