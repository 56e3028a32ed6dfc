/**
 * A build plugin that takes the indentation out of the widget's Lit templates (`html`, `svg`
 * and `css` tagged literals), which the minifier leaves as they are because a template is a
 * string to it. In markup, whitespace that holds a line break becomes that one line break; CSS
 * loses its comments, its line breaks and the spaces around its punctuation. Text inside quotes
 * is never touched, nor any `${}` expression. The plugin hands the bundler a source map of its
 * edits, so the build's maps still point at the sources.
 *
 * What a browser makes of the result is the same: in HTML a run of whitespace and one line break
 * render alike (the widget has no `<pre>`, and its `<textarea>` gets its text by property), and
 * in CSS the removed whitespace carries no meaning.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { sourceNodes, type SourceNode } from './source-tree.js';

const TEMPLATE_TAGS = new Set(['html', 'svg', 'css']);

/** Quoted strings are kept whole; only what lies between them is rewritten. */
const QUOTED = /("[^"]*"|'[^']*')/;

function outsideQuotes(text: string, rewrite: (part: string) => string): string {
  return text
    .split(QUOTED)
    .map((part, index) => (index % 2 === 1 ? part : rewrite(part)))
    .join('');
}

/** Indentation out: whitespace with a line break in it becomes one line break. */
function collapseLines(text: string): string {
  return text.replace(/[ \t]*\n[ \t]*/g, '\n');
}

/** The static text of an `html` or `svg` template. */
export function minifyMarkup(text: string): string {
  return outsideQuotes(text, collapseLines);
}

/**
 * The static text of a `css` template. A run of whitespace becomes one space, and none at all
 * next to `{`, `}`, `;`, `,` or after `:` (a space before a colon can be a descendant combinator).
 */
export function minifyStyles(text: string): string {
  return outsideQuotes(text.replace(/\/\*[\s\S]*?\*\//g, ''), (part) =>
    part
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};,]) ?/g, '$1')
      .replace(/: /g, ':')
      .replace(/;\}/g, '}'),
  );
}

/** The template literals tagged `html`, `svg` or `css`, with the minifier for each. */
function* taggedTemplates(root: SourceNode): Generator<{ quasis: SourceNode[]; minify: (text: string) => string }> {
  for (const node of sourceNodes(root)) {
    if (node.type !== 'TaggedTemplateExpression') continue;
    const tag = node['tag'] as SourceNode & { name?: string };
    const quasi = node['quasi'] as SourceNode & { quasis: SourceNode[] };
    if (tag.type === 'Identifier' && tag.name !== undefined && TEMPLATE_TAGS.has(tag.name)) {
      yield { quasis: quasi.quasis, minify: tag.name === 'css' ? minifyStyles : minifyMarkup };
    }
  }
}

/** The plugin, for our own sources only (`src/widget/`). */
export function minifyLitTemplates(): Plugin {
  return {
    name: 'pay-checkout:minify-lit-templates',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/src/widget/') || !/\b(html|svg|css)`/.test(code)) return undefined;
      const result = new MagicString(code);
      for (const { quasis, minify } of taggedTemplates(this.parse(code) as unknown as SourceNode)) {
        for (const quasi of quasis) {
          const text = code.slice(quasi.start, quasi.end);
          const minified = minify(text);
          if (minified === '') result.remove(quasi.start, quasi.end);
          else if (minified !== text) result.overwrite(quasi.start, quasi.end, minified);
        }
      }
      return { code: result.toString(), map: result.generateMap({ hires: true }) };
    },
  };
}
