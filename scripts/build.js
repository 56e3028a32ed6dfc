// `npm run build`: both builds of the package, into dist/ (dist/demo is the demo page's build and stays).
// 1. The npm build: tsc -p tsconfig.build.json compiles src/ to dist/ (ES modules and .d.ts),
//    type-checking as it goes; package.json "exports" names its public entries. Its development
//    build, dist/widget-development/ (vite.build-widget-development.config.ts), is what the widget's
//    entries resolve to under the `development` condition: the same code, with the warnings.
// 2. The script-tag builds in dist/cdn/ (vite.build-cdn.config.ts): pay-checkout.js (ES module with
//    on-demand chunks), pay-checkout.classic.js (IIFE) and pay-checkout.dev.js (Lit in dev mode).
// 3. custom-elements.json from the components' JSDoc (custom-elements-manifest.config.mjs), and
//    from it dist/jsx/react.d.ts and dist/jsx/vue.d.ts, the tags' types (scripts/element-types.ts).
// It prints each step's time, the chunks' sizes against their budget and what each dependency costs.
//
// `npm run size` (`--size`) builds only the module variant, into a temporary directory, walks each
// buyer's path on it in headless Chromium (scripts/buyer-paths-in-chromium.ts), prints the same
// figures with each path's and writes them into docs/performance.md. `npm run budgets` (`--budgets`)
// measures the same and exits 1 when a budget is exceeded.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const cdnDir = join(dist, 'cdn');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const { buildCdnVariant, checkBudgets, measureCdnBundle, sizesOf, subresourceIntegrity } = await tsImport('./cdn-bundle.ts', import.meta.url);
const { pathSummary, sizeSection, sizeSummary, writeSizeSection } = await tsImport('./bundle-report.ts', import.meta.url);
const { checkPathBudgets } = await tsImport('./buyer-paths.ts', import.meta.url);
const { elementsOf, reactDeclarations, vueDeclarations } = await tsImport('./element-types.ts', import.meta.url);
const { widgetDevelopmentBuildConfig, WIDGET_DEVELOPMENT_DIR } = await tsImport('../vite.build-widget-development.config.ts', import.meta.url);

async function step(title, run) {
  const started = performance.now();
  const result = await run();
  console.log(`build: ${title} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

/** Runs a tool in a process of its own, its output on ours; resolves once it exited 0, else rejects. */
function runTool(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build: ${[command, ...args].join(' ')} failed (exit ${code})`))));
  });
}

/** Everything in dist/ that an earlier build made: all but the demo page's build. */
function cleanDist() {
  if (!existsSync(dist)) return;
  for (const entry of readdirSync(dist, { withFileTypes: true }).filter((e) => e.name !== 'demo')) {
    rmSync(join(dist, entry.name), { recursive: true, force: true });
  }
}

async function measureModuleBuild(outDir) {
  return measureCdnBundle(await buildCdnVariant('module', { outDir }));
}

/** What Chromium fetches from the build in `outDir` on each buyer's path; loaded only here, as it starts a relay and a browser. */
async function measurePaths(outDir) {
  const { measureBuyerPaths } = await tsImport('./buyer-paths-in-chromium.ts', import.meta.url);
  const paths = await measureBuyerPaths(outDir);
  console.log(pathSummary(paths));
  return paths;
}

if (process.argv.includes('--budgets')) {
  // The size budgets of the script-tag build, on a fresh build: exits 1 when one is exceeded.
  const outDir = mkdtempSync(join(tmpdir(), 'pay-checkout-budgets-'));
  try {
    const report = measureCdnBundle(await buildCdnVariant('module', { outDir, logLevel: 'error' }));
    console.log(sizeSummary(report));
    const paths = await step('buyer paths walked in Chromium', () => measurePaths(outDir));
    const over = [...checkPathBudgets(paths), ...checkBudgets(report)].filter((verdict) => !verdict.ok);
    for (const { name, measured, limit, where } of over) console.error(`budgets: ${name}: ${(measured / 1000).toFixed(1)} KB (${where}) is over ${(limit / 1000).toFixed(1)} KB`);
    process.exitCode = over.length > 0 ? 1 : 0;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
} else if (process.argv.includes('--size')) {
  const outDir = mkdtempSync(join(tmpdir(), 'pay-checkout-size-'));
  try {
    const report = await step('script-tag build (module) measured', () => measureModuleBuild(outDir));
    console.log(sizeSummary(report));
    const paths = await step('buyer paths walked in Chromium', () => measurePaths(outDir));
    const classic = await step('script-tag build (classic) measured', () => buildCdnVariant('classic', { outDir, sourcemap: false }));
    const variants = classic.map((chunk) => ({ file: chunk.fileName, note: 'classic script, everything inlined', ...sizesOf(chunk.code) }));
    const section = sizeSection(report, variants, paths, { date: new Date(), command: 'npm run size' });
    writeSizeSection(join(root, 'docs', 'performance.md'), section);
    console.log('build: docs/performance.md, section "Bundle size and budgets", updated');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
} else {
  const started = performance.now();
  cleanDist();
  // tsc and the manifest's analyzer run in processes of their own, beside the bundler's builds in
  // this one: no step reads what another writes (tsc writes dist/ but for dist/cdn/ and
  // dist/widget-development/, the analyzer custom-elements.json, read once both are done).
  const tools = Promise.allSettled([
    step('npm build: tsc -p tsconfig.build.json → dist/', () => runTool(bin('tsc'), ['-p', 'tsconfig.build.json'])),
    step('custom-elements.json', () => runTool(process.execPath, [join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze'])),
  ]);
  await step(`npm development build: ${WIDGET_DEVELOPMENT_DIR}/`, () => build({ configFile: false, ...widgetDevelopmentBuildConfig({ outDir: join(root, WIDGET_DEVELOPMENT_DIR) }) }));
  const report = await step('script-tag build: dist/cdn/pay-checkout.js', () => measureModuleBuild(cdnDir));
  await step('script-tag build: dist/cdn/pay-checkout.classic.js', () => buildCdnVariant('classic', { outDir: cdnDir }));
  await step('development build: dist/cdn/pay-checkout.dev.js', () => buildCdnVariant('development', { outDir: cdnDir }));
  const failed = (await tools).filter((outcome) => outcome.status === 'rejected');
  for (const { reason } of failed) console.error(reason instanceof Error ? reason.message : reason);
  if (failed.length > 0) process.exit(1);
  await step('dist/jsx/: the tags\' types for React and Vue, from custom-elements.json', () => {
    const elements = elementsOf(JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')));
    mkdirSync(join(dist, 'jsx'), { recursive: true });
    writeFileSync(join(dist, 'jsx', 'react.d.ts'), reactDeclarations(elements, '../widget/index.js'));
    writeFileSync(join(dist, 'jsx', 'vue.d.ts'), vueDeclarations(elements, '../widget/index.js'));
  });
  console.log(sizeSummary(report));
  const classic = sizesOf(readFileSync(join(cdnDir, 'pay-checkout.classic.js'), 'utf8'));
  console.log(`  pay-checkout.classic.js (everything inlined): ${(classic.gzip / 1000).toFixed(1)} KB gzip`);
  // Subresource Integrity for a page that loads a file from a CDN (README, "A merchant's first five
  // minutes"): the classic build is one file, so its hash covers all the code it runs.
  for (const file of ['pay-checkout.classic.js', 'pay-checkout.js']) {
    console.log(`  integrity of ${file}: ${subresourceIntegrity(readFileSync(join(cdnDir, file)))}`);
  }
  console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
