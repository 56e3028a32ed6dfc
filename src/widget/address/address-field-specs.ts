/**
 * The billing address as `<pay-address-fields>` draws and checks it: one look and rule per
 * field of a Brazilian address (abroad.ts has what differs abroad). The API takes the same
 * fields for every country (public-api.md, request body `address.*`).
 */
import type { MessageKey } from '../i18n/catalogue.js';
import * as postalCode from '../fields/postal-code.js';
import type { FieldSpec } from '../customer/field-group.js';

/** The billing address, in the order shown; `country` only on a foreign-currency offer. */
export const ADDRESS_FIELDS = ['country', 'zipcode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
export type AddressFieldName = (typeof ADDRESS_FIELDS)[number];

/**
 * The Brazilian states (unidades federativas) as `[code, name]`: the two-letter code
 * `address.state` takes, the name the buyer picks from (proper names, alike in every language
 * of the widget). One string, as the names are only ever shown in the list.
 */
export const BRAZILIAN_STATES = (
  'ACAcre,ALAlagoas,APAmapá,AMAmazonas,BABahia,CECeará,DFDistrito Federal,ESEspírito Santo,GOGoiás,MAMaranhão,' +
  'MTMato Grosso,MSMato Grosso do Sul,MGMinas Gerais,PAPará,PBParaíba,PRParaná,PEPernambuco,PIPiauí,RJRio de Janeiro,' +
  'RNRio Grande do Norte,RSRio Grande do Sul,RORondônia,RRRoraima,SCSanta Catarina,SPSão Paulo,SESergipe,TOTocantins'
)
  .split(',')
  .map((state) => [state.slice(0, 2), state.slice(2)] as const);

/** A free-text field, up to the API's limit (public-api.md: strings up to 255 characters). */
const text = (label: MessageKey, autocomplete: string, hint?: MessageKey): FieldSpec => ({ label, hint, type: 'text', maxLength: 255, autocomplete });

/** A Brazilian address: the CEP's mask and length, a state picked from the list. */
export const ADDRESS_SPECS: Readonly<Record<AddressFieldName, FieldSpec>> = {
  country: { label: 'field.country.label', type: 'select', autocomplete: 'country' },
  zipcode: {
    label: 'field.postalCode.label',
    hint: 'field.postalCode.hint',
    type: 'text',
    inputMode: 'numeric',
    autocomplete: 'postal-code',
    mask: postalCode.format,
    check: postalCode.validate,
  },
  street: text('field.street.label', 'address-line1', 'field.street.hint'),
  number: text('field.addressNumber.label', 'off', 'field.addressNumber.hint'),
  complement: text('field.complement.label', 'address-line2', 'field.complement.hint'),
  neighborhood: text('field.neighborhood.label', 'address-level3'),
  city: text('field.city.label', 'address-level2'),
  state: { label: 'field.state.label', type: 'select', autocomplete: 'address-level1', check: (raw) => (BRAZILIAN_STATES.some(([code]) => code === raw) ? undefined : 'field.error.required') },
};
