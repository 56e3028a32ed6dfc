/**
 * The buyer's fields as `<pay-customer-fields>` draws and checks them: label, hint, keyboard
 * (`inputmode`), autofill token, mask and rule of each, and the request paths the API names
 * them by (public-api.md, request body `customer.*`), so a field error from the
 * relay lands on the field the buyer typed it in.
 */
import type { FieldSpec } from './field-group.js';
import * as birthDate from '../fields/birth-date.js';
import * as documentNumber from '../fields/document.js';
import * as email from '../fields/email.js';
import * as personName from '../fields/person-name.js';
import * as phone from '../fields/phone.js';

/** The buyer's own fields, in the order shown. */
export const CUSTOMER_FIELDS = ['name', 'email', 'phone', 'document', 'birthDate'] as const;
export type CustomerFieldName = (typeof CUSTOMER_FIELDS)[number];

/** A free-text field, up to the API's limit (public-api.md: names and strings up to 255 characters). */
const FREE_TEXT = { type: 'text', maxLength: 255 } as const;

export const CUSTOMER_FIELD_SPECS: Readonly<Record<CustomerFieldName, FieldSpec>> = {
  name: {
    label: 'field.name.label',
    ...FREE_TEXT,
    inputMode: 'text',
    autocomplete: 'name',
    check: personName.validate,
  },
  email: {
    label: 'field.email.label',
    hint: 'field.email.hint',
    ...FREE_TEXT,
    type: 'email',
    inputMode: 'email',
    autocomplete: 'email',
    check: email.validate,
  },
  phone: {
    label: 'field.phone.label',
    hint: 'field.phone.hint',
    type: 'tel',
    inputMode: 'tel',
    autocomplete: 'tel',
    mask: phone.format,
    check: phone.validate,
  },
  document: {
    label: 'field.document.label',
    hint: 'field.document.hint',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'off',
    mask: documentNumber.format,
    check: documentNumber.validate,
  },
  birthDate: {
    label: 'field.birthDate.label',
    hint: 'field.birthDate.hint',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'bday',
    mask: birthDate.format,
    check: birthDate.validate,
  },
};

/**
 * The field each request path belongs to (public-api.md, request body `customer.*`): the path
 * of the field's own name, but for the CPF or CNPJ, sent as `docNumber` and `docType`. The
 * billing address's `address.*` are `<pay-address-fields>`'s.
 */
const FIELD_OF_PATH = new Map<string, CustomerFieldName>([
  ...CUSTOMER_FIELDS.filter((name) => name !== 'document').map((name) => [`customer.${name}`, name] as const),
  ['customer.docNumber', 'document'],
  ['customer.docType', 'document'],
]);

/** The field a request path (`customer.phone`) belongs to, if it is one of these. */
export function fieldOfPath(path: string): CustomerFieldName | undefined {
  return FIELD_OF_PATH.get(path);
}
