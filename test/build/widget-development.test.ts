import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { buildPackageCopy, type BuiltPackage } from './npm-build.js';
import { registeredTags } from './package-layout.js';
import { warningTexts } from './warning-texts.js';

type Condition = 'development' | 'production';

const TAGS = registeredTags().sort();

interface ShopBundle {
  /** The package's files in the bundle, relative to the package. */
  files: string[];
  /** The bundle's code, as the shop's page gets it. */
  code: string;
  /** The code the page runs as it loads: the entry's chunk and those it imports, not those it may `import()`. */
  initialCode: string;
}

/**
 * Bundles a shop's page that imports `pay-checkout/widget/define`, as the shop's bundler does: its
 * dev server and development builds resolve the `development` condition, its production build not.
 */
async function bundleShopPage(dir: string, condition: Condition, page = "import 'pay-checkout/widget/define';\n"): Promise<ShopBundle> {
  const entry = join(dir, `shop-page.${condition}.${page.length}.js`);
  writeFileSync(entry, page);
  const result = await build({
    configFile: false,
    root: dir,
    logLevel: 'error',
    mode: condition,
    resolve: { conditions: ['module', 'browser', condition] },
    // Nothing is written, and the package's own dist/ is never the output directory.
    build: { write: false, outDir: join(dir, 'shop-build'), emptyOutDir: false, minify: condition === 'production', rolldownOptions: { input: entry } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk'));
  const files = chunks.flatMap((chunk) => Object.keys(chunk.modules)).filter((id) => id.startsWith(`${dir}/dist/`));
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set<Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk | undefined): void => {
    if (!chunk || initial.has(chunk)) return;
    initial.add(chunk);
    chunk.imports.forEach((name) => visit(byName.get(name)));
  };
  chunks.filter((chunk) => chunk.isEntry).forEach(visit);
  const codeOf = (list: Iterable<Rolldown.OutputChunk>) => [...list].map((chunk) => chunk.code).join('\n');
  return { files: files.map((id) => id.slice(dir.length + 1)), code: codeOf(chunks), initialCode: codeOf(initial) };
}

/** The widget's tags the code registers, sorted (Lit's dev mode names a `my-element` in a message). */
const registeredIn = (code: string) => [...new Set([...code.matchAll(/customElements\.define\(\s*["'`](pay-[\w-]+)/g)].map((match) => match[1]!))].sort();

// The npm package's development build, dist/widget-development/ (vite.build-widget-development.config.ts),
// seen as a shop's bundler sees the package: the warnings come with the development condition only.
describe('the npm build of the widget in a shop\'s bundle', () => {
  let built: BuiltPackage;
  const texts = warningTexts();

  before(async () => {
    built = await buildPackageCopy();
  });

  after(() => built?.remove());

  describe('under the development condition', () => {
    let bundle: ShopBundle;

    before(async () => {
      bundle = await bundleShopPage(built.dir, 'development');
    });

    it('takes the development build', () => {
      assert.ok(bundle.files.length > 0 && bundle.files.every((file) => file.startsWith('dist/widget-development/')), bundle.files.join(', '));
    });

    it('carries every warning', () => {
      assert.deepEqual(texts.filter((text) => !bundle.code.includes(text)), []);
    });

    // The registrations are in define.js and in chunks of their own, which "sideEffects" names so that no bundler
    // drops define.js's imports of them (Rolldown keeps them anyway: the checkout also imports them on demand).
    it('registers every element as the page loads', () => {
      assert.deepEqual(registeredIn(bundle.initialCode), TAGS);
    });

    // A React shop imports the component, which imports the widget: the same build, warnings included.
    it('takes it for pay-checkout/react too', async () => {
      const react = await bundleShopPage(built.dir, 'development', "import { PayCheckout } from 'pay-checkout/react';\nconsole.log(PayCheckout);\n");
      assert.ok(react.files.length > 0 && react.files.every((file) => file.startsWith('dist/widget-development/')), react.files.join(', '));
      assert.deepEqual(texts.filter((text) => !react.code.includes(text)), []);
      assert.ok(registeredIn(react.initialCode).includes('pay-checkout'));
    });
  });

  describe('in production', () => {
    let bundle: ShopBundle;

    before(async () => {
      bundle = await bundleShopPage(built.dir, 'production');
    });

    it('takes the production build and registers every element as the page loads', () => {
      assert.ok(bundle.files.includes('dist/widget/define.js'), bundle.files.join(', '));
      assert.deepEqual(bundle.files.filter((file) => file.startsWith('dist/widget-development/')), []);
      assert.deepEqual(registeredIn(bundle.initialCode), TAGS);
    });

    // tsc's dist/widget/ holds the warnings behind `if (DEV_MODE)` with DEV_MODE false: the shop's bundler drops them.
    it('carries none of the warnings, only the one short production line with their prefix', () => {
      assert.deepEqual(texts.filter((text) => bundle.code.includes(text)), ['pay-checkout: ']);
      assert.equal(bundle.code.split('pay-checkout: ').length, 2);
      assert.ok(bundle.code.includes('docs/widget.md#console'));
    });
  });
});
