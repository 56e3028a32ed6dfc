import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/widget/card/card-fields.js';
import type { PayCardFields } from '../../../src/widget/card/card-fields.component.js';
import { MARKED_BRANDS } from '../../../src/widget/card/card-brand-marks.js';
import { CARD_FIELDS, type CardField } from '../../../src/widget/card/card-field.js';
import { translate } from '../../../src/widget/i18n/translate.js';
import type { CardChangeDetail, PayCardChangeEvent } from '../../../src/widget/events/card-change-event.js';
import {
  FUTURE_YY,
  FUTURE_YYYY,
  descriptionOf,
  errorText,
  focusedId,
  inputOf,
  press,
  textOf,
  typeInto,
} from './card-fields-harness.js';

const empty = () => fixture<PayCardFields>(html`<pay-card-fields></pay-card-fields>`);
const marksOf = (el: PayCardFields) => el.shadowRoot!.querySelector<HTMLElement>('[part="brand-marks"]')!;
/** Which brand each mark shows, by its place in the row, and how it is drawn. */
const markStates = (el: PayCardFields) => Array.from(marksOf(el).children, (mark) => mark.className);

describe('<pay-card-fields>', () => {
  it('is accessible when empty', async () => {
    const el = await empty();
    await expect(el).to.be.accessible();
  });

  it('defaults to pt-BR, reais, one instalment, no brand and no card', async () => {
    const el = await empty();
    expect(el.locale).to.equal('pt-BR');
    expect(el.currency).to.equal('BRL');
    expect(el.selectedInstallments).to.equal(1);
    expect(el.brand).to.equal(undefined);
    expect(el.details()).to.equal(undefined);
    expect(el.shadowRoot!.querySelector('select')).to.equal(null);
    for (const field of CARD_FIELDS) {
      expect(inputOf(el, field).getAttribute('aria-invalid'), field).to.equal('false');
      expect(errorText(el, field), field).to.equal('');
    }
  });

  it('labels every field with visible text and the autofill and keyboard hints phones use', async () => {
    const el = await empty();
    const expected = {
      number: { label: 'Número do cartão', autocomplete: 'cc-number', inputmode: 'numeric' },
      expiry: { label: 'Validade', autocomplete: 'cc-exp', inputmode: 'numeric' },
      cvv: { label: 'Código de segurança (CVV)', autocomplete: 'cc-csc', inputmode: 'numeric' },
      holderName: { label: 'Nome impresso no cartão', autocomplete: 'cc-name', inputmode: 'text' },
    };
    for (const field of CARD_FIELDS) {
      const input = inputOf(el, field);
      expect(textOf(el, `label[for="${input.id}"]`), field).to.equal(expected[field].label);
      expect(input.getAttribute('autocomplete'), field).to.equal(expected[field].autocomplete);
      expect(input.getAttribute('inputmode'), field).to.equal(expected[field].inputmode);
      expect(input.hasAttribute('placeholder'), field).to.equal(false);
      expect(input.getBoundingClientRect().height, field).to.be.at.least(44);
    }
    expect(descriptionOf(el, 'expiry')).to.deep.equal(['MM/AA']);
  });

  describe('when the buyer fills the card with the keyboard alone', () => {
    it('moves with Tab, formats as typed, and answers the normalized card', async () => {
      const el = await fixture<PayCardFields>(html`
        <pay-card-fields
          .installments=${[
            { installments: 1, installmentAmount: '104.70', total: '104.70', interest: '0.00', interestPercentage: '0', interestFree: true },
            { installments: 2, installmentAmount: '52.35', total: '104.70', interest: '0.00', interestPercentage: '0', interestFree: true },
          ]}
        ></pay-card-fields>
      `);
      const changes: CardChangeDetail[] = [];
      // Listened for on the fixture's container: the event bubbles.
      el.parentElement!.addEventListener('pay-card-change', (event: PayCardChangeEvent) => changes.push(event.detail));
      el.focus();
      expect(focusedId(el)).to.equal('card-number');
      await sendKeys({ type: '4111111111111111' });
      await press(el, 'Tab');
      expect(focusedId(el)).to.equal('card-expiry');
      await sendKeys({ type: `12${FUTURE_YY}` });
      await press(el, 'Tab');
      expect(focusedId(el)).to.equal('card-cvv');
      await sendKeys({ type: '123' });
      await press(el, 'Tab');
      expect(focusedId(el)).to.equal('card-holderName');
      await sendKeys({ type: "maria  d'ávila " });
      await press(el, 'Tab');
      expect(focusedId(el)).to.equal('card-installments');
      await press(el, 'ArrowDown');

      expect(inputOf(el, 'number').value).to.equal('4111 1111 1111 1111');
      expect(inputOf(el, 'expiry').value).to.equal(`12/${FUTURE_YY}`);
      expect(el.selectedInstallments).to.equal(2);
      expect(el.details()).to.deep.equal({
        number: '4111111111111111',
        holderName: "MARIA D'ÁVILA",
        expMonth: '12',
        expYear: FUTURE_YYYY,
        cvv: '123',
      });
      expect(changes[0]).to.deep.equal({ brand: 'visa', complete: false, installments: 1 });
      expect(changes.at(-2)).to.deep.equal({ brand: 'visa', complete: true, installments: 1 });
      expect(changes.at(-1)).to.deep.equal({ brand: 'visa', complete: true, installments: 2 });
      await expect(el).to.be.accessible();
    });

    it('tells a page that holds it inside another shadow root', async () => {
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const el = document.createElement('pay-card-fields');
      root.append(el);
      await el.updateComplete;
      const heard: CardChangeDetail[] = [];
      const listener = (event: PayCardChangeEvent) => heard.push(event.detail);
      document.addEventListener('pay-card-change', listener);
      try {
        await typeInto(el, 'number', '37');
      } finally {
        document.removeEventListener('pay-card-change', listener);
      }
      expect(heard).to.deep.equal([{ brand: 'amex', complete: false, installments: 1 }]);
    });

    it('sends nothing anywhere and logs nothing while the card is typed', async () => {
      const el = await empty();
      const originalFetch = window.fetch;
      const originalSend = XMLHttpRequest.prototype.send;
      const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
      const originals = methods.map((method) => console[method]);
      const sent: string[] = [];
      const logged: unknown[][] = [];
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(String(input));
        return originalFetch.call(window, input, init);
      };
      XMLHttpRequest.prototype.send = function send(this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
        sent.push('xhr');
        originalSend.call(this, body);
      };
      methods.forEach((method) => {
        console[method] = (...args: unknown[]) => logged.push(args);
      });
      try {
        await typeInto(el, 'number', '5555555555554444');
        await typeInto(el, 'expiry', `01${FUTURE_YY}`);
        await typeInto(el, 'cvv', '321');
        await typeInto(el, 'holderName', 'Ana Souza');
        el.validate();
        el.details();
      } finally {
        window.fetch = originalFetch;
        XMLHttpRequest.prototype.send = originalSend;
        methods.forEach((method, index) => {
          console[method] = originals[index]!;
        });
      }
      expect(sent).to.deep.equal([]);
      expect(logged).to.deep.equal([]);
      expect(el.details()?.number).to.equal('5555555555554444');
    });
  });

  describe('the accepted brands\' marks', () => {
    it('are named in pt-BR as Intl.ListFormat lists the brands, without making one (a page\'s first loads Intl\'s data)', async () => {
      const intl = Intl as unknown as Record<string, unknown>;
      const { ListFormat } = Intl;
      let made = 0;
      intl['ListFormat'] = class extends ListFormat {
        constructor(...args: ConstructorParameters<typeof ListFormat>) {
          super(...args);
          made += 1;
        }
      };
      let label: string | null;
      try {
        label = marksOf(await empty()).getAttribute('aria-label');
        expect(made).to.equal(0);
      } finally {
        intl['ListFormat'] = ListFormat;
      }
      const names = MARKED_BRANDS.map((brand) => translate('pt-BR', `card.brand.${brand}`));
      expect(label).to.equal(translate('pt-BR', 'field.cardNumber.brands', { brands: new ListFormat('pt-BR', { type: 'conjunction' }).format(names) }));
    });

    it('sit beside the number as one picture named by the list of brands, drawn inline', async () => {
      const el = await empty();
      const marks = marksOf(el);
      // Between the number's hint and its input, inside its field.
      expect(marks.closest('[part~="number-field"]')).to.not.equal(null);
      expect(marks.nextElementSibling).to.equal(inputOf(el, 'number'));
      expect(marks.getAttribute('role')).to.equal('img');
      expect(marks.getAttribute('aria-label')).to.equal(
        'Bandeiras aceitas: Visa, Mastercard, Elo, Hipercard, American Express e Diners Club',
      );
      const pictures = marks.querySelectorAll('svg');
      expect(pictures).to.have.length(6);
      for (const picture of pictures) {
        expect(picture.getAttribute('aria-hidden')).to.equal('true');
        expect(picture.getBoundingClientRect().width).to.equal(32);
      }
      // Nothing to fetch: no image, link or stylesheet reference in the marks.
      expect(marks.innerHTML).to.not.match(/href|url\(|<image|<use/i);
      expect(markStates(el)).to.deep.equal(Array(6).fill('mark'));
      await expect(el).to.be.accessible();
    });

    it('name the brands in the buyer\'s language', async () => {
      const el = await fixture<PayCardFields>(html`<pay-card-fields locale="en"></pay-card-fields>`);
      expect(marksOf(el).getAttribute('aria-label')).to.equal(
        'Accepted cards: Visa, Mastercard, Elo, Hipercard, American Express, and Diners Club',
      );
    });

    it('highlight the brand detected and fade the others, and all come back when the number goes', async () => {
      const el = await empty();
      await typeInto(el, 'number', '6062825624254001');
      expect(markStates(el)).to.deep.equal(['mark faded', 'mark faded', 'mark faded', 'mark detected', 'mark faded', 'mark faded']);
      const detected = marksOf(el).querySelector('.detected svg')!;
      expect(getComputedStyle(detected).outlineStyle).to.equal('solid');
      expect(getComputedStyle(marksOf(el).querySelector('.faded')!).opacity).to.equal('0.35');
      await expect(el).to.be.accessible();
      inputOf(el, 'number').select();
      await press(el, 'Backspace');
      expect(markStates(el)).to.deep.equal(Array(6).fill('mark'));
    });
  });

  describe('when the buyer types the number', () => {
    it('is accessible while typing and shows the brand as text tied to the input', async () => {
      const el = await empty();
      await typeInto(el, 'number', '411111');
      expect(inputOf(el, 'number').value).to.equal('4111 11');
      expect(el.brand).to.equal('visa');
      expect(textOf(el, '[part="brand"]')).to.equal('Bandeira: Visa');
      expect(descriptionOf(el, 'number')).to.include('Bandeira: Visa');
      await expect(el).to.be.accessible();
    });

    it('draws the key\'s digit in its own frame and the brand it reveals in the next, so the key waits for nothing else', async () => {
      const el = await empty();
      const changes: CardChangeDetail[] = [];
      el.addEventListener('pay-card-change', (event) => changes.push((event as PayCardChangeEvent).detail));
      const input = inputOf(el, 'number');
      input.focus();
      // What the page holds when the frame after the key is drawn: its animation frame callbacks run just before.
      const atKeyFrame = new Promise<{ value: string; brand: string; marks: string[]; changes: number }>((resolve) => {
        input.addEventListener(
          'input',
          () => requestAnimationFrame(() => resolve({ value: input.value, brand: textOf(el, '[part="brand"]'), marks: markStates(el), changes: changes.length })),
          { once: true },
        );
      });
      await sendKeys({ type: '4' });
      expect(await atKeyFrame).to.deep.equal({ value: '4', brand: '', marks: Array(6).fill('mark'), changes: 0 });
      // What the key asked for follows, and the checkout hears of the brand then.
      await el.updateComplete;
      expect(textOf(el, '[part="brand"]')).to.equal('Bandeira: Visa');
      expect(markStates(el)[0]).to.equal('mark detected');
      expect(changes).to.deep.equal([{ brand: 'visa', complete: false, installments: 1 }]);
      // The card is read from what was typed, not from what is drawn: right after the last input,
      // before any frame, details() and the brand have it.
      const typed: [CardField, string][] = [['number', '5555555555554444'], ['expiry', `12${FUTURE_YY}`], ['cvv', '123'], ['holderName', 'Ana Souza']];
      for (const [field, text] of typed) {
        inputOf(el, field).value = text;
        inputOf(el, field).dispatchEvent(new InputEvent('input', { inputType: 'insertText', data: text }));
      }
      expect(el.brand).to.equal('mastercard');
      expect(el.details()).to.deep.equal({ number: '5555555555554444', holderName: 'ANA SOUZA', expMonth: '12', expYear: FUTURE_YYYY, cvv: '123' });
      expect(textOf(el, '[part="brand"]')).to.equal('Bandeira: Visa');
    });

    it('still shows the brand on a page that draws no frames and is never idle (a hidden tab, a busy phone)', async () => {
      const el = await empty();
      const { requestAnimationFrame: requestFrame, requestIdleCallback: requestIdle } = window;
      window.requestAnimationFrame = () => 0;
      window.requestIdleCallback = () => 0;
      try {
        await typeInto(el, 'number', '5555');
        expect(textOf(el, '[part="brand"]')).to.equal('Bandeira: Mastercard');
      } finally {
        Object.assign(window, { requestAnimationFrame: requestFrame, requestIdleCallback: requestIdle });
      }
    });

    it('draws what a key asked for in the task after its frame, on a page that is never idle, well before the next key', async () => {
      const el = await empty();
      inputOf(el, 'number').focus();
      const requestIdle = window.requestIdleCallback;
      // A phone busy with the shop's scripts: no idle moment comes between two keys.
      window.requestIdleCallback = () => 0;
      try {
        await sendKeys({ type: '4' });
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await new Promise((resolve) => setTimeout(resolve));
        expect(textOf(el, '[part="brand"]')).to.equal('Bandeira: Visa');
      } finally {
        window.requestIdleCallback = requestIdle;
      }
    });

    it('lays out a key in the number or the holder\'s name inside its input alone', async () => {
      const el = await empty();
      // What Chromium asks of a box to lay it out again without its ancestors: its size and layout
      // contained (which gives it a layer of its own), and a parent that is no flex or grid box.
      for (const field of ['number', 'holderName'] as const) {
        const input = inputOf(el, field);
        expect(getComputedStyle(input).contain.split(' '), field).to.include.members(['size', 'layout']);
        expect(getComputedStyle(input.parentElement!).display, field).to.equal('block');
      }
      // Its size contained, the box keeps its 44px and shows what is typed.
      await typeInto(el, 'holderName', 'MARIA DA SILVA SAURO');
      const input = inputOf(el, 'holderName');
      expect(input.getBoundingClientRect().height).to.equal(44);
      expect(input.scrollHeight).to.be.at.most(input.clientHeight);
    });

    it('keeps the fields below in place as the brand shows and goes', async () => {
      const el = await empty();
      const expiryTop = () => inputOf(el, 'expiry').getBoundingClientRect().top;
      const before = expiryTop();
      await typeInto(el, 'number', '4');
      expect(textOf(el, '[part="brand"]')).to.equal('Bandeira: Visa');
      expect(expiryTop()).to.equal(before);
      await press(el, 'Backspace');
      expect(el.brand).to.equal(undefined);
      expect(textOf(el, '[part="brand"]')).to.equal('');
      expect(descriptionOf(el, 'number')).to.deep.equal([translate('pt-BR', 'field.cardNumber.hint')]);
      expect(expiryTop()).to.equal(before);
    });

    const brands: [string, string, string, string][] = [
      ['visa', '4111111111111111', '4111 1111 1111 1111', 'Visa'],
      ['mastercard', '5555555555554444', '5555 5555 5555 4444', 'Mastercard'],
      ['amex', '378282246310005', '3782 822463 10005', 'American Express'],
      ['elo', '6362970000457013', '6362 9700 0045 7013', 'Elo'],
      ['hipercard', '6062825624254001', '6062 8256 2425 4001', 'Hipercard'],
      ['diners', '30569309025904', '3056 930902 5904', 'Diners Club'],
    ];
    for (const [brand, digits, shown, name] of brands) {
      it(`detects ${name} and groups its digits as embossed`, async () => {
        const el = await empty();
        await typeInto(el, 'number', digits);
        expect(el.brand).to.equal(brand);
        expect(inputOf(el, 'number').value).to.equal(shown);
        expect(textOf(el, '[part="brand"]')).to.equal(`Bandeira: ${name}`);
        // The number is valid for its brand: only the other, empty fields are wrong.
        expect(el.validate()).to.equal(false);
        await el.updateComplete;
        expect(errorText(el, 'number')).to.equal('');
        expect(errorText(el, 'cvv')).to.not.equal('');
      });
    }

    it('drops digits past the brand\'s length', async () => {
      const el = await empty();
      await typeInto(el, 'number', '37828224631000599');
      expect(inputOf(el, 'number').value).to.equal('3782 822463 10005');
    });

    it('keeps the caret after the digit typed in the middle of the number', async () => {
      const el = await empty();
      await typeInto(el, 'number', '41111111');
      const input = inputOf(el, 'number');
      input.setSelectionRange(2, 2);
      await typeInto(el, 'number', '5');
      expect(input.value).to.equal('4151 1111 1');
      expect(input.selectionStart).to.equal(3);
      expect(input.selectionEnd).to.equal(3);
    });

    it('deletes the digit before a separator when Backspace meets the separator', async () => {
      const el = await empty();
      await typeInto(el, 'number', '45111111');
      const input = inputOf(el, 'number');
      input.setSelectionRange(5, 5);
      await press(el, 'Backspace');
      expect(input.value).to.equal('4511 111');
      expect(input.selectionStart).to.equal(3);
    });
  });

  describe('when the buyer types the expiry', () => {
    it('writes the slash, pads a single-digit month, and lets Backspace remove the slash', async () => {
      const el = await empty();
      await typeInto(el, 'expiry', '12');
      expect(inputOf(el, 'expiry').value).to.equal('12/');
      await press(el, 'Backspace');
      expect(inputOf(el, 'expiry').value).to.equal('12');
      await typeInto(el, 'expiry', FUTURE_YY);
      expect(inputOf(el, 'expiry').value).to.equal(`12/${FUTURE_YY}`);

      const other = await empty();
      await typeInto(other, 'expiry', '4');
      expect(inputOf(other, 'expiry').value).to.equal('04/');
    });
  });

  describe('when the brand decides the security code', () => {
    it('takes 4 digits for American Express and says where they are', async () => {
      const el = await empty();
      await typeInto(el, 'number', '378282246310005');
      await typeInto(el, 'cvv', '12345');
      expect(inputOf(el, 'cvv').value).to.equal('1234');
      expect(descriptionOf(el, 'cvv')).to.deep.equal(['Os 4 dígitos na frente do cartão.']);
    });

    it('takes 3 digits for the other brands', async () => {
      const el = await empty();
      await typeInto(el, 'number', '5555555555554444');
      await typeInto(el, 'cvv', '1234');
      expect(inputOf(el, 'cvv').value).to.equal('123');
      expect(descriptionOf(el, 'cvv')).to.deep.equal(['Os 3 dígitos no verso do cartão.']);
    });

    it('refuses a 4-digit code typed before a Visa number', async () => {
      const el = await empty();
      await typeInto(el, 'cvv', '1234');
      await typeInto(el, 'number', '4111111111111111');
      expect(el.validate()).to.equal(false);
      await el.updateComplete;
      expect(errorText(el, 'cvv')).to.equal('O código de segurança deste cartão tem 3 dígitos.');
    });
  });

  describe('when a field is left invalid', () => {
    it('shows the error on blur, beside the field, tied with aria-describedby and aria-invalid', async () => {
      const el = await empty();
      await typeInto(el, 'number', '4111111111111112');
      expect(errorText(el, 'number')).to.equal('');
      await press(el, 'Tab');
      const input = inputOf(el, 'number');
      expect(errorText(el, 'number')).to.equal('Número de cartão inválido. Confira os dígitos.');
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-describedby')!.split(' ')).to.include('card-number-error');
      expect(descriptionOf(el, 'number')).to.include('Número de cartão inválido. Confira os dígitos.');
      await expect(el).to.be.accessible();
    });

    it('shows nothing when the buyer only passes through an empty field', async () => {
      const el = await empty();
      el.focus();
      await press(el, 'Tab');
      expect(errorText(el, 'number')).to.equal('');
      expect(inputOf(el, 'number').getAttribute('aria-invalid')).to.equal('false');
    });

    it('takes the error away as soon as the field is right', async () => {
      const el = await empty();
      await typeInto(el, 'number', '411111111111111');
      await press(el, 'Tab');
      expect(errorText(el, 'number')).to.equal('O número do cartão está incompleto ou tem dígitos a mais.');
      await typeInto(el, 'number', '1');
      expect(errorText(el, 'number')).to.equal('');
      expect(inputOf(el, 'number').getAttribute('aria-invalid')).to.equal('false');
    });
  });

  describe('when validate() is called', () => {
    it('shows every error, focuses the first invalid field and stays accessible', async () => {
      const el = await empty();
      expect(el.validate()).to.equal(false);
      await el.updateComplete;
      expect(focusedId(el)).to.equal('card-number');
      expect(errorText(el, 'number')).to.equal('Informe o número do cartão.');
      expect(errorText(el, 'expiry')).to.equal('Informe a validade do cartão.');
      expect(errorText(el, 'cvv')).to.equal('Informe o código de segurança.');
      expect(errorText(el, 'holderName')).to.equal('Informe o nome.');
      await expect(el).to.be.accessible();
    });

    it('focuses the first invalid field in the form\'s order', async () => {
      const el = await empty();
      await typeInto(el, 'number', '4111111111111111');
      await typeInto(el, 'holderName', 'Maria Silva');
      await typeInto(el, 'expiry', `01${FUTURE_YY}`);
      inputOf(el, 'holderName').focus();
      expect(el.validate()).to.equal(false);
      await el.updateComplete;
      expect(focusedId(el)).to.equal('card-cvv');
      expect(errorText(el, 'number')).to.equal('');
      expect(errorText(el, 'expiry')).to.equal('');
    });

    it('says an expired card is expired', async () => {
      const el = await empty();
      await typeInto(el, 'expiry', '0120');
      el.validate();
      await el.updateComplete;
      expect(errorText(el, 'expiry')).to.equal('Este cartão está vencido.');
    });

    it('says an expiry far in the future is not a valid date, rather than a wrong format', async () => {
      const el = await empty();
      await typeInto(el, 'expiry', '1299');
      el.validate();
      await el.updateComplete;
      expect(errorText(el, 'expiry')).to.equal('Data de validade inválida. Confira o ano.');
    });

    it('answers true for a complete card and shows no error', async () => {
      const el = await empty();
      await typeInto(el, 'number', '6062825624254001');
      await typeInto(el, 'expiry', `09${FUTURE_YY}`);
      await typeInto(el, 'cvv', '987');
      await typeInto(el, 'holderName', 'José Silva-Souza');
      expect(el.validate()).to.equal(true);
      await el.updateComplete;
      for (const field of CARD_FIELDS) expect(errorText(el, field), field).to.equal('');
      expect(el.details()).to.deep.equal({
        number: '6062825624254001',
        holderName: 'JOSÉ SILVA-SOUZA',
        expMonth: '09',
        expYear: FUTURE_YYYY,
        cvv: '987',
      });
    });
  });

  describe('when the API refuses a field', () => {
    it('shows its message beside the field, focuses it, and drops it once the buyer edits', async () => {
      const el = await empty();
      await typeInto(el, 'number', '4111111111111111');
      el.showFieldErrors({ expiry: ['Cartão vencido.'] });
      await el.updateComplete;
      expect(errorText(el, 'expiry')).to.equal('Cartão vencido.');
      expect(focusedId(el)).to.equal('card-expiry');
      expect(inputOf(el, 'expiry').getAttribute('aria-invalid')).to.equal('true');
      await typeInto(el, 'expiry', `12${FUTURE_YY}`);
      expect(errorText(el, 'expiry')).to.equal('');
    });
  });

  describe('when the locale changes', () => {
    it('speaks Spanish and English', async () => {
      const el = await fixture<PayCardFields>(html`<pay-card-fields locale="es"></pay-card-fields>`);
      await typeInto(el, 'number', '4111');
      expect(textOf(el, 'label[for="card-number"]')).to.equal('Número de la tarjeta');
      expect(textOf(el, '[part="brand"]')).to.equal('Marca: Visa');
      el.locale = 'en-GB';
      await el.updateComplete;
      expect(textOf(el, 'label[for="card-number"]')).to.equal('Card number');
      el.validate();
      await el.updateComplete;
      expect(errorText(el, 'expiry')).to.equal('Enter the expiry date.');
    });
  });

  describe('on a 375px wide phone', () => {
    after(async () => {
      await setViewport({ width: 800, height: 600 });
    });

    /** The card form as the checkout holds it on a 375px phone, inside its padding. */
    const onPhone = (locale: string) =>
      fixture<PayCardFields>(html`<pay-card-fields style="width: 343px" locale=${locale}></pay-card-fields>`);

    for (const locale of ['pt-BR', 'es', 'en']) {
      it(`lines up the expiry and the security code inputs in ${locale}, whatever the hint`, async () => {
        await setViewport({ width: 375, height: 800 });
        const el = await onPhone(locale);
        const top = (field: 'expiry' | 'cvv') => inputOf(el, field).getBoundingClientRect().top;
        expect(top('cvv')).to.equal(top('expiry'));
        // American Express changes the CVV's hint; an error under one field only moves nothing either.
        await typeInto(el, 'number', '3782');
        await typeInto(el, 'expiry', '1');
        el.validate();
        await el.updateComplete;
        expect(top('cvv')).to.equal(top('expiry'));
        expect(inputOf(el, 'cvv').getBoundingClientRect().height).to.equal(inputOf(el, 'expiry').getBoundingClientRect().height);
      });
    }

    it('shows the instalment chosen whole, total included, under the select that takes the taps', async () => {
      await setViewport({ width: 375, height: 800 });
      const el = await onPhone('en');
      el.installments = [
        { installments: 1, installmentAmount: '1234.56', total: '1234.56', interest: '0.00', interestPercentage: '0', interestFree: true },
        { installments: 10, installmentAmount: '129.63', total: '1296.30', interest: '61.74', interestPercentage: '5', interestFree: false },
      ];
      el.selectedInstallments = 10;
      await el.updateComplete;
      const select = el.shadowRoot!.querySelector('select')!;
      const face = el.shadowRoot!.querySelector<HTMLElement>('[part="select"]')!;
      const chosen = '10 installments of R$129.63 with interest (total R$1,296.30)';
      expect(select.selectedOptions[0]!.textContent!.trim()).to.equal(chosen);
      expect(face.textContent!.trim()).to.equal(chosen);
      // Nothing cut: the text wraps inside the face.
      expect(face.scrollWidth).to.be.at.most(face.clientWidth);
      expect(face.getBoundingClientRect().right).to.be.at.most(375);
      // The select covers its face: a tap anywhere on it opens the select.
      const [s, f] = [select.getBoundingClientRect(), face.getBoundingClientRect()];
      expect([s.left, s.top, s.width, s.height]).to.deep.equal([f.left, f.top, f.width, f.height]);
      expect(face.getAttribute('aria-hidden')).to.equal('true');
      expect(getComputedStyle(face).outlineStyle).to.equal('none');
      select.focus();
      await press(el, 'ArrowUp');
      expect(face.textContent!.trim()).to.equal('Pay in full: R$1,234.56');
      // The face shows the focus ring and the cursor of the select the buyer cannot see.
      expect(getComputedStyle(face).outlineStyle).to.equal('solid');
      expect(getComputedStyle(face).outlineWidth).to.equal('3px');
      await expect(el).to.be.accessible();
      expect(getComputedStyle(face).cursor).to.not.equal('not-allowed');
      el.disabled = true;
      await el.updateComplete;
      expect(getComputedStyle(face).cursor).to.equal('not-allowed');
    });
  });

  describe('on a 320px wide phone', () => {
    after(async () => {
      await setViewport({ width: 800, height: 600 });
    });

    it('fits without horizontal scrolling, with 44px targets', async () => {
      await setViewport({ width: 320, height: 640 });
      const el = await empty();
      el.validate();
      await el.updateComplete;
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      for (const field of CARD_FIELDS) {
        const box = inputOf(el, field).getBoundingClientRect();
        expect(box.right, field).to.be.at.most(320);
        expect(box.height, field).to.be.at.least(44);
      }
    });
  });
});
