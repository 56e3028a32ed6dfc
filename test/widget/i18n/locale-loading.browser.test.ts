// Every catalogue, pt-BR's included, is fetched on demand: an element renders no text until the
// one of its language is here, so the buyer reads their language from the first text and fetches
// no other. Each test file runs in a page of its own, so no catalogue is loaded when this one starts.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ReactiveElement } from 'lit';
import type { ChargeMethod } from '../../../src/contract/payment-methods.js';
import { hasCatalogue } from '../../../src/widget/i18n/catalogue.js';
import { SUPPORTED_LOCALES } from '../../../src/widget/i18n/locales.js';
import type { PayMethodPicker } from '../../../src/widget/method-picker/method-picker.component.js';
import { customerFieldsOf, methodPickerOf, readyCheckout, resetSandbox, submitOf, textOf } from '../checkout/checkout-harness.js';

interface Render {
  readonly element: Element;
  readonly text: string;
  readonly busy: string | null;
  readonly lang: string | null;
}

/** Records what every `tag` element shows after each of its updates, from its first. */
function recordRenders(tag: string): Render[] {
  const renders: Render[] = [];
  const elementClass = customElements.get(tag) as typeof ReactiveElement | undefined;
  if (!elementClass) throw new Error(`${tag} is not registered`);
  elementClass.addInitializer((element) => {
    element.addController({
      hostUpdated: () => {
        const base = element.shadowRoot?.querySelector('[part="base"]');
        renders.push({
          element,
          text: (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim(),
          busy: base?.getAttribute('aria-busy') ?? null,
          lang: base?.getAttribute('lang') ?? null,
        });
      },
    });
  });
  return renders;
}

const pickerRenders = recordRenders('pay-method-picker');
const customerRenders = recordRenders('pay-customer-fields');
const checkoutRenders = recordRenders('pay-checkout');

const textsOf = (renders: readonly Render[], element: Element) => renders.filter((render) => render.element === element).map((render) => render.text);

/** The catalogue modules the page fetched so far (`pt-BR.ts`, `es.ts`…). */
const fetchedCatalogues = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/src/widget/i18n/messages/'))
    .map((path) => path.slice(path.lastIndexOf('/') + 1));

describe('texts in a language fetched on demand', () => {
  before(() => {
    // The test server serves every module as a file of its own: the page's default list of 250 loads would fill up.
    performance.setResourceTimingBufferSize(5_000);
  });

  // First: it needs a page where no catalogue was fetched yet.
  it('fetches the pt-BR catalogue for a <pay-checkout> in pt-BR, and no other, saying "Carregando…" until it is here', async () => {
    expect(SUPPORTED_LOCALES.filter((locale) => hasCatalogue(locale)), 'no catalogue is in the first chunk').to.deep.equal([]);
    await resetSandbox();
    const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
    const renders = checkoutRenders.filter((render) => render.element === el);
    expect(renders[0]).to.include({ text: 'Carregando…', busy: 'true', lang: 'pt-BR' });
    expect(textOf(submitOf(el))).to.equal('Pagar R$ 97,00');
    // Every element is registered on this page, as in the npm build: the card form's code is here, so the
    // picker's brand marks fetch the card form's texts, in the same language, after the form's own.
    expect(customElements.get('pay-card-fields'), 'the card form is registered at once').to.not.equal(undefined);
    // The card texts are asked for once the picker draws, so on a busy machine they may still be on their way
    // at pay-ready: a resource is listed once it has come.
    await waitUntil(() => fetchedCatalogues().length >= 2, `the card form's texts never came: ${fetchedCatalogues().join(', ')}`, { timeout: 5000 });
    expect(fetchedCatalogues()).to.deep.equal(['pt-BR.ts', 'pt-BR.card.ts']);
    expect(SUPPORTED_LOCALES.filter((locale) => hasCatalogue(locale))).to.deep.equal(['pt-BR']);
    el.remove();
  });

  it('renders <pay-method-picker locale="es"> in Spanish once its catalogue is here, never in pt-BR before', async () => {
    expect(hasCatalogue('es'), 'Spanish is not in the first chunk').to.equal(false);
    const methods: ChargeMethod[] = ['pix', 'boleto'];
    const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${methods} value="pix" locale="es"></pay-method-picker>`);
    expect(hasCatalogue('es')).to.equal(true);
    const texts = textsOf(pickerRenders, el);
    expect(texts[0], 'the first render waits for the catalogue').to.equal('');
    expect(texts.at(-1)).to.contain('¿Cómo quieres pagar?').and.to.contain('Boleto bancario');
    expect(texts.filter((text) => text !== '' && !text.includes('¿Cómo quieres pagar?'))).to.deep.equal([]);
    expect(texts.filter((text) => text.includes('Como você quer pagar?') || text.includes('Pagamento instantâneo'))).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  describe('a <pay-checkout locale="en">', () => {
    before(async () => {
      await resetSandbox();
    });

    it('says "Loading…" in English while its catalogue and configuration load, then shows the form in English', async () => {
      expect(hasCatalogue('en'), 'English is not in the first chunk').to.equal(false);
      const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" locale="en"></pay-checkout>`);
      const renders = checkoutRenders.filter((render) => render.element === el);
      expect(renders[0]).to.include({ text: 'Loading…', busy: 'true', lang: 'en' });
      const loading = renders.filter((render) => render.text === 'Loading…');
      expect(loading.every((render) => render.busy === 'true' && render.lang === 'en')).to.equal(true);
      expect(renders.filter((render) => render.text !== 'Loading…' && !render.text.includes('Pay R$97.00'))).to.deep.equal([]);
      expect(textOf(submitOf(el))).to.equal('Pay R$97.00');
      await expect(el).to.be.accessible();
    });

    it('gives its children a language already loaded, so they show English from their first render', async () => {
      const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" locale="en"></pay-checkout>`);
      const picker = textsOf(pickerRenders, methodPickerOf(el));
      const customer = textsOf(customerRenders, customerFieldsOf(el));
      expect(picker.length).to.be.greaterThan(0);
      expect(picker.filter((text) => !text.includes('How would you like to pay?'))).to.deep.equal([]);
      expect(customer.length).to.be.greaterThan(0);
      expect(customer.filter((text) => !text.includes('Full name'))).to.deep.equal([]);
    });
  });
});
