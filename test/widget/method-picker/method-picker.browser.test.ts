import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { a11ySnapshot, findAccessibilityNode, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/widget/method-picker/method-picker.js';
import { PayCardFields } from '../../../src/widget/card/card-fields.component.js';
import { CARD_TEXTS } from '../../../src/widget/i18n/catalogue.js';
import type { PayMethodPicker } from '../../../src/widget/method-picker/method-picker.component.js';
import type { ChargeMethod } from '../../../src/contract/payment-methods.js';

const ALL: ChargeMethod[] = ['pix', 'pix_auto', 'boleto', 'credit_card', 'threeDs'];

const radiosOf = (el: PayMethodPicker) => Array.from(el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
const radioOf = (el: PayMethodPicker, method: ChargeMethod) => el.shadowRoot!.querySelector<HTMLInputElement>(`input[value="${method}"]`)!;
const textOf = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The texts a radio's `aria-describedby` points at. */
function descriptionOf(el: PayMethodPicker, method: ChargeMethod): string[] {
  const ids = (radioOf(el, method).getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => textOf(el.shadowRoot!.getElementById(id)));
}

/** The element with focus inside the picker. */
const focusedIn = (el: PayMethodPicker) => el.shadowRoot!.activeElement;

describe('<pay-method-picker>', () => {
  it('is accessible', async () => {
    const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${ALL} value="pix"></pay-method-picker>`);
    await expect(el).to.be.accessible();
  });

  it('defaults to no methods and no choice, in pt-BR', async () => {
    const el = await fixture<PayMethodPicker>(html`<pay-method-picker></pay-method-picker>`);
    expect(el.methods).to.deep.equal([]);
    expect(el.value).to.equal(undefined);
    expect(el.locale).to.equal('pt-BR');
    expect(radiosOf(el)).to.have.length(0);
    expect(textOf(el.shadowRoot!.querySelector('legend'))).to.equal('Como você quer pagar?');
  });

  it('shows each method with its name and its explanation as the radio\'s description', async () => {
    const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${ALL} value="boleto"></pay-method-picker>`);
    expect(radiosOf(el).map((radio) => radio.value)).to.deep.equal(ALL);
    expect(radioOf(el, 'boleto').checked).to.equal(true);
    expect(textOf(radioOf(el, 'pix_auto').closest('label')!.querySelector('[part="option-name"]'))).to.equal('Pix Automático');
    expect(descriptionOf(el, 'pix')).to.deep.equal(['Pagamento instantâneo, confirmado em segundos.']);
  });

  it('names the card the same, with the same explanation, whether it is charged as credit_card or threeDs', async () => {
    const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${['pix', 'threeDs']}></pay-method-picker>`);
    const other = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${['pix', 'credit_card']}></pay-method-picker>`);
    const nameOf = (picker: PayMethodPicker, method: ChargeMethod) => textOf(radioOf(picker, method).closest('label')!.querySelector('[part="option-name"]'));
    expect(nameOf(el, 'threeDs')).to.equal('Cartão de crédito');
    expect(nameOf(other, 'credit_card')).to.equal('Cartão de crédito');
    expect(descriptionOf(el, 'threeDs')).to.deep.equal(descriptionOf(other, 'credit_card'));
  });

  it('has screen readers read each explanation once: the radio is named by the method alone and described by its explanation', async () => {
    const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${['pix', 'boleto']} value="pix"></pay-method-picker>`);
    // The label wraps name and explanation (the whole option is the target): without aria-labelledby
    // the explanation would be read in the name, and again as the description.
    const boleto = radioOf(el, 'boleto');
    const names = (boleto.getAttribute('aria-labelledby') ?? '').split(' ').filter(Boolean);
    expect(names.map((id) => textOf(el.shadowRoot!.getElementById(id)))).to.deep.equal(['Boleto bancário']);
    expect(descriptionOf(el, 'boleto')).to.deep.equal(['A compensação leva de 1 a 3 dias úteis após o pagamento.']);
    await expect(el).to.be.accessible();
  });

  it('follows the locale', async () => {
    const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${['boleto']} locale="en"></pay-method-picker>`);
    expect(textOf(el.shadowRoot!.querySelector('legend'))).to.equal('How would you like to pay?');
    expect(descriptionOf(el, 'boleto')[0]).to.match(/business days/);
  });

  describe('when the buyer picks a method', () => {
    it('fires pay-method-change with the previous method on a click', async () => {
      const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${ALL} value="pix"></pay-method-picker>`);
      const changed = oneEvent(el, 'pay-method-change');
      radioOf(el, 'credit_card').click();
      const event = await changed;
      expect(event.detail).to.deep.equal({ method: 'credit_card', previous: 'pix' });
      expect(event.bubbles && event.composed).to.equal(true);
      expect(el.value).to.equal('credit_card');
    });

    it('moves with the arrow keys, as a radio group does', async () => {
      const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${ALL} value="pix"></pay-method-picker>`);
      el.focus();
      expect(focusedIn(el)).to.equal(radioOf(el, 'pix'));
      const changed = oneEvent(el, 'pay-method-change');
      await sendKeys({ press: 'ArrowDown' });
      expect((await changed).detail.method).to.equal('pix_auto');
      expect(focusedIn(el)).to.equal(radioOf(el, 'pix_auto'));
    });

    it('fires nothing when the page sets the value', async () => {
      const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${ALL} value="pix"></pay-method-picker>`);
      let fired = 0;
      el.addEventListener('pay-method-change', () => (fired += 1));
      el.value = 'boleto';
      await el.updateComplete;
      expect(radioOf(el, 'boleto').checked).to.equal(true);
      expect(fired).to.equal(0);
    });
  });

  describe('when the chosen method was refused', () => {
    it('shows the message as text under the group, tied to the radios, and focus goes to the chosen one', async () => {
      const message = 'O produtor não possui conta bancária válida <b>para pix</b>.';
      const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${ALL} value="boleto" .error=${message}></pay-method-picker>`);
      const error = el.shadowRoot!.querySelector('[part="error"]')!;
      expect(error.textContent).to.equal(message);
      expect(error.querySelector('b')).to.equal(null);
      expect(descriptionOf(el, 'boleto')).to.deep.equal(['A compensação leva de 1 a 3 dias úteis após o pagamento.', message]);
      expect(radioOf(el, 'boleto').getAttribute('aria-invalid')).to.equal('true');
      expect(radioOf(el, 'pix').hasAttribute('aria-invalid')).to.equal(false);
      el.focus();
      expect(focusedIn(el)).to.equal(radioOf(el, 'boleto'));
      await expect(el).to.be.accessible();
    });
  });

  it('locks every option while disabled', async () => {
    const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${ALL} value="pix" disabled></pay-method-picker>`);
    radioOf(el, 'boleto').click();
    expect(el.value).to.equal('pix');
    expect(radiosOf(el).every((radio) => radio.matches(':disabled'))).to.equal(true);
  });

  describe('the card brands\' marks', () => {
    // The marks are named from the card form's part of the catalogue, which comes with its code.
    before(() => Promise.all([CARD_TEXTS.load('pt-BR'), CARD_TEXTS.load('es')]));

    interface AxNode {
      role: string;
      name: string;
      description?: string;
      children: AxNode[];
    }
    const marksOf = (el: PayMethodPicker, method: ChargeMethod) => radioOf(el, method).closest('label')!.querySelector<HTMLElement>('.marks');
    const ALL_BRANDS = 'Bandeiras aceitas: Visa, Mastercard, Elo, Hipercard, American Express e Diners Club';

    afterEach(() => setViewport({ width: 800, height: 600 }));

    it('keep a row of their height under the card\'s explanation while they are on their way, so nothing moves when they come', async () => {
      const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${['pix', 'threeDs']} value="pix" .cardMarks=${''}></pay-method-picker>`);
      const option = radioOf(el, 'threeDs').closest('label')!;
      const before = option.getBoundingClientRect().height;
      expect(marksOf(el, 'threeDs')!.childElementCount).to.equal(0);
      expect(marksOf(el, 'threeDs')!.getBoundingClientRect().height).to.equal(20);

      el.cardMarks = PayCardFields.brandMarks('pt-BR');
      await el.updateComplete;
      expect(marksOf(el, 'threeDs')!.querySelectorAll('svg')).to.have.length(6);
      expect(option.getBoundingClientRect().height).to.equal(before);
    });

    it('leave no empty row under the card\'s explanation when none are coming', async () => {
      const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${['pix', 'threeDs']} value="pix"></pay-method-picker>`);
      expect(marksOf(el, 'threeDs')).to.equal(null);
      expect(radioOf(el, 'threeDs').getAttribute('aria-describedby')).to.equal('method-threeDs-description');
      // The card's option ends under its explanation as the Pix one does.
      const gapUnder = (method: ChargeMethod) =>
        radioOf(el, method).closest('label')!.getBoundingClientRect().bottom - radioOf(el, method).closest('label')!.querySelector('.description')!.getBoundingClientRect().bottom;
      expect(gapUnder('threeDs')).to.be.closeTo(gapUnder('pix'), 0.5);

      el.cardMarks = '';
      await el.updateComplete;
      expect(marksOf(el, 'threeDs')!.getBoundingClientRect().height).to.equal(20);
      expect(gapUnder('threeDs')).to.be.greaterThan(gapUnder('pix') + 19);
    });

    it('show only under a card choice, as one picture the radio reads once after its explanation; its name stays the method\'s', async () => {
      const el = await fixture<PayMethodPicker>(
        html`<pay-method-picker .methods=${['pix', 'boleto', 'credit_card']} value="pix" .cardMarks=${PayCardFields.brandMarks('pt-BR')}></pay-method-picker>`,
      );
      expect(marksOf(el, 'pix')).to.equal(null);
      expect(marksOf(el, 'boleto')).to.equal(null);
      const picture = marksOf(el, 'credit_card')!.querySelector('[role="img"]')!;
      expect(picture.getAttribute('aria-label')).to.equal(ALL_BRANDS);
      expect(Array.from(picture.querySelectorAll('svg'), (svg) => svg.getAttribute('aria-hidden'))).to.deep.equal(Array(6).fill('true'));
      expect(radioOf(el, 'credit_card').getAttribute('aria-describedby')).to.equal('method-credit_card-description method-credit_card-marks');
      expect(radioOf(el, 'pix').getAttribute('aria-describedby')).to.equal('method-pix-description');

      // What the browser gives screen readers: the name and the description each carry their text once.
      const tree = (await a11ySnapshot({})) as unknown as AxNode;
      const radio = findAccessibilityNode<AxNode>(tree, (node) => node.role === 'radio' && node.name === 'Cartão de crédito');
      expect(radio?.description).to.equal(`Aprovação na hora, à vista ou parcelado. ${ALL_BRANDS}`);
      await expect(el).to.be.accessible();
    });

    it('follow the locale', async () => {
      // The checkout passes marks in the language whose catalogue the picker has loaded.
      const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${['threeDs']} locale="es"></pay-method-picker>`);
      el.cardMarks = PayCardFields.brandMarks('es');
      await el.updateComplete;
      expect(marksOf(el, 'threeDs')!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.match(/^[^:]+: Visa, Mastercard, Elo, Hipercard, American Express y Diners Club$/);
    });

    it('fit a 375 px screen inside the card\'s option', async () => {
      await setViewport({ width: 375, height: 800 });
      const el = await fixture<PayMethodPicker>(html`<pay-method-picker .methods=${ALL} .cardMarks=${PayCardFields.brandMarks('pt-BR')}></pay-method-picker>`);
      for (const method of ['credit_card', 'threeDs'] as const) {
        const option = radioOf(el, method).closest('label')!.getBoundingClientRect();
        const marks = Array.from(marksOf(el, method)!.querySelectorAll('svg'), (svg) => svg.getBoundingClientRect());
        expect(marks.every((mark) => mark.left >= option.left && mark.right <= option.right), method).to.equal(true);
      }
      expect(document.documentElement.scrollWidth).to.be.at.most(375);
    });
  });
});
