/**
 * The 201 charge answer checked by hand, for the relay's hot path: `isPlainChargeResponse` is
 * true only for an answer `chargeResponseSchema` accepts and gives back unchanged, one key at a
 * time, with the same format checks (format-checks.ts). It is stricter than the schema where
 * matching it exactly would cost (a URL is taken only in its plain form, an unknown key is never
 * taken, though the schema drops it): whatever it does not vouch for goes to the schema, whose
 * errors are the answer's. See `acceptPlainly` in errors.ts.
 */
import { DECIMAL_PATTERN, isApiDateTime, isCalendarDate } from './format-checks.js';
import { hasOnlyKeys, isNonEmptyString, isPlainObject } from './json-values.js';
import type { ChargeMethod } from './payment-methods.js';

type Fields = Record<string, unknown>;

const BANK_SETTLED_STATUSES: readonly unknown[] = ['waiting_payment'];
const CARD_STATUSES: readonly unknown[] = ['paid', 'declined', 'refused', 'pending'];
const PIX_AUTO_JOURNEYS: readonly unknown[] = ['JORNADA_1', 'JORNADA_2', 'JORNADA_3', 'JORNADA_4'];
const DIGITABLE_LINE_LENGTH = 47;

/** `http(s)://host[:port][/path]` in plain ASCII, no query, no space: a form the URL schema takes as written. */
const PLAIN_HTTP_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9._~%/-]*)?$/;

const isString = (value: unknown): value is string => typeof value === 'string';
const isDecimal = (value: unknown): boolean => typeof value === 'string' && DECIMAL_PATTERN.test(value);
const isDateTime = (value: unknown): boolean => typeof value === 'string' && isApiDateTime(value);
const isHttpUrl = (value: unknown): boolean => typeof value === 'string' && PLAIN_HTTP_URL.test(value) && URL.canParse(value);
/** What the schema's `absentField` takes: missing or null. */
const isAbsent = (value: unknown): boolean => value === undefined || value === null;

const PRODUCT_KEYS = new Set(['id', 'short_id', 'name']);
const OFFER_KEYS = new Set(['id', 'name', 'price']);
const PIX_KEYS = new Set(['qrCode', 'expirationDate', 'user_journey']);
const BOLETO_KEYS = new Set(['barcode', 'pdfUrl', 'dueDate']);
const CHARGE_KEYS = new Set([
  'id', 'refId', 'amount', 'baseAmount', 'discount', 'fees', 'externalId', 'createdAt', 'product', 'offer',
  'paymentMethod', 'status', 'checkoutUrl', 'pix', 'boleto',
]);

function isPixBlock(value: unknown, withJourney: boolean): boolean {
  if (!isPlainObject(value) || !hasOnlyKeys(value, PIX_KEYS)) return false;
  if (!isNonEmptyString(value['qrCode']) || !isDateTime(value['expirationDate'])) return false;
  return withJourney ? PIX_AUTO_JOURNEYS.includes(value['user_journey']) : isAbsent(value['user_journey']);
}

function isBoletoBlock(value: unknown): boolean {
  if (!isPlainObject(value) || !hasOnlyKeys(value, BOLETO_KEYS)) return false;
  const barcode = value['barcode'];
  return (
    isString(barcode) &&
    /^[\d.\s]+$/.test(barcode) &&
    barcode.replace(/[.\s]/g, '').length === DIGITABLE_LINE_LENGTH &&
    isHttpUrl(value['pdfUrl']) &&
    isString(value['dueDate']) &&
    isCalendarDate(value['dueDate'])
  );
}

/** The fields every variant shares. */
function hasCommonFields(value: Fields): boolean {
  const { product, offer } = value;
  return (
    isNonEmptyString(value['id']) &&
    isString(value['refId']) &&
    isDecimal(value['amount']) &&
    isDecimal(value['baseAmount']) &&
    isDecimal(value['discount']) &&
    isDecimal(value['fees']) &&
    isNonEmptyString(value['externalId']) &&
    isDateTime(value['createdAt']) &&
    isPlainObject(product) &&
    hasOnlyKeys(product, PRODUCT_KEYS) &&
    isString(product['id']) &&
    isString(product['short_id']) &&
    isString(product['name']) &&
    isPlainObject(offer) &&
    hasOnlyKeys(offer, OFFER_KEYS) &&
    isString(offer['id']) &&
    isString(offer['name']) &&
    typeof offer['price'] === 'number' &&
    Number.isFinite(offer['price'])
  );
}

/** The rules of each variant beyond the shared fields (charge-response.ts). */
const VARIANTS: Record<ChargeMethod, (value: Fields) => boolean> = {
  pix: (value) =>
    BANK_SETTLED_STATUSES.includes(value['status']) && isHttpUrl(value['checkoutUrl']) && isPixBlock(value['pix'], false) && isAbsent(value['boleto']),
  pix_auto: (value) =>
    BANK_SETTLED_STATUSES.includes(value['status']) && isHttpUrl(value['checkoutUrl']) && isPixBlock(value['pix'], true) && isAbsent(value['boleto']),
  boleto: (value) =>
    BANK_SETTLED_STATUSES.includes(value['status']) && isHttpUrl(value['checkoutUrl']) && isAbsent(value['pix']) && isBoletoBlock(value['boleto']),
  credit_card: (value) =>
    CARD_STATUSES.includes(value['status']) &&
    (value['checkoutUrl'] === undefined || isHttpUrl(value['checkoutUrl'])) &&
    isAbsent(value['pix']) &&
    isAbsent(value['boleto']),
  threeDs: (value) =>
    CARD_STATUSES.includes(value['status']) &&
    isString(value['externalId']) &&
    value['externalId'].toLowerCase().includes('3ds') &&
    isAbsent(value['checkoutUrl']) &&
    isAbsent(value['pix']) &&
    isAbsent(value['boleto']),
};

/** True only for a charge answer `chargeResponseSchema` takes as it is; false says nothing. */
export function isPlainChargeResponse(value: unknown): boolean {
  if (!isPlainObject(value) || !hasOnlyKeys(value, CHARGE_KEYS)) return false;
  const method = value['paymentMethod'];
  if (typeof method !== 'string' || !Object.hasOwn(VARIANTS, method)) return false;
  return hasCommonFields(value) && VARIANTS[method as ChargeMethod](value);
}
