/**
 * A build plugin for the script-tag build: each `import()` of a chunk the buyer waits on also
 * starts, at the same moment, the chunks that chunk imports which the importer neither has nor
 * names in an `import()` of its own: the chunks only the bundler knows of (its runtime). Without
 * it the browser finds those only once the chunk has arrived and been parsed, one round trip
 * later, and later still while the main thread is busy drawing: the card form's chunk arrived,
 * then the bundler's runtime it imports was asked for after it.
 *
 * `import("./card-fields-….js")` becomes
 * `(import("./rolldown-runtime-….js").catch(()=>0),import("./card-fields-….js"))`: the extra
 * import is one the chunk's own would make (same URL, one module map, fetched and run once, in
 * the order the modules need), and a failure of it is left to the chunk's own import, which fails
 * the same way and is handled where it was written. Vite does the same for an application's build
 * with `modulepreload`; a library build, which this is, does not. The chunk's source map follows
 * the edit.
 */
import { posix } from 'node:path';
import MagicString from 'magic-string';
import type { Rolldown } from 'vite';

/** The chunks `file` imports statically, directly or through another chunk. */
function staticImportsOf(chunks: Record<string, Rolldown.RenderedChunk>, file: string, found = new Set<string>()): Set<string> {
  for (const imported of chunks[file]?.imports ?? []) {
    if (found.has(imported)) continue;
    found.add(imported);
    staticImportsOf(chunks, imported, found);
  }
  return found;
}

/** `to` as the importing chunk writes it: `./x.js` beside it, `./chunks/x.js` below it. */
function specifier(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The plugin, for the `import()` of the chunks named in `chunkNames` (the names of their groups):
 * those a buyer waits for with nothing else to do. Each edit costs the importer a few bytes, so
 * the chunks fetched ahead of need (a result view while the buyer types) are left as they are.
 */
export function preloadChunkImports(chunkNames: readonly string[]): Rolldown.Plugin {
  return {
    name: 'pay-checkout:preload-chunk-imports',
    renderChunk(code, chunk, _options, meta) {
      const { chunks } = meta;
      const present = staticImportsOf(chunks, chunk.fileName).add(chunk.fileName);
      const edited = new MagicString(code);
      for (const target of chunk.dynamicImports) {
        if (!chunkNames.includes(chunks[target]?.name ?? '')) continue;
        // A chunk the importer names in an `import()` of its own is one its code fetches when it
        // wants it (the card form's code fetches the payment's beside it); what is left are the
        // chunks only the bundler knows of, which no code can ask for ahead.
        const missing = [...staticImportsOf(chunks, target)].filter((file) => !present.has(file) && !chunk.dynamicImports.includes(file));
        if (missing.length === 0) continue;
        const before = missing.map((file) => `import("${specifier(chunk.fileName, file)}").catch(()=>0),`).join('');
        const call = new RegExp(`import\\((["'\`])${escaped(specifier(chunk.fileName, target))}\\1\\)`, 'g');
        for (const match of code.matchAll(call)) {
          edited.prependRight(match.index, `(${before}`);
          edited.appendLeft(match.index + match[0].length, ')');
        }
      }
      if (!edited.hasChanged()) return null;
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
    },
  };
}
