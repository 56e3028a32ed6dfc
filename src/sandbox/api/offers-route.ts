/**
 * `GET /public_api/offers/` (public-api.md, "GET /public_api/offers/"): the caller's
 * offers, filtered, ordered and paged. The query's reading, filter semantics and ordering
 * come from the contract (src/contract/offers.ts), so the client and the sandbox agree on
 * every filter family, operator suffix and comma list.
 */
import { absoluteImageUrl } from '../documents/sandbox-images.js';
import { compareOffers, matchesOfferFilters, parseOfferQuery, type Offer, type OfferSearchProduct } from '../../contract/offers.js';
import { jsonResponse, fieldErrorResponse } from '../requests/responses.js';
import { PAGINATION_PARAMS, paginate } from './list-pages.js';
import type { RouteContext } from '../requests/router.js';
import type { SandboxOffer } from '../world/state.js';
import type { SandboxWorld } from '../world/world.js';

/** The offer as the API shows it: the fields of the Offer table plus its two dates. */
export function offerResource(offer: SandboxOffer, baseUrl: string): Offer {
  return {
    id: offer.id,
    name: offer.name,
    image: absoluteImageUrl(offer.image, baseUrl),
    price: offer.price,
    units: offer.units,
    default: offer.default,
    product: offer.product,
    status: offer.status,
    type: offer.type,
    intervalType: offer.intervalType,
    interval: offer.interval,
    recurrence_period: offer.recurrence_period,
    quantity_recurrences: offer.quantity_recurrences,
    trial_days: offer.trial_days,
    max_retries: offer.max_retries,
    retry_interval: offer.retry_interval,
    createdAt: offer.createdAt,
    updatedAt: offer.updatedAt,
  };
}

/** The offers of an account's products, in the store's order. */
export function accountOffers(world: SandboxWorld, accountId: string): SandboxOffer[] {
  return [...world.offers.values()].filter((offer) => world.products.get(offer.product)?.accountId === accountId);
}

/** `GET /public_api/offers/`: 400 naming each invalid parameter, 404 for a page that does not exist. */
export function handleOfferList(context: RouteContext): Response {
  const filterParams = new URLSearchParams(context.url.searchParams);
  for (const name of PAGINATION_PARAMS) filterParams.delete(name);
  const parsed = parseOfferQuery(filterParams);
  if (!parsed.success) return fieldErrorResponse(parsed.errors);
  const filters = parsed.data;

  const productOf = (productId: string): OfferSearchProduct | undefined => {
    const product = context.world.products.get(productId);
    return product && { name: product.name, short_id: product.short_id };
  };
  // Without `ordering`, offers come in creation order (the store's order breaks ties).
  const offers = accountOffers(context.world, context.caller!.accountId)
    .map((offer) => offerResource(offer, context.baseUrl))
    .filter((offer) => matchesOfferFilters(offer, productOf, filters))
    .sort(compareOffers(filters.ordering ?? 'createdAt'));

  const page = paginate(offers, context.url, context.baseUrl);
  return page instanceof Response ? page : jsonResponse(200, page);
}
