/**
 * Rules of the charge request (public-api.md, "POST /public_api/payments/") that need no
 * schema library: the phone's form, the metadata keys, the address's codes and CEP.
 * charge-request.ts builds its schemas on them and re-exports them; the browser checks with
 * them directly.
 */

/** E.164 without the plus sign: country code first (never 0), 8 to 15 digits in all. */
export const E164_DIGITS_PATTERN = /^[1-9]\d{7,14}$/;

/** The only keys `metadata` accepts (supplement, "Known behaviour"). */
export const METADATA_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'sck'] as const;
export type MetadataKey = (typeof METADATA_KEYS)[number];

/** The country an address without `country` is in. */
export const DEFAULT_ADDRESS_COUNTRY = 'BR';
/** ISO 3166-1 alpha-2, upper case. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
export const COUNTRY_CODE_MESSAGE = 'Informe o país com duas letras maiúsculas (ISO 3166-1 alfa-2, ex.: BR).';
/** A state's two-letter abbreviation, upper case. */
export const STATE_CODE_PATTERN = /^[A-Z]{2}$/;
export const STATE_CODE_MESSAGE = 'Informe a sigla do estado com duas letras maiúsculas (ex.: SP).';

/** Digits of a Brazilian CEP. */
export const CEP_LENGTH = 8;
export const CEP_LENGTH_MESSAGE = `O CEP deve ter exatamente ${CEP_LENGTH} dígitos.`;

/**
 * True when an address's zipcode breaks the CEP rule: a Brazilian address (the default
 * country) whose zipcode is digits but not 8 of them. A zipcode of other characters, or of
 * the wrong type, already has its own error.
 */
export function breaksCepLength(country: unknown, zipcode: unknown): boolean {
  const brazilian = (country === undefined ? DEFAULT_ADDRESS_COUNTRY : country) === 'BR';
  return brazilian && typeof zipcode === 'string' && /^\d+$/.test(zipcode) && zipcode.length !== CEP_LENGTH;
}
