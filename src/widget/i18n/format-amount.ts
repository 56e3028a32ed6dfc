import { DECIMAL_PATTERN } from '../../contract/format-checks.js';
import type { Currency } from '../../contract/currencies.js';
import { formatTag, type SupportedLocale } from './locales.js';

/** Formatters by tag, language, currency and decimals (`undefined`: the currency's usual ones): a list of instalments formats dozens of amounts. */
const formatters: Record<string, Intl.NumberFormat> = {};

const formatter = (tag: string, language: SupportedLocale | undefined, currency: Currency, decimals?: number): Intl.NumberFormat =>
  (formatters[`${tag} ${language} ${currency} ${decimals}`] ??= new Intl.NumberFormat(formatTag(tag, language), { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }));

/**
 * Formats an API amount (a decimal string) for a buyer who asked for `tag`, in the texts'
 * `language` (by default the one `tag` resolves to), so the separators and the symbol are their
 * region's (`formatTag`): `R$ 104,70` (pt-BR), `$1,234.50` (es-MX, MXN),
 * `S/ 1,234.50` (es-PE, PEN), `$ 1.234,50` (es-AR, ARS). The string goes to Intl.NumberFormat as
 * is, which formats decimal strings exactly, so the amount never becomes a float on the way to
 * the screen.
 *
 * The currency shows as Intl's `symbol`, its default: the region's own sign for its own currency
 * (`$` in Mexico for pesos), and for a foreign one the sign the region knows it by (`US$` in
 * Argentina) or else its ISO code (`BRL 1,234.50` in Mexico). A bare sign (`narrowSymbol`) would
 * show a Mexican buyer `$` for Chilean pesos, dollars and their own pesos alike, and `R$` is a
 * sign few buyers outside Brazil read; the code is what their bank statement prints.
 *
 * A currency's usual number of decimals is kept (none for CLP and COP, whose prices are written
 * without cents) unless the amount has more significant ones: then they are shown, at least two,
 * because a buyer must never see a rounded figure that differs from what is charged.
 * Answers `undefined` when the amount is not a decimal string.
 */
export function formatAmount(amount: string, currency: Currency, tag: string, language?: SupportedLocale): string | undefined {
  if (!DECIMAL_PATTERN.test(amount)) return undefined;
  const [units = '', decimals = ''] = amount.split('.');
  const significant = decimals.replace(/0+$/, '');
  // Reais for a pt-BR buyer, the checkout's usual amount, written as Intl.NumberFormat writes them
  // (`R$ 1.234,50`, a no-break space after the sign) without it: a page's first Intl formatter of
  // numbers, lists or dates loads ICU's data, which holds the main thread for 40 to 80 ms on a
  // desktop core and four times that on a slow phone (docs/performance.md, "Card form speed").
  if (currency === 'BRL' && formatTag(tag, language) === 'pt-BR') {
    return `${units.replace(/^(-?)0*(?=\d)/, '$1R$$\u00a0').replace(/\B(?=(\d{3})+$)/g, '.')},${significant.padEnd(2, '0')}`;
  }
  const usual = formatter(tag, language, currency);
  const { maximumFractionDigits = 2 } = usual.resolvedOptions();
  const format = significant.length > maximumFractionDigits ? formatter(tag, language, currency, Math.max(significant.length, 2)) : usual;
  return format.format(amount as Intl.StringNumericLiteral);
}
