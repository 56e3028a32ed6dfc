/**
 * The orders this relay created and what it knows of their status, kept in the Store so every
 * relay instance answers the same: the public view of each order (written once, by the charge
 * that created it) and its latest status (written by webhooks, by the charge's answer and by
 * reads from the API), with a Store channel per order that carries each status change to the
 * event streams on every instance.
 *
 * Every status written here is the API's word, except the waiting ones a webhook brings: the
 * charge's answer and a read of the order come from the API itself, and a webhook's final
 * status is written only once a read of the order showed it (webhook-confirmation.ts). So a
 * final status moves to another only when the API says so, and an unconfirmed waiting status
 * cannot move an order back (the rank rule below).
 */
import { NotFoundError, type PayClient } from '../client/index.js';
import type { ChargeResponse } from '../contract/charge-response.js';
import { isFinalChargeStatus, isWaitingChargeStatus, type OrderRecord } from '../contract/orders.js';
import type { OrderEventData, WebhookEventName } from '../contract/webhooks.js';
import type { Store } from '../store/store.js';

/** What the widget may see of an order: no fees, no acquirer id, no customer data. */
export interface PublicOrder {
  id: string;
  refId: string;
  status: string;
  paymentMethod: string;
  amount: string;
  /** Pix and Pix Automático: the copy-and-paste code and its expiry. */
  pix?: { qrCode: string; expirationDate: string; user_journey: string | null };
  /** Boleto: digitable line, PDF and due day. */
  boleto?: { barcode: string; pdfUrl: string; dueDate: string };
  createdAt: string;
}

/** A webhook delivery as `onEvent` gets it: the event and its order, without the secret. */
export interface RelayWebhookEvent {
  event: WebhookEventName;
  data: OrderEventData;
}

/** What an order's channel carries. */
export interface StatusChange {
  id: string;
  status: string;
}

/** The public view of a charge the API created. */
export function publicOrderOf(charge: ChargeResponse): PublicOrder {
  const order: PublicOrder = {
    id: charge.id,
    refId: charge.refId,
    status: charge.status,
    paymentMethod: charge.paymentMethod,
    amount: charge.amount,
    createdAt: charge.createdAt,
  };
  if (charge.pix) {
    order.pix = { qrCode: charge.pix.qrCode, expirationDate: charge.pix.expirationDate, user_journey: charge.pix.user_journey ?? null };
  }
  if (charge.boleto) {
    order.boleto = { barcode: charge.boleto.barcode, pdfUrl: charge.boleto.pdfUrl, dueDate: charge.boleto.dueDate };
  }
  return order;
}

/**
 * The public view of an order read back from the API (`GET /public_api/orders/{id}/`), for an
 * order the store lost. The record's documented fields (supplement, "Lists, orders, products")
 * carry no Pix code and no boleto line, so the view has neither: the widget keeps the code
 * it was shown with the order, and asks the relay only for the status. A field the record
 * leaves out is an empty text, as the widget reads the view.
 */
export function publicOrderOfRecord(record: OrderRecord): PublicOrder {
  return {
    id: record.id,
    refId: record.refId ?? '',
    status: record.status,
    paymentMethod: record.paymentMethod ?? '',
    amount: record.amount ?? '',
    createdAt: record.createdAt ?? '',
  };
}

/** Order ids as the API writes them; anything else cannot be an order of this relay. */
const ORDER_ID_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/;

/**
 * True for a text that can be an order id. `.` and `..` are left out: as a path segment of
 * `GET /public_api/orders/{id}/` they would name another path.
 */
export function isOrderId(text: string): boolean {
  return ORDER_ID_PATTERN.test(text) && text !== '.' && text !== '..';
}

/** How long the relay remembers an order: longer than any Pix code or boleto term stays payable. */
export const ORDER_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * The API reads that buyers' reads of waiting orders may cause (the fallback for a lost
 * webhook). The API's budget for every call but charges is 5,000 an hour per account
 * (public-api.md, Limits), and the confirmation of each webhook, the offers' configuration and
 * the recovery of lost orders come out of it too: buyers' reads may spend at most `perHour` of
 * it, shared by every instance on the store, and one buyer address (its rate-limit bucket) at
 * most `perIpPerMinute` a minute. Past either, a read answers the stored status, which
 * webhooks keep up to date.
 */
export const ORDER_REFRESH_BUDGET = { perHour: 2_000, perIpPerMinute: 20 } as const;
const HOUR_MS = 60 * 60_000;

/**
 * What `onError` gets, once per store while it lasts, when buyers' reads have spent their hourly
 * share of the API's budget (ORDER_REFRESH_BUDGET): until `retryAfterMs` has passed, reads
 * answer the stored status, which webhooks keep up to date; webhook confirmations and the
 * offers' configuration still have the rest of the budget. Many buyers waiting at once (a
 * launch), or someone polling many orders, spends it.
 */
export class OrderRefreshBudgetSpentError extends Error {
  /** Stable, for alerting. */
  readonly type = 'order_refresh_budget_spent';
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super(
      `Buyers' reads of waiting orders have spent their ${ORDER_REFRESH_BUDGET.perHour} API reads of the hour; for ${Math.ceil(retryAfterMs / 60_000)} min they answer the stored status, as webhooks keep it.`,
    );
    this.name = 'OrderRefreshBudgetSpentError';
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Where a status sits in an order's life: awaiting the buyer (0), settled (1), undone later
 * (2). A status never moves back to a lower rank, so a late retry of an old delivery
 * (`pix_gerado` arriving after `purchase_approved`) cannot make a paid order wait again.
 * Statuses the spec does not name count as settled.
 */
function statusRank(status: string): number {
  if (isWaitingChargeStatus(status)) return 0;
  if (isFinalChargeStatus(status)) return 1;
  return ['refunded', 'chargeback', 'canceled'].includes(status) ? 2 : 1;
}

/** True while the widget still waits on the order (a QR or slip unpaid, a 3DS challenge open). */
export function isAwaitingBuyer(status: string): boolean {
  return isWaitingChargeStatus(status);
}

interface StoredStatus {
  status: string;
  /** When the relay last learnt the status (webhook, charge answer or API read), ms since epoch. */
  checkedAt: number;
  /** `statusRank(status)`, which the store compares (`setRanked`); absent in a status a relay before it stored. */
  rank?: number;
}

export interface OrderBookOptions {
  store: Store;
  client: PayClient;
  now: () => number;
  /** A waiting status older than this is re-read from the API on a read. */
  refreshMs: number;
  onError: (error: unknown) => void;
}

export interface OrderBook {
  /** Records an order this relay created; answers whether it is new (false for an idempotent replay). */
  record(order: PublicOrder): Promise<boolean>;
  /**
   * The public view with the latest status, or undefined for an order the API does not have.
   * The caller has checked the order's token: an order missing from the store (an emptied
   * Redis) is read again from the API and stored again. `reader` is the rate-limit bucket of
   * the buyer who reads, whose reads may cause so many API reads (ORDER_REFRESH_BUDGET).
   */
  read(id: string, reader: string): Promise<PublicOrder | undefined>;
  /**
   * Stores a status learnt from the API (its charge answer, a read, or a webhook: confirmed
   * by a read unless it is a waiting status) and tells the order's subscribers.
   */
  applyStatus(id: string, status: string): Promise<string>;
  /** Calls `listener` with each status change of the order; answers the unsubscribe. */
  subscribe(id: string, listener: (change: StatusChange) => void): Promise<() => Promise<void>>;
}

const orderKey = (id: string) => `relay:order:${id}`;
const statusKey = (id: string) => `relay:order-status:${id}`;
const refreshLockKey = (id: string) => `relay:order-refresh:${id}`;
const REFRESHES_KEY = 'relay:order-refreshes';
const REFRESHES_SPENT_KEY = 'relay:order-refreshes-spent';
const readerRefreshesKey = (reader: string) => `relay:order-refreshes-per-ip:${reader}`;
const channelOf = (id: string) => `relay:order-events:${id}`;

export function createOrderBook({ store, client, now, refreshMs, onError }: OrderBookOptions): OrderBook {
  async function storedStatus(id: string): Promise<StoredStatus | undefined> {
    const text = await store.get(statusKey(id));
    return text === undefined ? undefined : (JSON.parse(text) as StoredStatus);
  }

  /**
   * `newOrder`: the status of an order just recorded. A status without a rank is then there only
   * if a relay from before ranks took a webhook that overtook the charge's answer, during the
   * deploy that replaced it: not worth a read on every charge's path.
   */
  async function applyStatus(id: string, status: string, newOrder = false): Promise<string> {
    const rank = statusRank(status);
    // A status stored by a relay from before ranks were stored has none, and any write would
    // replace it: a waiting one, the only kind that can be outranked by a final one, reads it first.
    const legacy = rank === 0 && !newOrder ? await storedStatus(id) : undefined;
    let kept: string;
    if (legacy !== undefined && legacy.rank === undefined && statusRank(legacy.status) > rank) kept = legacy.status;
    else {
      const next = JSON.stringify({ status, checkedAt: now(), rank } satisfies StoredStatus);
      // Atomic in the store: a waiting status written at the moment another instance writes a
      // paid one never replaces it, whichever comes second.
      kept = (JSON.parse(await store.setRanked(statusKey(id), next, rank, { ttlMs: ORDER_RETENTION_MS })) as StoredStatus).status;
    }
    // Published even when unchanged: a subscriber compares with what it last sent, and a
    // repeated publish after a failed one costs nothing.
    await store.publish(channelOf(id), JSON.stringify({ id, status: kept } satisfies StatusChange));
    return kept;
  }

  async function refresh(id: string): Promise<void> {
    try {
      const record = await client.getOrder(id);
      await applyStatus(id, record.status);
    } catch (error) {
      // The stored status stays the answer: a stale status beats no answer while the API is down.
      onError(error);
    }
  }

  const refreshing = new Map<string, Promise<void>>();

  /**
   * One API read per order and interval, however many buyers and instances ask: readers in
   * this instance wait for the read in flight, and only the reader that starts it spends one of
   * its reads (a buyer's stream and poll of one order at once are one read); the Store's lock
   * keeps other instances from reading too (their readers answer the stored status, which the
   * read then updates).
   */
  async function refreshOnce(id: string, reader: string): Promise<void> {
    const inFlight = refreshing.get(id);
    if (inFlight) return inFlight;
    const started = (async () => {
      if (!(await store.reserveSlot(readerRefreshesKey(reader), ORDER_REFRESH_BUDGET.perIpPerMinute, 60_000, 0)).granted) return;
      if (!(await store.setIfAbsent(refreshLockKey(id), '1', { ttlMs: Math.max(refreshMs, 1) }))) return;
      const slot = await store.reserveSlot(REFRESHES_KEY, ORDER_REFRESH_BUDGET.perHour, HOUR_MS, 0);
      if (slot.granted) return refresh(id);
      // Said once while it lasts, across instances: an operator learns of it without a line per read.
      const ttlMs = Math.max(slot.waitMs, 1_000);
      if (await store.setIfAbsent(REFRESHES_SPENT_KEY, '1', { ttlMs })) onError(new OrderRefreshBudgetSpentError(ttlMs));
    })().finally(() => refreshing.delete(id));
    refreshing.set(id, started);
    return started;
  }

  /**
   * The order read again from the API and stored again. Its token proves this relay created
   * it, so only the store forgot it. A view stored meanwhile (the charge's own, with its Pix
   * code) is kept; the status is the API's, under the rank rule.
   */
  async function recover(id: string): Promise<PublicOrder | undefined> {
    let record: OrderRecord;
    try {
      record = await client.getOrder(id);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
    const rebuilt = publicOrderOfRecord(record);
    const written = await store.setIfAbsent(orderKey(id), JSON.stringify(rebuilt), { ttlMs: ORDER_RETENTION_MS });
    const storedText = written ? undefined : await store.get(orderKey(id));
    const view = storedText === undefined ? rebuilt : (JSON.parse(storedText) as PublicOrder);
    return { ...view, status: await applyStatus(id, record.status) };
  }

  const recovering = new Map<string, Promise<PublicOrder | undefined>>();

  /** One API read per lost order in this instance, however many of its buyers' reads come at once. */
  function recoverOnce(id: string): Promise<PublicOrder | undefined> {
    const inFlight = recovering.get(id);
    if (inFlight) return inFlight;
    const started = recover(id).finally(() => recovering.delete(id));
    recovering.set(id, started);
    return started;
  }

  return {
    async record(order) {
      const isNew = await store.setIfAbsent(orderKey(order.id), JSON.stringify(order), { ttlMs: ORDER_RETENTION_MS });
      // A webhook may have arrived before the charge's answer; the rank rule keeps the later
      // status. A replay answers the first response again, which is no news about the status.
      if (isNew) await applyStatus(order.id, order.status, true);
      return isNew;
    },
    async read(id, reader) {
      const text = await store.get(orderKey(id));
      if (text === undefined) return recoverOnce(id);
      const order = JSON.parse(text) as PublicOrder;
      let state = await storedStatus(id);
      // A stamp in this instance's future came from an instance whose clock is ahead: its age is
      // unknown, so it is read again (the store's lock still allows one read per interval).
      const age = state === undefined ? Infinity : now() - state.checkedAt;
      const stale = state === undefined || (isAwaitingBuyer(state.status) && (age >= refreshMs || age < 0));
      if (stale) {
        await refreshOnce(id, reader);
        state = (await storedStatus(id)) ?? state;
      }
      return { ...order, status: state?.status ?? order.status };
    },
    applyStatus: (id, status) => applyStatus(id, status),
    subscribe(id, listener) {
      return store.subscribe(channelOf(id), (message) => listener(JSON.parse(message) as StatusChange));
    },
  };
}
