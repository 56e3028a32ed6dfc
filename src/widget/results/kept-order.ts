/**
 * Whether the tab keeps an order in progress for an offer sold through a relay: the check the
 * checkout makes before its form, so that a buyer who reloads while paying sees their order
 * rather than a new form. Reading the order kept, and whether it may still be paid, is
 * order-resume.ts's, fetched with the following's code (order-following.ts) only when an
 * order may still change or something is kept.
 */

import { inStorage } from './order-keeping.js';

const STORAGE_PREFIX = 'pay-checkout:order:';

/** The storage key of the order in progress for an offer sold through a relay (by its absolute URL). */
export function resumeKey(relay: { url(route: string): string }, offer: string): string {
  return `${STORAGE_PREFIX}${relay.url('')}#${offer}`;
}

/** True when something is kept under `key`; a storage that is missing or fails keeps nothing. */
export function hasKeptOrder(key: string): boolean {
  return inStorage((storage) => storage.getItem(key)) != null;
}
