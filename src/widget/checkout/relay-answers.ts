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
import type { WidgetInstallmentOption } from '../../relay/config-route.js';
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
}

/** An order as the relay shows it to the buyer's browser (no fees, no customer data). */
export type CheckoutOrder = PublicOrder;

/** The `error` of the relay's error body: `{ error: { type, message?, fields?, retryAfter? } }`. */
export interface RelayErrorAnswer {
  type: string;
  message?: string;
  /** Messages by dotted field path (`customer.phone`). */
  fields?: Record<string, string[]>;
  /** Seconds to wait before asking again. */
  retryAfter?: number;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isDecimal = (value: unknown): value is string => isText(value) && DECIMAL_PATTERN.test(value);
const isWholeNumber = (value: unknown): value is number => Number.isSafeInteger(value);

/** Each item read by `read`; `undefined` unless `value` is a list whose every item reads. */
function readList<T>(value: unknown, read: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.map(read);
  return items.every((item) => item !== undefined) ? (items as T[]) : undefined;
}

/** A provider's settings: an object of any values, or `null`; `undefined` for anything else, a missing one included. */
function readSettings(value: unknown): Record<string, unknown> | null | undefined {
  if (value === null) return null;
  return isPlainObject(value) ? { ...value } : undefined;
}

function readInstallmentOption(value: unknown): CheckoutInstallmentOption | undefined {
  if (!isPlainObject(value)) return undefined;
  const { installments, installmentAmount, total, interest, interestPercentage, interestFree } = value;
  const fits =
    isWholeNumber(installments) &&
    isDecimal(installmentAmount) &&
    isDecimal(total) &&
    isDecimal(interest) &&
    isText(interestPercentage) &&
    typeof interestFree === 'boolean';
  return fits ? { installments, installmentAmount, total, interest, interestPercentage, interestFree } : undefined;
}

/** `GET config`'s answer; the methods this widget does not know are left out. */
export function readCheckoutConfig(body: unknown): CheckoutConfig | undefined {
  if (!isPlainObject(body)) return undefined;
  const { offer, product, paymentMethods, tokenization } = body;
  if (!isPlainObject(offer) || !isText(offer['id']) || !isText(offer['name']) || !isDecimal(offer['price'])) return undefined;
  if (!isPlainObject(product) || !isText(product['name']) || !isText(product['image']) || !isCurrency(product['currency'])) return undefined;
  const type = product['type'];
  if (type !== 'unique' && type !== 'subscription') return undefined;
  if (!isPlainObject(tokenization) || !isText(tokenization['url']) || !isText(tokenization['publicClientId'])) return undefined;
  const methods = readList(paymentMethods, (method) => (isText(method) ? method : undefined));
  const installments = readList(body['installments'], readInstallmentOption);
  const threeDSecure = readSettings(body['threeDSecure']);
  const antifraud = readSettings(body['antifraud']);
  if (!methods || !installments || threeDSecure === undefined || antifraud === undefined) return undefined;
  return {
    offer: { id: offer['id'], name: offer['name'], price: offer['price'] },
    product: { name: product['name'], image: product['image'], currency: product['currency'], type },
    paymentMethods: methods.filter(isChargeMethod),
    installments,
    tokenization: { url: tokenization['url'], publicClientId: tokenization['publicClientId'] },
    threeDSecure,
    antifraud,
  };
}

function readPix(value: unknown): CheckoutOrder['pix'] {
  if (!isPlainObject(value)) return undefined;
  const { qrCode, expirationDate, user_journey: userJourney } = value;
  if (!isText(qrCode) || !isText(expirationDate) || !(userJourney === null || isText(userJourney))) return undefined;
  return { qrCode, expirationDate, user_journey: userJourney };
}

function readBoleto(value: unknown): CheckoutOrder['boleto'] {
  if (!isPlainObject(value)) return undefined;
  const { barcode, pdfUrl, dueDate } = value;
  return isText(barcode) && isText(pdfUrl) && isText(dueDate) ? { barcode, pdfUrl, dueDate } : undefined;
}

/** An order the relay answered (`POST charges`, `GET orders/{id}`), or one kept from such an answer. */
export function readCheckoutOrder(value: unknown): CheckoutOrder | undefined {
  if (!isPlainObject(value)) return undefined;
  const { id, refId, status, paymentMethod, amount, createdAt, pix, boleto } = value;
  const fits =
    isNonEmptyString(id) && isText(refId) && isNonEmptyString(status) && isText(paymentMethod) && isText(amount) && isText(createdAt);
  if (!fits) return undefined;
  const order: CheckoutOrder = { id, refId, status, paymentMethod, amount, createdAt };
  if (pix !== undefined) {
    order.pix = readPix(pix);
    if (!order.pix) return undefined;
  }
  if (boleto !== undefined) {
    order.boleto = readBoleto(boleto);
    if (!order.boleto) return undefined;
  }
  return order;
}

function readFieldMessages(value: unknown): Record<string, string[]> | undefined {
  if (!isPlainObject(value)) return undefined;
  const entries = Object.entries(value);
  const fits = entries.every(([, messages]) => Array.isArray(messages) && messages.every(isText));
  return fits ? Object.fromEntries(entries as [string, string[]][]) : undefined;
}

/** The `error` of the relay's error body; `undefined` for a body the relay did not write (a proxy's page). */
export function readRelayError(body: unknown): RelayErrorAnswer | undefined {
  if (!isPlainObject(body) || !isPlainObject(body['error'])) return undefined;
  const { type, message, fields, retryAfter } = body['error'];
  if (!isText(type) || !(message === undefined || isText(message)) || !(retryAfter === undefined || isFiniteNumber(retryAfter))) return undefined;
  const answer: RelayErrorAnswer = { type };
  if (message !== undefined) answer.message = message;
  if (retryAfter !== undefined) answer.retryAfter = retryAfter;
  if (fields !== undefined) {
    answer.fields = readFieldMessages(fields);
    if (!answer.fields) return undefined;
  }
  return answer;
}
