/**
 * Which message catalogues the page has: none at first, each fetched the first time an element
 * asks for its language, so a buyer downloads the catalogue of their language and no other.
 */
import type { Messages } from './catalogue-shape.js';
import type { SupportedLocale } from './locales.js';

/** How to fetch each catalogue: in the widget, a dynamic `import()` of its module. */
export type CatalogueImporters = Readonly<Record<SupportedLocale, () => Promise<Messages>>>;

/** The catalogues on the page so far. */
export type LoadedCatalogues = { readonly [Locale in SupportedLocale]?: Messages };

export class CatalogueRegistry {
  private readonly loaded: { [Locale in SupportedLocale]?: Messages } = {};
  private readonly loads = new Map<SupportedLocale, Promise<Messages>>();

  constructor(private readonly importers: CatalogueImporters) {}

  /** The catalogues loaded so far (a live view: it gains each language as it arrives). */
  get catalogues(): LoadedCatalogues {
    return this.loaded;
  }

  /** Whether the texts of `locale` can be read now. */
  has(locale: SupportedLocale): boolean {
    return this.loaded[locale] !== undefined;
  }

  /**
   * The catalogue of `locale`, fetched once: concurrent callers share the same promise. A
   * failed fetch (the buyer went offline) is forgotten, so a later call tries again.
   */
  load(locale: SupportedLocale): Promise<Messages> {
    const present = this.loaded[locale];
    if (present) return Promise.resolve(present);
    let load = this.loads.get(locale);
    if (!load) {
      load = this.importers[locale]().then(
        (messages) => {
          this.loaded[locale] = messages;
          this.loads.delete(locale);
          return messages;
        },
        (error: unknown) => {
          this.loads.delete(locale);
          throw error;
        },
      );
      this.loads.set(locale, load);
    }
    return load;
  }
}
