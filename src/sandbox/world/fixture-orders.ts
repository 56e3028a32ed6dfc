/**
 * Past orders of the default fixture, made by a seeded generator so every run has the same
 * ones: a year of sales (2025-12 to 2026-11) across products, methods and statuses, with
 * UTM metadata (some without, for `(unclassified)`), affiliates, and card orders paid in
 * instalments that carry the producer's additional interest. A few hand-written orders
 * follow the generated ones (`HAND_WRITTEN_ORDERS`).
 */
import { formatCents, multiplyCents, percentOf, toCents } from '../../contract/money.js';
import type { ChargeMethod } from '../../contract/payment-methods.js';
import type { SandboxOffer, SandboxOrder, SandboxProduct } from './state.js';

/** A small deterministic generator (mulberry32): the same fixture on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOURCES = [
  { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'lancamento' },
  { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'black-friday' },
  { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'lancamento' },
  { utm_source: 'youtube', utm_medium: 'video' },
  {},
] as const;

const BUYERS = [
  { name: 'Ana Souza', email: 'ana@example.com', phone: '5511987654321', birthDate: '1990-04-12' },
  { name: 'Bruno Lima', email: 'bruno@example.com', phone: '5521912345678', birthDate: '1985-11-02' },
  { name: 'Carla Dias', email: 'carla@example.com', phone: '5531998877665' },
  { name: 'Diego Alves', email: 'diego@example.com', phone: '5548991112233', birthDate: '2000-01-30' },
];

/** Additional interest of the account, by instalment count (matches the fixture's config). */
const ADDITIONAL_INTEREST: Record<number, string> = { 2: '1.5', 3: '2.5' };

/** What varies between fixture orders; everything else follows from it. */
interface OrderSeed {
  index: number;
  offer: SandboxOffer;
  product: SandboxProduct;
  method: ChargeMethod;
  installments: number;
  createdAt: string;
  status: string;
  discount: bigint;
  affiliate: string | undefined;
  customer: SandboxOrder['customer'];
  metadata: SandboxOrder['metadata'];
  offerType?: SandboxOrder['offer_type'];
  /** Legacy affiliate path: `earned` is this share of the interest (percentage points), not the split's. */
  legacyEarnedPercentage?: number;
}

function fixtureOrder(seed: OrderSeed): SandboxOrder {
  const { index, offer, product, method, installments, createdAt, status, discount, affiliate } = seed;
  const base = toCents(offer.price);
  const amount = base - discount;
  const interestRate = ADDITIONAL_INTEREST[installments];
  const additionalInterest = interestRate ? percentOf(amount, interestRate) : 0n;
  const earned =
    seed.legacyEarnedPercentage !== undefined
      ? percentOf(additionalInterest, seed.legacyEarnedPercentage)
      : affiliate
        ? additionalInterest - percentOf(additionalInterest, 30)
        : additionalInterest;
  const paid = status === 'paid';
  return {
    id: `ord_fx${String(index).padStart(4, '0')}`,
    refId: `FX${String(index).padStart(5, '0')}`,
    accountId: product.accountId,
    status,
    paymentMethod: method,
    currency: product.currency,
    amount: formatCents(amount + additionalInterest),
    baseAmount: formatCents(base),
    discount: formatCents(discount),
    fees: formatCents(percentOf(amount, 4.99) + multiplyCents(toCents('1.00'), 1)),
    installments,
    externalId: method === 'threeDs' ? `sbx_3ds_fx${index}` : `sbx_fx${index}`,
    checkoutUrl: method === 'threeDs' ? undefined : `https://checkout.example/pay/ord_fx${index}`,
    createdAt,
    paidAt: paid ? createdAt : null,
    releaseDate: paid ? createdAt.slice(0, 10) : null,
    refundedAt: null,
    chargedbackAt: null,
    canceledAt: null,
    customer: seed.customer,
    offerId: offer.id,
    productId: product.id,
    offer_type: seed.offerType ?? 'main',
    metadata: { ...seed.metadata },
    affiliateShortId: affiliate,
    additionalInterest: formatCents(additionalInterest),
    additionalInterestEarned: formatCents(earned),
  };
}

/**
 * Orders written out by hand after the generated ones, for cases chance does not give:
 * the other offer roles of analytics' `offer_type` (upsell, downsell, order bump), and an
 * old order of the legacy affiliate commission path whose `earned` exceeds `charged`
 * (public-api.md, Additional-interest report response).
 */
const HAND_WRITTEN_ORDERS = [
  { offerId: 'FOTOprm', method: 'credit_card', installments: 1, createdAt: '2026-03-10T14:05:00-03:00', offerType: 'upsell', source: 0 },
  { offerId: 'BOLEplan', method: 'pix', installments: 1, createdAt: '2026-03-10T14:06:00-03:00', offerType: 'orderbump', source: 0 },
  { offerId: '77BcHrY', method: 'threeDs', installments: 2, createdAt: '2026-03-12T09:40:00-03:00', offerType: 'downsell', source: 1 },
  // Recorded through the legacy affiliate commission path: earned is 120% of charged.
  { offerId: '77BcHrY', method: 'credit_card', installments: 3, createdAt: '2025-12-10T10:30:00-03:00', offerType: 'main', source: 2, affiliate: 'AFI001', legacyEarnedPercentage: 120 },
] as const;

/** The fixture's orders: 120 generated from a fixed seed, then the hand-written ones (ids `ord_fx0000`…). */
export function buildFixtureOrders(products: readonly SandboxProduct[], offers: readonly SandboxOffer[]): SandboxOrder[] {
  const random = seededRandom(20251201);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const productOf = (offer: SandboxOffer) => products.find((candidate) => candidate.id === offer.product)!;
  const sellable = offers.filter((offer) => offer.status === 'active');
  const orders: SandboxOrder[] = [];
  for (let index = 0; index < 120; index += 1) {
    // The draws happen in this order; changing it changes every order after.
    const offer = pick(sellable);
    const product = productOf(offer);
    const method = pick(product.paymentMethods) as ChargeMethod;
    const isCard = method === 'credit_card' || method === 'threeDs';
    const installments = isCard ? pick([1, 1, 2, 3]) : 1;
    const month = index % 12; // 2025-12 … 2026-11
    const year = month === 0 ? 2025 : 2026;
    const monthNumber = month === 0 ? 12 : month;
    const day = 1 + Math.floor(random() * 27);
    const createdAt = `${year}-${String(monthNumber).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(8 + (index % 12)).padStart(2, '0')}:15:00-03:00`;
    const status = isCard ? pick(['paid', 'paid', 'paid', 'declined', 'refused']) : pick(['paid', 'paid', 'waiting_payment']);
    const discount = random() < 0.2 ? percentOf(toCents(offer.price), 10) : 0n;
    const affiliate = product.id === 'prod_foto' && random() < 0.3 ? 'AFI001' : undefined;
    const customer = pick(BUYERS);
    const metadata = pick(SOURCES);
    orders.push(fixtureOrder({ index, offer, product, method, installments, createdAt, status, discount, affiliate, customer, metadata }));
  }
  HAND_WRITTEN_ORDERS.forEach((order, position) => {
    const offer = offers.find((candidate) => candidate.id === order.offerId)!;
    orders.push(
      fixtureOrder({
        index: orders.length,
        offer,
        product: productOf(offer),
        method: order.method,
        installments: order.installments,
        createdAt: order.createdAt,
        status: 'paid',
        discount: 0n,
        affiliate: 'affiliate' in order ? order.affiliate : undefined,
        customer: BUYERS[position % BUYERS.length]!,
        metadata: SOURCES[order.source],
        offerType: order.offerType,
        legacyEarnedPercentage: 'legacyEarnedPercentage' in order ? order.legacyEarnedPercentage : undefined,
      }),
    );
  });
  return orders;
}
