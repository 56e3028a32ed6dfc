// The rules amounts are written by in each buyer's region, stated here by hand (from how each
// country writes money, CLDR's regional data and ISO 4217), and the amounts a test checks them
// on. The node and Chromium tests of regional formats both read them; neither derives an
// expectation from the widget's own code.
import { CURRENCIES, type Currency } from '../../../src/contract/currency-codes.js';

export { CURRENCIES };

/** The buyer tags the checkout is tested in. */
export const REGION_TAGS = ['pt-BR', 'es-MX', 'es-AR', 'es-CL', 'es-CO', 'es-PE', 'es-UY', 'en-US'] as const;
export type RegionTag = (typeof REGION_TAGS)[number];

/** Each region's separators and how it writes its own currency (its sign, and whether a space follows it). */
export const REGIONS: Readonly<Record<RegionTag, { decimal: string; group: string; own: Currency; ownPrefix: string }>> = {
  'pt-BR': { decimal: ',', group: '.', own: 'BRL', ownPrefix: 'R$ ' },
  'es-MX': { decimal: '.', group: ',', own: 'MXN', ownPrefix: '$' },
  'es-AR': { decimal: ',', group: '.', own: 'ARS', ownPrefix: '$ ' },
  'es-CL': { decimal: ',', group: '.', own: 'CLP', ownPrefix: '$' },
  'es-CO': { decimal: ',', group: '.', own: 'COP', ownPrefix: '$ ' },
  'es-PE': { decimal: '.', group: ',', own: 'PEN', ownPrefix: 'S/ ' },
  'es-UY': { decimal: ',', group: '.', own: 'UYU', ownPrefix: '$ ' },
  'en-US': { decimal: '.', group: ',', own: 'USD', ownPrefix: '$' },
};

/**
 * Decimals a price shows when it has no cents of its own. ISO 4217 gives two to every currency
 * here but the Chilean peso (none); Colombian prices are written without centavos, although
 * ISO keeps two, so a whole COP amount shows none either. An amount with cents shows them.
 */
export const USUAL_DECIMALS: Readonly<Record<Currency, number>> = {
  BRL: 2, EUR: 2, MXN: 2, PEN: 2, USD: 2, CLP: 0, COP: 0, ARS: 2, BOB: 2, UYU: 2,
};

/**
 * Signs that name a foreign currency without doubt. Any other foreign currency is written with
 * its ISO code: never a bare `$`, which a buyer would read as their own money.
 */
export const FOREIGN_SIGNS: Readonly<Partial<Record<Currency, readonly string[]>>> = {
  BRL: ['R$'],
  EUR: ['€'],
  MXN: ['MX$'],
  USD: ['US$'],
};

/** The amounts of the table: one with cents, one whole. */
export const AMOUNTS = ['1234.50', '1234567'] as const;

/** The number part of `amount` (integer digits and cents, as a decimal string) by the region's rules. */
export function expectedNumber(amount: string, tag: RegionTag, currency: Currency): string {
  const { decimal, group } = REGIONS[tag];
  const [whole = '', cents = ''] = amount.split('.');
  const significant = cents.replace(/0+$/, '');
  const decimals = significant.length > USUAL_DECIMALS[currency] ? Math.max(significant.length, 2) : USUAL_DECIMALS[currency];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  return decimals === 0 ? grouped : `${grouped}${decimal}${cents.padEnd(decimals, '0')}`;
}

/** The same amount as Intl writes it in `tag` with the decimals the rules give: what the widget must show. */
export function intlAmount(amount: string, tag: RegionTag, currency: Currency): string {
  const [, cents = ''] = amount.split('.');
  const significant = cents.replace(/0+$/, '').length;
  const decimals = significant > USUAL_DECIMALS[currency] ? Math.max(significant, 2) : USUAL_DECIMALS[currency];
  return new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    amount as Intl.StringNumericLiteral,
  );
}

/** The currency's marker in a formatted amount: what is left once the number is taken out. */
export function markerOf(formatted: string, number: string): string {
  return formatted.replace(number, '').trim();
}

/**
 * Written by hand and checked against how each country prints prices (spaces are plain here;
 * the widget writes a no-break space, which `plainSpaces` turns into one).
 */
export const LITERAL_CASES: ReadonlyArray<readonly [RegionTag, Currency, string, string]> = [
  ['pt-BR', 'BRL', '1234.50', 'R$ 1.234,50'],
  ['pt-BR', 'USD', '1234.50', 'US$ 1.234,50'],
  ['pt-BR', 'CLP', '1234567', 'CLP 1.234.567'],
  ['es-MX', 'MXN', '1234.50', '$1,234.50'],
  ['es-MX', 'BRL', '1234.50', 'BRL 1,234.50'],
  ['es-MX', 'USD', '1234.50', 'USD 1,234.50'],
  ['es-MX', 'EUR', '1234567', 'EUR 1,234,567.00'],
  ['es-AR', 'ARS', '1234.50', '$ 1.234,50'],
  ['es-AR', 'USD', '1234.50', 'US$ 1.234,50'],
  ['es-CL', 'CLP', '1234567', '$1.234.567'],
  ['es-CL', 'CLP', '1234.50', '$1.234,50'],
  ['es-CO', 'COP', '1234567', '$ 1.234.567'],
  ['es-CO', 'COP', '1234.50', '$ 1.234,50'],
  ['es-PE', 'PEN', '1234.50', 'S/ 1,234.50'],
  ['es-PE', 'BOB', '1234.50', 'BOB 1,234.50'],
  ['es-UY', 'UYU', '1234567', '$ 1.234.567,00'],
  ['en-US', 'USD', '1234.50', '$1,234.50'],
  ['en-US', 'BRL', '1234.50', 'R$1,234.50'],
  ['en-US', 'MXN', '1234.50', 'MX$1,234.50'],
  ['en-US', 'EUR', '1234567', '€1,234,567.00'],
];

/** Any whitespace (Intl writes U+00A0 or U+202F) as a plain space. */
export const plainSpaces = (text: string | null | undefined): string | undefined => text?.replace(/\s/g, ' ');
