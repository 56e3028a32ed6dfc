/**
 * What `npm pack` would publish, checked on a fresh npm build (test/build/npm-build.ts) packed
 * with the package's real "files": the file list, the maps that point into it, publint with
 * its suggestions as errors, and @arethetypeswrong/cli for consumers that import ES modules.
 * The script-tag build (dist/cdn/) is left out: it is built and checked by cdn.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { elementsOf, reactDeclarations, vueDeclarations } from '../../scripts/element-types.js';
import { buildPackageCopy, type BuiltPackage } from './npm-build.js';
import { ROOT } from './package-layout.js';

const run = promisify(execFile);

describe('the packed package (npm pack)', () => {
  let built: BuiltPackage;
  let tarballDir: string;
  let tarball: string;
  let files: string[];

  before(async () => {
    built = await buildPackageCopy();
    // Everything a clone has that could be published by mistake, beside the build.
    for (const item of ['bin', 'src', 'docs', 'test', 'demo', 'examples', 'LICENSE', 'README.md']) cpSync(join(ROOT, item), join(built.dir, item), { recursive: true });
    mkdirSync(join(built.dir, 'dist/demo'), { recursive: true });
    writeFileSync(join(built.dir, 'dist/demo/index.html'), '<!doctype html>\n');
    writeFileSync(join(built.dir, 'custom-elements.json'), '{"schemaVersion":"1.0.0","modules":[]}\n');
    // The tags' types, as the build writes them from the manifest (here the stand-in above).
    const elements = elementsOf({ modules: [] });
    mkdirSync(join(built.dir, 'dist/jsx'), { recursive: true });
    writeFileSync(join(built.dir, 'dist/jsx/react.d.ts'), reactDeclarations(elements, '../widget/index.js'));
    writeFileSync(join(built.dir, 'dist/jsx/vue.d.ts'), vueDeclarations(elements, '../widget/index.js'));
    tarballDir = mkdtempSync(join(tmpdir(), 'pay-checkout-pack-'));
    // The build above stands in for "prepack" (npm run build), which would take a minute here.
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tarballDir], { cwd: built.dir, maxBuffer: 1 << 26 });
    const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
    tarball = join(tarballDir, packed.filename);
    files = packed.files.map((file) => file.path).sort();
  });

  after(() => {
    built?.remove();
    if (tarballDir) rmSync(tarballDir, { recursive: true, force: true });
  });

  it('holds the licence, the readme, the command, the manifest and the guides the command points to', () => {
    const top = files.filter((file) => !file.startsWith('dist/') && !file.startsWith('src/'));
    assert.deepEqual(top, [
      'LICENSE',
      'README.md',
      'bin/pay-checkout.js',
      'custom-elements.json',
      'docs/architecture.md',
      'docs/checkout-tour.md',
      'docs/demo.md',
      'docs/performance.md',
      'docs/relay.md',
      'docs/sandbox.md',
      'docs/security.md',
      'docs/widget.md',
      'package.json',
    ]);
  });

  it('holds no tests, no demo, no examples, no screenshots and no demo build', () => {
    const strays = files.filter((file) => /^(test|demo|examples|dist\/demo|docs\/images|node_modules)\//.test(file) || /\.test\.ts$/.test(file));
    assert.deepEqual(strays, []);
  });

  it('has a source map and a declaration map beside every compiled module, each pointing at a published source', () => {
    const modules = files.filter((file) => /^dist\/(?!widget-development\/).*\.js$/.test(file));
    assert.ok(modules.includes('dist/relay/index.js') && modules.includes('dist/widget/define.js'), 'the build is there');
    const missing = modules.flatMap((file) => [`${file}.map`, file.replace(/\.js$/, '.d.ts.map')]).filter((map) => !files.includes(map));
    assert.deepEqual(missing, []);
    // The copy's build sits outside the repository, so its maps point back at the repository's
    // src/: taken from the repository's root, that is where they point from a real build's dist/.
    const maps = files.filter((file) => file.endsWith('.map'));
    const unpublished = maps.flatMap((map) => {
      const { sources } = JSON.parse(readFileSync(join(built.dir, map), 'utf8')) as { sources: string[] };
      return sources.map((source) => relative(ROOT, resolve(built.dir, dirname(map), source))).filter((source) => !files.includes(source));
    });
    assert.deepEqual([...new Set(unpublished)], []);
  });

  it('is clean for publint, its suggestions counted as errors', async () => {
    // The tarball itself, so what is linted is exactly what would be published.
    const result = await publint({ level: 'suggestion', strict: true, pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer } });
    assert.deepEqual(result.messages.map((message) => formatMessage(message, result.pkg)), []);
  });

  it('resolves its types for ES module consumers (@arethetypeswrong/cli, esm-only profile)', async () => {
    const attw = join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js');
    // Exits 1 with the problems listed when an entry resolves wrongly.
    const { stdout } = await run(process.execPath, [attw, tarball, '--profile', 'esm-only', '--no-definitely-typed', '--format', 'json'], { maxBuffer: 1 << 26 });
    const report = JSON.parse(stdout) as { analysis: { entrypoints: Record<string, unknown> }; problems?: Record<string, { resolutionKind?: string }[]> };
    assert.deepEqual(Object.keys(report.analysis.entrypoints).sort(), Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports as object).sort());
    // The report lists every resolution; the package is ESM only, so CommonJS and node10 resolutions
    // (which the esm-only profile leaves out) are expected to fail.
    const forEsm = Object.values(report.problems ?? {})
      .flat()
      .filter((problem) => problem.resolutionKind !== 'node10' && problem.resolutionKind !== 'node16-cjs');
    assert.deepEqual(forEsm, []);
  });
});
