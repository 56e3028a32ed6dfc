import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { WIDGET_DEVELOPMENT_DIR } from '../../vite.build-widget-development.config.js';
import { registeredTags, registrationFiles, ROOT } from './package-layout.js';

const run = promisify(execFile);

interface PackageManifest {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
  sideEffects: string[];
  customElements: string;
  files: string[];
  exports: Record<string, unknown>;
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageManifest;

/** The packages (not `node:` modules) that the TypeScript files under `dir` import for their code, not only for types. */
function importedPackages(dir: string): string[] {
  const specifiers = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => {
      const code = readFileSync(join(dir, file), 'utf8');
      const statements = [
        /^\s*import\s+(?!type\s)(?:[^;'"]*?from\s*)?['"]([^'"]+)['"]/gm,
        /^\s*export\s*(?:\*|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/gm,
        /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
      ];
      return statements.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
    });
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
  return [...new Set(packages)].sort();
}

const DEVELOPMENT_DIR = `./${WIDGET_DEVELOPMENT_DIR}/`;

const toDist = (source: string) => `./${source.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js')}`;

describe('package.json', () => {
  describe('"sideEffects"', () => {
    const sources = ['src/widget/define.ts', ...registrationFiles()];

    it('names the define entry and every registration file of dist/, and nothing else there but the development build', () => {
      const listed = manifest.sideEffects.filter((path) => path.startsWith('./dist/') && !path.startsWith(DEVELOPMENT_DIR)).sort();
      assert.deepEqual(listed, sources.map(toDist).sort());
    });

    // Which of its chunks holds a registration is the bundler's choice (the on-demand elements' own chunks, today).
    it('names the development build\'s define entry and its chunks, not its side-effect-free index', () => {
      const listed = manifest.sideEffects.filter((path) => path.startsWith(DEVELOPMENT_DIR));
      assert.deepEqual(listed, [`${DEVELOPMENT_DIR}define.js`, `${DEVELOPMENT_DIR}chunks/*.js`]);
    });

    // Our own bundles (the script-tag build, the demo) resolve the sources through this same
    // package.json: without these the bundler drops the registering imports as side-effect free.
    // The demo's script imports the script-tag entry and its QA panel only for their effects
    // (the end-to-end tests run on the demo's build, so a dropped import fails them all). The
    // entry's first chunk (script-tag-core.ts) is asked for with an import() whose value is not
    // read: without its line, the bundler drops that import() as well.
    it('names the same files of src/, the script-tag entries and the demo\'s modules, for the builds made from the sources', () => {
      const listed = manifest.sideEffects.filter((path) => !path.startsWith('./dist/')).sort();
      const expected = [...sources, 'src/widget/script-tag.ts', 'src/widget/script-tag-classic.ts', 'src/widget/script-tag-core.ts'].map((source) => `./${source}`);
      assert.deepEqual(listed, [...expected, './demo/*.ts'].sort());
    });
  });

  it('depends at run time on exactly the packages the sources import; the rest, tsx included, is for development', () => {
    const { dependencies, devDependencies, peerDependencies, peerDependenciesMeta } = manifest;
    // Optional peers, never installed for a shop that uses the widget alone: the Redis client for
    // the Redis store, the relay's metrics and logs, loaded only when turned on, and React for the
    // `pay-checkout/react` wrapper.
    const peers = Object.keys(peerDependencies).sort();
    assert.deepEqual(peers, ['ioredis', 'pino', 'pino-pretty', 'prom-client', 'react']);
    for (const peer of peers) {
      assert.equal(peerDependenciesMeta[peer]?.optional, true, `${peer} is an optional peer`);
      assert.ok(peer in devDependencies, `${peer} is installed for the tests`);
    }
    assert.deepEqual([...Object.keys(dependencies), ...peers].sort(), importedPackages(join(ROOT, 'src')));
    // bin/ runs the sources through tsx only in a clone, where npm installs the development packages.
    assert.ok('tsx' in devDependencies && !('tsx' in dependencies));
  });

  it('builds before it is packed, so a published package always has dist/', () => {
    assert.equal(manifest.scripts['prepack'], 'npm run build');
  });

  it('publishes the command line, dist/ but the demo page, the manifest, the guides, the sources its maps point at, and the licence', () => {
    assert.deepEqual(manifest.files, ['bin', 'dist', '!dist/demo', 'custom-elements.json', 'docs/*.md', 'src', 'LICENSE']);
    assert.equal(manifest.customElements, 'custom-elements.json');
    assert.equal(manifest.exports['./custom-elements.json'], './custom-elements.json');
  });
});

interface ElementDeclaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  events?: { name: string }[];
}

interface ElementsManifest {
  modules: { path: string; declarations?: ElementDeclaration[] }[];
}

describe('custom-elements.json (custom-elements-manifest.config.mjs)', () => {
  let outDir: string;
  let elements: ElementsManifest;

  before(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'pay-checkout-manifest-'));
    // The analyzer joins --outdir to its working directory.
    await run(process.execPath, [join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--outdir', relative(ROOT, outDir)], { cwd: ROOT });
    elements = JSON.parse(readFileSync(join(outDir, 'custom-elements.json'), 'utf8')) as ElementsManifest;
  });

  after(() => rmSync(outDir, { recursive: true, force: true }));

  const declarations = () => elements.modules.flatMap((module) => (module.declarations ?? []).map((declaration) => ({ path: module.path, declaration })));

  it('describes every registered element under its tag name, with its summary', () => {
    const tags = registeredTags();
    const described = declarations().filter(({ declaration }) => declaration.customElement);
    assert.deepEqual(described.map(({ declaration }) => declaration.tagName).sort(), [...tags].sort());
    for (const { declaration } of described) assert.ok(declaration.summary, `${declaration.tagName} has no @summary`);
  });

  it('reads the events from the JSDoc', () => {
    const checkout = declarations().find(({ declaration }) => declaration.tagName === 'pay-checkout')?.declaration;
    assert.ok(checkout?.events?.some((event) => event.name === 'pay-paid'));
  });

  it('points at the published JavaScript in dist/', () => {
    for (const module of elements.modules) {
      assert.match(module.path, /^dist\/widget\/.+\.js$/);
      assert.ok(existsSync(join(ROOT, module.path.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'))), module.path);
    }
  });
});
