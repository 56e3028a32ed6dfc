/** Currencies a product can be sold in (public-api.md, Product `currency`). */
import * as z from 'zod/mini';

export const CURRENCIES = ['BRL', 'EUR', 'MXN', 'PEN', 'USD', 'CLP', 'COP', 'ARS', 'BOB', 'UYU'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

/** The currency reports default to when none is asked for. */
export const DEFAULT_CURRENCY: Currency = 'BRL';
