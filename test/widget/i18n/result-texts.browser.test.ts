// The Pix and boleto views' own texts are a part of each language's catalogue of its own, fetched
// with those views rather than before the form. A view drawn before its part is here shows nothing
// (never a text's name), then its texts once the part comes; a part that could not be fetched is
// fetched again when the view is attached again. Each test file runs in a page of its own, so no
// catalogue is loaded when this one starts.
import { expect, waitUntil } from '@open-wc/testing';
import type { ReactiveElement } from 'lit';
import { CatalogueRegistry, type CataloguePart } from '../../../src/widget/i18n/catalogue-registry.js';
import { hasCatalogue, loadCatalogue, type Messages } from '../../../src/widget/i18n/catalogue.js';
import type { SupportedLocale } from '../../../src/widget/i18n/locales.js';
import ptBR from '../../../src/widget/i18n/messages/pt-BR.js';
import ptBRResults from '../../../src/widget/i18n/messages/pt-BR.results.js';
import { resetSandbox } from '../checkout/checkout-harness.js';
import { createCharge, resultFixture, viewText } from '../results/results-harness.js';

/** Every text name of the catalogue: none may ever show on screen. */
const TEXT_NAMES = [...Object.keys(ptBR), ...Object.keys(ptBRResults)];

/** What the Pix view shows after each of its updates, from its first. */
const renders: string[] = [];
(customElements.get('pay-pix-result') as unknown as typeof ReactiveElement).addInitializer((element) => {
  element.addController({ hostUpdated: () => renders.push((element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim()) });
});

/** A results part's fetch the test settles: `release` lets the real one go, `fail` fails it as a lost connection does. */
interface HeldFetch {
  readonly locale: SupportedLocale;
  release(): void;
  fail(): void;
}

/** Holds every fetch of a results part until the test settles it (a dynamic import cannot be intercepted like `fetch`). */
function holdResultsParts() {
  const load = CatalogueRegistry.prototype.load;
  const held: HeldFetch[] = [];
  CatalogueRegistry.prototype.load = function (this: CatalogueRegistry, locale: SupportedLocale, part: CataloguePart = 'form') {
    if (part !== 'results' || this.has(locale, part)) return load.call(this, locale, part);
    return new Promise<Partial<Messages>>((resolve, reject) => {
      held.push({
        locale,
        release: () => load.call(this, locale, part).then(resolve, reject),
        fail: () => reject(new TypeError('Failed to fetch dynamically imported module')),
      });
    });
  };
  return { held, restore: () => (CatalogueRegistry.prototype.load = load) };
}

describe('the result views\' own texts, a part of the catalogue fetched with them', () => {
  let fetches: ReturnType<typeof holdResultsParts>;

  before(async () => {
    await resetSandbox();
    fetches = holdResultsParts();
  });

  after(() => fetches.restore());

  it('keeps a Pix view blank, never showing a text\'s name, until its part is here, then shows it in the buyer\'s language', async () => {
    await loadCatalogue('es');
    expect(hasCatalogue('es', 'results'), 'the form part brings none of the views\' texts').to.equal(false);
    const { order } = await createCharge('pix');
    renders.length = 0;
    const view = resultFixture<HTMLElement & { updateComplete: Promise<boolean> }>('pay-pix-result', order, { locale: 'es' });
    await waitUntil(() => fetches.held.length === 1, 'the view did not fetch its part');
    expect(fetches.held[0]!.locale).to.equal('es');
    expect(renders.length, 'the view rendered while waiting').to.be.greaterThan(0);
    expect(renders.filter((text) => text !== '')).to.deep.equal([]);
    fetches.held[0]!.release();
    const el = await view;
    expect(viewText(el)).to.contain('Paga con Pix').and.to.contain('Copiar código');
    expect(TEXT_NAMES.filter((name) => renders.some((text) => text.includes(name)))).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('fetches a part that could not be fetched again when the view is attached again', async () => {
    const { order } = await createCharge('pix');
    const view = resultFixture<HTMLElement & { updateComplete: Promise<boolean> }>('pay-pix-result', order, { locale: 'en' });
    await waitUntil(() => fetches.held.length === 2, 'the view did not fetch its part');
    fetches.held[1]!.fail();
    const el = await view;
    expect(hasCatalogue('en', 'results')).to.equal(false);
    expect(viewText(el), 'nothing to show without its texts').to.equal('');
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await waitUntil(() => fetches.held.length === 3, 'the part was not fetched again');
    fetches.held[2]!.release();
    await waitUntil(() => viewText(el).includes('Pay with Pix'), 'the view did not show its texts once they came', { timeout: 5000 });
    expect(hasCatalogue('en', 'results')).to.equal(true);
  });
});
