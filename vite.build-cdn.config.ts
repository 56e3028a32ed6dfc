/**
 * The script-tag builds of the widget (`dist/cdn/`), made from its side-effect entry
 * (`src/widget/script-tag.ts`), which registers the form's elements and the others when needed:
 * - `module`: `pay-checkout.js`, the ES module for `<script type="module">`, minified, with the
 *   form's code in one chunk it imports and each `import()` in the sources a chunk in `chunks/`
 *   that the browser fetches only when the buyer needs it (the Pix QR encoder, for one).
 * - `classic`: `pay-checkout.classic.js`, one IIFE for shops that cannot load modules. A
 *   classic script cannot `import()` a chunk, so the on-demand code is inlined: one bigger
 *   file. Its exports are on `window.PayCheckout`.
 * - `development`: `pay-checkout.dev.js`, unminified and built with the `development` export
 *   condition, so Lit runs in dev mode and logs readable warnings, and with the widget's own
 *   development mode on (src/widget/dev-mode.ts): it warns about a checkout set up wrong.
 *
 * `npm run build` (scripts/build.js) runs all three; the budget test builds `module` into a
 * temporary directory. `vite build -c vite.build-cdn.config.ts --mode <variant>` builds one.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type LogLevel, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { devModeOn } from './scripts/dev-mode-plugin.js';
import { minifyLitTemplates } from './scripts/minify-lit-templates.js';
import { secondMinifyPass } from './scripts/second-minify-pass.js';
import { shortLitErrors } from './scripts/short-lit-errors.js';
import { shortMessageKeys } from './scripts/short-message-keys.js';
import ptBR from './src/widget/i18n/messages/pt-BR.js';
import ptBRCard from './src/widget/i18n/messages/pt-BR.card.js';
import ptBRResults from './src/widget/i18n/messages/pt-BR.results.js';
import type { WidgetPreloadManifest } from './src/relay/preload-links.js';

/** The three script-tag builds. */
export type CdnVariant = 'module' | 'classic' | 'development';

export const CDN_VARIANTS: readonly CdnVariant[] = ['module', 'classic', 'development'];

/** The package's root: every path below is resolved from it, whatever the caller's directory. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The side-effect entry of the module and development script-tag builds (the classic one's is CDN_CLASSIC_ENTRY). */
export const CDN_ENTRY = `${ROOT}src/widget/script-tag.ts`;
/**
 * The module the entry asks for with `import()`, the facade of `chunks/checkout-core-<hash>.js`.
 * It is an entry of the module builds of its own, so that the first chunk is one file: a module
 * the bundler put in a group of its own would be answered through a facade file before it.
 */
export const CDN_CORE = `${ROOT}src/widget/script-tag-core.ts`;
/** The classic build's entry: the first chunk's module, and the exports the module build's entry has. */
const CDN_CLASSIC_ENTRY = `${ROOT}src/widget/script-tag-classic.ts`;
/** The first chunk's name, as the entry it is. */
const CORE_CHUNK = 'checkout-core';
/** The classic build's one chunk, as the entry it is. */
const CLASSIC_CHUNK = 'script-tag-classic';
/** The groups of CHUNK_GROUPS whose chunks COMPILE_ALL_CHUNKS names too. */
const PAYMENT_CHUNK = 'payment';
const COPY_FIELD_CHUNK = 'copy-field';

/**
 * The chunks that start with V8's hint to compile all their functions as they load (docs/performance.md,
 * "Card form speed"): the first chunk, most of whose functions the form's first drawing calls, and the
 * classic build's one file, which holds it; then the code that runs for the first time between "Pay" and
 * the order on screen: the payment's chunk (the attempt, the order's controller, what the result views
 * share), the Pix and boleto views, the copy field they share and the order's following. Each of those
 * is fetched while the buyer fills the form, so V8 compiles it then, on a background thread, and not
 * function by function on the main thread after the click. And the card form's chunk: its input
 * handling runs for the first time at the buyer's first key in the card number, and without the hint
 * that key waits while V8 compiles it.
 */
const COMPILE_ALL_CHUNKS: readonly string[] = [CORE_CHUNK, CLASSIC_CHUNK, PAYMENT_CHUNK, 'pix-result', 'boleto-result', COPY_FIELD_CHUNK, 'order-following', 'card-code'];

/** The file each variant writes at the top of its directory. */
export const CDN_FILE_NAMES: Record<CdnVariant, string> = {
  module: 'pay-checkout.js',
  classic: 'pay-checkout.classic.js',
  development: 'pay-checkout.dev.js',
};

/**
 * What a page its server renders may start before the entry is parsed (src/relay/preload-links.ts,
 * docs/relay.md, "The configuration in the page"): written beside the module build's entry.
 */
export const PRELOAD_MANIFEST = 'pay-checkout.preload.json';

const CATALOGUE_MODULE = /[\\/]src[\\/]widget[\\/]i18n[\\/]messages[\\/]([\w-]+)(?:\.(card|results))?\.ts$/;

/** Which part of which language's catalogue a chunk holds (`src/widget/i18n/messages/es.results.ts` → `es`, `results`). */
export function cataloguePartOf(chunk: Rolldown.OutputChunk): { locale: string; part: 'form' | 'card' | 'results' } | undefined {
  for (const id of Object.keys(chunk.modules)) {
    const match = CATALOGUE_MODULE.exec(id);
    if (match) return { locale: match[1]!, part: (match[2] as 'card' | 'results' | undefined) ?? 'form' };
  }
  return undefined;
}

/** Writes PRELOAD_MANIFEST from the module build's chunks. */
function preloadManifest(): Rolldown.Plugin {
  return {
    name: 'pay-checkout-preload-manifest',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      // The entry's own lines ask for the first chunk with import(): what a rendered page preloads is that chunk and what it imports.
      const core = chunks.find((chunk) => chunk.facadeModuleId === CDN_CORE);
      if (!core) this.error('the module build has no first chunk');
      const first = [core.fileName, ...core.imports];
      const cataloguesOf = (part: 'form' | 'card') =>
        Object.fromEntries(
          chunks
            .flatMap((chunk) => {
              const catalogue = cataloguePartOf(chunk);
              return catalogue?.part === part ? [[catalogue.locale, chunk.fileName] as const] : [];
            })
            .sort(([a], [b]) => a.localeCompare(b)),
        );
      const facade = (pattern: RegExp, what: string) => {
        const chunk = chunks.find((each) => pattern.test(each.facadeModuleId ?? ''));
        if (!chunk) this.error(`the module build has no chunk for ${what}`);
        return chunk;
      };
      const inlineConfig = facade(/[\\/]checkout[\\/]inline-config\.ts$/, 'inline-config.ts');
      const cardCode = facade(/[\\/]card[\\/]card-code\.ts$/, 'card-code.ts');
      const manifest: WidgetPreloadManifest = {
        modules: first,
        catalogues: cataloguesOf('form'),
        inlineConfig: inlineConfig.fileName,
        // The card form's chunk and what it imports beyond the first chunks (the payment's).
        card: { modules: [cardCode.fileName, ...cardCode.imports.filter((file) => !first.includes(file))], catalogues: cataloguesOf('card') },
      };
      this.emitFile({ type: 'asset', fileName: PRELOAD_MANIFEST, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

/** The global the classic script puts the widget's exports on. */
export const CLASSIC_GLOBAL_NAME = 'PayCheckout';

const NODE_MODULES = '/node_modules/';

/**
 * The package a module id belongs to (`lit-html`, `@lit/reactive-element`), or undefined for
 * our own sources and the bundler's virtual modules. The last `node_modules/` wins for nested installs.
 */
export function packageOfModule(id: string): string | undefined {
  const at = id.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const [scopeOrName, name] = id.slice(at + NODE_MODULES.length).split('/');
  return scopeOrName?.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName;
}

/** The chunk of a path's code is named after what the buyer sees of it, as the network panel shows it. */
const PATH_CHUNK_NAMES: Record<string, string> = { 'card-code': 'card-fields', 'three-d-secure-code': 'three-d-secure', 'order-following': 'live-status' };

/**
 * An on-demand chunk is named after the package it loads (`chunks/qrcode-<hash>.js`) rather
 * than after the file (`browser.js`), so a shop's network panel says what was fetched.
 */
function chunkName(chunk: Rolldown.PreRenderedChunk): string {
  const dependency = chunk.facadeModuleId === null ? undefined : packageOfModule(chunk.facadeModuleId);
  return (dependency ?? PATH_CHUNK_NAMES[chunk.name] ?? chunk.name).replace(/^@/, '').replace(/\//g, '-');
}

/**
 * How the module build's code is cut. Everything script-tag-core.ts imports statically goes into
 * one chunk, `chunks/checkout-core-<hash>.js`, which the entry asks for with `import()`, and
 * `pay-checkout.js` keeps only the entry's own lines (a few hundred bytes, see script-tag.ts):
 * the on-demand chunks import the core by its hashed name, never the
 * entry, whose URL is the shop's to choose (`?ver=3`, a redirect) and would otherwise be loaded
 * and run a second time under its plain name. The core's name changes with its content, so a CDN
 * can cache it for good while the entry stays short-lived. What every buyer fetches after the
 * first chunk travels in one chunk rather than several small ones (each file carries its own
 * compression overhead, and gzip cannot share a dictionary across files): the payment's code
 * (fetched when the buyer starts on the form) with what a card tokenizer may reject with, the
 * answer readers it shares with the 3-D Secure provider, the pieces every result view shares and
 * the order's controller (needed a few seconds later, once the charge is made). Per-method code
 * stays apart, and what one method alone needs travels together, each path's code imported
 * through one module of its own, which is then its chunk's facade: the chunk's exports answer each
 * `import()` as they are, where a chunk holding several modules that are imported one by one
 * answers with a module object built at run time, by a helper of the bundler's that would be one
 * more file, found only once the chunk is parsed, and keeps every export of those modules.
 * `card/card-code.ts` is the card form with the API's card tokenizer, the anti-fraud profiler's
 * script loader, the card's result view and the billing address 3-D Secure asks for (fetched when
 * the buyer picks a card), and `three-d-secure/three-d-secure-code.ts` the sandbox's 3-D Secure
 * provider and its challenge dialog (when the card goes through the sandbox's 3-D Secure; a shop's
 * own provider never fetches them). Each of the other
 * result views, the QR encoder, the copy field the Pix and boleto views share (with their rehearsal), and the order's
 * live following with the store of the order kept for a reload (`results/order-following.ts`)
 * is a chunk of its own, fetched for an order still waiting (a card buyer paid at once, on the
 * longest path, never fetches those).
 */
const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: CORE_CHUNK, tags: ['$initial'], test: (id) => id !== CDN_ENTRY, priority: 3 },
  {
    name: PAYMENT_CHUNK,
    test: (id) =>
      [
        /checkout[\\/]payment-(attempt|code)\.ts$/,
        /providers[\\/]card-tokenizer-interface\.ts$/,
        /contract[\\/](error-bodies|three-d-secure-results)\.ts$/,
        // Left to a view's chunk, these shared pieces would make the other views fetch that one.
        /results[\\/](result\.styles|result-element)\.ts$/,
      ].some((pattern) => pattern.test(id)),
    priority: 2,
  },
  // What the Pix and boleto views share and no other view uses: the copy field, and their rehearsal before the first order.
  { name: COPY_FIELD_CHUNK, test: (id) => /results[\\/](copy-button|rehearsal)\.ts$/.test(id), priority: 2 },
];

/**
 * What the minified builds do to the widget's code beyond the bundler's minifier: templates without
 * their indentation, the catalogue's texts by short names, Lit's error messages short, and terser's
 * pass with the private members renamed, the chunks of COMPILE_ALL_CHUNKS starting with V8's hint
 * to compile all their functions as they load. The demo's `vite build` does the same (vite.config.ts), so the end-to-end tests pay through
 * code minified as the script-tag build's is.
 */
export function minifiedWidgetPlugins(): Plugin[] {
  return [
    minifyLitTemplates(),
    shortMessageKeys([...Object.keys(ptBR), ...Object.keys(ptBRCard), ...Object.keys(ptBRResults)]),
    shortLitErrors(),
    secondMinifyPass({ compileAllIn: COMPILE_ALL_CHUNKS }) as Plugin,
  ];
}

export interface CdnBuildOptions {
  /** Where the files go (`dist/cdn` for `npm run build`). */
  outDir: string;
  /** Vite's logging: `warn` shows the bundler's warnings (an `import()` that cannot split, for one). */
  logLevel?: LogLevel;
  /**
   * Whether to write `.map` files next to the scripts. Default: for the minified variants; the development one is
   * readable as is. The maps are "hidden": no `sourceMappingURL` comment in the scripts, which would cost every buyer
   * bytes in every file for a map only a developer opens (developer tools take the map by hand, or use `pay-checkout.dev.js`).
   */
  sourcemap?: boolean;
}

/** The Vite configuration of one script-tag variant. */
export function cdnBuildConfig(variant: CdnVariant, options: CdnBuildOptions): UserConfig {
  const development = variant === 'development';
  const chunkSuffix = development ? '.dev' : '';
  return {
    root: ROOT,
    mode: development ? 'development' : 'production',
    publicDir: false,
    // The development build keeps the templates and the catalogue's text names as written, for reading.
    plugins: [
      ...(development
        ? [devModeOn()]
        : minifiedWidgetPlugins()),
      ...(variant === 'module' ? [preloadManifest()] : []),
    ],
    logLevel: options.logLevel ?? 'warn',
    // Explicit rather than derived from NODE_ENV, which an earlier build in the same process may have set.
    resolve: { conditions: ['module', 'browser', development ? 'development' : 'production'] },
    build: {
      outDir: options.outDir,
      // scripts/build.js empties dist/cdn once; the three variants share it.
      emptyOutDir: false,
      sourcemap: (options.sourcemap ?? !development) ? 'hidden' : false,
      reportCompressedSize: false,
      minify: !development,
      lib: {
        entry: variant === 'classic' ? { [CLASSIC_CHUNK]: CDN_CLASSIC_ENTRY } : { [CDN_FILE_NAMES[variant].replace(/\.js$/, '')]: CDN_ENTRY, [CORE_CHUNK]: CDN_CORE },
        formats: [variant === 'classic' ? 'iife' : 'es'],
        name: CLASSIC_GLOBAL_NAME,
        fileName: (_format, name) => (name === CORE_CHUNK ? `chunks/${CORE_CHUNK}-[hash]${chunkSuffix}.js` : CDN_FILE_NAMES[variant]),
      },
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          // Vite keeps whitespace in an ES library build; a script tag wants it gone too.
          minify: !development,
          // Licence comments stay; tree-shaking annotations and JSDoc have done their work.
          comments: development ? true : { legal: true, annotation: false, jsdoc: false },
          chunkFileNames: (chunk) => `chunks/${chunkName(chunk)}-[hash]${chunkSuffix}.js`,
          codeSplitting: variant === 'classic' ? false : { groups: CHUNK_GROUPS },
        },
      },
    },
  };
}

function variantOfMode(mode: string): CdnVariant {
  if (mode === 'classic' || mode === 'development') return mode;
  return 'module';
}

export default defineConfig(({ mode }) => cdnBuildConfig(variantOfMode(mode), { outDir: 'dist/cdn' }));
