import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackageCopy, runInPackage, type BuiltPackage } from './npm-build.js';
import { registeredTags, ROOT } from './package-layout.js';

/** What a page has and Node does not: none of it may appear because the widget was imported. */
const BROWSER_GLOBALS = ['window', 'document', 'self', 'navigator', 'location', 'HTMLElement', 'Element', 'Node', 'ShadowRoot', 'localStorage', 'sessionStorage'];

const TAGS = registeredTags();

interface ImportResult {
  /** The file the specifier resolved to. */
  resolved: string;
  exports: string[];
  browserGlobals: string[];
  newGlobals: string[];
  registered: string[];
}

/** Imports `specifier` by the package's own name, as a server component would, and reports what changed. */
function importScript(specifier: string): string {
  return `
    const before = new Set(Object.getOwnPropertyNames(globalThis));
    const module = await import(${JSON.stringify(specifier)});
    const registry = globalThis.customElements;
    console.log(JSON.stringify({
      resolved: import.meta.resolve(${JSON.stringify(specifier)}),
      exports: Object.keys(module),
      browserGlobals: ${JSON.stringify(BROWSER_GLOBALS)}.filter((name) => globalThis[name] !== undefined),
      newGlobals: Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name)),
      registered: ${JSON.stringify(TAGS)}.filter((tag) => registry?.get(tag) !== undefined),
    }));
  `;
}

interface ExportTarget {
  types: string;
  /** The widget's development build (dist/widget-development/), for bundlers and Node under the `development` condition. */
  development?: string;
  default: string;
}

/** The entries with a development build: the widget's, and the React component, which imports the widget. */
const DEVELOPMENT_ENTRIES = ['.', './widget', './widget/define', './react'];

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, ExportTarget | string> };
const codeEntries = Object.entries(manifest.exports).filter((entry): entry is [string, ExportTarget] => typeof entry[1] === 'object');

describe('the npm build in Node (server-side rendering)', () => {
  let built: BuiltPackage;

  before(async () => {
    built = await buildPackageCopy();
  });

  after(() => built?.remove());

  describe('when a server imports pay-checkout/widget', () => {
    let result: ImportResult;

    before(async () => {
      result = await runInPackage<ImportResult>(built.dir, importScript('pay-checkout/widget'));
    });

    it('loads the classes without throwing', () => {
      assert.ok(result.exports.includes('PayCheckout'));
      assert.ok(result.exports.includes('PayPixResult'));
    });

    it('creates no window, document or other browser global', () => {
      assert.deepEqual(result.browserGlobals, []);
      assert.ok(!result.newGlobals.includes('window') && !result.newGlobals.includes('document'), `new globals: ${result.newGlobals.join(', ')}`);
    });

    it('registers no element', () => {
      assert.deepEqual(result.registered, []);
    });
  });

  describe('when a server imports pay-checkout/widget/define', () => {
    it('registers every element in Lit\'s server registry, without a window or a document', async () => {
      const result = await runInPackage<ImportResult>(built.dir, importScript('pay-checkout/widget/define'));
      assert.deepEqual(result.registered, TAGS);
      assert.deepEqual(result.browserGlobals, []);
    });
  });

  // A framework's dev server runs its server side with the `development` condition too.
  describe('when a server imports the development build (node --conditions=development)', () => {
    it('loads pay-checkout/widget from dist/widget-development/, with the same classes, registering nothing and touching no browser global', async () => {
      const production = await runInPackage<ImportResult>(built.dir, importScript('pay-checkout/widget'));
      const result = await runInPackage<ImportResult>(built.dir, importScript('pay-checkout/widget'), ['development']);
      assert.match(result.resolved, /\/dist\/widget-development\/index\.js$/);
      assert.deepEqual(result.exports.sort(), production.exports.sort());
      assert.deepEqual(result.registered, []);
      assert.deepEqual(result.browserGlobals, []);
      assert.ok(!result.newGlobals.includes('window') && !result.newGlobals.includes('document'), `new globals: ${result.newGlobals.join(', ')}`);
    });

    it('loads pay-checkout/react from dist/widget-development/ as a React server renders it, touching no browser global', async () => {
      const result = await runInPackage<ImportResult>(built.dir, importScript('pay-checkout/react'), ['development']);
      assert.match(result.resolved, /\/dist\/widget-development\/react\.js$/);
      assert.ok(result.exports.includes('PayCheckout'), result.exports.join(', '));
      assert.deepEqual(result.browserGlobals, []);
    });

    it('registers every element from pay-checkout/widget/define, without a window or a document', async () => {
      const result = await runInPackage<ImportResult>(built.dir, importScript('pay-checkout/widget/define'), ['development']);
      assert.match(result.resolved, /\/dist\/widget-development\/define\.js$/);
      assert.deepEqual(result.registered, TAGS);
      assert.deepEqual(result.browserGlobals, []);
    });
  });

  describe('every entry of "exports"', () => {
    it('lists "types" first, then "development" for the widget\'s entries and React\'s, then "default"', () => {
      for (const [name, target] of codeEntries) {
        assert.deepEqual(Object.keys(target), DEVELOPMENT_ENTRIES.includes(name) ? ['types', 'development', 'default'] : ['types', 'default'], name);
      }
    });

    it('has its declarations and its JavaScript, production and development, in the build', () => {
      const files = codeEntries.flatMap(([, target]) => [target.types, target.default, ...(target.development ? [target.development] : [])]);
      assert.deepEqual(files.filter((file) => !existsSync(join(built.dir, file))), []);
    });

    it('imports in plain Node by the package\'s name', async () => {
      const specifiers = codeEntries.map(([name]) => (name === '.' ? 'pay-checkout' : `pay-checkout${name.slice(1)}`));
      const counts = await runInPackage<Record<string, number>>(
        built.dir,
        `const counts = {};
         for (const specifier of ${JSON.stringify(specifiers)}) counts[specifier] = Object.keys(await import(specifier)).length;
         console.log(JSON.stringify(counts));`,
      );
      assert.deepEqual(
        specifiers.filter((specifier) => !(counts[specifier]! > 0)),
        [],
      );
    });
  });
});
