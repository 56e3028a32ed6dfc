/**
 * The request of `POST /public_api/payments/` and its `X-Idempotency-Key` header
 * (public-api.md, "POST /public_api/charges: POST /public_api/payments/").
 *
 * Field rules sit on each field. Rules that tie fields together (the payment method's
 * required and refused fields, docType with docNumber, the Brazilian CEP) are object-level
 * refinements that run even when some field already failed, so one answer lists every
 * error at once, each under the field it is about. The rules that need no schema (documents,
 * phone, metadata keys, address codes) live in documents.ts and charge-request-rules.ts and
 * are re-exported here.
 */
import * as z from 'zod/mini';
import {
  CHARGE_INSTALLMENTS_MAX,
  CHARGE_INSTALLMENTS_MIN,
  COUPON_MAX_LENGTH,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  ITEMS_PER_CHARGE,
  ITEM_QUANTITY_MIN,
  PIX_EXPIRES_IN_MIN_SECONDS,
} from './constants.js';
import {
  breaksCepLength,
  CEP_LENGTH_MESSAGE,
  COUNTRY_CODE_MESSAGE,
  COUNTRY_CODE_PATTERN,
  DEFAULT_ADDRESS_COUNTRY,
  E164_DIGITS_PATTERN,
  METADATA_KEYS,
  STATE_CODE_MESSAGE,
  STATE_CODE_PATTERN,
  type MetadataKey,
} from './charge-request-rules.js';
import { DOC_TYPES, isValidCnpj, isValidCpf, type DocType } from './documents.js';
import { calendarDate, digits, nonEmptyString } from './formats.js';
import { isChargeMethod } from './payment-method-lists.js';
import { CARD_METHODS, chargeMethodSchema, isCardMethod, isPixMethod } from './payment-methods.js';

export { DOC_TYPES, E164_DIGITS_PATTERN, isValidCnpj, isValidCpf, METADATA_KEYS, type DocType, type MetadataKey };

/** `X-Idempotency-Key`: unique per charge, 1 to 255 characters (a UUID v4 is recommended). */
export const idempotencyKeySchema = z
  .string()
  .check(z.minLength(IDEMPOTENCY_KEY_MIN_LENGTH), z.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH));

/** An object as the refinements see it: after a failed field, its value may be anything. */
type FieldView = { readonly [field: string]: unknown };

function isFieldView(value: unknown): value is FieldView {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// zod skips object-level checks once a field is missing or of the wrong type; this makes them
// run anyway (whenever there is an object to look at), so a method rule is never hidden by a bad phone.
const evenAfterFieldErrors = { when: (payload: z.core.ParsePayload) => isFieldView(payload.value) };

function reportField(issues: z.core.$ZodRawIssue[], view: FieldView, field: string, message: string): void {
  issues.push({ code: 'custom', message, path: [field], input: view[field] });
}

/** Only a value in the wrong format gets this message; a missing one keeps the service's words. */
function formatMessage(message: string) {
  return (issue: z.core.$ZodRawIssue) => (issue.code === 'invalid_format' || issue.code === 'invalid_union' ? message : undefined);
}

/** A field the public contract refuses by name, answered with its own explanation. */
function refusedField(message: string) {
  return z.optional(z.never({ error: message }));
}

/** Each taxpayer number's length, check and name; `isValid` takes only digits of that length. */
export const TAXPAYER_NUMBERS = {
  cpf: { length: 11, isValid: isValidCpf, label: 'CPF' },
  cnpj: { length: 14, isValid: isValidCnpj, label: 'CNPJ' },
} as const satisfies Record<DocType, { length: number; isValid: (number: string) => boolean; label: string }>;

function isDocType(value: unknown): value is DocType {
  return (DOC_TYPES as readonly unknown[]).includes(value);
}

/** The payer (public-api.md, request body, `customer.*`). */
export const customerSchema = z
  .strictObject({
    name: nonEmptyString,
    email: z.email({ error: formatMessage('Informe um endereço de e-mail válido.') }),
    phone: z.string().check(
      z.regex(E164_DIGITS_PATTERN, 'Informe o telefone no formato E.164: só dígitos, sem o sinal +, de 8 a 15 dígitos (ex.: 5511999998888).'),
    ),
    fingerprint: nonEmptyString,
    docType: z.optional(z.enum(DOC_TYPES)),
    docNumber: z.optional(digits),
    birthDate: z.optional(calendarDate),
    ip: z.optional(z.union([z.ipv4(), z.ipv6()], { error: formatMessage('Informe um endereço IP válido (IPv4 ou IPv6).') })),
  })
  .check(
    z.superRefine((customer: FieldView, ctx) => {
      const { docType, docNumber } = customer;
      if (docType !== undefined && docNumber === undefined) {
        reportField(ctx.issues, customer, 'docNumber', 'Informe docNumber junto com docType.');
      }
      if (docNumber !== undefined && docType === undefined) {
        reportField(ctx.issues, customer, 'docType', 'Informe docType junto com docNumber.');
      }
      // A number that is not digits, or a type that is not listed, already has its own error.
      if (!isDocType(docType) || typeof docNumber !== 'string' || !/^\d+$/.test(docNumber)) return;
      const rule = TAXPAYER_NUMBERS[docType];
      if (docNumber.length !== rule.length) {
        reportField(ctx.issues, customer, 'docNumber', `O ${rule.label} deve ter ${rule.length} dígitos.`);
      } else if (!rule.isValid(docNumber)) {
        reportField(ctx.issues, customer, 'docNumber', `${rule.label} inválido: os dígitos verificadores não conferem.`);
      }
    }, evenAfterFieldErrors),
  );
export type Customer = z.infer<typeof customerSchema>;

/** The only offer type a charge accepts (public-api.md, `items[].offerType`). */
export const ITEM_OFFER_TYPES = ['main'] as const;
const DEFAULT_ITEM_QUANTITY = 1;

const chargeInstallments = z.int().check(z.gte(CHARGE_INSTALLMENTS_MIN), z.lte(CHARGE_INSTALLMENTS_MAX));

/** The one item of a charge: the offer being bought. */
export const chargeItemSchema = z.strictObject({
  offerId: nonEmptyString,
  quantity: z._default(z.int().check(z.gte(ITEM_QUANTITY_MIN)), DEFAULT_ITEM_QUANTITY),
  offerType: z._default(z.enum(ITEM_OFFER_TYPES), 'main'),
  installments: z.optional(chargeInstallments),
});
export type ChargeItem = z.infer<typeof chargeItemSchema>;

/** Delivery address, needed when the product ships something physical. */
export const addressSchema = z
  .strictObject({
    country: z._default(z.string().check(z.regex(COUNTRY_CODE_PATTERN, COUNTRY_CODE_MESSAGE)), DEFAULT_ADDRESS_COUNTRY),
    state: z.string().check(z.regex(STATE_CODE_PATTERN, STATE_CODE_MESSAGE)),
    city: nonEmptyString,
    street: nonEmptyString,
    neighborhood: nonEmptyString,
    number: nonEmptyString,
    zipcode: digits,
    complement: z.optional(z.string()),
  })
  .check(
    z.superRefine((address: FieldView, ctx) => {
      if (breaksCepLength(address['country'], address['zipcode'])) reportField(ctx.issues, address, 'zipcode', CEP_LENGTH_MESSAGE);
    }, evenAfterFieldErrors),
  );
export type Address = z.infer<typeof addressSchema>;

function optionalStrings<const K extends string>(keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, z.optional(z.string())])) as Record<K, z.ZodMiniOptional<z.ZodMiniString>>;
}

/** Traffic-source tags of the sale; any other key is refused and named. */
export const chargeMetadataSchema = z.strictObject(optionalStrings(METADATA_KEYS), {
  error: (issue) =>
    issue.code === 'unrecognized_keys' ? `Chave não aceita em metadata. Use apenas: ${METADATA_KEYS.join(', ')}.` : undefined,
});
export type ChargeMetadata = z.infer<typeof chargeMetadataSchema>;

/** The card, by its single-use token from card tokenization (valid 15 minutes). */
export const cardReferenceSchema = z.strictObject({ token: nonEmptyString });
export type CardReference = z.infer<typeof cardReferenceSchema>;

/** ECI of a fully authenticated 3-D Secure buyer. */
export const ECI_FULLY_AUTHENTICATED = '05';
/** ECI of an authentication attempt the issuer accepted. */
export const ECI_ATTEMPT = '06';

/** Result of the 3-D Secure authentication done in the browser before a `threeDs` charge. */
export const threeDSecureSchema = z.strictObject({
  cavv: z.optional(z.string()),
  // Other brands and providers use other two-digit codes, so any pair of digits is taken.
  eci: z.optional(z.string().check(z.regex(/^\d{2}$/, `Informe o ECI com dois dígitos (ex.: ${ECI_FULLY_AUTHENTICATED} ou ${ECI_ATTEMPT}).`))),
  xid: z.optional(z.string()),
  referenceId: z.optional(z.string()),
  version: z.optional(z.string()),
  dataOnly: z._default(z.boolean(), false),
});
export type ThreeDSecure = z.infer<typeof threeDSecureSchema>;

const ANTIFRAUD_REFERENCE = 'antifraud_profiling_attempt_reference';
const CARD_METHODS_TEXT = CARD_METHODS.join(' e ');

const CARD_ONLY_FIELDS = ['card', 'threeDSecure', 'installments'] as const;
const CARD_REQUIRED_FIELDS = ['card', ANTIFRAUD_REFERENCE] as const;

/** public-api.md, request body and Errors: what each payment method requires and refuses. */
function reportMethodRules(request: FieldView, issues: z.core.$ZodRawIssue[]): void {
  const method = request['paymentMethod'];
  // A missing or unlisted method already has its error; nothing else can be judged without it.
  if (!isChargeMethod(method)) return;
  if (isCardMethod(method)) {
    for (const field of CARD_REQUIRED_FIELDS) {
      if (request[field] === undefined) {
        reportField(issues, request, field, `Este campo é obrigatório para os métodos ${CARD_METHODS_TEXT}.`);
      }
    }
  } else {
    for (const field of CARD_ONLY_FIELDS) {
      if (request[field] !== undefined) {
        reportField(issues, request, field, `Este campo é aceito apenas com os métodos ${CARD_METHODS_TEXT}.`);
      }
    }
  }
  if (request['pixExpiresIn'] !== undefined && !isPixMethod(method)) {
    reportField(issues, request, 'pixExpiresIn', 'Este campo é aceito apenas com os métodos pix e pix_auto.');
  }
  if (request['dueDate'] !== undefined && method !== 'boleto') {
    reportField(issues, request, 'dueDate', 'Este campo é aceito apenas com o método boleto.');
  }
}

/**
 * Body of `POST /public_api/payments/`: one offer, one payment method, and the fields that
 * method needs. Strict: an unknown top-level key is refused and named.
 */
export const chargeRequestSchema = z
  .strictObject({
    paymentMethod: chargeMethodSchema,
    customer: customerSchema,
    items: z.array(chargeItemSchema).check(z.length(ITEMS_PER_CHARGE)),
    address: z.optional(addressSchema),
    affiliateShortId: z.optional(nonEmptyString),
    coupon: z.optional(z.string().check(z.maxLength(COUPON_MAX_LENGTH))),
    metadata: z.optional(chargeMetadataSchema),
    pixExpiresIn: z.optional(z.int().check(z.gte(PIX_EXPIRES_IN_MIN_SECONDS))),
    dueDate: z.optional(calendarDate),
    card: z.optional(cardReferenceSchema),
    threeDSecure: z.optional(threeDSecureSchema),
    installments: z.optional(chargeInstallments),
    [ANTIFRAUD_REFERENCE]: z.optional(nonEmptyString),
    // Spellings integrations get wrong, refused with a pointer to the right one
    // (public-api.md, Errors; supplement, "Known behaviour").
    antifraudProfilingAttemptReference: refusedField(
      `Campo não suportado pelo contrato público. Use ${ANTIFRAUD_REFERENCE}.`,
    ),
    cardToken: refusedField('Campo não suportado pelo contrato público. Envie o token em card.token.'),
  })
  .check(z.superRefine((request: FieldView, ctx) => reportMethodRules(request, ctx.issues), evenAfterFieldErrors));

/** A valid charge request, defaults filled in. */
export type ChargeRequest = z.output<typeof chargeRequestSchema>;
/** What a caller writes: defaulted fields may be left out. */
export type ChargeRequestInput = z.input<typeof chargeRequestSchema>;
