/**
 * A build plugin that runs terser over each chunk once the bundler has minified it. The bundler's
 * own minifier is fast but stops early: terser, given what it left, still inlines constants and
 * one-use functions, joins declarations and drops what became dead. On the module build that is
 * about half a kilobyte of gzip on every buyer's path (docs/performance.md). Imports and exports
 * keep their names, so the chunks still link. Each distinct licence comment a chunk holds is kept
 * once, at its top: Lit's modules each carry theirs, eight comments in four texts in the core
 * chunk. The chunk's source map is carried through terser, so the build's maps still point at
 * the sources. The chunks' names keep the hash the bundler gave them, which names their sources.
 */
import { minify, type MinifyOptions } from 'terser';
import type { Rolldown } from 'vite';

/** Made anew for each chunk: terser writes its defaults into the options it is given. */
function terserOptions(module: boolean): MinifyOptions {
  return {
    ecma: 2022,
    module,
    // A second pass finds what the first one's inlining opened up; a third found nothing more.
    compress: { passes: 2 },
  };
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

export function secondMinifyPass(): Rolldown.Plugin {
  return {
    name: 'pay-checkout-second-minify-pass',
    async generateBundle(options, bundle) {
      // A classic script's top-level names are the page's globals (`window.PayCheckout`): only a module's are its own.
      const module = options.format === 'es';
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const result = await minify(
          { [file.fileName]: file.code },
          {
            ...terserOptions(module),
            format: { comments: false, preamble: licencePreamble(file.code) },
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
