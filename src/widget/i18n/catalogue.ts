/**
 * The widget's message catalogue: one per supported locale, all with the keys of the pt-BR source
 * (a missing or extra key in another language is a type error). Each language, pt-BR included,
 * comes in three parts, each a chunk of its own fetched when an element first needs it: the form's
 * texts; the card form's own, which come with its code; and the Pix and boleto views' own, which
 * come with theirs. The first chunk holds none, and a buyer fetches the parts of their language
 * that they see.
 */
import { CatalogueRegistry, type CataloguePart } from './catalogue-registry.js';
import type { Messages } from './catalogue-shape.js';
import type { SupportedLocale } from './locales.js';

export type { CataloguePart } from './catalogue-registry.js';
export type { CardMessages, FormMessages, MessageKey, MessageParamName, MessageParams, Messages, PluralForms, ResultMessages } from './catalogue-shape.js';

const registry = new CatalogueRegistry({
  'pt-BR': {
    form: () => import('./messages/pt-BR.js').then((module) => module.default),
    card: () => import('./messages/pt-BR.card.js').then((module) => module.default),
    results: () => import('./messages/pt-BR.results.js').then((module) => module.default),
  },
  es: {
    form: () => import('./messages/es.js').then((module) => module.default),
    card: () => import('./messages/es.card.js').then((module) => module.default),
    results: () => import('./messages/es.results.js').then((module) => module.default),
  },
  en: {
    form: () => import('./messages/en.js').then((module) => module.default),
    card: () => import('./messages/en.card.js').then((module) => module.default),
    results: () => import('./messages/en.results.js').then((module) => module.default),
  },
});

/** The texts of `locale` that `loadCatalogue` brought so far (a part not loaded has no key), else undefined. */
export function loadedCatalogue(locale: SupportedLocale): Partial<Messages> | undefined {
  return registry.catalogues[locale];
}

/** Whether the texts of `part` (the form's by default) of `locale` are on the page. */
export function hasCatalogue(locale: SupportedLocale, part?: CataloguePart): boolean {
  return registry.has(locale, part);
}

/**
 * Fetches `part` (the form's by default) of the catalogue of `locale` once; concurrent callers
 * share the fetch, and a failed one is tried again by the next call. Elements use it through
 * `LocaleController`.
 */
export function loadCatalogue(locale: SupportedLocale, part?: CataloguePart): Promise<Partial<Messages>> {
  return registry.load(locale, part);
}

/** Where an element finds the texts it shows: it renders once each of their parts is on the page. */
export interface CatalogueSource {
  has(locale: SupportedLocale): boolean;
  load(locale: SupportedLocale): Promise<unknown>;
}

function textsOf(parts: readonly CataloguePart[]): CatalogueSource {
  return {
    has: (locale) => parts.every((part) => registry.has(locale, part)),
    load: (locale) => Promise.all(parts.map((part) => registry.load(locale, part))),
  };
}

/** The form's texts: what every element but the card form and the Pix and boleto views shows. */
export const FORM_TEXTS: CatalogueSource = textsOf(['form']);

/** The form's texts and the card form's own: what the card form shows. */
export const CARD_TEXTS: CatalogueSource = textsOf(['form', 'card']);

/** The form's texts and the result views' own: what the Pix and boleto views show. */
export const RESULT_TEXTS: CatalogueSource = textsOf(['form', 'results']);
