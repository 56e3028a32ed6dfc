/**
 * `GET config?offer=ID`: everything the widget needs to draw the checkout for one offer, and
 * nothing secret. Prices and instalments are decimal strings computed with the contract's
 * money helpers; the tokenization URL and public client id let the browser tokenize the card
 * straight at the API.
 */
import { NotFoundError } from '../client/index.js';
import { CHARGE_INSTALLMENTS_MAX, MAX_STRING_LENGTH } from '../contract/constants.js';
import { installmentOptions, type CustomerFee } from '../contract/fees.js';
import { decimalTextOfNumber, formatCents, toCents } from '../contract/money.js';
import type { Offer } from '../contract/offers.js';
import { CHARGE_METHODS, type ChargeMethod } from '../contract/payment-methods.js';
import type { Product } from '../contract/products.js';
import type { RelayContext } from './context.js';
import { jsonAnswer, RelayError } from './errors.js';
import type { WidgetSettings } from './options.js';
import { type RelayAnswer, type RelayRequest } from './relay-exchange.js';

/** One line of the widget's instalment picker; every amount a decimal string. */
export interface WidgetInstallmentOption {
  installments: number;
  installmentAmount: string;
  total: string;
  interest: string;
  /** Percentage points the buyer pays for this count (the service's base plus the producer's additional). */
  interestPercentage: string;
  interestFree: boolean;
}

/**
 * What a `subscription` offer charges again, in the API's own field names (public-api.md, Offer):
 * every `recurrence_period` days, `quantity_recurrences` times (-1: until cancelled), the first
 * charge after `trial_days`; null where the API gave no value. The buyer sees these before
 * authorizing a Pix Automático.
 */
export type WidgetRecurrence = Record<'recurrence_period' | 'quantity_recurrences' | 'trial_days', number | null>;

/** The body of `GET config`. */
export interface WidgetConfig {
  offer: { id: string; name: string; price: string };
  product: { name: string; image: string; currency: Product['currency']; type: Product['type'] };
  /** The product's enabled methods a charge can use, in the spec's order. */
  paymentMethods: ChargeMethod[];
  /** 1 to 12 instalments of the offer's price. */
  installments: WidgetInstallmentOption[];
  customerFees: CustomerFee[];
  tokenization: { url: string; publicClientId: string };
  threeDSecure: WidgetSettings | null;
  antifraud: WidgetSettings | null;
  /** The offer's recurrence; null for a one-time (`unique`) offer. */
  recurrence: WidgetRecurrence | null;
}

/** The recurrence of a `subscription` offer as the API gave it (a field it left out is null), or null. */
function recurrenceOf(offer: Offer): WidgetRecurrence | null {
  if (offer.type !== 'subscription') return null;
  return {
    recurrence_period: offer.recurrence_period ?? null,
    quantity_recurrences: offer.quantity_recurrences ?? null,
    trial_days: offer.trial_days ?? null,
  };
}

/** How long a browser may keep a config answer (the relay's own cache does the heavy lifting). */
const BROWSER_CACHE_SECONDS = 60;

function offerNotFound(): RelayError {
  return new RelayError(404, 'offer_not_found', 'This offer is not for sale here.');
}

/** The offer, or null when the account has no such offer. */
async function loadOffer(context: RelayContext, offerId: string): Promise<Offer | null> {
  const { client } = context.options;
  return context.cache.get(`relay:cache:offer:${offerId}`, async () => {
    const page = await client.listOffers({ id: [offerId] });
    return page.results.find((offer) => offer.id === offerId) ?? null;
  });
}

async function loadProduct(context: RelayContext, productId: string): Promise<Product | null> {
  const { client } = context.options;
  return context.cache.get(`relay:cache:product:${productId}`, async () => {
    try {
      return await client.getProduct(productId);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  });
}

/**
 * Which product an offer sells, remembered long after the offer's own entry expires, so the
 * product is read beside the offer instead of after it. No route of the API moves an offer to
 * another product (public-api.md, Endpoints); should one move anyway, the offer's answer names
 * the new product, which is then read and remembered.
 */
const offerProductKey = (offerId: string) => `relay:offer-product:${offerId}`;
const OFFER_PRODUCT_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * The offer, its product, the fees and the instalment interest, read with as few round trips in
 * a row as the API allows: the fees and the interest do not depend on the offer and are read
 * beside it; the product is read beside it too when an earlier read told which product it is,
 * and only the first read of an offer waits for the offer to learn its product. So a cold
 * config costs one round trip after the token, two the first time an offer is seen.
 */
async function loadConfigParts(context: RelayContext, offerId: string) {
  const { options, cache, options: { store } } = context;
  const known = await store.get(offerProductKey(offerId));
  const knownProduct = known === undefined ? undefined : loadProduct(context, known);
  // Settled here, so a failure of a read not awaited below is not an unhandled rejection.
  knownProduct?.catch(() => undefined);
  const tables = Promise.all([
    cache.get('relay:cache:fees', () => options.client.getFees()),
    cache.get('relay:cache:installment-interest', () => options.client.getInstallmentInterest()),
  ]);
  tables.catch(() => undefined);
  const offer = await loadOffer(context, offerId);
  if (!offer || offer.status !== 'active') throw offerNotFound();
  let product: Product | null;
  if (known === offer.product && knownProduct) {
    product = await knownProduct;
  } else {
    product = await loadProduct(context, offer.product);
    await store.set(offerProductKey(offerId), offer.product, { ttlMs: OFFER_PRODUCT_TTL_MS });
  }
  // A product that is not active cannot be charged (the API answers 400 for its offers).
  if (!product || product.status !== 'active') throw offerNotFound();
  const [fees, additionalInterest] = await tables;
  return { offer, product, fees, additionalInterest };
}

export async function handleConfig(request: RelayRequest, context: RelayContext): Promise<RelayAnswer> {
  const { options } = context;
  const offerId = new URL(request.url).searchParams.get('offer')?.trim() ?? '';
  if (offerId === '') {
    throw new RelayError(400, 'invalid_request', 'Give the offer id as ?offer=ID.', { fields: { offer: ['Required.'] } });
  }
  // Offer ids are looked up in a comma-separated filter, so an id with a comma names no offer.
  if (offerId.includes(',') || offerId.length > MAX_STRING_LENGTH || !(await options.isOfferAllowed(offerId))) throw offerNotFound();
  const { offer, product, fees, additionalInterest } = await loadConfigParts(context, offerId);

  const price = formatCents(toCents(offer.price));
  const config: WidgetConfig = {
    offer: { id: offer.id, name: offer.name, price },
    product: { name: product.name, image: product.image, currency: product.currency, type: product.type },
    paymentMethods: CHARGE_METHODS.filter((method) => product.paymentMethods.includes(method)),
    installments: installmentOptions(fees, price, CHARGE_INSTALLMENTS_MAX, additionalInterest).map((option) => ({
      installments: option.installments,
      installmentAmount: option.installmentAmount,
      total: option.total,
      interest: option.interest,
      interestPercentage: decimalTextOfNumber(option.interestPercentage),
      interestFree: option.interestFree,
    })),
    customerFees: fees.customerFees,
    tokenization: { url: `${options.apiBaseUrl}/public_api/card-tokens/`, publicClientId: options.publicClientId },
    threeDSecure: options.threeDSecure,
    antifraud: options.antifraud,
    recurrence: recurrenceOf(offer),
  };
  return jsonAnswer(200, config, { 'Cache-Control': `public, max-age=${BROWSER_CACHE_SECONDS}` });
}
