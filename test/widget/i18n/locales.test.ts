import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatTag, resolveLocale } from '../../../src/widget/i18n/locales.js';

describe('resolveLocale', () => {
  it('defaults to pt-BR when nothing is asked for', () => {
    assert.equal(resolveLocale(undefined), 'pt-BR');
    assert.equal(resolveLocale(''), 'pt-BR');
  });

  it('matches a supported tag regardless of case', () => {
    assert.equal(resolveLocale('PT-br'), 'pt-BR');
    assert.equal(resolveLocale('EN'), 'en');
  });

  it('falls back to the same language, then to pt-BR', () => {
    assert.equal(resolveLocale('pt-PT'), 'pt-BR');
    assert.equal(resolveLocale('es_MX'), 'es');
    assert.equal(resolveLocale('en-GB'), 'en');
    assert.equal(resolveLocale('fr-FR'), 'pt-BR');
  });
});

describe('formatTag', () => {
  it('keeps the region of a tag of the texts\' language, in its canonical form', () => {
    assert.equal(formatTag('es-MX'), 'es-MX');
    assert.equal(formatTag('es_AR'), 'es-AR');
    assert.equal(formatTag('EN-gb'), 'en-GB');
    assert.equal(formatTag('pt-PT'), 'pt-PT');
    assert.equal(formatTag('es-419'), 'es-419');
    assert.equal(formatTag('es-MX-u-nu-latn'), 'es-MX');
  });

  it('is the language itself without a region, or pt-BR when nothing is asked for', () => {
    assert.equal(formatTag('es'), 'es');
    assert.equal(formatTag(''), 'pt-BR');
  });

  it('follows the texts\' language when the tag is of another language or cannot be read', () => {
    assert.equal(formatTag('fr-FR'), 'pt-BR');
    assert.equal(formatTag('est-EE'), 'pt-BR');
    assert.equal(formatTag('es-'), 'es');
    assert.equal(formatTag('es-MX-'), 'es');
    assert.equal(formatTag('es-MX', 'pt-BR'), 'pt-BR');
  });

  // Every render of a checkout asks for its tag (the amounts' and the product's), mostly the default pt-BR.
  it("answers a supported language's own tag without making an Intl.Locale, and any other through it", () => {
    // The type has it read-only; the runtime's global is writable, as a page's script may replace it.
    const intl = Intl as { Locale: typeof Intl.Locale };
    const Original = intl.Locale;
    const asked: string[] = [];
    intl.Locale = function (tag: string) {
      asked.push(tag);
      return new Original(tag);
    } as unknown as typeof Intl.Locale;
    try {
      assert.deepEqual(['pt-BR', 'es', 'en'].map((tag) => formatTag(tag)), ['pt-BR', 'es', 'en']);
      assert.equal(formatTag('pt-BR', 'pt-BR'), 'pt-BR');
      assert.deepEqual(asked, []);
      assert.equal(formatTag('es-MX'), 'es-MX');
      assert.equal(formatTag('pt-br'), 'pt-BR');
      assert.equal(formatTag('en', 'pt-BR'), 'pt-BR');
    } finally {
      intl.Locale = Original;
    }
    assert.deepEqual(asked, ['es-MX', 'pt-br', 'en']);
  });
});
