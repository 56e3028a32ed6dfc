#!/usr/bin/env node
// The command line. Installed as a dependency (the package inside a node_modules folder), it runs
// the compiled dist/cli.js the package ships: its src/ is there too, written by the install after
// dist/ and so newer, and tsx, a development dependency, is not. In a clone it runs dist/cli.js
// when `npm run build` made it, and otherwise the TypeScript sources through tsx, so
// `npx pay-checkout sandbox` works in a fresh clone; there the build is used only while it is
// current: a source file changed since the build means the sources run, so an edit never hides
// behind a stale dist/.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const compiled = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const sources = fileURLToPath(new URL('../src/', import.meta.url));
const installed = fileURLToPath(import.meta.url).split(sep).includes('node_modules');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function compiledIsCurrent() {
  if (!existsSync(compiled)) return false;
  return installed || !existsSync(sources) || newestChange(sources) <= statSync(compiled).mtimeMs;
}

async function loadCli() {
  if (compiledIsCurrent()) return import('../dist/cli.js');
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/cli.ts');
}

const { runCli } = await loadCli();
const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
