import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\b(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? match[2]!,
  );
}

// The contract and the widget run in the buyer's browser: they must stay small and must
// not reach for Node's modules. Full zod is several times the size of zod/mini.
describe('code that reaches the browser', () => {
  const files = ['src/contract', 'src/widget'].flatMap((dir) => sourceFiles(join(root, dir)));

  it('finds the files it checks', () => {
    assert.ok(files.some((file) => file.includes('/contract/')));
    assert.ok(files.some((file) => file.includes('/widget/')));
  });

  it('imports zod only as zod/mini', () => {
    const offenders = files.filter((file) => importsOf(file).some((spec) => spec === 'zod' || (spec.startsWith('zod/') && spec !== 'zod/mini')));
    assert.deepEqual(offenders.map((file) => relative(root, file)), []);
  });

  it('imports no Node built-in module', () => {
    const offenders = files.filter((file) => importsOf(file).some((spec) => spec.startsWith('node:')));
    assert.deepEqual(offenders.map((file) => relative(root, file)), []);
  });
});
