/**
 * The relay's answers as the widget reads them (src/relay: config-route.ts, order-book.ts,
 * errors.ts), checked by hand rather than with zod so the buyer's page carries no schema
 * library. Each reader keeps only the fields it knows and answers `undefined` when one is
 * missing or not in its form.
 */
import { isCurrency, type Currency } from '../../contract/currency-codes.js';
import { DECIMAL_PATTERN } from '../../contract/format-checks.js';
import { isFiniteNumber, isNonEmptyString, isPlainObject } from '../../contract/json-values.js';
import { isChargeMethod, type ChargeMethod } from '../../contract/payment-method-lists.js';
import type { WidgetInstallmentOption, WidgetRecurrence } from '../../relay/config-route.js';
import type { PublicOrder } from '../../relay/order-book.js';

/** One row of the offer's instalment table, every amount a decimal string: the relay's own type. */
export type CheckoutInstallmentOption = WidgetInstallmentOption;

/** The checkout's configuration for one offer (src/relay/config-route.ts, `WidgetConfig`). */
export interface CheckoutConfig {
  offer: { id: string; name: string; price: string };
  product: { name: string; image: string; currency: Currency; type: 'unique' | 'subscription' };
  /** Only the methods this widget knows, in the relay's order. */
  paymentMethods: ChargeMethod[];
  installments: CheckoutInstallmentOption[];
  tokenization: { url: string; publicClientId: string };
  /** The 3-D Secure provider's settings, `null` when the relay names none. */
  threeDSecure: Record<string, unknown> | null;
  /** The anti-fraud provider's settings, `null` when the relay names none. */
  antifraud: Record<string, unknown> | null;
  /**
   * The offer's recurrence (`recurrence_period`, `quantity_recurrences`, `trial_days`), `null` for
   * a one-time offer; absent from a relay older than the field. Read here as any object: its
   * numbers are checked where they are shown, in the Pix view's chunk, not in every buyer's.
   */
  recurrence?: WidgetRecurrence | null;
}

/** An order as the relay shows it to the buyer's browser (no fees, no customer data). */
export type CheckoutOrder = PublicOrder;

/** `POST charges`' answer: the order and, apart from it, the token that reads its status (kept out of events and views). */
export type CreatedOrder = CheckoutOrder & { orderToken?: string };

/** The `error` of the relay's error body: `{ error: { type, message?, fields?, retryAfter?, queuePosition? } }`. */
export interface RelayErrorAnswer {
  type: string;
  message?: string;
  /** Messages by dotted field path (`customer.phone`). */
  fields?: Record<string, string[]>;
  /** Seconds to wait before asking again. */
  retryAfter?: number;
  /** A 429's 1-based place in the relay's line of charges, when the buyer is queued. */
  queuePosition?: number;
}

/** Reads one field: what to keep of it, or `undefined` when it is not in its form. */
type FieldReader<T> = (field: unknown) => T | undefined;

/** A field kept as it is when `check` takes it. */
const kept =
  <T>(check: (field: unknown) => field is T): FieldReader<T> =>
  (field) =>
    check(field) ? field : undefined;

const isText = (value: unknown): value is string => typeof value === 'string';
const text = kept(isText);
const nonEmptyText = kept(isNonEmptyString);
const decimal = kept((value): value is string => isText(value) && DECIMAL_PATTERN.test(value));
/** A provider's settings: an object of any values, or `null`. */
const settings = kept((value): value is Record<string, unknown> | null => value === null || isPlainObject(value));

/** Each item read by `read`; `undefined` unless `field` is a list whose every item reads. */
const listOf =
  <T>(read: FieldReader<T>): FieldReader<T[]> =>
  (field) => {
    if (!Array.isArray(field)) return undefined;
    const items = field.map(read);
    return items.every((item) => item !== undefined) ? (items as T[]) : undefined;
  };

/**
 * An object of the fields `readers` name, each as its reader keeps it (any other field is
 * left out); `undefined` unless every field reads. The `optional` fields may be absent.
 */
const shape =
  <T extends object>(readers: { [K in keyof T]-?: FieldReader<T[K]> }, optional: readonly (keyof T)[] = []): FieldReader<T> =>
  (field) => {
    if (!isPlainObject(field)) return undefined;
    const read: Partial<T> = {};
    for (const name of Object.keys(readers) as (keyof T & string)[]) {
      if (field[name] === undefined && optional.includes(name)) continue;
      const value = readers[name](field[name]);
      if (value === undefined) return undefined;
      read[name] = value;
    }
    return read as T;
  };

/** `GET config`'s answer; the methods this widget does not know are left out. */
export const readCheckoutConfig = shape<CheckoutConfig>(
  {
    offer: shape({ id: text, name: text, price: decimal }),
    product: shape({
      name: text,
      image: text,
      currency: kept(isCurrency),
      type: kept((value): value is 'unique' | 'subscription' => value === 'unique' || value === 'subscription'),
    }),
    paymentMethods: (field) => listOf(text)(field)?.filter(isChargeMethod),
    installments: listOf(
      shape<CheckoutInstallmentOption>({
        installments: kept((value): value is number => Number.isSafeInteger(value)),
        installmentAmount: decimal,
        total: decimal,
        interest: decimal,
        interestPercentage: text,
        interestFree: kept((value): value is boolean => typeof value === 'boolean'),
      }),
    ),
    tokenization: shape({ url: text, publicClientId: text }),
    threeDSecure: settings,
    antifraud: settings,
    recurrence: settings as FieldReader<WidgetRecurrence | null>,
  },
  ['recurrence'],
);

/** An order the relay answered (`POST charges`, `GET orders/{id}`), or one kept from such an answer. */
export const readCheckoutOrder = shape<CreatedOrder>(
  {
    orderToken: nonEmptyText,
    id: nonEmptyText,
    refId: text,
    status: nonEmptyText,
    paymentMethod: text,
    amount: text,
    createdAt: text,
    pix: shape({ qrCode: text, expirationDate: text, user_journey: kept((value): value is string | null => value === null || isText(value)) }),
    boleto: shape({ barcode: text, pdfUrl: text, dueDate: text }),
  },
  ['orderToken', 'pix', 'boleto'],
);

const readErrorBody = shape<{ error: RelayErrorAnswer }>({
  error: shape<Omit<RelayErrorAnswer, 'queuePosition'>>(
    {
      type: text,
      message: text,
      fields: kept((value): value is Record<string, string[]> =>
        isPlainObject(value) && Object.values(value).every((messages) => Array.isArray(messages) && messages.every(isText)),
      ),
      retryAfter: kept(isFiniteNumber),
    },
    ['message', 'fields', 'retryAfter'],
  ),
});

/**
 * The `error` of the relay's error body; `undefined` for a body the relay did not write (a proxy's
 * page). A place in line that is not a positive integer is left out, the rest of the error kept:
 * the buyer still gets the wait, only not the queue's words for it.
 */
export function readRelayError(body: unknown): RelayErrorAnswer | undefined {
  const error = readErrorBody(body)?.error;
  if (!error) return undefined;
  const place = (body as { error: { queuePosition?: unknown } }).error.queuePosition;
  if (Number.isSafeInteger(place) && (place as number) > 0) error.queuePosition = place as number;
  return error;
}
