/**
 * A build plugin that runs terser over each chunk once the bundler has minified it. The bundler's
 * own minifier is fast but stops early: terser, given what it left, still inlines constants and
 * one-use functions, joins declarations and drops what became dead. On the module build that is
 * about half a kilobyte of gzip on every buyer's path (docs/performance.md). Imports and exports
 * keep their names, so the chunks still link. Each distinct licence comment a chunk holds is kept
 * once, at its top: Lit's modules each carry theirs, eight comments in four texts in the core
 * chunk. The chunk's source map is carried through terser, so the build's maps still point at
 * the sources. The chunks' names keep the hash the bundler gave them, which names their sources.
 * A chunk named in `compileAllIn` starts with V8's compile hint, COMPILE_ALL_FUNCTIONS.
 */
import { fileURLToPath } from 'node:url';
import { minify, type MinifyOptions } from 'terser';
import type { Rolldown } from 'vite';
import { projectTexts, renamableMembers, shortMemberNames, wordsOf } from './private-members.js';
import { sourceNodes, type SourceNode } from './source-tree.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Made anew for each chunk: terser writes its defaults into the options it is given, and its
 * record of renamed members (`nameCache`) too.
 */
function terserOptions(module: boolean, members: ReadonlyMap<string, string>): MinifyOptions {
  return {
    ecma: 2022,
    module,
    // A second pass finds what the first one's inlining opened up; a third found nothing more.
    compress: { passes: 2 },
    // The widget's private members get the short names chosen for the whole bundle (private-members.ts).
    ...(members.size > 0
      ? {
          mangle: { properties: { regex: new RegExp(`^(?:${[...members.keys()].map((name) => name.replace(/\$/g, '\\$')).join('|')})$`), keep_quoted: true } },
          nameCache: { props: { props: Object.fromEntries([...members].map(([name, short]) => [`$${name}`, short])) } },
        }
      : {}),
  };
}

/** An identifier's name, or a string literal's text (`export { a as "b" }`). */
const nameOf = (node: unknown) => String((node as { name?: string }).name ?? (node as { value?: string }).value);

/** What `export function f`, `export class C` or `export const a = …, b = …` names. */
function declaredNames(declaration: SourceNode): string[] {
  if (declaration.type === 'VariableDeclaration') return (declaration['declarations'] as SourceNode[]).map((declarator) => nameOf(declarator['id']));
  return declaration['id'] ? [nameOf(declaration['id'])] : [];
}

/**
 * What a chunk spells that code elsewhere may read as a property's name: every string and
 * template text, and the names it exports, which `import()` answers as a module's properties
 * (`const { suggestEmail } = await import(…)`).
 */
function spelledIn(tree: SourceNode): string[] {
  const spelled: string[] = [];
  for (const node of sourceNodes(tree)) {
    if (node.type === 'Literal' && typeof node['value'] === 'string') spelled.push(node['value']);
    else if (node.type === 'TemplateElement') spelled.push((node['value'] as { raw: string }).raw);
    else if (node.type === 'ExportSpecifier') spelled.push(nameOf(node['exported']));
    else if (node.type === 'ExportNamedDeclaration' && node['declaration']) spelled.push(...declaredNames(node['declaration'] as SourceNode));
  }
  return spelled;
}

const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;

/** What the bundler keeps as a legal comment: `/*!` or one naming `@license` or `@preserve`. */
const isLegal = (comment: string) => comment.startsWith('/*!') || /@(?:license|preserve)\b/.test(comment);

/**
 * The chunk's distinct licence comments, one per line, in the order they first appear. The
 * bundler's minified output holds comments only where it kept them, so strings are no concern.
 */
export function licencePreamble(code: string): string {
  return [...new Set((code.match(BLOCK_COMMENT) ?? []).filter(isLegal))].join('\n');
}

/**
 * V8's hint (Chromium 136 on) that every function of a script is called as the page loads. V8
 * then compiles them all with the script, on a background thread while the file streams in,
 * instead of compiling each one on the main thread the first time it is called. It must be the
 * file's first line; other engines read a comment.
 */
export const COMPILE_ALL_FUNCTIONS = '//# allFunctionsCalledOnLoad';

/**
 * `root`: the project whose src/widget members are renamed (private-members.ts); this one by default.
 * `compileAllIn`: the names of the chunks that start with COMPILE_ALL_FUNCTIONS.
 */
export function secondMinifyPass({ root = ROOT, compileAllIn = [] }: { root?: string; compileAllIn?: readonly string[] } = {}): Rolldown.Plugin {
  return {
    name: 'pay-checkout-second-minify-pass',
    async generateBundle(options, bundle) {
      // A classic script's top-level names are the page's globals (`window.PayCheckout`): only a module's are its own.
      const module = options.format === 'es';
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      // One name for a member in every chunk: a class in one chunk is extended and called in others.
      const { widgetSources, outsideWords } = projectTexts(root);
      const spelled = new Set([...outsideWords, ...wordsOf(chunks.flatMap((chunk) => spelledIn(this.parse(chunk.code) as unknown as SourceNode)))]);
      const members = shortMemberNames(renamableMembers(widgetSources, spelled), chunks.map((chunk) => chunk.code).join('\n'));
      for (const file of chunks) {
        const result = await minify(
          { [file.fileName]: file.code },
          {
            ...terserOptions(module, members),
            format: {
              comments: false,
              // terser moves the map's lines down past its preamble.
              preamble: [compileAllIn.includes(file.name) ? COMPILE_ALL_FUNCTIONS : '', licencePreamble(file.code)].filter(Boolean).join('\n'),
            },
            ...(file.map ? { sourceMap: { content: JSON.stringify(file.map), asObject: true } } : {}),
          },
        );
        if (result.code === undefined) this.error(`terser gave no code for ${file.fileName}`);
        file.code = result.code;
        // The bundler has already put the chunk's map in the bundle as a file of its own.
        const mapFile = bundle[`${file.fileName}.map`];
        if (mapFile?.type === 'asset' && result.map) mapFile.source = JSON.stringify(result.map);
      }
    },
  };
}
