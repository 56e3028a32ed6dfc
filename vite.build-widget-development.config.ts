/**
 * The npm package's development build of the widget (`dist/widget-development/`): what a shop's
 * bundler takes for `pay-checkout`, `pay-checkout/widget`, `pay-checkout/widget/define` and
 * `pay-checkout/react` (whose component imports the widget) under the `development` export condition (its dev server, by default), so a developer reads the
 * checkout's warnings about its setup (src/widget/dev-mode.ts). The production entries are tsc's
 * output in `dist/widget/`, where the warnings are dead code a bundler drops.
 *
 * One build of the three entries, so `index.js`, `define.js` and `react.js` share their chunks and
 * a class is one class whichever entry a page imports it from. Unminified, ES modules, and `lit`
 * and React left to the shop's bundler, which resolves it with its own `development` condition: Lit warns in dev mode too.
 *
 * `npm run build` (scripts/build.js) runs it; `vite build -c vite.build-widget-development.config.ts` too.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type LogLevel, type UserConfig } from 'vite';
import { devModeOn } from './scripts/dev-mode-plugin.js';

/** The package's root: every path below is resolved from it, whatever the caller's directory. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Where `npm run build` writes it, relative to the package's root. */
export const WIDGET_DEVELOPMENT_DIR = 'dist/widget-development';

/** Left to the shop's bundler, which resolves each with its own conditions. */
const EXTERNAL = /^(lit|react|react-dom)(\/|$)/;

export function widgetDevelopmentBuildConfig(options: { outDir: string; logLevel?: LogLevel }): UserConfig {
  return {
    root: ROOT,
    mode: 'development',
    publicDir: false,
    plugins: [devModeOn()],
    logLevel: options.logLevel ?? 'warn',
    build: {
      outDir: options.outDir,
      emptyOutDir: true,
      // Published with src/, so a shop's debugger steps through the sources.
      sourcemap: true,
      reportCompressedSize: false,
      minify: false,
      lib: {
        entry: { index: `${ROOT}src/widget/index.ts`, define: `${ROOT}src/widget/define.ts`, react: `${ROOT}src/react/index.ts` },
        formats: ['es'],
      },
      rolldownOptions: {
        external: (id) => EXTERNAL.test(id),
        // The entries export the providers the checkout otherwise imports on demand, so those imports
        // cannot split here: expected, and left to the shop's bundler, which splits the code as it likes.
        checks: { ineffectiveDynamicImport: false },
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
}

export default defineConfig(() => widgetDevelopmentBuildConfig({ outDir: WIDGET_DEVELOPMENT_DIR }));
