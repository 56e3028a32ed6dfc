/**
 * The order in progress, kept in the tab's `sessionStorage` so a reload (or a checkout put on
 * the page again) shows the same Pix code, boleto or pending card payment instead of a new
 * form: a buyer who reloads while paying must not be led to pay twice. One order per relay and
 * offer. What is kept is the public view the relay already gave the browser (no customer data)
 * and the clock offset the countdown runs on. It is dropped once the order is final, once it
 * can no longer be paid (the Pix code expired, the boleto's due day passed), and when the
 * buyer leaves it for another payment. Before the order comes, its charge request is kept
 * instead (order-keeping.ts): a reload then sends it again with the same key and shows the order
 * it answers, and the request, with the buyer's details, is replaced by the order.
 */
import { isWaitingChargeStatus } from '../../contract/charge-statuses.js';
import { isFiniteNumber, isNonEmptyString, isPlainObject } from '../../contract/json-values.js';
import { readCheckoutOrder } from '../checkout/relay-answers.js';
import { RelayAnswerError, RelayUnreachableError, type CheckoutChargeRequest, type RelayConnection } from '../checkout/relay-connection.js';
import { estimateClockOffset, msUntil } from './clock-offset.js';
import { resumeKey } from './kept-order.js';
import { forgetOrder, inStorage, keepOrder, STORED_VERSION, type KeptAttempt, type ResumableOrder, type StorageSource } from './order-keeping.js';

export { resumeKey };
export type { ResumableOrder };

/**
 * What the storage holds, read like any other input: another version of the widget, or the
 * page itself, may have written something else under the key. The order is read as the
 * relay's answer is.
 */
function readStoredOrder(json: unknown): ResumableOrder | undefined {
  if (!isPlainObject(json) || json['version'] !== STORED_VERSION || !isFiniteNumber(json['clockOffsetMs']) || !isNonEmptyString(json['orderToken'])) {
    return undefined;
  }
  const order = readCheckoutOrder(json['order']);
  return order ? { order, clockOffsetMs: json['clockOffsetMs'], orderToken: json['orderToken'] } : undefined;
}

/** Today on the São Paulo calendar, `YYYY-MM-DD`: a boleto is payable through its due day there (docs/sandbox.md, "Due date"). */
function saoPauloDate(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** True while the order may still be paid: waiting, and its Pix code or boleto not past its time. */
export function isStillPayable(stored: ResumableOrder, nowMs: number): boolean {
  const { order, clockOffsetMs } = stored;
  if (!isWaitingChargeStatus(order.status)) return false;
  // An unreadable expiry counts as past.
  if (order.pix) return (msUntil(order.pix.expirationDate, clockOffsetMs, nowMs) ?? 0) > 0;
  if (order.boleto) return order.boleto.dueDate >= saoPauloDate(nowMs + clockOffsetMs);
  return true;
}

/** A charge request kept on its way (order-keeping.ts), as the storage holds it; undefined for anything else. */
function readStoredAttempt(json: unknown): KeptAttempt<CheckoutChargeRequest> | undefined {
  if (!isPlainObject(json) || json['version'] !== STORED_VERSION || !isNonEmptyString(json['key'])) return undefined;
  const body = json['body'];
  const items = isPlainObject(body) ? body['items'] : undefined;
  return Array.isArray(items) && items.length > 0 ? { key: json['key'], body: body as unknown as CheckoutChargeRequest } : undefined;
}

/**
 * How many times a kept request is sent again while the relay answers that it cannot take it yet
 * (its line, the API still processing the first request, a moment's outage) or cannot be
 * reached, and the longest wait between two tries: about two minutes in all.
 */
const RESEND_TRIES = 12;
const RESEND_MAX_WAIT_SECONDS = 15;

/**
 * Sends a kept charge request again with its key, and answers the order it made (the first
 * request's, or this one's if the first never reached the API); undefined once the relay refuses
 * it for good (an expired card token, a key it no longer knows with another request) or never
 * takes it in the tries given. The request holds the buyer's details: it is not kept after.
 */
async function resend(relay: Pick<RelayConnection, 'createCharge'>, { key, body }: KeptAttempt<CheckoutChargeRequest>, sleep: (ms: number) => Promise<void>, now: () => number): Promise<ResumableOrder | undefined> {
  for (let tries = 1; ; tries += 1) {
    try {
      const { orderToken = '', ...order } = await relay.createCharge(body, { idempotencyKey: key });
      return { order, clockOffsetMs: estimateClockOffset(order.createdAt, now()), orderToken };
    } catch (error) {
      const seconds = error instanceof RelayAnswerError ? error.retryAfterSeconds : undefined;
      // A 409 or 429 asks to wait only with its `retryAfter`, as the attempt reads it: a 409 without
      // one is a key used with another request, which no wait mends.
      const waiting =
        error instanceof RelayUnreachableError ||
        (error instanceof RelayAnswerError && (error.status === 409 || error.status === 429 ? seconds !== undefined : error.status >= 500));
      if (!waiting || tries === RESEND_TRIES) return undefined;
      await sleep(Math.min(seconds ?? tries, RESEND_MAX_WAIT_SECONDS) * 1000);
    }
  }
}

/** Reads and writes the order in progress; every failure of the storage means "nothing kept". */
export class OrderResumeStore {
  private readonly storage: StorageSource | undefined;
  private readonly now: () => number;

  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: { storage?: StorageSource; now?: () => number; sleep?: (ms: number) => Promise<void> } = {}) {
    this.storage = options.storage;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Keeps `stored` under `key` while it may be paid; forgets the key otherwise. */
  save(key: string, stored: ResumableOrder): void {
    if (isStillPayable(stored, this.now())) keepOrder(key, stored, this.storage);
    else this.forget(key);
  }

  /**
   * The order kept under `key`, if it may still be paid; anything else found there is removed. A
   * charge request kept on its way is sent again through `relay` first, and its order answered.
   */
  async load(key: string, relay?: Pick<RelayConnection, 'createCharge'>): Promise<ResumableOrder | undefined> {
    const text = inStorage((storage) => storage.getItem(key), this.storage);
    if (text === null || text === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: read below as anything else that is not ours.
    }
    const attempt = relay && readStoredAttempt(json);
    if (attempt) {
      // Whatever its status: a card paid or declined while the page reloaded is shown as such.
      const resent = await resend(relay, attempt, this.sleep, this.now);
      if (!resent) this.forget(key);
      return resent;
    }
    const stored = readStoredOrder(json);
    if (!stored || !isStillPayable(stored, this.now())) {
      this.forget(key);
      return undefined;
    }
    return stored;
  }

  forget(key: string): void {
    forgetOrder(key, this.storage);
  }
}
