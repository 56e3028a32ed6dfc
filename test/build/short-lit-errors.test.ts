import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIT_ERROR_REWRITES, shortenLitErrors } from '../../scripts/short-lit-errors.js';
import { ROOT } from './package-layout.js';

/** The installed production file of Lit (what the browser's production condition resolves) whose id `file` matches. */
function litFile(file: RegExp): { id: string; code: string } {
  const candidates = ['@lit/reactive-element/css-tag.js', '@lit/reactive-element/reactive-element.js', 'lit-html/lit-html.js', 'lit-html/directives/live.js', 'lit-element/lit-element.js'].map((name) => join(ROOT, 'node_modules', name));
  const id = candidates.find((candidate) => file.test(candidate));
  assert.ok(id, `no installed Lit file matches ${file}`);
  return { id, code: readFileSync(id, 'utf8') };
}

describe("Lit's error messages in the minified builds (scripts/short-lit-errors.ts)", () => {
  it('finds each long message in the installed Lit and writes the short one in its place', () => {
    for (const { file, from, to } of LIT_ERROR_REWRITES) {
      const { id, code } = litFile(file);
      const found = typeof from === 'string' ? code.includes(from) : from.test(code);
      assert.ok(found, `${String(from)} is not in ${id}`);
      const shortened = shortenLitErrors(code, id).toString();
      assert.equal(typeof from === 'string' ? shortened.includes(from) : from.test(shortened), false, `${String(from)} is still in ${id}`);
      assert.ok(shortened.includes(to.replace(/\+\$1$/, '')), `${to} is not in ${id}`);
      assert.ok(shortened.length < code.length);
    }
  });

  it('keeps the value the css() message shows, and the rest of the file as it was', () => {
    const { id, code } = litFile(/css-tag\.js$/);
    const shortened = shortenLitErrors(code, id).toString();
    assert.match(shortened, /"Lit: not a css result: "\+\w+\)/);
    // Only the messages differ: the code around them, the checks that throw them included, is the same.
    const expected = code
      .replace('"CSSResult is not constructable. Use `unsafeCSS` or `css` instead."', '"Lit: new CSSResult"')
      .replace(/"Value passed to 'css' function must be a 'css' function result: "\+(\w+)\+"[^"]*"/, '"Lit: not a css result: "+$1');
    assert.equal(shortened, expected);
  });

  it("leaves out the version each of Lit's packages pushes onto a global list, and keeps what is around it", () => {
    for (const [file, list] of [[/lit-html[\\/]lit-html\.js$/, 'litHtmlVersions'], [/reactive-element[\\/]reactive-element\.js$/, 'reactiveElementVersions'], [/lit-element[\\/]lit-element\.js$/, 'litElementVersions']] as const) {
      const { id, code } = litFile(file);
      const stamp = new RegExp(`\\(\\w+\\.${list}\\?\\?=\\[\\]\\)\\.push\\("[\\d.]+"\\)`);
      assert.match(code, stamp);
      const shortened = shortenLitErrors(code, id).toString();
      assert.equal(shortened.includes(list), false, `${list} is still in ${id}`);
      // The statement's place holds a bare 0, which the minifier drops; what is around it stays.
      const found = stamp.exec(code)!;
      const before = code.slice(found.index - 20, found.index);
      const after = code.slice(found.index + found[0].length, found.index + found[0].length + 20);
      assert.ok(shortened.includes(`${before}0${after}`), `${before}0${after}`);
    }
  });

  it('fails the build when a Lit release words a message differently, rather than keeping it long without a word', () => {
    const { id } = litFile(/live\.js$/);
    assert.throws(() => shortenLitErrors('throw Error("something else")', id), /is not there any more/);
  });

  it('leaves other files alone', () => {
    const code = 'throw Error("invalid template strings array")';
    assert.equal(shortenLitErrors(code, '/src/widget/x.ts').toString(), code);
  });
});
