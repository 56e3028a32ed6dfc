/**
 * The widget's charge request checked by hand, for `POST charges`: `plainWidgetChargeRequest`
 * answers what `widgetChargeRequestSchemaFor(maxItemQuantity)` would give back for a request it
 * vouches for, and undefined for any other. It vouches only for the requests a checkout sends
 * (a method, the buyer, the one item, and for a card its token, instalments and anti-fraud
 * reference, a Pix expiry, a boleto due date, a coupon, an affiliate), each field with the
 * schema's own rule; a request with anything else (an address, metadata, 3-D Secure's result,
 * a key the spec does not list, a value in doubt) goes to the schema, which has the final word
 * and the field errors. See `acceptPlainly` in src/contract/errors.ts.
 */
import * as z from 'zod/mini';
import { E164_DIGITS_PATTERN } from '../contract/charge-request-rules.js';
import {
  CHARGE_INSTALLMENTS_MAX,
  CHARGE_INSTALLMENTS_MIN,
  COUPON_MAX_LENGTH,
  ITEMS_PER_CHARGE,
  ITEM_QUANTITY_MIN,
  PIX_EXPIRES_IN_MIN_SECONDS,
} from '../contract/constants.js';
import { TAXPAYER_NUMBERS } from '../contract/charge-request.js';
import { isCalendarDate } from '../contract/format-checks.js';
import { hasOnlyKeys, isNonEmptyString, isPlainObject } from '../contract/json-values.js';
import { isChargeMethod } from '../contract/payment-method-lists.js';
import { isCardMethod, isPixMethod } from '../contract/payment-methods.js';

type Fields = Record<string, unknown>;

/** The e-mail pattern `z.email()` checks with, so both take the same addresses. */
const EMAIL_PATTERN = z.regexes.email;
/** A letter of any script (Latin with accents, CJK, Cyrillic...): the relay's own rule on a buyer's name (widget-request.ts). */
export const LETTER = /\p{L}/u;

const REQUEST_KEYS = new Set([
  'paymentMethod', 'customer', 'items', 'card', 'installments', 'antifraud_profiling_attempt_reference',
  'pixExpiresIn', 'dueDate', 'coupon', 'affiliateShortId',
]);
const CUSTOMER_KEYS = new Set(['name', 'email', 'phone', 'fingerprint', 'docType', 'docNumber', 'birthDate']);
const ITEM_KEYS = new Set(['offerId', 'quantity', 'offerType', 'installments']);
const CARD_KEYS = new Set(['token']);

const isWholeIn = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
const isInstallments = (value: unknown): boolean => isWholeIn(value, CHARGE_INSTALLMENTS_MIN, CHARGE_INSTALLMENTS_MAX);

function isPlainCustomer(value: unknown): boolean {
  if (!isPlainObject(value) || !hasOnlyKeys(value, CUSTOMER_KEYS)) return false;
  const { name, email, phone, docType, docNumber, birthDate } = value;
  if (!isNonEmptyString(name) || !LETTER.test(name) || !isNonEmptyString(value['fingerprint'])) return false;
  if (typeof email !== 'string' || !EMAIL_PATTERN.test(email)) return false;
  if (typeof phone !== 'string' || !E164_DIGITS_PATTERN.test(phone)) return false;
  if (birthDate !== undefined && (typeof birthDate !== 'string' || !isCalendarDate(birthDate))) return false;
  if (docType === undefined && docNumber === undefined) return true;
  // Each number's check takes only digits of its length, as the schema's rules do.
  const rule = typeof docType === 'string' && Object.hasOwn(TAXPAYER_NUMBERS, docType) ? TAXPAYER_NUMBERS[docType as keyof typeof TAXPAYER_NUMBERS] : undefined;
  return rule !== undefined && typeof docNumber === 'string' && rule.isValid(docNumber);
}

/** The one item as the schema gives it back, its defaults filled in; undefined when it is not vouched for. */
function plainItems(value: unknown, maxItemQuantity: number): Fields[] | undefined {
  if (!Array.isArray(value) || value.length !== ITEMS_PER_CHARGE) return undefined;
  const item: unknown = value[0];
  if (!isPlainObject(item) || !hasOnlyKeys(item, ITEM_KEYS) || !isNonEmptyString(item['offerId'])) return undefined;
  const { offerId, quantity = ITEM_QUANTITY_MIN, offerType = 'main', installments } = item;
  if (!isWholeIn(quantity, ITEM_QUANTITY_MIN, maxItemQuantity) || offerType !== 'main') return undefined;
  if (installments !== undefined && !isInstallments(installments)) return undefined;
  return [{ offerId, quantity, offerType, ...(installments !== undefined && { installments }) }];
}

/** What each method requires and refuses (charge-request.ts, `reportMethodRules`). */
function followsMethodRules(request: Fields, method: string): boolean {
  const { card, installments } = request;
  if (isCardMethod(method)) {
    if (!isPlainObject(card) || !hasOnlyKeys(card, CARD_KEYS) || !isNonEmptyString(card['token'])) return false;
    if (!isNonEmptyString(request['antifraud_profiling_attempt_reference'])) return false;
    if (installments !== undefined && !isInstallments(installments)) return false;
  } else if (card !== undefined || installments !== undefined || request['antifraud_profiling_attempt_reference'] !== undefined) {
    return false;
  }
  const { pixExpiresIn, dueDate } = request;
  if (pixExpiresIn !== undefined && !(isPixMethod(method) && isWholeIn(pixExpiresIn, PIX_EXPIRES_IN_MIN_SECONDS, Number.MAX_SAFE_INTEGER))) return false;
  return dueDate === undefined || (method === 'boleto' && typeof dueDate === 'string' && isCalendarDate(dueDate));
}

/**
 * The widget's charge request as its schema (with `maxItemQuantity` as the quantity bound)
 * gives it back, for a request vouched for here; undefined says nothing about the request.
 */
export function plainWidgetChargeRequest(value: unknown, maxItemQuantity: number): Fields | undefined {
  if (!isPlainObject(value) || !hasOnlyKeys(value, REQUEST_KEYS)) return undefined;
  const method = value['paymentMethod'];
  if (!isChargeMethod(method) || !followsMethodRules(value, method) || !isPlainCustomer(value['customer'])) return undefined;
  const { coupon, affiliateShortId } = value;
  if (coupon !== undefined && (typeof coupon !== 'string' || coupon.length > COUPON_MAX_LENGTH)) return undefined;
  if (affiliateShortId !== undefined && !isNonEmptyString(affiliateShortId)) return undefined;
  const items = plainItems(value['items'], maxItemQuantity);
  return items && { ...value, items };
}
