/**
 * Which message catalogues the page has: none at first, each part of a language fetched the first
 * time an element asks for it, so a buyer downloads the texts of their language and no other, and
 * the card form's and the result views' own texts only with those elements.
 */
import type { Messages } from './catalogue-shape.js';
import type { SupportedLocale } from './locales.js';

/**
 * The parts of a language's catalogue: `form`, fetched before the form; `card`, the card form's own
 * texts, and `results`, the Pix and boleto views' own, each fetched with the code that shows them.
 */
export type CataloguePart = 'form' | 'card' | 'results';

/** How to fetch each part of each catalogue: in the widget, a dynamic `import()` of its module. */
export type CatalogueImporters = Readonly<Record<SupportedLocale, Readonly<Record<CataloguePart, () => Promise<Partial<Messages>>>>>>;

/** The texts on the page so far, by language: the parts loaded, together. */
export type LoadedCatalogues = { readonly [Locale in SupportedLocale]?: Partial<Messages> };

export class CatalogueRegistry {
  private readonly loaded: { [Locale in SupportedLocale]?: Partial<Messages> } = {};
  private readonly parts = new Set<string>();
  private readonly loads = new Map<string, Promise<Partial<Messages>>>();

  constructor(private readonly importers: CatalogueImporters) {}

  /** The texts loaded so far (a live view: it gains each part as it arrives). */
  get catalogues(): LoadedCatalogues {
    return this.loaded;
  }

  /** Whether the texts of `part` of `locale` can be read now. */
  has(locale: SupportedLocale, part: CataloguePart = 'form'): boolean {
    return this.parts.has(`${locale} ${part}`);
  }

  /**
   * `part` of the catalogue of `locale`, fetched once: concurrent callers share the same promise.
   * A failed fetch (the buyer went offline) is forgotten, so a later call tries again. Answers the
   * language's texts loaded so far.
   */
  load(locale: SupportedLocale, part: CataloguePart = 'form'): Promise<Partial<Messages>> {
    const name = `${locale} ${part}`;
    if (this.parts.has(name)) return Promise.resolve(this.loaded[locale]!);
    let load = this.loads.get(name);
    if (!load) {
      load = this.importers[locale][part]().then(
        (texts) => {
          // The short-key build turns each part into a list with holes where the other parts' texts go.
          const messages = Object.assign((this.loaded[locale] ??= {}), texts);
          this.parts.add(name);
          this.loads.delete(name);
          return messages;
        },
        (error: unknown) => {
          this.loads.delete(name);
          throw error;
        },
      );
      this.loads.set(name, load);
    }
    return load;
  }
}
