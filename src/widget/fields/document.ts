/**
 * The payer's taxpayer number: a CPF (11 digits, people) or a CNPJ (14 digits, companies),
 * told apart by length (public-api.md, `customer.docType` / `customer.docNumber`).
 */
import { isValidCnpj, isValidCpf, type DocType } from '../../contract/documents.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { applyMask, digitsOf } from './mask.js';

/** The messages `validate` can answer with. */
export type DocumentError = Extract<MessageKey, `field.document.error.${string}`>;

/** What is sent: `customer.docType` and `customer.docNumber` (digits only). */
export interface TaxpayerDocument {
  readonly docType: DocType;
  readonly docNumber: string;
}

const CPF_LENGTH = 11;
const CNPJ_LENGTH = 14;
const CPF_MASK = '000.000.000-00';
const CNPJ_MASK = '00.000.000/0000-00';

/** The kind of number being typed: a CPF up to 11 digits, a CNPJ past them (drives the mask and the label). */
export function documentType(raw: string): DocType {
  return digitsOf(raw).length > CPF_LENGTH ? 'cnpj' : 'cpf';
}

/** What the input shows: "123.456.789-09" while it fits a CPF, "12.345.678/0001-95" past 11 digits. */
export function format(raw: string): string {
  const digits = digitsOf(raw).slice(0, CNPJ_LENGTH);
  return applyMask(digits, documentType(digits) === 'cnpj' ? CNPJ_MASK : CPF_MASK);
}

/** The document to send, or `undefined` when the digits are neither a CPF's 11 nor a CNPJ's 14. */
export function normalize(raw: string): TaxpayerDocument | undefined {
  const docNumber = digitsOf(raw);
  if (docNumber.length === CPF_LENGTH) return { docType: 'cpf', docNumber };
  if (docNumber.length === CNPJ_LENGTH) return { docType: 'cnpj', docNumber };
  return undefined;
}

/** Why the number cannot be sent (length, then check digits), or `undefined` when it can. */
export function validate(raw: string): DocumentError | undefined {
  const digits = digitsOf(raw);
  if (!digits) return 'field.document.error.required';
  if (digits.length === CPF_LENGTH) return isValidCpf(digits) ? undefined : 'field.document.error.cpfInvalid';
  if (digits.length === CNPJ_LENGTH) return isValidCnpj(digits) ? undefined : 'field.document.error.cnpjInvalid';
  return 'field.document.error.length';
}
