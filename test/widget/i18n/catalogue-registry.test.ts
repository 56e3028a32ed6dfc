import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CatalogueRegistry } from '../../../src/widget/i18n/catalogue-registry.js';
import { hasCatalogue, loadCatalogue, loadedCatalogue, type Messages } from '../../../src/widget/i18n/catalogue.js';
import type { SupportedLocale } from '../../../src/widget/i18n/locales.js';
import { ptBR } from '../../../src/widget/i18n/messages/pt-BR.js';

/** A catalogue told apart from pt-BR's by its retry button. */
function catalogueSaying(retry: string): Messages {
  return { ...ptBR, 'checkout.retry': retry };
}

/** An importer whose answers the test gives, one per call, counting the calls. */
function scriptedImporter(...answers: Array<Messages | Error>) {
  const importer = {
    calls: 0,
    load: (): Promise<Messages> => {
      const answer = answers[importer.calls];
      importer.calls += 1;
      if (answer === undefined) return Promise.reject(new Error('no answer scripted'));
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return importer;
}

function registryWith(importers: Partial<Record<SupportedLocale, () => Promise<Messages>>>) {
  const unexpected = () => Promise.reject(new Error('not this locale'));
  return new CatalogueRegistry({ 'pt-BR': importers['pt-BR'] ?? unexpected, es: importers.es ?? unexpected, en: importers.en ?? unexpected });
}

describe('CatalogueRegistry', () => {
  it('starts with no catalogue, pt-BR included, and fetches only the one asked for', async () => {
    const pt = scriptedImporter(ptBR);
    const es = scriptedImporter(catalogueSaying('Intentar de nuevo'));
    const registry = registryWith({ 'pt-BR': pt.load, es: es.load });
    assert.deepEqual(
      (['pt-BR', 'es', 'en'] as const).map((locale) => registry.has(locale)),
      [false, false, false],
    );
    assert.deepEqual(registry.catalogues, {});
    assert.equal(await registry.load('pt-BR'), ptBR);
    assert.equal(registry.has('pt-BR'), true);
    assert.equal(registry.catalogues['pt-BR'], ptBR);
    assert.equal(pt.calls, 1);
    assert.equal(es.calls, 0);
    assert.equal(registry.has('es'), false);
  });

  it('loads a catalogue once, then answers from what it has', async () => {
    const es = scriptedImporter(catalogueSaying('Intentar de nuevo'));
    const registry = registryWith({ es: es.load });
    const first = await registry.load('es');
    const second = await registry.load('es');
    assert.equal(first['checkout.retry'], 'Intentar de nuevo');
    assert.equal(second, first);
    assert.equal(es.calls, 1);
    assert.equal(registry.has('es'), true);
    assert.equal(registry.catalogues.es, first);
    assert.equal(registry.has('en'), false);
  });

  it('gives concurrent callers the same fetch', async () => {
    const es = scriptedImporter(catalogueSaying('Intentar de nuevo'));
    const registry = registryWith({ es: es.load });
    const first = registry.load('es');
    const second = registry.load('es');
    assert.equal(second, first);
    await Promise.all([first, second]);
    assert.equal(es.calls, 1);
  });

  it('forgets a failed fetch, so the next call tries again and can succeed', async () => {
    const en = scriptedImporter(new Error('offline'), catalogueSaying('Try again'));
    const registry = registryWith({ en: en.load });
    await assert.rejects(registry.load('en'), /offline/);
    assert.equal(registry.has('en'), false);
    assert.equal(registry.catalogues.en, undefined);
    const loaded = await registry.load('en');
    assert.equal(loaded['checkout.retry'], 'Try again');
    assert.equal(registry.has('en'), true);
    assert.equal(en.calls, 2);
  });

  it('tells every concurrent caller of a failed fetch that it failed', async () => {
    const en = scriptedImporter(new Error('offline'));
    const registry = registryWith({ en: en.load });
    const results = await Promise.allSettled([registry.load('en'), registry.load('en')]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected'],
    );
    assert.equal(en.calls, 1);
  });
});

describe("the widget's catalogues", () => {
  it('start empty and fetch each language on its own, from its module', async () => {
    assert.deepEqual(
      (['pt-BR', 'es', 'en'] as const).map((locale) => hasCatalogue(locale)),
      [false, false, false],
    );
    assert.equal(loadedCatalogue('pt-BR'), undefined);
    const pt = await loadCatalogue('pt-BR');
    assert.equal(pt, ptBR);
    assert.equal(loadedCatalogue('pt-BR'), ptBR);
    assert.equal(hasCatalogue('es'), false, 'pt-BR brings no other language');
    const es = await loadCatalogue('es');
    assert.equal(es['checkout.retry'], 'Intentar de nuevo');
    assert.equal(loadedCatalogue('es'), es);
    assert.equal(hasCatalogue('en'), false);
  });
});
