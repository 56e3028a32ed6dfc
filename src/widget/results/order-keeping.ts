/**
 * Writing the order in progress to the tab's `sessionStorage`, and taking it out: what the checkout
 * does with every order it shows, at once, so that a reload right after the order appears finds it.
 * Reading it back, and judging whether it may still be paid, is order-resume.ts's, fetched only for
 * an order that may still change or one kept before.
 */
import type { CheckoutOrder } from '../checkout/relay-answers.js';

/** 2: with the order token, without which an order kept by version 1 could no longer be read. */
export const STORED_VERSION = 2;

/** What is kept of an order in progress. */
export interface ResumableOrder {
  order: CheckoutOrder;
  /** Milliseconds the API's clock is ahead of the buyer's, as measured when the order was created. */
  clockOffsetMs: number;
  /** What reads the order's status from the relay (its charge's answer); only this tab holds it. */
  orderToken: string;
}

/**
 * A charge request on its way, kept under the key of the order it is for until the order comes:
 * a reload before then sends it again with the same key (order-resume.ts), and gets the order the
 * first request made, or makes it, instead of a second one from a new attempt. It holds the
 * buyer's details and the card's one-time token (never the card's number, expiry or code).
 */
export interface KeptAttempt<Body = unknown> {
  /** The attempt's `Idempotency-Key`. */
  key: string;
  /** The request as sent (`CheckoutChargeRequest`). */
  body: Body;
}

/** The tab's storage, where the checkout keeps its order. */
export type StorageSource = () => Storage | undefined;

const tabStorage: StorageSource = () => globalThis.sessionStorage;

/**
 * What `use` answers from the storage. None there, or one that fails (blocked in a third-party
 * frame or by privacy settings, full), answers undefined: the order just will not survive a reload.
 */
export function inStorage<T>(use: (storage: Storage) => T, storage: StorageSource = tabStorage): T | undefined {
  try {
    const found = storage();
    return found ? use(found) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `stored` under `key`, in place of what was there. */
export function keepOrder(key: string, stored: ResumableOrder | KeptAttempt, storage?: StorageSource): void {
  inStorage((found) => found.setItem(key, JSON.stringify({ version: STORED_VERSION, ...stored })), storage);
}

/** Takes out what is kept under `key`. */
export function forgetOrder(key: string, storage?: StorageSource): void {
  inStorage((found) => found.removeItem(key), storage);
}
