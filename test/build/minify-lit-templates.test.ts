import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { markupStateAfter, minifyLitTemplates, minifyMarkup, minifyStyles } from '../../scripts/minify-lit-templates.js';

const lines = (text: string) => text.split('\n').length;

describe('the Lit template minifier of the script-tag build', () => {
  describe('css', () => {
    const source = `
      :host {
        display: block;
        font: 1rem/1.5 system-ui, sans-serif;
      }
      /* a comment
         over two lines */
      .option :focus-visible,
      .option[aria-checked='true'] > span {
        width: calc(100% - 2 * var(--pay-spacing, 8px));
        content: 'a: b , c';
      }
    `;
    const minified = minifyStyles(source);

    it('drops line breaks, indentation, comments and the spaces around punctuation and after colons', () => {
      assert.equal(
        minified,
        " :host{display:block;font:1rem/1.5 system-ui,sans-serif}.option :focus-visible,.option[aria-checked='true'] > span{width:calc(100% - 2 * var(--pay-spacing,8px));content:'a: b , c'}",
      );
    });

    it('keeps a space where whitespace separates two words of a value', () => {
      assert.equal(minifyStyles('a {\n  font: 1rem\n    system-ui;\n}'), 'a{font:1rem system-ui}');
    });

    it('drops the leading zero of a number below one where a value starts, and nowhere else', () => {
      assert.equal(
        minifyStyles('a { padding: 0.5rem 0.25rem; box-shadow: 0 0.5rem 2rem rgb(0 0 0 / 0.3); margin: calc(1rem * 0.75) -0.5rem; line-height: 10.5; }'),
        'a{padding:.5rem .25rem;box-shadow:0 .5rem 2rem rgb(0 0 0 / .3);margin:calc(1rem * .75) -0.5rem;line-height:10.5}',
      );
      // Quoted text is the page's to show: left as it is.
      assert.equal(minifyStyles("a::after { content: ' 0.5'; opacity: 0.5; }"), "a::after{content:' 0.5';opacity:.5}");
    });
  });

  describe('html', () => {
    const source = `
      <p class="note">
        ${''}Pague em até <strong>12x</strong> sem juros.
      </p>
      <span title="two  spaces   kept">a</span>
    `;
    const minified = minifyMarkup(source);

    it('turns indented line breaks into one line break and leaves quoted values alone', () => {
      assert.equal(minified, '\n<p class=note>\nPague em até <strong>12x</strong> sem juros.\n</p>\n<span title="two  spaces   kept">a</span>\n');
    });

    it('takes the quotes off a value HTML reads the same without them, and off no other', () => {
      assert.equal(
        minifyMarkup('<svg viewBox="0 0 25 25" fill="#fff" stroke-width="1.6" role="img"><rect width="25" height="25"></rect></svg>'),
        '<svg viewBox="0 0 25 25" fill=#fff stroke-width=1.6 role=img><rect width=25 height=25></rect></svg>',
      );
      // Empty, with a slash after it, with `=` or a slash in it: kept.
      assert.equal(minifyMarkup('<img alt="" height="64"/><a href="/x" data-q="a=b">'), '<img alt="" height="64"/><a href="/x" data-q="a=b">');
      // A tag that goes on after a `${}`: what this piece holds of it.
      assert.equal(minifyMarkup('<b part="a" class="b c" id='), '<b part=a class="b c" id=');
      // Text between tags is the buyer's to read; so is a piece that starts after a `${}`, which may be text.
      assert.equal(minifyMarkup('<p>Type x="1" here</p>'), '<p>Type x="1" here</p>');
      assert.equal(minifyMarkup(' and x="1" >'), ' and x="1" >');
      // Unless the template's text before it left a tag open.
      assert.equal(minifyMarkup(' role="img" aria-hidden="true">x="1"', { inTag: true, quote: '' }), ' role=img aria-hidden=true>x="1"');
      // A value right before a `${}` would join it.
      assert.equal(minifyMarkup('<b part="a"'), '<b part="a"');
    });

    it('keeps the rest of a value a piece starts inside, and minifies what follows it in the tag', () => {
      // `aria-labelledby="${id}-name"` then the next attribute, indented on its own line.
      assert.equal(minifyMarkup('-name"\n        aria-describedby="', { inTag: true, quote: '"' }), '-name"\naria-describedby="');
      assert.equal(minifyMarkup('  a  b"\n   role="img">', { inTag: true, quote: '"' }), '  a  b"\nrole=img>');
      // A piece wholly inside the value, between two `${}`: as it is.
      assert.equal(minifyMarkup('\n  -description  ', { inTag: true, quote: '"' }), '\n  -description  ');
    });

    it('follows tags and their quoted values from piece to piece, and no quote outside a tag', () => {
      const inValue = markupStateAfter('<b id="a-', { inTag: false, quote: '' });
      assert.deepEqual(inValue, { inTag: true, quote: '"' });
      assert.deepEqual(markupStateAfter('-b" title=\'x', inValue), { inTag: true, quote: "'" });
      assert.deepEqual(markupStateAfter('" role="img">', inValue), { inTag: false, quote: '' });
      assert.deepEqual(markupStateAfter(`<p>the buyer's "code" <i`, { inTag: false, quote: '' }), { inTag: true, quote: '' });
      assert.deepEqual(markupStateAfter('title="a>b', { inTag: true, quote: '' }), { inTag: true, quote: '"' });
    });

    it('keeps the line count', () => {
      assert.equal(lines(minified), lines(source));
    });
  });

  it('rewrites the static text of tagged templates only, never an expression or another string', async () => {
    // The plugin rewrites the widget's sources only: the sample sits under a `src/widget/` folder.
    const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-templates-'));
    const entry = join(dir, 'src/widget/sample.js');
    mkdirSync(join(dir, 'src/widget'), { recursive: true });
    writeFileSync(entry, [
      "const html = (s, ...v) => s.raw.join('|') + v.join('|');",
      "const css = (s) => s.raw.join('|');",
      'const label = `  kept   as   is  `;',
      'export const markup = html`\n    <b>\n      ${label}\n    </b>\n  `;',
      'export const styles = css`\n  a {\n    color: red;\n  }\n`;',
      'export const tag = html`<b part="a" id=${label} role="img">x="1" ${label} y="2"</b>`;',
      'export const value = html`<b id="a-${label}-b"\n      role="img">x</b>`;',
    ].join('\n'));
    let result;
    try {
      result = await build({
        configFile: false,
        root: dir,
        logLevel: 'silent',
        build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'sample' } },
        plugins: [minifyLitTemplates()],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const [output] = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const bundled = output!.output[0].code;
    const { markup, styles, tag, value } = (await import(`data:text/javascript,${encodeURIComponent(bundled)}`)) as { markup: string; styles: string; tag: string; value: string };
    assert.equal(markup, '\n<b>\n|\n</b>\n  kept   as   is  ');
    // The tag goes on after `${label}`: its next attribute loses its quotes too; the text after the tag keeps them.
    assert.equal(tag, '<b part=a id=| role=img>x="1" | y="2"</b>  kept   as   is  |  kept   as   is  ');
    assert.equal(styles, ' a{color:red}');
    // The piece after `${label}` starts inside the value: its rest is kept, the indentation after it goes.
    assert.equal(value, '<b id="a-|-b"\nrole=img>x</b>  kept   as   is  ');
  });
});
