/**
 * The npm build made for a test: src/ compiled with tsconfig.build.json, and the widget's
 * development build, into a temporary copy of the package (its package.json, dist/, and a link to
 * node_modules), so `import('pay-checkout/…')` resolves through the real "exports" to fresh files,
 * never to a stale dist/ of the repository.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';
import { WIDGET_DEVELOPMENT_DIR, widgetDevelopmentBuildConfig } from '../../vite.build-widget-development.config.js';
import { ROOT } from './package-layout.js';
import { copyBuild, PACKAGE_BUILD, sharedBuildsDir } from './shared-builds.js';

const run = promisify(execFile);

export interface BuiltPackage {
  dir: string;
  remove(): void;
}

/**
 * Compiles without type-checking (`--noCheck`): the emitted JavaScript and declarations are the
 * same, `npm test` type-checks on its own, and the test stays a few seconds long.
 */
async function buildPackageDist(dir: string): Promise<void> {
  await Promise.all([
    run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(dir, 'dist'), '--noCheck'], {
      cwd: ROOT,
    }),
    build({ configFile: false, ...widgetDevelopmentBuildConfig({ outDir: join(dir, WIDGET_DEVELOPMENT_DIR), logLevel: 'error' }) }),
  ]);
}

/**
 * A copy of the package with a fresh build: the run's shared one when `npm test` made it
 * (shared-builds.ts), else built here. The copy is the caller's own, to change as it likes.
 */
export async function buildPackageCopy(): Promise<BuiltPackage> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-package-'));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const shared = sharedBuildsDir();
  if (shared === undefined) await buildPackageDist(dir);
  else copyBuild(join(shared, PACKAGE_BUILD, 'dist'), join(dir, 'dist'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Makes the shared npm build in `dir` (its dist/ only: each copy brings its own package.json). */
export async function preparePackageBuild(dir: string): Promise<void> {
  const target = join(dir, PACKAGE_BUILD);
  mkdirSync(target, { recursive: true });
  await buildPackageDist(target);
}

/**
 * Runs an ES module script with plain Node (no tsx) inside the built package; answers its stdout as JSON.
 * `conditions` are Node's `--conditions`: `development` for the widget's development build.
 */
export async function runInPackage<T>(dir: string, script: string, conditions: readonly string[] = []): Promise<T> {
  const flags = conditions.map((condition) => `--conditions=${condition}`);
  const { stdout } = await run(process.execPath, [...flags, '--input-type=module', '--eval', script], { cwd: dir });
  return JSON.parse(stdout) as T;
}
