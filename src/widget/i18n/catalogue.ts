/**
 * The widget's message catalogue: one object per supported locale, all with the keys of
 * the pt-BR source (a missing or extra key in another language is a type error). Each
 * language, pt-BR included, is a chunk of its own, fetched when an element first needs it:
 * the first chunk holds none, and a buyer fetches the one of their language.
 */
import { CatalogueRegistry } from './catalogue-registry.js';
import type { SupportedLocale } from './locales.js';
import type { ptBR } from './messages/pt-BR.js';

/**
 * A text that depends on a count: `one` for what the locale calls singular, `other` for
 * the rest. pt-BR and es also have a `many` category (round millions), which reads as `other`.
 */
export interface PluralForms {
  readonly one: string;
  readonly other: string;
}

type Source = typeof ptBR;

/** Every text of the widget, keyed as in the pt-BR source; plural texts keep their two forms. */
export type Messages = { readonly [K in keyof Source]: Source[K] extends string ? string : PluralForms };

/** The name of one text of the catalogue. */
export type MessageKey = keyof Messages;

type PlaceholdersOf<Text> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;
type TextsOf<Value> = Value extends string ? Value : Value[keyof Value];

/** The `{placeholders}` of a text in the source, plus `count` for a plural text. */
export type MessageParamName<K extends MessageKey> =
  | PlaceholdersOf<TextsOf<Source[K]>>
  | (Source[K] extends string ? never : 'count');

/** The values a text needs, by placeholder name; rendered as plain text. */
export type MessageParams<K extends MessageKey> = { readonly [Name in MessageParamName<K>]: string | number };

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
