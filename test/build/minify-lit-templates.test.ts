import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { minifyLitTemplates, minifyMarkup, minifyStyles } from '../../scripts/minify-lit-templates.js';

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
      assert.equal(minified, '\n<p class="note">\nPague em até <strong>12x</strong> sem juros.\n</p>\n<span title="two  spaces   kept">a</span>\n');
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
    const { markup, styles } = (await import(`data:text/javascript,${encodeURIComponent(bundled)}`)) as { markup: string; styles: string };
    assert.equal(markup, '\n<b>\n|\n</b>\n  kept   as   is  ');
    assert.equal(styles, ' a{color:red}');
  });
});
