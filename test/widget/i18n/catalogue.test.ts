import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCatalogue, loadedCatalogue } from '../../../src/widget/i18n/catalogue.js';
import type { Messages, PluralForms } from '../../../src/widget/i18n/catalogue.js';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../../src/widget/i18n/locales.js';
import { CHARGE_METHODS } from '../../../src/contract/payment-methods.js';
import { CARD_BRANDS } from '../../../src/contract/card-tokens.js';
import { ptBR } from '../../../src/widget/i18n/messages/pt-BR.js';

const source = ptBR;
const sourceKeys = Object.keys(source).sort();

function textsOf(value: string | PluralForms): string[] {
  return typeof value === 'string' ? [value] : [value.one, value.other];
}

function placeholdersOf(value: string | PluralForms): string[] {
  const names = textsOf(value).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
  return [...new Set(names)].sort();
}

describe('the message catalogues', () => {
  const loaded = new Map<SupportedLocale, Messages>();

  before(async () => {
    for (const locale of SUPPORTED_LOCALES) loaded.set(locale, await loadCatalogue(locale));
  });

  /** A loaded catalogue, read by key name. */
  function catalogueOf(locale: SupportedLocale): Readonly<Record<string, string | PluralForms>> {
    const catalogue = loaded.get(locale);
    assert.ok(catalogue, `the ${locale} catalogue loaded`);
    return catalogue;
  }

  it('has one catalogue per supported locale once each is loaded, pt-BR being the source', () => {
    assert.deepEqual(
      SUPPORTED_LOCALES.filter((locale) => loadedCatalogue(locale) === undefined),
      [],
    );
    assert.equal(loadedCatalogue('pt-BR'), ptBR);
  });

  for (const locale of SUPPORTED_LOCALES) {
    describe(locale, () => {
      let catalogue: Readonly<Record<string, string | PluralForms>>;

      before(() => {
        catalogue = catalogueOf(locale);
      });

      it('has exactly the keys of the pt-BR source', () => {
        assert.deepEqual(Object.keys(catalogue).sort(), sourceKeys);
      });

      it('has no empty or blank text, in any plural form', () => {
        const blank = Object.entries(catalogue).filter(([, value]) => textsOf(value).some((text) => text.trim() === ''));
        assert.deepEqual(blank.map(([key]) => key), []);
      });

      it('is plural exactly where the source is, with the same placeholders', () => {
        for (const key of sourceKeys) {
          const value = catalogue[key]!;
          const original = (source as Readonly<Record<string, string | PluralForms>>)[key]!;
          assert.equal(typeof value, typeof original, key);
          assert.deepEqual(placeholdersOf(value), placeholdersOf(original), key);
        }
      });
    });
  }

  it('translates the texts that differ by language', () => {
    const retry = (locale: SupportedLocale) => catalogueOf(locale)['checkout.retry'];
    assert.notEqual(retry('es'), retry('pt-BR'));
    assert.notEqual(retry('en'), retry('pt-BR'));
    assert.notEqual(retry('en'), retry('es'));
  });

  it('names and explains every payment method of the contract, the two card methods by the one card choice\'s texts', () => {
    const keys = new Set(sourceKeys);
    const textsOf = (method: string) => (method === 'threeDs' ? 'credit_card' : method);
    const missing = CHARGE_METHODS.flatMap((method) => [`method.${textsOf(method)}.name`, `method.${textsOf(method)}.description`]).filter(
      (key) => !keys.has(key),
    );
    assert.deepEqual(missing, []);
  });

  it('names every card brand the contract detects', () => {
    const keys = new Set(sourceKeys);
    assert.deepEqual(
      CARD_BRANDS.map((brand) => `card.brand.${brand}`).filter((key) => !keys.has(key)),
      [],
    );
  });

  it('has no text the widget never asks for, each asked for by its whole name (the script-tag build shortens the names)', () => {
    const widget = fileURLToPath(new URL('../../../src/widget/', import.meta.url));
    const sources = readdirSync(widget, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.startsWith('i18n/messages/'))
      .map((file) => readFileSync(`${widget}${file}`, 'utf8'))
      .join('\n');
    const unused = sourceKeys.filter((key) => ![`'${key}'`, `"${key}"`, `\`${key}\``].some((literal) => sources.includes(literal)));
    assert.deepEqual(unused, []);
  });
});
