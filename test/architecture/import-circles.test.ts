import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles, readImportGraph, relativeSpecifiers, type ImportGraph } from './import-graph.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges).map(([module, targets]) => [module, new Set(targets)]));
const written = (circles: string[][]) => circles.map((circle) => circle.join(' → ')).join('\n');

// Imports run one way (docs/architecture.md). A circle makes the order modules load in matter
// (a value read before its module ran is undefined) and ties two files into one idea.
describe('import circles', () => {
  it('there is none in src/ or demo/', () => {
    const graph = readImportGraph(ROOT, ['src', 'demo']);
    assert.ok(graph.size > 200, `only ${graph.size} modules read: is the walk broken?`);
    assert.ok(graph.get('src/sandbox/sandbox.ts')?.has('src/sandbox/routes.ts'), 'the graph misses a known import');
    const circles = importCircles(graph);
    assert.equal(circles.length, 0, `modules that import each other:\n${written(circles)}`);
  });

  describe('importCircles', () => {
    it('names the way round a circle, from its first module back to it', () => {
      const graph = graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'], 'd.ts': ['a.ts'], 'e.ts': [] });
      assert.deepEqual(importCircles(graph), [['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    });

    it('lists each circle of the graph, and a module that imports itself', () => {
      const graph = graphOf({ 'x.ts': ['y.ts'], 'y.ts': ['x.ts', 'z.ts'], 'z.ts': ['z.ts'], 'p.ts': ['q.ts'], 'q.ts': ['r.ts', 'p.ts'], 'r.ts': [] });
      assert.deepEqual(importCircles(graph), [
        ['p.ts', 'q.ts', 'p.ts'],
        ['x.ts', 'y.ts', 'x.ts'],
        ['z.ts', 'z.ts'],
      ]);
    });

    it('takes the shortest way round when a group has several', () => {
      const graph = graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'] });
      assert.deepEqual(importCircles(graph), [['a.ts', 'c.ts', 'a.ts']]);
    });

    it('finds nothing in a graph whose imports run one way', () => {
      assert.deepEqual(importCircles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] })), []);
    });
  });

  describe('relativeSpecifiers', () => {
    it('reads static, re-exported, dynamic and type-only imports of relative paths, not packages', () => {
      const source = [
        "import { a } from './a.js';",
        "import type { B } from '../b.js';",
        "import './side-effect.js';",
        "export { c } from './c.js';",
        "export type { D } from './d.js';",
        "export * from './e.js';",
        "import { html } from 'lit';",
        "import { readFileSync } from 'node:fs';",
        "const f = () => import('./f.js');",
        "type G = import('./g.js').G;",
        "const text = 'from ./not-an-import.js';",
      ].join('\n');
      assert.deepEqual(relativeSpecifiers(source), ['./a.js', '../b.js', './side-effect.js', './c.js', './d.js', './e.js', './f.js', './g.js']);
    });
  });

  describe('readImportGraph on a folder of modules', () => {
    let dir: string;
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };

    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'pay-checkout-circles-'));
      // Each kind of import closes a circle of its own.
      write('src/static/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
      write('src/static/b.ts', "import { a } from './a.js';\nexport const b = 1;\nexport const c = () => a;\n");
      write('src/type-only/view.ts', "import type { Banner } from './controller.js';\nexport const view = (banner: Banner) => banner;\n");
      write('src/type-only/controller.ts', "import { view } from './view.js';\nexport interface Banner { text: string }\nexport const show = view;\n");
      write('src/dynamic/loader.ts', "export const load = () => import('./encoder.js');\nexport interface Modules { size: number }\n");
      write('src/dynamic/encoder.ts', "export type { Modules } from './loader.js';\n");
      write('demo/panel.ts', "import '../src/static/a.js';\nimport { section } from './section.js';\nexport const panel = section;\n");
      write('demo/section.ts', "type Panel = import('./panel.js').Panel;\nexport const section = (panel: Panel) => panel;\n");
      // Not edges: a stylesheet, a package, a module outside the folders read, a declaration file.
      write('src/one-way/leaf.ts', "import './leaf.css';\nimport { html } from 'lit';\nimport { x } from '../../outside/x.js';\nexport const leaf = [html, x];\n");
      write('src/one-way/leaf.css', '');
      write('src/one-way/types.d.ts', "import './leaf.js';\n");
      write('outside/x.ts', "import { leaf } from '../src/one-way/leaf.js';\nexport const x = leaf;\n");
    });

    after(() => rmSync(dir, { recursive: true, force: true }));

    it('lists the circle each kind of import closes, type-only ones included', () => {
      const circles = importCircles(readImportGraph(dir, ['src', 'demo']));
      assert.deepEqual(circles, [
        ['demo/panel.ts', 'demo/section.ts', 'demo/panel.ts'],
        ['src/dynamic/encoder.ts', 'src/dynamic/loader.ts', 'src/dynamic/encoder.ts'],
        ['src/static/a.ts', 'src/static/b.ts', 'src/static/a.ts'],
        ['src/type-only/controller.ts', 'src/type-only/view.ts', 'src/type-only/controller.ts'],
      ]);
    });

    it('reads an import of ./x.js as the module x.ts, and ignores what is not one of the modules read', () => {
      const graph = readImportGraph(dir, ['src', 'demo']);
      assert.deepEqual([...graph.get('demo/panel.ts')!].sort(), ['demo/section.ts', 'src/static/a.ts']);
      assert.deepEqual([...graph.get('src/one-way/leaf.ts')!], []);
      assert.equal(graph.has('src/one-way/types.d.ts'), false);
      assert.equal(graph.has('outside/x.ts'), false);
    });
  });
});
