/**
 * The copies of npm test's shared builds (shared-builds.ts): a file that takes one gets the same
 * files, and the source maps in the copy still name the sources they named where they were built,
 * whatever the two places' depths.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyBuild } from './shared-builds.js';

describe('a copy of a shared build', () => {
  let root: string;
  const source = () => join(root, 'repository/src/widget/price.ts');
  const mapAt = (dir: string) => join(dir, 'chunks/price.js.map');
  /** The sources a map names, as absolute paths from its own place. */
  const sourcesOf = (map: string) => {
    const { sources, sourceRoot } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[]; sourceRoot?: string };
    return sources.map((named) => resolve(dirname(map), sourceRoot ?? '', named));
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'pay-checkout-shared-copy-'));
    mkdirSync(dirname(source()), { recursive: true });
    writeFileSync(source(), 'export const price = 1;\n');
    // Built deep in the run's directory, as scripts/test-builds.ts builds; one map with a source root, as tsc writes them.
    const built = join(root, 'run/builds/script-tag-module');
    mkdirSync(join(built, 'chunks'), { recursive: true });
    writeFileSync(join(built, 'chunks/price.js'), 'export const price=1;\n');
    writeFileSync(mapAt(built), JSON.stringify({ version: 3, sourceRoot: '', sources: ['../../../../repository/src/widget/price.ts'], mappings: 'AAAA' }));
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  for (const [where, place] of [
    ['shallower', 'copy'],
    ['deeper', 'a/b/c/d/copy'],
  ] as const) {
    it(`names the same sources from a ${where} place, and copies the scripts as they are`, () => {
      const built = join(root, 'run/builds/script-tag-module');
      const copy = join(root, place);
      assert.deepEqual(sourcesOf(mapAt(built)), [source()]);
      copyBuild(built, copy);
      assert.deepEqual(sourcesOf(mapAt(copy)), [source()]);
      assert.equal(readFileSync(join(copy, 'chunks/price.js'), 'utf8'), readFileSync(join(built, 'chunks/price.js'), 'utf8'));
      // The shared build itself is left as it was, for the next file.
      assert.deepEqual(sourcesOf(mapAt(built)), [source()]);
    });
  }
});
