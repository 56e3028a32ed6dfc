/**
 * The import graph of our TypeScript sources, and the circles in it. Every import of a relative
 * path counts: `import`, `export … from`, `import()`, and `import type` and `import('…').T` too.
 * A type-only import leaves no trace at run time, but it still says "this module needs that one":
 * a type both sides need belongs in a module below them both, or the two are one idea in two files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each module (a path relative to the root the graph was read from) and the modules it imports. */
export type ImportGraph = Map<string, Set<string>>;

/** Every relative module specifier in `source`, static, dynamic or type-only, in order of appearance. */
export function relativeSpecifiers(source: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifier = node.arguments[0];
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) specifier = node.argument.literal;
    if (specifier !== undefined && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('.')) found.push(specifier.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function typeScriptFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...typeScriptFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/**
 * The graph of the `.ts` modules under `folders` (paths under `root`). An import resolves as
 * NodeNext does in our sources: `./x.js` is the module `./x.ts`. An import of anything else (a
 * stylesheet, a module outside `folders`) is not an edge: no circle can pass through it.
 */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const files = folders.flatMap((folder) => typeScriptFiles(join(root, folder)));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of relativeSpecifiers(readFileSync(file, 'utf8'), file)) {
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (known.has(target)) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), targets);
  }
  return graph;
}

/**
 * The import circles of `graph`: one per strongly connected group of modules (Tarjan's algorithm),
 * each written as the shortest way round from the group's first module in alphabetical order, back
 * to it: `['a.ts', 'b.ts', 'a.ts']`. A module that imports itself is a circle of one.
 */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (module: string): void => {
    index.set(module, index.size);
    lowLink.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        connect(target);
        lowLink.set(module, Math.min(lowLink.get(module)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(module, Math.min(lowLink.get(module)!, index.get(target)!));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1 || graph.get(module)?.has(module)) groups.push(group.sort());
  };
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) connect(module);
  return groups.map((group) => shortestWayRound(graph, group)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The shortest path from the group's first module back to itself, inside the group (breadth first). */
function shortestWayRound(graph: ImportGraph, group: string[]): string[] {
  const start = group[0]!;
  const members = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift()!;
    for (const target of [...(graph.get(module) ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let step = module; step !== start; step = cameFrom.get(step)!) path.splice(1, 0, step);
        return [...path, start];
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, module);
      queue.push(target);
    }
  }
  return [start, start];
}
