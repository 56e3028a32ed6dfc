/**
 * A build plugin that takes the indentation out of the widget's Lit templates (`html`, `svg`
 * and `css` tagged literals), which the minifier leaves as they are because a template is a
 * string to it. Whitespace that holds a line break becomes that one line break, so line numbers
 * (and the source maps built on them) stay right; CSS also loses its comments and the spaces
 * around its punctuation. Text inside quotes is never touched, nor any `${}` expression.
 *
 * What a browser makes of the result is the same: in HTML a run of whitespace and one line break
 * render alike (the widget has no `<pre>`, and its `<textarea>` gets its text by property), and
 * in CSS the removed spaces carry no meaning.
 */
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

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

/** The static text of a `css` template. */
export function minifyStyles(text: string): string {
  return outsideQuotes(text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, '')), (part) =>
    collapseLines(part)
      .replace(/[ \t]*([{};,])[ \t]*/g, '$1')
      .replace(/:[ \t]+/g, ':')
      .replace(/;(\n*)\}/g, '$1}'),
  );
}

function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) found.push(...value.filter((item): item is Node => typeof item?.type === 'string'));
    else if (typeof (value as Node | null)?.type === 'string') found.push(value as Node);
  }
  return found;
}

/** The template literals tagged `html`, `svg` or `css`, with the minifier for each. */
function taggedTemplates(root: Node): { quasis: Node[]; minify: (text: string) => string }[] {
  const found: { quasis: Node[]; minify: (text: string) => string }[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'TaggedTemplateExpression') {
      const tag = node['tag'] as Node & { name?: string };
      const quasi = node['quasi'] as Node & { quasis: Node[] };
      if (tag.type === 'Identifier' && tag.name !== undefined && TEMPLATE_TAGS.has(tag.name)) {
        found.push({ quasis: quasi.quasis, minify: tag.name === 'css' ? minifyStyles : minifyMarkup });
      }
    }
    pending.push(...children(node));
  }
  return found;
}

/** The plugin, for our own sources only (`src/widget/`). */
export function minifyLitTemplates(): Plugin {
  return {
    name: 'pay-checkout:minify-lit-templates',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/src/widget/') || !/\b(html|svg|css)`/.test(code)) return undefined;
      const edits = taggedTemplates(this.parse(code) as unknown as Node)
        .flatMap(({ quasis, minify }) => quasis.map((quasi) => ({ quasi, minify })))
        .sort((a, b) => b.quasi.start - a.quasi.start);
      let result = code;
      for (const { quasi, minify } of edits) {
        result = result.slice(0, quasi.start) + minify(result.slice(quasi.start, quasi.end)) + result.slice(quasi.end);
      }
      return { code: result, map: null };
    },
  };
}
