import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FORM_TEXTS, type CatalogueSource } from './catalogue.js';
import { DEFAULT_LOCALE, type SupportedLocale } from './locales.js';

export type { CatalogueSource } from './catalogue.js';

/**
 * Gives an element the catalogue of its language. When the element asks for a locale whose
 * catalogue is not on the page yet, the controller fetches it and updates the element once it
 * is here; until then `ready` is false and the element renders no text, so a buyer never reads
 * a text in another language first.
 *
 * If the catalogue cannot be fetched (the buyer is offline), the element speaks pt-BR when the
 * pt-BR catalogue is on the page already (another element loaded it): `locale` becomes pt-BR, so
 * `lang` says what the texts are. Otherwise there is nothing to show: `ready` stays false and
 * `failed` turns true, so the element can say so (the checkout shows an error with a retry button
 * from texts it carries in every language). The fetch is tried again by `retry()` and when the
 * element is attached to the page again.
 */
export class LocaleController implements ReactiveController {
  /** Locales whose catalogue could not be fetched by this element. */
  private readonly failures = new Set<SupportedLocale>();
  private loading: { readonly locale: SupportedLocale; readonly settled: Promise<void> } | undefined;

  /**
   * `requested`: the locale the element is asked for, read at each update; `catalogues`: where its
   * texts are, the form's part of the widget's catalogue by default.
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly requested: () => SupportedLocale,
    private readonly catalogues: CatalogueSource = FORM_TEXTS,
  ) {
    host.addController(this);
  }

  /** The language of the element's texts: the one asked for, or pt-BR when its catalogue could not load and pt-BR's is here. */
  get locale(): SupportedLocale {
    const requested = this.requested();
    return this.failures.has(requested) && this.catalogues.has(DEFAULT_LOCALE) ? DEFAULT_LOCALE : requested;
  }

  /** Whether the texts of `locale` can be rendered now. */
  get ready(): boolean {
    return this.catalogues.has(this.locale);
  }

  /** Whether the element has no texts to render because its catalogue could not be fetched (and is not being fetched again). */
  get failed(): boolean {
    const requested = this.requested();
    return !this.ready && this.failures.has(requested) && this.loading?.locale !== requested;
  }

  hostConnected(): void {
    this.fetchCatalogue(true);
  }

  hostUpdate(): void {
    this.fetchCatalogue(false);
  }

  /** Fetches again a catalogue that could not be fetched (the element's retry button), updating the element meanwhile. */
  retry(): void {
    this.fetchCatalogue(true);
    this.host.requestUpdate();
  }

  /**
   * The host's `updateComplete`, extended to the update that brings a catalogue still on its
   * way: an element's `getUpdateComplete()` returns this, so whoever awaits `updateComplete`
   * finds the texts on screen.
   */
  async updateComplete(hostUpdateComplete: () => Promise<boolean>): Promise<boolean> {
    let complete = await hostUpdateComplete();
    while (this.loading) {
      await this.loading.settled;
      complete = await hostUpdateComplete();
    }
    return complete;
  }

  /** Starts fetching the asked-for catalogue unless it is here or on its way; one that failed only when `retry`. */
  private fetchCatalogue(retry: boolean): void {
    const locale = this.requested();
    if (this.catalogues.has(locale) || this.loading?.locale === locale) return;
    if (this.failures.has(locale) && !retry) return;
    const settled = this.catalogues
      .load(locale)
      .then(
        () => this.failures.delete(locale),
        () => this.failures.add(locale),
      )
      .then(() => {
        if (this.loading?.settled === settled) this.loading = undefined;
        this.host.requestUpdate();
      });
    this.loading = { locale, settled };
  }
}
