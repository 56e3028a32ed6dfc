/**
 * Past orders of the default fixture, made by a seeded generator so every run has the same
 * ones: a year of sales (2025-12 to 2026-11) across products, methods and statuses, with
 * UTM metadata (some without, for `(unclassified)`), affiliates, and card orders paid in
 * instalments that carry the producer's additional interest.
 */
import { formatCents, multiplyCents, percentOf, toCents } from '../contract/money.js';
import type { ChargeMethod } from '../contract/payment-methods.js';
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

export function buildFixtureOrders(products: readonly SandboxProduct[], offers: readonly SandboxOffer[]): SandboxOrder[] {
  const random = seededRandom(20251201);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const sellable = offers.filter((offer) => offer.status === 'active');
  const orders: SandboxOrder[] = [];
  for (let index = 0; index < 120; index += 1) {
    const offer = pick(sellable);
    const product = products.find((candidate) => candidate.id === offer.product)!;
    const method = pick(product.paymentMethods) as ChargeMethod;
    const isCard = method === 'credit_card' || method === 'threeDs';
    const installments = isCard ? pick([1, 1, 2, 3]) : 1;
    const month = index % 12; // 2025-12 … 2026-11
    const year = month === 0 ? 2025 : 2026;
    const monthNumber = month === 0 ? 12 : month;
    const day = 1 + Math.floor(random() * 27);
    const createdAt = `${year}-${String(monthNumber).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(8 + (index % 12)).padStart(2, '0')}:15:00-03:00`;
    const status = isCard ? pick(['paid', 'paid', 'paid', 'declined', 'refused']) : pick(['paid', 'paid', 'waiting_payment']);
    const base = toCents(offer.price);
    const discount = random() < 0.2 ? percentOf(base, 10) : 0n;
    const amount = base - discount;
    const interestRate = ADDITIONAL_INTEREST[installments];
    const additionalInterest = interestRate ? percentOf(amount, interestRate) : 0n;
    const affiliate = product.id === 'prod_foto' && random() < 0.3 ? 'AFI001' : undefined;
    const earned = affiliate ? additionalInterest - percentOf(additionalInterest, 30) : additionalInterest;
    const paid = status === 'paid';
    orders.push({
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
      customer: pick(BUYERS),
      offerId: offer.id,
      productId: product.id,
      offer_type: 'main',
      metadata: { ...pick(SOURCES) },
      affiliateShortId: affiliate,
      additionalInterest: formatCents(additionalInterest),
      additionalInterestEarned: formatCents(earned),
    });
  }
  return orders;
}
