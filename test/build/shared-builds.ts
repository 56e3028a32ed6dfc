/**
 * Builds that several test files need, made once per `npm test`: scripts/test.js runs
 * scripts/test-builds.ts before the Node files and names its directory in PAY_CHECKOUT_TEST_BUILDS.
 * Each file then copies what it needs into a temporary directory of its own, which it may change.
 * A file run on its own (the variable unset) builds for itself, into the same kind of directory,
 * so it sees the same files either way.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Rolldown } from 'vite';
import { buildCdnVariant } from '../../scripts/cdn-bundle.js';

const SHARED_BUILDS_VARIABLE = 'PAY_CHECKOUT_TEST_BUILDS';

const SCRIPT_TAG_MODULE = 'script-tag-module';
const SCRIPT_TAG_MODULE_CHUNKS = 'script-tag-module.chunks.json';
/** The npm build's directory among the shared builds (npm-build.ts makes it). */
export const PACKAGE_BUILD = 'package';

/** The directory of this run's shared builds, or undefined when the file runs on its own. */
export function sharedBuildsDir(): string | undefined {
  return process.env[SHARED_BUILDS_VARIABLE] || undefined;
}

/**
 * Copies a build from the shared directory to `to`. Each source map's sources are relative to the
 * map's place, so they are written again from the copy's place: they name the same files.
 */
export function copyBuild(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  for (const entry of readdirSync(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const copied = join(entry.parentPath, entry.name);
    const map = JSON.parse(readFileSync(copied, 'utf8')) as { sources: Array<string | null>; sourceRoot?: string };
    const base = resolve(dirname(join(from, relative(to, copied))), map.sourceRoot ?? '');
    map.sources = map.sources.map((source) => (source === null ? null : relative(dirname(copied), resolve(base, source))));
    delete map.sourceRoot;
    writeFileSync(copied, JSON.stringify(map));
  }
}

/**
 * The bundler's account of each chunk, as far as the tests read it: everything but the source map
 * object and the bundler's own handles, which do not survive JSON. The maps are on disk beside the
 * scripts, where the tests read them.
 */
function portableChunk(chunk: Rolldown.OutputChunk): object {
  const { fileName, name, exports, isEntry, facadeModuleId, isDynamicEntry, sourcemapFileName, preliminaryFileName, code, imports, dynamicImports, moduleIds, type } = chunk;
  const modules = Object.fromEntries(
    Object.entries(chunk.modules).map(([id, module]) => [id, { code: module.code, renderedLength: module.renderedLength, renderedExports: module.renderedExports }]),
  );
  return { fileName, name, exports, isEntry, facadeModuleId, isDynamicEntry, sourcemapFileName, preliminaryFileName, code, modules, imports, dynamicImports, moduleIds, type };
}

/**
 * The script-tag build's module variant (vite.build-cdn.config.ts) in `outDir`, with its hidden
 * source maps as `npm run build` writes them, and the bundler's chunks.
 */
export async function scriptTagModuleBuild(outDir: string): Promise<Rolldown.OutputChunk[]> {
  const shared = sharedBuildsDir();
  if (shared === undefined) return buildCdnVariant('module', { outDir, logLevel: 'error' });
  mkdirSync(outDir, { recursive: true });
  copyBuild(join(shared, SCRIPT_TAG_MODULE), outDir);
  return JSON.parse(readFileSync(join(shared, SCRIPT_TAG_MODULE_CHUNKS), 'utf8')) as Rolldown.OutputChunk[];
}

/** Makes the shared script-tag module build in `dir`. npm-build.ts makes the npm build, demo-harness.ts the demo's. */
export async function prepareScriptTagModuleBuild(dir: string): Promise<void> {
  const chunks = await buildCdnVariant('module', { outDir: join(dir, SCRIPT_TAG_MODULE), logLevel: 'error' });
  writeFileSync(join(dir, SCRIPT_TAG_MODULE_CHUNKS), JSON.stringify(chunks.map(portableChunk)));
}
