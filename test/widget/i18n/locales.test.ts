import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveLocale } from '../../../src/widget/i18n/locales.js';

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
