/** Currencies a product can be sold in (public-api.md, Product `currency`); the list itself is in currency-codes.ts. */
import * as z from 'zod/mini';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from './currency-codes.js';

export { CURRENCIES, DEFAULT_CURRENCY, type Currency };

export const currencySchema = z.enum(CURRENCIES);
