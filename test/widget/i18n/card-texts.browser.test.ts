// The card form's own texts are a part of each language's catalogue of its own, fetched with the
// card form's code rather than before the form. The card form shows nothing until its part is here;
// a part that could not be fetched is said in the buyer's language, from the few texts the first
// chunk carries, with a button that fetches it again. Each test file runs in a page of its own, so
// no catalogue is loaded when this one starts.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/widget/card/card-fields.js';
import type { PayCardFields } from '../../../src/widget/card/card-fields.component.js';
import { CatalogueRegistry, type CataloguePart } from '../../../src/widget/i18n/catalogue-registry.js';
import { hasCatalogue, loadCatalogue, type Messages } from '../../../src/widget/i18n/catalogue.js';
import type { SupportedLocale } from '../../../src/widget/i18n/locales.js';
import { textOf } from '../card/card-fields-harness.js';

/** Holds every fetch of a card part until the test lets it go or fails it as a lost connection does. */
function holdCardParts() {
  const load = CatalogueRegistry.prototype.load;
  const held: Array<{ release(): void; fail(): void }> = [];
  CatalogueRegistry.prototype.load = function (this: CatalogueRegistry, locale: SupportedLocale, part: CataloguePart = 'form') {
    if (part !== 'card' || this.has(locale, part)) return load.call(this, locale, part);
    return new Promise<Partial<Messages>>((resolve, reject) => {
      held.push({
        release: () => load.call(this, locale, part).then(resolve, reject),
        fail: () => reject(new TypeError('Failed to fetch dynamically imported module')),
      });
    });
  };
  return { held, restore: () => (CatalogueRegistry.prototype.load = load) };
}

describe('the card form\'s own texts, a part of the catalogue fetched with it', () => {
  let fetches: ReturnType<typeof holdCardParts>;

  before(() => {
    fetches = holdCardParts();
  });

  after(() => fetches.restore());

  it('shows nothing until its part is here, says so with a retry when it cannot be fetched, and shows the fields once the retry brings it', async () => {
    await loadCatalogue('en');
    expect(hasCatalogue('en', 'card'), 'the form part brings none of the card form\'s texts').to.equal(false);
    // Not awaited: the element's update completes only once its texts have come or failed.
    const rendered = fixture<PayCardFields>(html`<pay-card-fields locale="en"></pay-card-fields>`);
    await waitUntil(() => fetches.held.length === 1, 'the card form did not fetch its part');
    const card = document.querySelector<PayCardFields>('pay-card-fields')!;
    expect(textOf(card, '[part="base"]')).to.equal('');
    expect(card.shadowRoot!.textContent!.trim()).to.equal('');
    fetches.held[0]!.fail();
    await waitUntil(() => card.shadowRoot!.querySelector('[role="alert"]'), 'no error said', { timeout: 5000 });
    expect(textOf(card, '[role="alert"]')).to.equal('We could not load the payment. Check your connection and try again. Try again');
    await expect(card).to.be.accessible();
    card.shadowRoot!.querySelector<HTMLButtonElement>('[role="alert"] button')!.click();
    await waitUntil(() => fetches.held.length === 2, 'the retry did not fetch the part again');
    fetches.held[1]!.release();
    await waitUntil(() => textOf(card, '[part="base"]').includes('Card number'), 'the fields did not show once their texts came', { timeout: 5000 });
    expect(card.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
    expect(await rendered).to.equal(card);
    await expect(card).to.be.accessible();
  });
});
