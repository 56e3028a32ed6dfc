import { DECIMAL_PATTERN } from '../../contract/format-checks.js';
import type { Currency } from '../../contract/currencies.js';
import type { SupportedLocale } from './locales.js';

/**
 * Formats an API amount (a decimal string) for a buyer: `R$ 104,70`, `CLP 1.234`,
 * `€ 104,70`. The string goes to Intl.NumberFormat as is, which formats decimal strings
 * exactly, so the amount never becomes a float on the way to the screen.
 *
 * A currency's usual number of decimals is kept unless the amount has more significant
 * ones (a COP or CLP amount with cents): then they are shown, at least two, because a buyer must never
 * see a rounded figure that differs from what is charged.
 * Answers `undefined` when the amount is not a decimal string.
 */
/** Formatters by locale, currency and decimals (`undefined`: the currency's usual ones): a list of instalments formats dozens of amounts. */
const formatters: Record<string, Intl.NumberFormat> = {};

const formatter = (locale: SupportedLocale, currency: Currency, decimals?: number): Intl.NumberFormat =>
  (formatters[`${locale} ${currency} ${decimals}`] ??= new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }));

export function formatAmount(amount: string, currency: Currency, locale: SupportedLocale): string | undefined {
  if (!DECIMAL_PATTERN.test(amount)) return undefined;
  const usual = formatter(locale, currency);
  const significantDecimals = (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
  const { maximumFractionDigits = 2 } = usual.resolvedOptions();
  const format = significantDecimals > maximumFractionDigits ? formatter(locale, currency, Math.max(significantDecimals, 2)) : usual;
  return format.format(amount as Intl.StringNumericLiteral);
}
