import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The widget's browser code must not reach zod: every module the entries load, at once or on
// demand, ends up in the buyer's page, and zod is the contract's server-side validation.
// Type-only imports vanish at compile time and are not followed.

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The npm package's browser entries and the script-tag build's. */
const ENTRIES = ['src/widget/define.ts', 'src/widget/index.ts', 'src/widget/script-tag.ts'];
const FORBIDDEN_PACKAGE = 'zod';
/** The export conditions the script-tag build resolves packages with. */
const CONDITIONS = new Set(['browser', 'import', 'module', 'production', 'default']);

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return true;
    const clause = statement.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
  }
  const clause = statement.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** The specifiers a module loads when it runs: static imports and re-exports, `import()` and `require()`. */
function valueImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnly(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isDynamicImport || isRequire) found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A relative specifier: TypeScript sources name their `.ts` siblings with `.js`; CommonJS may leave the extension out. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.js')];
  return candidates.find(isFile);
}

function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function packageDirOf(from: string, name: string): string | undefined {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (isFile(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The file an `exports` target names under the build's conditions (the first matching key wins, as in Node). */
function conditionalTarget(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map(conditionalTarget).find((path) => path !== undefined);
  if (typeof target !== 'object' || target === null) return undefined;
  for (const [condition, value] of Object.entries(target)) {
    if (CONDITIONS.has(condition)) {
      const path = conditionalTarget(value);
      if (path !== undefined) return path;
    }
  }
  return undefined;
}

function exportsTarget(exportsField: unknown, subpath: string): string | undefined {
  const map = typeof exportsField === 'object' && exportsField !== null && !Array.isArray(exportsField) ? (exportsField as Record<string, unknown>) : undefined;
  const isSubpathMap = map !== undefined && Object.keys(map).some((key) => key.startsWith('.'));
  if (!isSubpathMap) return subpath === '.' ? conditionalTarget(exportsField) : undefined;
  if (subpath in map) return conditionalTarget(map[subpath]);
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const [prefix, suffix] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= key.length - 1) {
      const matched = subpath.slice(prefix.length, subpath.length - suffix.length);
      return conditionalTarget(value)?.replaceAll('*', matched);
    }
  }
  return undefined;
}

interface PackageManifest {
  exports?: unknown;
  browser?: string | Record<string, string | false>;
  module?: string;
  main?: string;
}

/** A bare specifier: the package's `exports`, else its `browser`, `module` or `main` field. */
function resolvePackage(from: string, specifier: string): string | undefined {
  const name = packageNameOf(specifier);
  const dir = packageDirOf(from, name);
  if (dir === undefined) return undefined;
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest;
  const subpath = `.${specifier.slice(name.length)}`;
  if (manifest.exports !== undefined) {
    const target = exportsTarget(manifest.exports, subpath);
    return target === undefined ? undefined : join(dir, target);
  }
  if (subpath !== '.') return resolveRelative(join(dir, 'package.json'), subpath);
  const browser = manifest.browser;
  const main = `./${(manifest.module ?? manifest.main ?? 'index.js').replace(/^\.\//, '')}`;
  const entry = typeof browser === 'string' ? browser : (typeof browser?.[main] === 'string' ? browser[main] : main);
  return resolveRelative(join(dir, 'package.json'), entry as string);
}

const shown = (path: string) => relative(root, path);

/** What following the entries' imports finds: every module, each import of zod, each import that leads nowhere. */
interface ImportWalk {
  modules: string[];
  /** Each import chain, entry first, that ends in an import of zod. */
  zodChains: string[];
  unresolved: string[];
}

/** Follows every value import from the entries, breadth first, so each chain is a shortest one. */
function walkImports(): ImportWalk {
  const walk: ImportWalk = { modules: [], zodChains: [], unresolved: [] };
  const queue = ENTRIES.map((entry) => ({ module: join(root, entry), chain: [entry] }));
  const seen = new Set(queue.map((item) => item.module));
  while (queue.length > 0) {
    const { module, chain } = queue.shift()!;
    walk.modules.push(module);
    for (const specifier of valueImportsOf(module)) {
      if (specifier.startsWith('node:')) continue;
      if (!specifier.startsWith('.') && packageNameOf(specifier) === FORBIDDEN_PACKAGE) {
        walk.zodChains.push([...chain, specifier].join(' -> '));
        continue;
      }
      const resolved = specifier.startsWith('.') ? resolveRelative(module, specifier) : resolvePackage(module, specifier);
      if (resolved === undefined) walk.unresolved.push([...chain, specifier].join(' -> '));
      else if (!seen.has(resolved)) {
        seen.add(resolved);
        queue.push({ module: resolved, chain: [...chain, shown(resolved)] });
      }
    }
  }
  return walk;
}

describe('the modules the widget loads in the browser', () => {
  const walk = walkImports();

  it('are all found, the widget\'s own and its packages\'', () => {
    assert.deepEqual(walk.unresolved, []);
    const modules = walk.modules.map(shown);
    assert.ok(modules.includes(join('src', 'widget', 'checkout', 'checkout.component.ts')));
    assert.ok(modules.some((module) => module.startsWith(join('node_modules', 'lit-html'))));
    assert.ok(modules.some((module) => module.startsWith(join('node_modules', '@lit', 'reactive-element'))));
  });

  it('never import zod', () => {
    assert.deepEqual(walk.zodChains, [], `zod reaches the widget through:\n${walk.zodChains.join('\n')}`);
  });
});
