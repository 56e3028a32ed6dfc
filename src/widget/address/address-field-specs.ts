/**
 * The billing address as `<pay-address-fields>` draws and checks it: one look and rule per
 * field, for a Brazilian address and for one abroad. The API takes the same fields for every
 * country (public-api.md, request body `address.*`): `country` ISO 3166-1 alpha-2, `state` a
 * two-letter code, `zipcode` digits only, the others text.
 */
import type { MessageKey } from '../i18n/catalogue.js';
import * as postalCode from '../fields/postal-code.js';
import { digitsOf } from '../fields/mask.js';
import type { FieldLook } from '../customer/field-view.js';

/** The billing address, in the order shown; `country` only on a foreign-currency offer. */
export const ADDRESS_FIELDS = ['country', 'zipcode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
export type AddressFieldName = (typeof ADDRESS_FIELDS)[number];

/**
 * The Brazilian states (unidades federativas) by the two-letter code `address.state` takes, with
 * the name the buyer picks from: proper names, written alike in every language of the widget.
 */
export const BRAZILIAN_STATES: readonly (readonly [string, string])[] = [
  ['AC', 'Acre'], ['AL', 'Alagoas'], ['AP', 'Amapá'], ['AM', 'Amazonas'], ['BA', 'Bahia'], ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'], ['ES', 'Espírito Santo'], ['GO', 'Goiás'], ['MA', 'Maranhão'], ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'], ['MG', 'Minas Gerais'], ['PA', 'Pará'], ['PB', 'Paraíba'], ['PR', 'Paraná'],
  ['PE', 'Pernambuco'], ['PI', 'Piauí'], ['RJ', 'Rio de Janeiro'], ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'], ['RO', 'Rondônia'], ['RR', 'Roraima'], ['SC', 'Santa Catarina'], ['SP', 'São Paulo'],
  ['SE', 'Sergipe'], ['TO', 'Tocantins'],
];

export interface AddressFieldSpec extends FieldLook {
  /** Formats as the buyer types; the caret is kept after the same digits. */
  readonly mask?: (raw: string) => string;
  /** Why a value, an empty one included, cannot be sent; without it, any non-empty text goes. */
  readonly check?: (raw: string) => MessageKey | undefined;
}

/** A free-text field, up to the API's limit (public-api.md: strings up to 255 characters). */
const FREE_TEXT = { type: 'text', maxLength: 255 } as const;

const SHARED: Readonly<Record<Exclude<AddressFieldName, 'zipcode' | 'state'>, AddressFieldSpec>> = {
  country: { label: 'field.country.label', type: 'select', autocomplete: 'country', check: (raw) => (raw ? undefined : 'field.error.required') },
  street: { label: 'field.street.label', hint: 'field.street.hint', ...FREE_TEXT, autocomplete: 'address-line1' },
  number: { label: 'field.addressNumber.label', hint: 'field.addressNumber.hint', ...FREE_TEXT, autocomplete: 'off' },
  complement: { label: 'field.complement.label', hint: 'field.complement.hint', ...FREE_TEXT, autocomplete: 'address-line2' },
  neighborhood: { label: 'field.neighborhood.label', ...FREE_TEXT, autocomplete: 'address-level3' },
  city: { label: 'field.city.label', ...FREE_TEXT, autocomplete: 'address-level2' },
};

const isBrazilianState = (raw: string) => BRAZILIAN_STATES.some(([code]) => code === raw);

/** A Brazilian address: the CEP's mask and length, a state picked from the list. */
export const BRAZILIAN_ADDRESS_SPECS: Readonly<Record<AddressFieldName, AddressFieldSpec>> = {
  ...SHARED,
  zipcode: {
    label: 'field.postalCode.label',
    hint: 'field.postalCode.hint',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'postal-code',
    mask: postalCode.format,
    check: postalCode.validate,
  },
  state: { label: 'field.state.label', type: 'select', autocomplete: 'address-level1', check: (raw) => (isBrazilianState(raw) ? undefined : 'field.error.required') },
};

/**
 * An address abroad: the postal code as the buyer writes it, as long as the API can take it
 * (digits, spaced or hyphenated as people write them); the state as its two-letter code.
 */
export const FOREIGN_ADDRESS_SPECS: Readonly<Record<AddressFieldName, AddressFieldSpec>> = {
  ...SHARED,
  zipcode: {
    label: 'field.postalCode.foreignLabel',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'postal-code',
    maxLength: 16,
    check: (raw) => (!raw.trim() ? 'field.error.required' : /^[\d\s-]+$/.test(raw.trim()) && digitsOf(raw) ? undefined : 'field.postalCode.error.digits'),
  },
  state: {
    label: 'field.state.label',
    hint: 'field.state.codeHint',
    type: 'text',
    autocomplete: 'address-level1',
    maxLength: 2,
    mask: (raw) => raw.toUpperCase(),
    check: (raw) => (/^[A-Za-z]{2}$/.test(raw.trim()) ? undefined : 'field.state.error.code'),
  },
};
