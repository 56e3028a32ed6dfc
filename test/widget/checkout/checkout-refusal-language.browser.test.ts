import { expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import {
  bannerText,
  cardFieldsOf,
  chooseMethod,
  customerFieldsOf,
  fillCard,
  fillCustomer,
  pay,
  readyCheckout,
  sandboxSuite,
  textOf,
  VALID_CPF,
} from './checkout-harness.js';

/** What the relay answers for a charge it refuses: the API's and its own words, in Portuguese. */
const REFUSAL = {
  error: {
    type: 'invalid_request',
    message: 'The charge request is invalid.',
    fields: {
      'customer.docNumber': ['CPF inválido: os dígitos verificadores não conferem.'],
      'items.0.quantity': ['A quantidade máxima por compra é 10.'],
    },
  },
};
/** What the API answers a card it will not tokenize. */
const CARD_REFUSAL = { number: ['Número de cartão não aceito.'], detalhe: ['Cartão recusado pela operadora.'] };

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const documentError = (el: PayCheckout) => textOf(customerFieldsOf(el).shadowRoot!.querySelector('#field-document-error'));
const cardNumberError = (el: PayCheckout) => textOf(cardFieldsOf(el).shadowRoot!.querySelector('#card-number-error'));

/** Every text the checkout shows, through its shadow roots. */
function shownText(root: Element | ShadowRoot): string {
  const own = [...root.childNodes].map((node) => (node.nodeType === Node.TEXT_NODE ? node.textContent : node instanceof Element ? shownText(node) : '')).join(' ');
  return root instanceof Element && root.shadowRoot ? `${shownText(root.shadowRoot)} ${own}` : own;
}

const PORTUGUESE_WORDS = /inválido|verificadores|quantidade|Número de cartão|operadora/;

describe('<pay-checkout> refusals in the buyer\'s language', () => {
  const suite = sandboxSuite();

  const TEXTS = {
    es: { field: 'El servicio de pago no aceptó este dato. Revísalo y vuelve a intentarlo.', banner: 'Algunos datos fueron rechazados. Revisa los campos indicados.' },
    en: { field: 'The payment service did not accept this. Check it and try again.', banner: 'Some details were refused. Check the fields marked.' },
  } as const;

  for (const locale of ['es', 'en'] as const) {
    it(`${locale}: a refused field is marked in the buyer's words, and no Portuguese from the API reaches the page`, async () => {
      suite.record((request, send) => (request.method === 'POST' && new URL(request.url).pathname === '/relay/charges' ? json(400, REFUSAL) : send()));
      const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" locale=${locale}></pay-checkout>`);
      await fillCustomer(el, { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: VALID_CPF });
      const failed = oneEvent(el, 'pay-failed');
      await pay(el);
      expect((await failed).detail.errorType).to.equal('invalid_request');
      await waitUntil(() => documentError(el) !== '', 'the refused field was not marked');
      expect(documentError(el)).to.equal(TEXTS[locale].field);
      expect(bannerText(el)).to.equal(TEXTS[locale].banner);
      expect(shownText(el)).not.to.match(PORTUGUESE_WORDS);
      await expect(el).to.be.accessible();
    });

    it(`${locale}: a card the API will not tokenize is marked in the buyer's words`, async () => {
      suite.record((request, send) => (request.method === 'POST' && new URL(request.url).pathname.endsWith('/card-tokens/') ? json(400, CARD_REFUSAL) : send()));
      const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" locale=${locale} methods="pix,credit_card"></pay-checkout>`);
      await chooseMethod(el, 'credit_card');
      await fillCustomer(el);
      await fillCard(el, '4111111111111111');
      const failed = oneEvent(el, 'pay-failed');
      await pay(el);
      expect((await failed).detail.reason).to.equal('card-not-accepted');
      await waitUntil(() => cardNumberError(el) !== '', 'the refused card number was not marked');
      expect(cardNumberError(el)).to.equal(TEXTS[locale].field);
      expect(shownText(el)).not.to.match(PORTUGUESE_WORDS);
      await expect(el).to.be.accessible();
    });
  }

  it('pt-BR: the API\'s own words stay, on the field and, for what has no field, in the banner', async () => {
    suite.record((request, send) => (request.method === 'POST' && new URL(request.url).pathname === '/relay/charges' ? json(400, REFUSAL) : send()));
    const el = await readyCheckout();
    await fillCustomer(el, { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: VALID_CPF });
    await pay(el);
    await waitUntil(() => documentError(el) !== '', 'the refused field was not marked');
    expect(documentError(el)).to.equal('CPF inválido: os dígitos verificadores não conferem.');
    expect(bannerText(el)).to.contain('Alguns dados foram recusados. Confira os campos indicados.');
    expect(bannerText(el)).to.contain('A quantidade máxima por compra é 10.');
  });
});
