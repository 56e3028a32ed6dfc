/**
 * `POST /public_api/products/{id}/duplicate/` (public-api.md, duplicate rules): the copy
 * gets a new id, the name with ` - Cópia`, the original's status, and copies of its
 * relations with new ids; its sales metrics start at zero.
 *
 * What the sandbox models of "relations": offers and checkouts (copied, pointing at the
 * copy), payment methods and content deliveries (lists on the product, copied with it).
 * Links, order bumps and tracking pixels are not modelled, so there are no affiliate-linked
 * pixels to leave out. Affiliates are people registered for a product, not relations the
 * spec lists: the copy starts without affiliates.
 */
import { duplicatedProductName } from '../../contract/products.js';
import { saoPauloDateTime } from '../world/sao-paulo-time.js';
import type { SandboxCheckout, SandboxOffer, SandboxProduct } from '../world/state.js';
import { nextSequence, type SandboxWorld } from '../world/world.js';

/** A sequence-based id that nothing in `taken` uses yet. */
function freshId(world: SandboxWorld, make: (sequence: number) => string, taken: (id: string) => boolean): string {
  let id = make(nextSequence(world));
  while (taken(id)) id = make(nextSequence(world));
  return id;
}

/**
 * The checkout's `offers` text with each copied offer's id replaced by its copy's; the
 * text is a comma-separated representation (public-api.md, Checkout `offers`).
 */
function remapOfferList(offers: string, newIds: ReadonlyMap<string, string>): string {
  return offers
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((id) => newIds.get(id) ?? id)
    .join(', ');
}

/**
 * Copies `original` with its offers and checkouts into the world and answers the copy.
 * Copies are dated `nowMs`; checkout visits (the only metric the model has) start at 0.
 */
export function duplicateProduct(world: SandboxWorld, original: SandboxProduct, nowMs: number): SandboxProduct {
  const now = saoPauloDateTime(nowMs);
  const productIds = new Set(world.products.keys());
  const shortIds = new Set([...world.products.values()].map((product) => product.short_id));
  const copy: SandboxProduct = {
    ...structuredClone(original),
    id: freshId(world, (sequence) => `prod_${sequence}`, (id) => productIds.has(id)),
    short_id: freshId(world, (sequence) => `CP${sequence}`, (id) => shortIds.has(id)),
    name: duplicatedProductName(original.name),
    createdAt: now,
  };
  world.products.set(copy.id, copy);

  const newOfferIds = new Map<string, string>();
  for (const offer of [...world.offers.values()].filter((candidate) => candidate.product === original.id)) {
    // Offer ids are short alphanumeric strings (public-api.md, Offer `id`).
    const id = freshId(world, (sequence) => `Dup${sequence}`, (candidate) => world.offers.has(candidate));
    const offerCopy: SandboxOffer = { ...structuredClone(offer), id, product: copy.id, createdAt: now, updatedAt: now };
    world.offers.set(id, offerCopy);
    newOfferIds.set(offer.id, id);
  }

  const checkoutIds = new Set([...world.checkouts.values()].map((checkout) => String(checkout.id)));
  for (const checkout of [...world.checkouts.values()].filter((candidate) => candidate.productId === original.id)) {
    const id = Number(freshId(world, String, (candidate) => checkoutIds.has(candidate)));
    const checkoutCopy: SandboxCheckout = {
      ...structuredClone(checkout),
      id,
      productId: copy.id,
      offers: remapOfferList(checkout.offers, newOfferIds),
      createdAt: now,
      updatedAt: now,
      visits: 0,
    };
    world.checkouts.set(`${copy.id}/${id}`, checkoutCopy);
  }
  return copy;
}
