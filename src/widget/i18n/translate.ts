import { loadedCatalogue } from './catalogue.js';
import type { MessageKey, MessageParams, PluralForms } from './catalogue.js';
import type { SupportedLocale } from './locales.js';

const PLACEHOLDER = /\{(\w+)\}/g;

const pluralRules = new Map<SupportedLocale, Intl.PluralRules>();
const numberFormats = new Map<SupportedLocale, Intl.NumberFormat>();

function pluralRulesOf(locale: SupportedLocale): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

function numberFormatOf(locale: SupportedLocale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
}

function chooseForm(locale: SupportedLocale, forms: PluralForms, count: string | number | undefined): string {
  if (typeof count !== 'number') return forms.other;
  // A whole count is "one" at 1, and at 0 in pt-BR (CLDR's rules of the three languages): no
  // Intl.PluralRules, whose first one in a page loads its data, for the counts the texts carry.
  const one = Number.isInteger(count) ? Math.abs(count) === 1 || (count === 0 && locale === 'pt-BR') : pluralRulesOf(locale).select(count) === 'one';
  return one ? forms.one : forms.other;
}

/**
 * The text `key` in `locale`, with each `{name}` replaced by `params.name` (numbers in the
 * locale's digits, strings as they are). A plural text picks its form by `params.count`.
 * The result is plain text: bind it as text, never as HTML. A placeholder without a value
 * stays visible as `{name}`, so a forgotten parameter shows instead of vanishing.
 *
 * The part of the catalogue of `locale` that holds `key` must be loaded (`loadCatalogue`);
 * elements wait for theirs before they render or announce anything (`LocaleController`). Asked
 * for a text whose part is not on the page, the answer is empty: a buyer hears or reads nothing
 * rather than a key or another language, and the page keeps working.
 */
export function translate<K extends MessageKey>(locale: SupportedLocale, key: K, params?: MessageParams<K>): string {
  const message: string | PluralForms | undefined = loadedCatalogue(locale)?.[key];
  if (!message) return '';
  const values: Readonly<Record<string, string | number>> = params ?? {};
  const text = typeof message === 'string' ? message : chooseForm(locale, message, values['count']);
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    if (typeof value !== 'number') return value;
    // An integer below 1000 reads the same in the three languages' digits, without Intl's data (format-amount.ts).
    return Number.isInteger(value) && Math.abs(value) < 1000 ? String(value) : numberFormatOf(locale).format(value);
  });
}
