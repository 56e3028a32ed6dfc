/**
 * What every view of an order shares (the 201 charge response, the order record and the
 * webhook event's `data`): its identity, status, amounts, and the offer and product sold.
 */
import type { SandboxOrder } from './state.js';
import type { SandboxWorld } from './world.js';

export function orderSummary(world: SandboxWorld, order: SandboxOrder) {
  const product = world.products.get(order.productId);
  const offer = world.offers.get(order.offerId);
  return {
    id: order.id,
    refId: order.refId,
    status: order.status,
    paymentMethod: order.paymentMethod,
    amount: order.amount,
    baseAmount: order.baseAmount,
    discount: order.discount,
    fees: order.fees,
    product: { id: order.productId, short_id: product?.short_id ?? '', name: product?.name ?? '' },
    offer: { id: order.offerId, name: offer?.name ?? '', price: offer?.price ?? 0 },
  };
}
