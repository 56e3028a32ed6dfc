import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
// The script-tag build's entry: the card form, and the marks with it, come on demand.
import '../../../src/widget/script-tag.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { PayMethodPicker } from '../../../src/widget/method-picker/method-picker.component.js';

/** A checkout on the test page's relay once its form is on screen. */
async function readyCheckout(methods = ''): Promise<PayCheckout> {
  const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY" methods=${methods}></pay-checkout>`);
  await waitUntil(() => el.shadowRoot?.querySelector('form'), 'the checkout form did not appear', { timeout: 5000 });
  await el.updateComplete;
  return el;
}

const pickerOf = (el: PayCheckout) => el.shadowRoot!.querySelector<PayMethodPicker>('pay-method-picker')!;
const optionOf = (el: PayCheckout, method: string) => pickerOf(el).shadowRoot!.querySelector(`input[value="${method}"]`)!.closest('label')!;
const marksIn = (el: PayCheckout) => Array.from(pickerOf(el).shadowRoot!.querySelectorAll('.marks'));

// Each browser test file runs in a page of its own: the card form's code is not here until a test picks a card.
describe('the card brands\' marks in the checkout\'s method choice', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
    await emulateMedia({ colorScheme: 'light' });
  });

  it('are not shown for an offer without a card', async () => {
    const el = await readyCheckout('pix,boleto');
    expect(marksIn(el)).to.have.length(0);
    expect(customElements.get('pay-card-fields')).to.equal(undefined);
    el.remove();
  });

  it('leave no empty row under "Cartão de crédito" for a Pix buyer, and come into the row the card\'s choice opens, nothing moving', async () => {
    await setViewport({ width: 375, height: 800 });
    const el = await readyCheckout();
    const option = optionOf(el, 'threeDs');
    // Pix is the first method: the card form's code is not asked for, so no row waits for marks.
    expect(marksIn(el)).to.have.length(0);
    expect(customElements.get('pay-card-fields')).to.equal(undefined);
    const closed = option.getBoundingClientRect().height;

    // The buyer's own click opens the row (a shift right after an input is not counted against the page).
    option.querySelector('input')!.click();
    await el.updateComplete;
    await pickerOf(el).updateComplete;
    const [row] = marksIn(el);
    expect(marksIn(el)).to.have.length(1);
    expect(option.contains(row!)).to.equal(true);
    expect(row!.childElementCount).to.equal(0);
    const height = option.getBoundingClientRect().height;
    expect(height).to.be.closeTo(closed + 20 + 4, 8);
    // Back to Pix before the code has come: it is on its way, so the row stays for the marks.
    optionOf(el, 'pix').querySelector('input')!.click();
    await el.updateComplete;
    await pickerOf(el).updateComplete;
    expect(marksIn(el)).to.deep.equal([row]);
    expect(option.getBoundingClientRect().height).to.equal(height);

    await waitUntil(() => row!.querySelector('[role="img"]'), 'the marks did not arrive with the card form', { timeout: 5000 });
    const picture = row!.querySelector('[role="img"]')!;
    expect(picture.getAttribute('aria-label')).to.equal('Bandeiras aceitas: Visa, Mastercard, Elo, Hipercard, American Express e Diners Club');
    expect(picture.querySelectorAll('svg')).to.have.length(6);
    expect(option.getBoundingClientRect().height).to.equal(height);
    expect(option.querySelector('[part="option-name"]')!.textContent!.trim()).to.equal('Cartão de crédito');

    // A 375 px phone: the marks stay inside the option, and nothing scrolls sideways.
    const box = option.getBoundingClientRect();
    const marks = Array.from(picture.querySelectorAll('svg'), (svg) => svg.getBoundingClientRect());
    expect(marks.every((mark) => mark.left >= box.left && mark.right <= box.right)).to.equal(true);
    expect(document.documentElement.scrollWidth).to.be.at.most(375);

    await expect(el).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    await expect(el).to.be.accessible();
    el.remove();
  });
});
