import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CatalogueRegistry } from '../../../src/widget/i18n/catalogue-registry.js';
import type { Messages } from '../../../src/widget/i18n/catalogue.js';
import { LocaleController } from '../../../src/widget/i18n/locale-controller.js';
import type { SupportedLocale } from '../../../src/widget/i18n/locales.js';
import ptBR from '../../../src/widget/i18n/messages/pt-BR.js';

/** A fetch the test settles when it wants. */
function pendingFetch() {
  let settle!: { resolve: (messages: Partial<Messages>) => void; reject: (error: Error) => void };
  const promise = new Promise<Partial<Messages>>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

/** Fetches of one locale, one per call, each settled by the test. */
function fetchesOf() {
  const fetches: Array<ReturnType<typeof pendingFetch>> = [];
  return {
    fetches,
    importer: (): Promise<Partial<Messages>> => {
      const fetch = pendingFetch();
      fetches.push(fetch);
      return fetch.promise;
    },
  };
}

const spanish: Partial<Messages> = { ...ptBR, 'checkout.retry': 'Intentar de nuevo' };
const english: Partial<Messages> = { ...ptBR, 'checkout.retry': 'Try again' };

/** An element as far as a controller sees it: it counts the updates asked for. */
class FakeElement implements ReactiveControllerHost {
  locale: SupportedLocale = 'es';
  updatesRequested = 0;
  private readonly controllers: ReactiveController[] = [];

  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }

  removeController(): void {}

  requestUpdate(): void {
    this.updatesRequested += 1;
  }

  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }

  connect(): void {
    for (const controller of this.controllers) controller.hostConnected?.();
  }

  update(): void {
    for (const controller of this.controllers) controller.hostUpdate?.();
  }
}

function setUp(locale: SupportedLocale = 'es') {
  const pt = fetchesOf();
  const es = fetchesOf();
  const en = fetchesOf();
  const results = () => Promise.reject(new Error('only the form part here'));
  const registry = new CatalogueRegistry({
    'pt-BR': { form: pt.importer, card: results, results },
    es: { form: es.importer, card: results, results },
    en: { form: en.importer, card: results, results },
  });
  const host = new FakeElement();
  host.locale = locale;
  const controller = new LocaleController(host, () => host.locale, registry);
  return { pt, es, en, registry, host, controller };
}

/** Brings the pt-BR catalogue to the page, as another element would have. */
async function loadPortuguese({ pt, registry }: ReturnType<typeof setUp>): Promise<void> {
  const loaded = registry.load('pt-BR');
  pt.fetches.at(-1)!.resolve(ptBR);
  await loaded;
}

/** Lets the promise callbacks run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An element of `locale` attached to the page, whose first fetch of its catalogue failed. */
async function afterFailedFetch(locale: SupportedLocale) {
  const setup = setUp(locale);
  setup.host.connect();
  const fetches = locale === 'pt-BR' ? setup.pt : locale === 'es' ? setup.es : setup.en;
  fetches.fetches[0]!.reject(new Error('offline'));
  await settled();
  return setup;
}

describe('LocaleController', () => {
  it('fetches pt-BR like any other language, and only it', async () => {
    const { pt, es, en, host, controller } = setUp('pt-BR');
    host.connect();
    host.update();
    assert.equal(pt.fetches.length, 1);
    assert.equal(controller.ready, false);
    assert.equal(controller.failed, false);
    pt.fetches[0]!.resolve(ptBR);
    await settled();
    assert.equal(controller.ready, true);
    assert.equal(controller.locale, 'pt-BR');
    assert.equal(es.fetches.length + en.fetches.length, 0);
  });

  it('fetches a missing catalogue when connected, is not ready meanwhile, and updates the element when it arrives', async () => {
    const { es, host, controller } = setUp('es');
    host.connect();
    host.update();
    assert.equal(es.fetches.length, 1, 'one fetch for the connection and the update');
    assert.equal(controller.ready, false);
    assert.equal(controller.locale, 'es', 'never pt-BR while Spanish is on its way');
    es.fetches[0]!.resolve(spanish);
    await settled();
    assert.equal(controller.ready, true);
    assert.equal(controller.locale, 'es');
    assert.equal(host.updatesRequested, 1);
  });

  it('is ready at once for a catalogue another element already loaded', async () => {
    const first = setUp('es');
    first.host.connect();
    first.es.fetches[0]!.resolve(spanish);
    await settled();
    const second = new FakeElement();
    const controller = new LocaleController(second, () => second.locale, first.registry);
    second.connect();
    second.update();
    assert.equal(controller.ready, true);
    assert.equal(first.es.fetches.length, 1);
  });

  it('fetches the new locale when the element is asked for another one', async () => {
    const { es, en, host, controller } = setUp('es');
    host.connect();
    host.locale = 'en';
    host.update();
    assert.equal(en.fetches.length, 1);
    assert.equal(controller.ready, false);
    es.fetches[0]!.resolve(spanish);
    await settled();
    assert.equal(controller.ready, false, 'Spanish arriving does not make the English element ready');
    en.fetches[0]!.resolve(english);
    await settled();
    assert.equal(controller.ready, true);
    assert.equal(controller.locale, 'en');
  });

  describe('when the catalogue cannot be fetched and pt-BR is not on the page', () => {
    it('stays not ready and says it failed, updating the element once, without fetching again at each update', async () => {
      const { pt, es, host, controller } = setUp('es');
      host.connect();
      assert.equal(controller.failed, false, 'not failed while the fetch is on its way');
      es.fetches[0]!.reject(new Error('offline'));
      await settled();
      assert.equal(controller.ready, false);
      assert.equal(controller.failed, true);
      assert.equal(controller.locale, 'es', 'the language asked for: there is no text in another one');
      assert.equal(host.updatesRequested, 1);
      host.update();
      host.update();
      assert.equal(es.fetches.length, 1);
      assert.equal(pt.fetches.length, 0, 'pt-BR is not fetched in its place');
    });

    it('says so for pt-BR too', async () => {
      const { controller } = await afterFailedFetch('pt-BR');
      assert.equal(controller.ready, false);
      assert.equal(controller.failed, true);
    });

    it('fetches again on retry(), is no longer failed meanwhile, and is ready when the catalogue arrives', async () => {
      const { es, host, controller } = await afterFailedFetch('es');
      controller.retry();
      assert.equal(es.fetches.length, 2);
      assert.equal(controller.failed, false);
      assert.equal(host.updatesRequested, 2, 'the element is updated to show it is loading again');
      es.fetches[1]!.resolve(spanish);
      await settled();
      assert.equal(controller.ready, true);
      assert.equal(controller.failed, false);
      assert.equal(controller.locale, 'es');
    });

    it('says it failed again when the retry fails too', async () => {
      const { es, controller } = await afterFailedFetch('es');
      controller.retry();
      es.fetches[1]!.reject(new Error('still offline'));
      await settled();
      assert.equal(controller.failed, true);
      assert.equal(controller.ready, false);
    });

    it('tries again when the element is attached again', async () => {
      const { es, host, controller } = await afterFailedFetch('es');
      host.connect();
      assert.equal(es.fetches.length, 2);
      es.fetches[1]!.resolve(spanish);
      await settled();
      assert.equal(controller.ready, true);
      assert.equal(controller.locale, 'es');
    });
  });

  describe('when the catalogue cannot be fetched and pt-BR is on the page', () => {
    it('falls back to pt-BR and updates the element, without fetching again at each update', async () => {
      const setup = setUp('es');
      const { es, host, controller } = setup;
      await loadPortuguese(setup);
      host.connect();
      es.fetches[0]!.reject(new Error('offline'));
      await settled();
      assert.equal(controller.locale, 'pt-BR');
      assert.equal(controller.ready, true);
      assert.equal(controller.failed, false);
      assert.equal(host.updatesRequested, 1);
      host.update();
      host.update();
      assert.equal(es.fetches.length, 1);
    });

    it('tries again when the element is attached again, keeping pt-BR until Spanish arrives', async () => {
      const setup = setUp('es');
      const { es, host, controller } = setup;
      await loadPortuguese(setup);
      host.connect();
      es.fetches[0]!.reject(new Error('offline'));
      await settled();
      host.connect();
      assert.equal(es.fetches.length, 2);
      assert.equal(controller.locale, 'pt-BR');
      assert.equal(controller.ready, true);
      es.fetches[1]!.resolve(spanish);
      await settled();
      assert.equal(controller.locale, 'es');
      assert.equal(controller.ready, true);
    });
  });

  describe('updateComplete', () => {
    it('waits for the update that brings a catalogue still on its way', async () => {
      const { es, host, controller } = setUp('es');
      host.connect();
      let complete = false;
      const done = controller.updateComplete(() => host.updateComplete).then(() => {
        complete = true;
      });
      await settled();
      assert.equal(complete, false);
      es.fetches[0]!.resolve(spanish);
      await done;
      assert.equal(controller.ready, true);
    });

    it('is the element\'s own when nothing is on its way', async () => {
      const setup = setUp('pt-BR');
      const { host, controller } = setup;
      await loadPortuguese(setup);
      host.connect();
      let hostCalls = 0;
      const result = await controller.updateComplete(() => {
        hostCalls += 1;
        return Promise.resolve(false);
      });
      assert.equal(result, false);
      assert.equal(hostCalls, 1);
    });
  });
});
