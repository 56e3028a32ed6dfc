import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CatalogueRegistry } from '../../../src/widget/i18n/catalogue-registry.js';
import { hasCatalogue, loadCatalogue, loadedCatalogue, type Messages } from '../../../src/widget/i18n/catalogue.js';
import ptBRResults from '../../../src/widget/i18n/messages/pt-BR.results.js';
import type { SupportedLocale } from '../../../src/widget/i18n/locales.js';
import ptBR from '../../../src/widget/i18n/messages/pt-BR.js';

/** A form part told apart from pt-BR's by its retry button. */
function catalogueSaying(retry: string): Partial<Messages> {
  return { ...ptBR, 'checkout.retry': retry };
}

/** An importer whose answers the test gives, one per call, counting the calls. */
function scriptedImporter(...answers: Array<Partial<Messages> | Error>) {
  const importer = {
    calls: 0,
    load: (): Promise<Partial<Messages>> => {
      const answer = answers[importer.calls];
      importer.calls += 1;
      if (answer === undefined) return Promise.reject(new Error('no answer scripted'));
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return importer;
}

type Importer = () => Promise<Partial<Messages>>;

/** A registry whose form parts are `importers`, and whose results parts are `results`. */
function registryWith(importers: Partial<Record<SupportedLocale, Importer>>, results: Partial<Record<SupportedLocale, Importer>> = {}) {
  const unexpected = () => Promise.reject(new Error('not this locale'));
  const partsOf = (locale: SupportedLocale) => ({ form: importers[locale] ?? unexpected, card: unexpected, results: results[locale] ?? unexpected });
  return new CatalogueRegistry({ 'pt-BR': partsOf('pt-BR'), es: partsOf('es'), en: partsOf('en') });
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
    assert.deepEqual(await registry.load('pt-BR'), ptBR);
    assert.equal(registry.has('pt-BR'), true);
    assert.deepEqual(registry.catalogues['pt-BR'], ptBR);
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

describe('CatalogueRegistry, a language in parts', () => {
  it('fetches each part on its own and reads a text of either once its part is in', async () => {
    const form = scriptedImporter(ptBR);
    const results = scriptedImporter(ptBRResults);
    const registry = registryWith({ 'pt-BR': form.load }, { 'pt-BR': results.load });
    await registry.load('pt-BR');
    assert.equal(registry.has('pt-BR', 'results'), false);
    assert.equal(registry.catalogues['pt-BR']?.['pix.title'], undefined, 'the form part holds none of the result views\' texts');
    assert.equal(results.calls, 0, 'the form part brings no other part');
    const both = await registry.load('pt-BR', 'results');
    assert.equal(registry.has('pt-BR', 'results'), true);
    assert.equal(both['pix.title'], 'Pague com Pix');
    assert.equal(both['checkout.retry'], 'Tentar novamente', 'the form part is still there');
    assert.equal(registry.catalogues['pt-BR'], both);
  });

  it('takes the parts in either order', async () => {
    const registry = registryWith({ es: scriptedImporter(catalogueSaying('Intentar de nuevo')).load }, { es: scriptedImporter({ 'pix.title': 'Paga con Pix' }).load });
    await registry.load('es', 'results');
    assert.equal(registry.has('es'), false, 'the results part does not make the form ready');
    assert.equal(registry.catalogues.es?.['pix.title'], 'Paga con Pix');
    await registry.load('es');
    assert.deepEqual([registry.catalogues.es?.['pix.title'], registry.catalogues.es?.['checkout.retry']], ['Paga con Pix', 'Intentar de nuevo']);
  });

  it('merges a part written as a list with holes, as the short-key build writes them', async () => {
    const registry = registryWith({ en: () => Promise.resolve(['Try again', 'Pay'] as unknown as Partial<Messages>) }, { en: () => Promise.resolve([, , 'Pay with Pix'] as unknown as Partial<Messages>) });
    await registry.load('en', 'results');
    await registry.load('en');
    assert.deepEqual({ ...registry.catalogues.en }, { 0: 'Try again', 1: 'Pay', 2: 'Pay with Pix' });
  });

  it('forgets a failed fetch of a part, so the next call tries again, leaving the other part as it was', async () => {
    const results = scriptedImporter(new Error('offline'), ptBRResults);
    const registry = registryWith({ 'pt-BR': scriptedImporter(ptBR).load }, { 'pt-BR': results.load });
    await registry.load('pt-BR');
    await assert.rejects(registry.load('pt-BR', 'results'), /offline/);
    assert.equal(registry.has('pt-BR', 'results'), false);
    assert.equal(registry.has('pt-BR'), true);
    assert.equal((await registry.load('pt-BR', 'results'))['pix.title'], 'Pague com Pix');
    assert.equal(results.calls, 2);
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
    assert.deepEqual(pt, ptBR);
    assert.equal(loadedCatalogue('pt-BR'), pt);
    assert.equal(hasCatalogue('pt-BR', 'results'), false, 'the form part comes without the result views\' texts');
    assert.equal(hasCatalogue('es'), false, 'pt-BR brings no other language');
    const es = await loadCatalogue('es');
    assert.equal(es['checkout.retry'], 'Intentar de nuevo');
    assert.equal(loadedCatalogue('es'), es);
    assert.equal(hasCatalogue('en'), false);
    const ptWithResults = await loadCatalogue('pt-BR', 'results');
    assert.deepEqual(ptWithResults, { ...ptBR, ...ptBRResults });
    assert.equal(hasCatalogue('pt-BR', 'results'), true);
    assert.equal(hasCatalogue('es', 'results'), false);
  });
});
