/**
 * Currencies a product can be sold in (public-api.md, Product `currency`), as a plain list:
 * currencies.ts builds its schema on it and re-exports it; the browser checks with it directly.
 */

export const CURRENCIES = ['BRL', 'EUR', 'MXN', 'PEN', 'USD', 'CLP', 'COP', 'ARS', 'BOB', 'UYU'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency reports default to when none is asked for. */
export const DEFAULT_CURRENCY: Currency = 'BRL';

/** True for one of the API's currency codes. */
export function isCurrency(value: unknown): value is Currency {
  return (CURRENCIES as readonly unknown[]).includes(value);
}
