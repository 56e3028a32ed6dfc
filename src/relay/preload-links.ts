/**
 * The `<link rel="modulepreload">` tags a page its server renders can carry, so the buyer's
 * browser fetches the checkout's core chunk and the texts of its language as soon as it reads the
 * page's head, beside the entry (`pay-checkout.js`), instead of once the entry has arrived and
 * been parsed, then once the core has run: on a phone's network, two round trips fewer before
 * the form (docs/relay.md, "The configuration in the page"). The file names change with every
 * build, so they come from the build's own list, `pay-checkout.preload.json`, written beside the
 * entry (vite.build-cdn.config.ts).
 *
 * The card form's code is fetched when the buyer picks the card, one more round trip then. A page
 * whose buyers mostly pay by card can preload it too (`cardForm`), at the price of its bytes for
 * a buyer who pays otherwise.
 */
import { escapeHtml } from '../http/html-escape.js';
import { resolveLocale } from '../widget/i18n/locales.js';

/** `pay-checkout.preload.json`: what a page may preload, relative to the entry's directory. */
export interface WidgetPreloadManifest {
  /** The first chunk, which the entry asks for (`chunks/checkout-core-<hash>.js`), and the chunks it imports. */
  modules: readonly string[];
  /** The form's texts, by language (`pt-BR`, `es`, `en`). */
  catalogues: Readonly<Record<string, string>>;
  /** What reads the configuration the page carries (`chunks/inline-config-<hash>.js`). */
  inlineConfig: string;
  /** The card form: its chunk and the one it imports beyond the entry's, and its own texts by language. */
  card?: { modules: readonly string[]; catalogues: Readonly<Record<string, string>> };
}

export interface WidgetPreloadOptions {
  /** Where the build's directory is served, as the page's script tag names it: `/pay-checkout/`, `https://cdn.example/pay-checkout/1.2.0/`. */
  widgetUrl: string;
  /** The checkout's `locale` attribute; pt-BR's texts when absent, as the checkout resolves it. */
  locale?: string;
  /** Whether the page carries the offer's configuration (`inlineCheckoutConfig`): its reader is preloaded too, else it would cost the round trip the configuration saves. */
  inlineConfig?: boolean;
  /**
   * Whether to preload the card form's code and texts, which the checkout otherwise fetches when the
   * buyer picks the card (a round trip then): for a page whose offer takes a card and whose buyers
   * mostly pay by one. A buyer who pays otherwise fetches them for nothing (docs/relay.md).
   */
  cardForm?: boolean;
}

const NOT_THE_MANIFEST = 'widgetPreloadLinks: the manifest is not the build\'s pay-checkout.preload.json';

const isPath = (value: unknown): value is string => typeof value === 'string' && /^[\w./-]+\.js$/.test(value) && !value.includes('..');
const isPathList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isPath);
const isCatalogueMap = (value: unknown): value is Record<string, string> => typeof value === 'object' && value !== null && Object.values(value).every(isPath);

/** The manifest as read from JSON, checked: a file of another shape is refused rather than half used. */
function checkedManifest(manifest: unknown): WidgetPreloadManifest {
  const { modules, catalogues, inlineConfig, card } = (manifest ?? {}) as Partial<Record<keyof WidgetPreloadManifest, unknown>>;
  const { modules: cardModules, catalogues: cardCatalogues } = (card ?? {}) as Partial<Record<'modules' | 'catalogues', unknown>>;
  // A manifest of a build from before the card form was listed has no `card`: the rest of it is still whole.
  const cardFits = card === undefined || (isPathList(cardModules) && isCatalogueMap(cardCatalogues));
  if (!isPathList(modules) || !isCatalogueMap(catalogues) || !isPath(inlineConfig) || !cardFits) throw new TypeError(NOT_THE_MANIFEST);
  return { modules, catalogues, inlineConfig, ...(card === undefined ? {} : { card: { modules: cardModules as string[], catalogues: cardCatalogues as Record<string, string> } }) };
}

/** The tags, one per line, for the page's `<head>`, next to its `<script type="module" src=".../pay-checkout.js">`. */
export function widgetPreloadLinks(manifest: unknown, options: WidgetPreloadOptions): string {
  const { modules, catalogues, inlineConfig, card } = checkedManifest(manifest);
  if (options.cardForm && !card) throw new TypeError(`${NOT_THE_MANIFEST} of a build that lists the card form (it has no "card")`);
  const base = options.widgetUrl.endsWith('/') ? options.widgetUrl : `${options.widgetUrl}/`;
  const locale = resolveLocale(options.locale);
  const files = [...modules, catalogues[locale], options.inlineConfig && inlineConfig];
  if (options.cardForm && card) files.push(...card.modules, card.catalogues[locale]);
  return files
    .filter((file): file is string => typeof file === 'string' && file !== '')
    .map((file) => `<link rel="modulepreload" href="${escapeHtml(`${base}${file}`)}">`)
    .join('\n');
}
