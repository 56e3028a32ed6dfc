/**
 * The `<link rel="modulepreload">` tags a page its server renders can carry, so the buyer's
 * browser fetches the checkout's core chunk and the texts of its language as soon as it reads the
 * page's head, beside the entry (`pay-checkout.js`), instead of once the entry has arrived and
 * been parsed, then once the core has run: on a phone's network, two round trips fewer before
 * the form (docs/relay.md, "The configuration in the page"). The file names change with every
 * build, so they come from the build's own list, `pay-checkout.preload.json`, written beside the
 * entry (vite.build-cdn.config.ts).
 */
import { escapeHtml } from '../http/html-escape.js';
import { resolveLocale } from '../widget/i18n/locales.js';

/** `pay-checkout.preload.json`: what a page may preload, relative to the entry's directory. */
export interface WidgetPreloadManifest {
  /** The chunks the entry imports (`chunks/checkout-core-<hash>.js`). */
  modules: readonly string[];
  /** The form's texts, by language (`pt-BR`, `es`, `en`). */
  catalogues: Readonly<Record<string, string>>;
  /** What reads the configuration the page carries (`chunks/inline-config-<hash>.js`). */
  inlineConfig: string;
}

export interface WidgetPreloadOptions {
  /** Where the build's directory is served, as the page's script tag names it: `/pay-checkout/`, `https://cdn.example/pay-checkout/1.2.0/`. */
  widgetUrl: string;
  /** The checkout's `locale` attribute; pt-BR's texts when absent, as the checkout resolves it. */
  locale?: string;
  /** Whether the page carries the offer's configuration (`inlineCheckoutConfig`): its reader is preloaded too, else it would cost the round trip the configuration saves. */
  inlineConfig?: boolean;
}

/** The manifest as read from JSON, checked: a file of another shape is refused rather than half used. */
function checkedManifest(manifest: unknown): WidgetPreloadManifest {
  const { modules, catalogues, inlineConfig } = (manifest ?? {}) as Partial<Record<keyof WidgetPreloadManifest, unknown>>;
  const isPath = (value: unknown): value is string => typeof value === 'string' && /^[\w./-]+\.js$/.test(value) && !value.includes('..');
  const fits =
    Array.isArray(modules) && modules.every(isPath) && typeof catalogues === 'object' && catalogues !== null && Object.values(catalogues).every(isPath) && isPath(inlineConfig);
  if (!fits) throw new TypeError('widgetPreloadLinks: the manifest is not the build\'s pay-checkout.preload.json');
  return { modules: modules as string[], catalogues: catalogues as Record<string, string>, inlineConfig: inlineConfig as string };
}

/** The tags, one per line, for the page's `<head>`, next to its `<script type="module" src=".../pay-checkout.js">`. */
export function widgetPreloadLinks(manifest: unknown, options: WidgetPreloadOptions): string {
  const { modules, catalogues, inlineConfig } = checkedManifest(manifest);
  const base = options.widgetUrl.endsWith('/') ? options.widgetUrl : `${options.widgetUrl}/`;
  const catalogue = catalogues[resolveLocale(options.locale)];
  return [...modules, ...(catalogue === undefined ? [] : [catalogue]), ...(options.inlineConfig ? [inlineConfig] : [])]
    .map((file) => `<link rel="modulepreload" href="${escapeHtml(`${base}${file}`)}">`)
    .join('\n');
}
