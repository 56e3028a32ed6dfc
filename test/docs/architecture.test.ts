import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { docFence, ROOT } from './markdown-fences.js';

const PAGE = 'docs/architecture.md';

/** Every folder under `dir` (a path relative to the repository), itself excluded, as `dir/sub/`. */
function foldersUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = `${dir}${entry.name}/`;
    found.push(path, ...foldersUnder(path));
  }
  return found;
}

/** Every `.ts` file under `dir` whose name passes `keep`, relative to the repository. */
function modulesUnder(dir: string, keep: (name: string, text: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith('.ts') && keep(entry.name, readFileSync(path, 'utf8'))) found.push(relative(ROOT, path));
  }
  return found.sort();
}

/**
 * The layout block: one entry a line, two spaces of indentation per level, the entry first (a
 * folder ends with `/`), then what it holds. Answers the paths it names, folders ending in `/`.
 */
function layoutEntries(block: string): string[] {
  const parents: string[] = [];
  const entries: string[] = [];
  for (const line of block.split('\n').filter((text) => text.trim() !== '')) {
    const depth = (line.length - line.trimStart().length) / 2;
    assert.ok(Number.isInteger(depth) && depth <= parents.length, `${PAGE}: the layout line "${line}" is not indented by two spaces a level`);
    const name = line.trim().split(/\s+/)[0]!;
    const path = `${parents.slice(0, depth).join('')}${name}`;
    entries.push(path);
    parents.length = depth;
    if (name.endsWith('/')) parents.push(name);
  }
  return entries;
}

describe('docs/architecture.md', () => {
  const page = readFileSync(join(ROOT, PAGE), 'utf8');

  describe('the layout block', () => {
    const entries = layoutEntries(docFence('architecture-layout'));

    it('names every folder of src/ and demo/, and no other', () => {
      for (const top of ['src/', 'demo/']) {
        const listed = entries.filter((path) => path.startsWith(top) && path !== top && path.endsWith('/')).sort();
        assert.deepEqual(listed, foldersUnder(top).sort(), `the folders of ${top}`);
      }
    });

    it('names only files and folders that exist', () => {
      assert.deepEqual(entries.filter((path) => !existsSync(join(ROOT, path))), []);
    });
  });

  it('has a diagram that names each part by a folder that exists', () => {
    const diagram = docFence('architecture-diagram');
    const named = [...diagram.matchAll(/\b(?:src|demo)\/[\w./-]*/g)].map((match) => match[0]);
    for (const part of ['src/widget/', 'src/relay/', 'src/client/', 'src/store/', 'src/sandbox/']) {
      assert.ok(named.includes(part), `the diagram does not name ${part}`);
    }
    assert.deepEqual(named.filter((path) => !existsSync(join(ROOT, path))), []);
  });

  // The "where does X happen" tables must not fall behind the code: a new route or element
  // without a line on the page fails here.
  it('names every relay route module, every sandbox module that declares routes, and every element', () => {
    const routeModules = [
      ...modulesUnder('src/relay', (name) => name.endsWith('-route.ts')),
      ...modulesUnder('src/sandbox', (_name, text) => /\bpath: ['`]\//.test(text) || /\bpath: [A-Z_]+_PATH\b/.test(text)),
    ];
    const elements = modulesUnder('src/widget', (name) => name.endsWith('.component.ts'));
    assert.ok(routeModules.length > 15 && elements.length > 8, 'too few modules found: is the search broken?');
    assert.deepEqual([...routeModules, ...elements].filter((path) => !page.includes(`\`${path}\``)), []);
  });

  it('is the page the README points to for the layout', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    assert.ok(readme.includes('`docs/architecture.md`'), 'README.md does not point to docs/architecture.md');
  });
});
