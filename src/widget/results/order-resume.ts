/**
 * The order in progress, kept in the tab's `sessionStorage` so a reload (or a checkout put on
 * the page again) shows the same Pix code, boleto or pending card payment instead of a new
 * form: a buyer who reloads while paying must not be led to pay twice. One order per relay and
 * offer. What is kept is the public view the relay already gave the browser (no customer data)
 * and the clock offset the countdown runs on. It is dropped once the order is final, once it
 * can no longer be paid (the Pix code expired, the boleto's due day passed), and when the
 * buyer leaves it for another payment.
 */
import { isWaitingChargeStatus } from '../../contract/charge-statuses.js';
import { isFiniteNumber, isNonEmptyString, isPlainObject } from '../../contract/json-values.js';
import { readCheckoutOrder } from '../checkout/relay-answers.js';
import { msUntil } from './clock-offset.js';
import { resumeKey } from './kept-order.js';
import { forgetOrder, inStorage, keepOrder, STORED_VERSION, type ResumableOrder, type StorageSource } from './order-keeping.js';

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

/** Reads and writes the order in progress; every failure of the storage means "nothing kept". */
export class OrderResumeStore {
  private readonly storage: StorageSource | undefined;
  private readonly now: () => number;

  constructor(options: { storage?: StorageSource; now?: () => number } = {}) {
    this.storage = options.storage;
    this.now = options.now ?? Date.now;
  }

  /** Keeps `stored` under `key` while it may be paid; forgets the key otherwise. */
  save(key: string, stored: ResumableOrder): void {
    if (isStillPayable(stored, this.now())) keepOrder(key, stored, this.storage);
    else this.forget(key);
  }

  /** The order kept under `key`, if it may still be paid; anything else found there is removed. */
  load(key: string): ResumableOrder | undefined {
    const text = inStorage((storage) => storage.getItem(key), this.storage);
    if (text === null || text === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: read below as anything else that is not ours.
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
