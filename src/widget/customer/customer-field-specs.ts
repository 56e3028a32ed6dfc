/**
 * The buyer's fields as `<pay-customer-fields>` draws and checks them: label, hint, keyboard
 * (`inputmode`), autofill token, mask and rule of each, and the request paths the API names
 * them by (public-api.md, request body `customer.*` and `address.*`), so a field error from the
 * relay lands on the field the buyer typed it in.
 */
import type { MessageKey } from '../i18n/catalogue.js';
import * as birthDate from '../fields/birth-date.js';
import * as documentNumber from '../fields/document.js';
import * as email from '../fields/email.js';
import * as personName from '../fields/person-name.js';
import * as phone from '../fields/phone.js';
import * as postalCode from '../fields/postal-code.js';

/** The buyer's own fields, in the order shown. */
export const CUSTOMER_FIELDS = ['name', 'email', 'phone', 'document', 'birthDate'] as const;
/** The billing address, in the order shown. */
export const ADDRESS_FIELDS = ['zipcode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;

export type CustomerFieldName = (typeof CUSTOMER_FIELDS)[number] | (typeof ADDRESS_FIELDS)[number];

/** The Brazilian states (unidades federativas), by the two-letter code `address.state` takes. */
export const BRAZILIAN_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

/** The API's limit on free-text fields (public-api.md: names and strings up to 255 characters). */
const TEXT_MAX_LENGTH = 255;

export interface CustomerFieldSpec {
  readonly label: MessageKey;
  readonly hint?: MessageKey;
  readonly type: 'text' | 'email' | 'tel' | 'select';
  readonly inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  readonly autocomplete: string;
  readonly maxLength?: number;
  /** Formats as the buyer types (digits into a mask); the caret is kept after the same digits. */
  readonly mask?: (raw: string) => string;
  /** Why a filled-in value cannot be sent; emptiness is judged by the component (some fields are optional). */
  readonly check: (raw: string) => MessageKey | undefined;
  /** The message for a required field left empty. */
  readonly requiredMessage: MessageKey;
  /** Request paths whose errors belong to this field. */
  readonly paths: readonly string[];
}

const filled = (): undefined => undefined;

export const CUSTOMER_FIELD_SPECS: Readonly<Record<CustomerFieldName, CustomerFieldSpec>> = {
  name: {
    label: 'field.name.label',
    type: 'text',
    inputMode: 'text',
    autocomplete: 'name',
    maxLength: TEXT_MAX_LENGTH,
    check: personName.validate,
    requiredMessage: 'field.personName.error.required',
    paths: ['customer.name'],
  },
  email: {
    label: 'field.email.label',
    hint: 'field.email.hint',
    type: 'email',
    inputMode: 'email',
    autocomplete: 'email',
    maxLength: TEXT_MAX_LENGTH,
    check: email.validate,
    requiredMessage: 'field.email.error.required',
    paths: ['customer.email'],
  },
  phone: {
    label: 'field.phone.label',
    hint: 'field.phone.hint',
    type: 'tel',
    inputMode: 'tel',
    autocomplete: 'tel',
    mask: phone.format,
    check: phone.validate,
    requiredMessage: 'field.phone.error.required',
    paths: ['customer.phone'],
  },
  document: {
    label: 'field.document.label',
    hint: 'field.document.hint',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'off',
    mask: documentNumber.format,
    check: documentNumber.validate,
    requiredMessage: 'field.document.error.required',
    paths: ['customer.docNumber', 'customer.docType'],
  },
  birthDate: {
    label: 'field.birthDate.label',
    hint: 'field.birthDate.hint',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'bday',
    mask: birthDate.format,
    check: (raw) => birthDate.validate(raw),
    requiredMessage: 'field.birthDate.error.required',
    paths: ['customer.birthDate'],
  },
  zipcode: {
    label: 'field.postalCode.label',
    hint: 'field.postalCode.hint',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'postal-code',
    mask: postalCode.format,
    check: postalCode.validate,
    requiredMessage: 'field.postalCode.error.required',
    paths: ['address.zipcode'],
  },
  street: {
    label: 'field.street.label',
    hint: 'field.street.hint',
    type: 'text',
    autocomplete: 'address-line1',
    maxLength: TEXT_MAX_LENGTH,
    check: filled,
    requiredMessage: 'field.error.required',
    paths: ['address.street'],
  },
  number: {
    label: 'field.addressNumber.label',
    hint: 'field.addressNumber.hint',
    type: 'text',
    autocomplete: 'off',
    maxLength: TEXT_MAX_LENGTH,
    check: filled,
    requiredMessage: 'field.error.required',
    paths: ['address.number'],
  },
  complement: {
    label: 'field.complement.label',
    hint: 'field.complement.hint',
    type: 'text',
    autocomplete: 'address-line2',
    maxLength: TEXT_MAX_LENGTH,
    check: filled,
    requiredMessage: 'field.error.required',
    paths: ['address.complement'],
  },
  neighborhood: {
    label: 'field.neighborhood.label',
    type: 'text',
    autocomplete: 'address-level3',
    maxLength: TEXT_MAX_LENGTH,
    check: filled,
    requiredMessage: 'field.error.required',
    paths: ['address.neighborhood'],
  },
  city: {
    label: 'field.city.label',
    type: 'text',
    autocomplete: 'address-level2',
    maxLength: TEXT_MAX_LENGTH,
    check: filled,
    requiredMessage: 'field.error.required',
    paths: ['address.city'],
  },
  state: {
    label: 'field.state.label',
    type: 'select',
    autocomplete: 'address-level1',
    check: (raw) => ((BRAZILIAN_STATES as readonly string[]).includes(raw) ? undefined : 'field.error.required'),
    requiredMessage: 'field.error.required',
    paths: ['address.state', 'address.country'],
  },
};

/** The field a request path (`customer.phone`, `address.zipcode`) belongs to, if it is one of these. */
export function fieldOfPath(path: string): CustomerFieldName | undefined {
  const names = Object.keys(CUSTOMER_FIELD_SPECS) as CustomerFieldName[];
  return names.find((name) => CUSTOMER_FIELD_SPECS[name].paths.includes(path));
}
