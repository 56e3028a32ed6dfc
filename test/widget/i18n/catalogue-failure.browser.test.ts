// A buyer whose catalogue cannot be fetched (they went offline) with no other catalogue on the
// page: the checkout has no text to fall back on, so it says so in their language, from the few
// texts it carries in every language, with a button that fetches the catalogue again. Each test
// file runs in a page of its own: no catalogue is loaded when this one starts, which the other
// tests of this folder cannot promise once they have shown a checkout.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import { CatalogueRegistry, type CataloguePart } from '../../../src/widget/i18n/catalogue-registry.js';
import { hasCatalogue, type Messages } from '../../../src/widget/i18n/catalogue.js';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../../src/widget/i18n/locales.js';
import { resetSandbox, submitOf, textOf } from '../checkout/checkout-harness.js';

/** A fetch that fails the way a lost connection does. */
const offlineFetch = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

/**
 * Puts `answer` in front of the widget's catalogue fetches (a dynamic import cannot be
 * intercepted like `fetch`): what it returns stands for the fetch of a catalogue not on the page
 * yet, undefined lets the real one go. Counts the attempts to fetch it (a part already here is not fetched).
 */
function interceptCatalogueFetches(answer: (locale: SupportedLocale) => Promise<Partial<Messages>> | undefined) {
  const load = CatalogueRegistry.prototype.load;
  const attempts: SupportedLocale[] = [];
  CatalogueRegistry.prototype.load = function (this: CatalogueRegistry, locale: SupportedLocale, part: CataloguePart = 'form') {
    if (part !== 'form' || this.has(locale)) return load.call(this, locale, part);
    attempts.push(locale);
    return answer(locale) ?? load.call(this, locale);
  };
  return { attempts, restore: () => (CatalogueRegistry.prototype.load = load) };
}

describe('a <pay-checkout> whose catalogue cannot be fetched', () => {
  let answer: (locale: SupportedLocale) => Promise<Partial<Messages>> | undefined = () => undefined;
  let fetches: ReturnType<typeof interceptCatalogueFetches>;

  before(async () => {
    await resetSandbox();
    fetches = interceptCatalogueFetches((locale) => answer(locale));
  });

  after(() => fetches.restore());

  it('shows an error in the buyer\'s language with a retry button, and shows the form once the retry fetches it', async () => {
    expect(SUPPORTED_LOCALES.filter((locale) => hasCatalogue(locale)), 'no catalogue on the page').to.deep.equal([]);
    answer = (locale) => (locale === 'es' ? offlineFetch() : undefined);
    const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" locale="es"></pay-checkout>`);
    await waitUntil(() => el.shadowRoot!.querySelector('[part="load-error"]'), 'no error state', { timeout: 5000 });
    const base = el.shadowRoot!.querySelector('[part="base"]')!;
    const error = el.shadowRoot!.querySelector('[part="load-error"]')!;
    expect(error.getAttribute('role')).to.equal('alert');
    expect(textOf(error)).to.equal('No se pudo cargar el pago. Revisa tu conexión e inténtalo de nuevo. Intentar de nuevo');
    expect(base.getAttribute('lang')).to.equal('es');
    expect(base.getAttribute('aria-busy'), 'an alert under aria-busy would not be read').to.equal('false');
    expect(hasCatalogue('pt-BR'), 'no other language is fetched in its place').to.equal(false);
    expect(fetches.attempts).to.deep.equal(['es']);
    await expect(el).to.be.accessible();

    answer = () => undefined;
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await el.updateComplete;
    expect(fetches.attempts).to.deep.equal(['es', 'es']);
    await waitUntil(() => el.shadowRoot!.querySelector('form'), 'the retry did not bring the form', { timeout: 5000 });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="load-error"]')).to.equal(null);
    expect(textOf(submitOf(el))).to.equal('Pagar 97,00 BRL');
    expect(base.getAttribute('lang')).to.equal('es');
    expect(base.getAttribute('aria-busy')).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('is busy loading again while the retry is on its way, and shows the error again if it fails too', async () => {
    answer = (locale) => (locale === 'en' ? offlineFetch() : undefined);
    const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" locale="en"></pay-checkout>`);
    await waitUntil(() => el.shadowRoot!.querySelector('[part="load-error"]'), 'no error state', { timeout: 5000 });
    expect(textOf(el.shadowRoot!.querySelector('[part="load-error"]'))).to.equal(
      'We could not load the payment. Check your connection and try again. Try again',
    );
    let loseConnection!: () => void;
    answer = () => new Promise<Partial<Messages>>((_, reject) => (loseConnection = () => reject(new TypeError('Failed to fetch'))));
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await waitUntil(() => el.shadowRoot!.querySelector('[part="loading"]'), 'no loading state during the retry');
    const base = el.shadowRoot!.querySelector('[part="base"]')!;
    expect(textOf(el.shadowRoot!.querySelector('[part="loading"]'))).to.equal('Loading…');
    expect(base.getAttribute('aria-busy')).to.equal('true');
    expect(el.shadowRoot!.querySelector('[part="load-error"]')).to.equal(null);
    loseConnection();
    await waitUntil(() => el.shadowRoot!.querySelector('[part="load-error"]'), 'the failed retry left no error state', { timeout: 5000 });
    expect(base.getAttribute('aria-busy')).to.equal('false');
    expect(fetches.attempts.filter((locale) => locale === 'en')).to.have.length(2);
    expect(hasCatalogue('en')).to.equal(false);
  });
});
