/**
 * The package's server side as a merchant's server runs it: src/ compiled by `tsc -p
 * tsconfig.build.json`, the npm build that `pay-checkout/relay`, `/client` and `/sandbox`
 * resolve to, into a directory of its own for one benchmark run. The relay benchmarks load the
 * relay from there rather than from src/ through tsx, whose transform wraps every function made
 * at run time in a helper that names it (`__name`): a relay makes dozens a request, so
 * measured from src/ it costs more than the code that ships.
 *
 * The directory is under node_modules/.cache so that the compiled modules find the package's
 * dependencies (zod, lit) in node_modules, as they do in dist/. No declarations, no source maps.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** Compiles the package into a fresh directory, hands it to `use`, and removes it after. */
export async function withCompiledPackage<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'pay-checkout-bench-package-'));
  try {
    await compile(dir);
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function compile(outDir: string): Promise<void> {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const args = [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', outDir, '--declaration', 'false', '--declarationMap', 'false', '--sourceMap', 'false'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench: tsc -p tsconfig.build.json --outDir ${outDir} exited with ${code}`))));
  });
}
