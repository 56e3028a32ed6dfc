import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCatalogue, loadedCatalogue } from '../../../src/widget/i18n/catalogue.js';
import type { Messages, PluralForms } from '../../../src/widget/i18n/catalogue.js';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../../src/widget/i18n/locales.js';
import { CHARGE_METHODS, isCardMethod } from '../../../src/contract/payment-methods.js';
import { CARD_BRANDS } from '../../../src/contract/card-tokens.js';
import ptBR from '../../../src/widget/i18n/messages/pt-BR.js';
import ptBRCard from '../../../src/widget/i18n/messages/pt-BR.card.js';
import ptBRResults from '../../../src/widget/i18n/messages/pt-BR.results.js';
import { paidMessage } from '../../../src/widget/checkout/order-status-controller.js';

const source = { ...ptBR, ...ptBRCard, ...ptBRResults };
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

  const formParts = new Map<SupportedLocale, ReadonlySet<string>>();

  before(async () => {
    for (const locale of SUPPORTED_LOCALES) {
      formParts.set(locale, new Set(Object.keys(await loadCatalogue(locale))));
      await loadCatalogue(locale, 'card');
      loaded.set(locale, (await loadCatalogue(locale, 'results')) as Messages);
    }
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
    assert.deepEqual(loadedCatalogue('pt-BR'), source);
  });

  it('splits every language the same way: the form part has the keys of pt-BR.ts, the card part those of pt-BR.card.ts, the results part those of pt-BR.results.ts, none in two', () => {
    const keys = [...Object.keys(ptBR), ...Object.keys(ptBRCard), ...Object.keys(ptBRResults)];
    assert.deepEqual(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      [],
    );
    for (const locale of SUPPORTED_LOCALES) assert.deepEqual([...formParts.get(locale)!].sort(), Object.keys(ptBR).sort(), locale);
  });

  /** The widget's modules that ask for a text of `part` (a pt-BR source), by their path in src/widget/. */
  function readersOf(part: object): string[] {
    const widget = fileURLToPath(new URL('../../../src/widget/', import.meta.url));
    return readdirSync(widget, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.startsWith('i18n/messages/'))
      .filter((file) => Object.keys(part).some((key) => readFileSync(`${widget}${file}`, 'utf8').includes(`'${key}'`)))
      .sort();
  }

  it('keeps in the form part every text the checkout and the card result show: only the Pix and boleto views and their copy field read the results part', () => {
    assert.deepEqual(readersOf(ptBRResults), [
      // The paid order's announcement: a card's in the form part, the other methods' their views' titles (below).
      'checkout/order-status-controller.ts',
      'results/boleto-result/boleto-result.component.ts',
      'results/copy-button.ts',
      'results/pix-result/pix-journeys.ts',
      'results/pix-result/pix-result.component.ts',
      'results/pix-result/pix-terms.ts',
    ]);
  });

  it("announces a card paid with a text of the form part, which a card buyer has, and the other methods with their views' titles", () => {
    const order = (paymentMethod: string) => ({ paymentMethod }) as Parameters<typeof paidMessage>[0];
    for (const method of CHARGE_METHODS) {
      const key = paidMessage(order(method));
      assert.equal(key in (isCardMethod(method) ? ptBR : ptBRResults), true, `${method}: ${key}`);
    }
  });

  it('keeps in the card part only texts the card form and the billing address of 3-D Secure show, from their own chunks', () => {
    assert.deepEqual(readersOf(ptBRCard), [
      'address/abroad.ts',
      'address/address-field-specs.ts',
      'address/address-fields.component.ts',
      'card/card-fields.component.ts',
      'fields/card-cvv.ts',
      'fields/card-expiry.ts',
      'fields/card-number.ts',
      'fields/postal-code.ts',
    ]);
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
