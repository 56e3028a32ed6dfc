/**
 * A build plugin that takes the indentation out of the widget's Lit templates (`html`, `svg`
 * and `css` tagged literals), which the minifier leaves as they are because a template is a
 * string to it. In markup, whitespace that holds a line break becomes that one line break, and
 * an attribute's value loses its quotes where HTML needs none; CSS
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

/**
 * An attribute's value in double quotes loses them when HTML reads it the same without: letters,
 * digits and `_ . # : -` only (no space, quote, `=`, `<`, `>`, backtick or `/`), inside a tag this
 * piece of the template opened (so text between tags that looks like an attribute is left alone),
 * and followed by a space or the tag's end (never by a `${}` expression, which would join the value).
 * A value holding an expression spans two pieces of the template's text and never matches.
 */
const QUOTED_ATTRIBUTE = /(?<=<[A-Za-z][^<>]*)(\s[A-Za-z][\w-]*)="([\w.#:-]+)"(?=[\s>])/g;

/**
 * Where a piece of a template's text leaves the markup: inside a tag, and inside one of its
 * quoted values (the quote that opened it), as in `<b id="a-${id}-b" role="img">`, whose middle
 * piece starts and ends inside a value.
 */
export interface MarkupState {
  inTag: boolean;
  quote: '' | '"' | "'";
}

const OUTSIDE: MarkupState = { inTag: false, quote: '' };

/**
 * The static text of an `html` or `svg` template; `before` is where the template's text before it
 * (and the `${}` between) left the markup, as in `<b part="a" id=${id} role="img">`. A piece that
 * starts inside a quoted value keeps that value's rest as it is.
 */
export function minifyMarkup(text: string, before: MarkupState = OUTSIDE): string {
  if (before.quote) {
    const end = text.indexOf(before.quote) + 1;
    return end === 0 ? text : text.slice(0, end) + minifyMarkup(text.slice(end), { inTag: true, quote: '' });
  }
  const collapsed = outsideQuotes(text, collapseLines);
  // An open tag in front lets the pattern see where this piece is, then goes.
  return before.inTag ? `<x${collapsed}`.replace(QUOTED_ATTRIBUTE, '$1=$2').slice(2) : collapsed.replace(QUOTED_ATTRIBUTE, '$1=$2');
}

/** Where the markup is after `text`, given where it was before it. Quotes count inside a tag only. */
export function markupStateAfter(text: string, before: MarkupState): MarkupState {
  let { inTag, quote } = before;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (inTag) {
      if (char === '"' || char === "'") quote = char;
      else if (char === '>') inTag = false;
    } else if (char === '<') inTag = true;
  }
  return { inTag, quote };
}

/**
 * The static text of a `css` template. A run of whitespace becomes one space, and none at all
 * next to `{`, `}`, `;`, `,` or after `:` (a space before a colon can be a descendant combinator).
 * A number below one loses its leading zero where a value starts (`0.5rem` is `.5rem`, `rgb(0 0 0
 * / 0.3)` is `rgb(0 0 0 / .3)`): CSS reads both alike.
 */
export function minifyStyles(text: string): string {
  return outsideQuotes(text.replace(/\/\*[\s\S]*?\*\//g, ''), (part) =>
    part
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};,]) ?/g, '$1')
      .replace(/: /g, ':')
      .replace(/;\}/g, '}')
      .replace(/([ :(,/])0\.(\d)/g, '$1.$2'),
  );
}

/** The template literals tagged `html`, `svg` or `css`, with the minifier for each. */
function* taggedTemplates(root: SourceNode): Generator<{ quasis: SourceNode[]; minify: (text: string, before: MarkupState) => string }> {
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
        let state = OUTSIDE;
        for (const quasi of quasis) {
          const text = code.slice(quasi.start, quasi.end);
          const minified = minify(text, state);
          state = markupStateAfter(text, state);
          if (minified === '') result.remove(quasi.start, quasi.end);
          else if (minified !== text) result.overwrite(quasi.start, quasi.end, minified);
        }
      }
      return { code: result.toString(), map: result.generateMap({ hires: true }) };
    },
  };
}
