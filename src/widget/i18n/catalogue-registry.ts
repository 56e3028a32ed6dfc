/**
 * Which message catalogues the page has: pt-BR, the default, from the start; es and en fetched
 * the first time an element asks for them, so a pt-BR buyer never downloads the other two.
 */
import type { Messages } from './catalogue.js';
import type { SupportedLocale } from './locales.js';

/** The languages fetched on demand (all but the pt-BR source). */
export type OnDemandLocale = Exclude<SupportedLocale, 'pt-BR'>;

/** How to fetch each on-demand catalogue: in the widget, a dynamic `import()` of its module. */
export type CatalogueImporters = Readonly<Record<OnDemandLocale, () => Promise<Messages>>>;

/** The catalogues on the page so far: pt-BR always, es and en once loaded. */
export type LoadedCatalogues = { readonly 'pt-BR': Messages } & { readonly [Locale in SupportedLocale]?: Messages };

export class CatalogueRegistry {
  private readonly loaded: { 'pt-BR': Messages } & { [Locale in SupportedLocale]?: Messages };
  private readonly loads = new Map<OnDemandLocale, Promise<Messages>>();

  constructor(
    source: Messages,
    private readonly importers: CatalogueImporters,
  ) {
    this.loaded = { 'pt-BR': source };
  }

  /** The catalogues loaded so far (a live view: it gains es and en as they arrive). */
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
    if (locale === 'pt-BR') return Promise.resolve(this.loaded['pt-BR']);
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
