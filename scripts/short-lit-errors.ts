/**
 * A build plugin for the minified builds: Lit's production files throw five errors with sentences
 * of advice (about 330 bytes) that every buyer fetches in the first chunk and no buyer reads. Each
 * sentence becomes a short line that still names what was wrong; the check that throws is kept as
 * it is. The development build (`pay-checkout.dev.js`) runs Lit's development files, whose
 * messages are whole.
 *
 * Each of Lit's three packages also pushes its version onto a global list (`litHtmlVersions`,
 * `reactiveElementVersions`, `litElementVersions`), which only Lit's development files read, to
 * warn of several copies of Lit on one page; the widget's copy is its own by design, so the
 * minified builds leave the stamps out (about 120 bytes). The development build keeps them.
 *
 * Each sentence is looked for in the one file of Lit that has it: a Lit release that words one
 * differently fails the build here, rather than keeping the long text without a word.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

export interface LitErrorRewrite {
  /** The Lit file, as the end of its module id. */
  file: RegExp;
  /** The message as the production file writes it (a `$1` in `to` is the first group of a RegExp). */
  from: string | RegExp;
  to: string;
}

export const LIT_ERROR_REWRITES: readonly LitErrorRewrite[] = [
  {
    file: /[\\/]@lit[\\/]reactive-element[\\/]css-tag\.js$/,
    from: '"CSSResult is not constructable. Use `unsafeCSS` or `css` instead."',
    to: '"Lit: new CSSResult"',
  },
  {
    file: /[\\/]@lit[\\/]reactive-element[\\/]css-tag\.js$/,
    from: /"Value passed to 'css' function must be a 'css' function result: "\+(\w+)\+"\. Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security\."/,
    to: '"Lit: not a css result: "+$1',
  },
  {
    file: /[\\/]lit-html[\\/]lit-html\.js$/,
    from: '"invalid template strings array"',
    to: '"Lit: strings array"',
  },
  {
    file: /[\\/]lit-html[\\/]directives[\\/]live\.js$/,
    from: '"The `live` directive is not allowed on child or event bindings"',
    to: '"Lit: live() on child/event"',
  },
  {
    file: /[\\/]lit-html[\\/]directives[\\/]live\.js$/,
    from: '"`live` bindings can only contain a single expression"',
    to: '"Lit: live() with text"',
  },
  { file: /[\\/]lit-html[\\/]lit-html\.js$/, from: /\(\w+\.litHtmlVersions\?\?=\[\]\)\.push\("[\d.]+"\)/, to: '0' },
  { file: /[\\/]@lit[\\/]reactive-element[\\/]reactive-element\.js$/, from: /\(\w+\.reactiveElementVersions\?\?=\[\]\)\.push\("[\d.]+"\)/, to: '0' },
  { file: /[\\/]lit-element[\\/]lit-element\.js$/, from: /\(\w+\.litElementVersions\?\?=\[\]\)\.push\("[\d.]+"\)/, to: '0' },
];

/**
 * `code` of the Lit file `id` with its messages shortened, as edits on `result`; throws when one of
 * them is not there.
 */
export function shortenLitErrors(code: string, id: string, rewrites: readonly LitErrorRewrite[] = LIT_ERROR_REWRITES): MagicString {
  const result = new MagicString(code);
  for (const { file, from, to } of rewrites) {
    if (!file.test(id)) continue;
    const pattern = typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : new RegExp(from.source, 'g');
    const matches = [...code.matchAll(pattern)];
    if (matches.length === 0) throw new Error(`${id}: Lit's message ${String(from)} is not there any more; update scripts/short-lit-errors.ts`);
    for (const match of matches) result.overwrite(match.index, match.index + match[0].length, to.replace('$1', match[1] ?? ''));
  }
  return result;
}

export function shortLitErrors(): Plugin {
  return {
    name: 'pay-checkout:short-lit-errors',
    transform(code, id) {
      if (!LIT_ERROR_REWRITES.some(({ file }) => file.test(id))) return undefined;
      try {
        const result = shortenLitErrors(code, id);
        return { code: result.toString(), map: result.generateMap({ hires: true }) };
      } catch (error) {
        return this.error((error as Error).message);
      }
    },
  };
}
