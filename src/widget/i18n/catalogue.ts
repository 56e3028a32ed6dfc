/**
 * The widget's message catalogue: one object per supported locale, all with the keys of
 * the pt-BR source (a missing or extra key in another language is a type error). Each
 * language, pt-BR included, is a chunk of its own, fetched when an element first needs it:
 * the first chunk holds none, and a buyer fetches the one of their language.
 */
import { CatalogueRegistry } from './catalogue-registry.js';
import type { Messages } from './catalogue-shape.js';
import type { SupportedLocale } from './locales.js';

export type { MessageKey, MessageParamName, MessageParams, Messages, PluralForms } from './catalogue-shape.js';

const registry = new CatalogueRegistry({
  'pt-BR': () => import('./messages/pt-BR.js').then((module) => module.ptBR),
  es: () => import('./messages/es.js').then((module) => module.es),
  en: () => import('./messages/en.js').then((module) => module.en),
});

/** The catalogue of `locale` if `loadCatalogue` brought it already, else undefined. */
export function loadedCatalogue(locale: SupportedLocale): Messages | undefined {
  return registry.catalogues[locale];
}

/** Whether the texts of `locale` are on the page. */
export function hasCatalogue(locale: SupportedLocale): boolean {
  return registry.has(locale);
}

/**
 * Fetches the catalogue of `locale` once; concurrent callers share the fetch, and a failed
 * one is tried again by the next call. Elements use it through `LocaleController`.
 */
export function loadCatalogue(locale: SupportedLocale): Promise<Messages> {
  return registry.load(locale);
}
