import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { shortMessageKeys, shortNames } from '../../scripts/short-message-keys.js';

const KEYS = ['checkout.retry', 'field.email.label', 'field.email.error.required', 'checkout.fieldsToFix'];

/** Bundles `files` (the first is the entry) under a `src/` folder with the plugin; the bundled code. */
async function bundle(files: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-keys-'));
  mkdirSync(join(dir, 'src'), { recursive: true });
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'src', name)), { recursive: true });
    writeFileSync(join(dir, 'src', name), code);
  }
  try {
    const result = await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      build: { write: false, minify: false, lib: { entry: join(dir, 'src', Object.keys(files)[0]!), formats: ['es'], fileName: 'sample' } },
      plugins: [shortMessageKeys(KEYS)],
    });
    const [output] = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return output!.output[0].code;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CATALOGUE = `export const catalogue = {
  'field.email.error.required': 'Informe seu e-mail.',
  'checkout.fieldsToFix': { one: 'Há {count} campo.', other: 'Há {count} campos.' },
  'checkout.retry': 'Tentar novamente',
  'field.email.label': 'E-mail',
};`;

describe('the short catalogue names of the script-tag build', () => {
  it('numbers the names in the order given', () => {
    assert.deepEqual([...shortNames(KEYS)], [
      ['checkout.retry', '0'],
      ['field.email.label', '1'],
      ['field.email.error.required', '2'],
      ['checkout.fieldsToFix', '3'],
    ]);
  });

  it('finds the same text by the short name in the code as by the long one in the source, the catalogue a list', async () => {
    const code = await bundle({
      'entry.js': [
        "import { catalogue } from './widget/i18n/messages/catalogue.js';",
        "const problems = { required: 'field.email.error.required' };",
        "export const retry = catalogue['checkout.retry'];",
        'export const label = catalogue[`field.email.label`];',
        'export const required = catalogue[problems.required];',
        "export const plural = catalogue['checkout.fieldsToFix'].other;",
        "export const other = 'checkout.retry is a name';",
        'export { catalogue };',
      ].join('\n'),
      'widget/i18n/messages/catalogue.js': CATALOGUE,
    });
    assert.ok(!KEYS.some((key) => code.includes(`'${key}'`) || code.includes(`"${key}"`)), code);
    const sample = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;
    assert.equal(sample['retry'], 'Tentar novamente');
    assert.equal(sample['label'], 'E-mail');
    assert.equal(sample['required'], 'Informe seu e-mail.');
    assert.equal(sample['plural'], 'Há {count} campos.');
    assert.equal(sample['other'], 'checkout.retry is a name');
    assert.ok(Array.isArray(sample['catalogue']));
    assert.equal((sample['catalogue'] as unknown[]).length, KEYS.length);
  });

  it('writes each part of a catalogue as a list with holes where the other parts go, which merge into the whole', async () => {
    const code = await bundle({
      'entry.js': [
        "import { form } from './widget/i18n/messages/form.js';",
        "import { fields } from './widget/i18n/messages/fields.js';",
        'const catalogue = Object.assign({}, fields, form);',
        "export const retry = catalogue['checkout.retry'];",
        "export const required = catalogue['field.email.error.required'];",
        "export const plural = catalogue['checkout.fieldsToFix'].one;",
        'export { form, fields };',
      ].join('\n'),
      'widget/i18n/messages/form.js': "export const form = { 'checkout.retry': 'Tentar novamente', 'checkout.fieldsToFix': { one: 'Há {count} campo.', other: 'Há {count} campos.' } };",
      'widget/i18n/messages/fields.js': "export const fields = { 'field.email.label': 'E-mail', 'field.email.error.required': 'Informe seu e-mail.' };",
    });
    assert.ok(!KEYS.some((key) => code.includes(`'${key}'`) || code.includes(`"${key}"`)), code);
    assert.match(code, /\[\s*,\s*"E-mail"/, 'the fields part leaves a hole for the form part\'s first text');
    const sample = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;
    assert.equal(sample['retry'], 'Tentar novamente');
    assert.equal(sample['required'], 'Informe seu e-mail.');
    assert.equal(sample['plural'], 'Há {count} campo.');
    assert.deepEqual(Object.keys(sample['fields'] as object), ['1', '2']);
    assert.deepEqual(Object.keys(sample['form'] as object), ['0', '3']);
  });

  for (const [how, expression] of [
    ['a template with a ${} in it', '`field.email.${kind}`'],
    ['a concatenated start', "'field.email.' + kind"],
    ['a template ending a name', '`${area}.error.required`'],
  ] as const) {
    it(`stops the build on a name built from pieces: ${how}`, async () => {
      await assert.rejects(
        bundle({ 'entry.js': `export const name = (kind, area) => ${expression};` }),
        /a catalogue text name is built from pieces/,
      );
    });
  }

  it('refuses a name without a dot, which could not be told from other strings', () => {
    assert.throws(() => shortMessageKeys(['retry']), /without a dot: retry/);
  });
});
