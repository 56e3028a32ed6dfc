import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import {
  bannerText,
  liveRegionText,
  chargeRequests,
  chooseMethod,
  customerFieldsOf,
  deepActiveElement,
  fillCard,
  fillCustomer,
  methodPickerOf,
  pay,
  readyCheckout,
  resultOf,
  resultText,
  sandboxControl,
  sandboxSuite,
  submitOf,
  textOf,
  VALID_CPF,
} from './checkout-harness.js';

/** Clicks the middle of an element with the real mouse. */
async function mouseClick(element: Element): Promise<void> {
  element.scrollIntoView({ block: 'center' });
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isChargePost = (url: string, method: string) => method === 'POST' && new URL(url).pathname === '/relay/charges';

describe('<pay-checkout> when things go wrong', () => {
  const suite = sandboxSuite();

  it('makes one order of a double click', async () => {
    // The relay's answer reaches the page a moment late, so the second click lands while the first charge is under way.
    suite.record((request, send) =>
      isChargePost(request.url, request.method) ? send().then((response) => delay(400).then(() => response)) : undefined,
    );
    const el = await readyCheckout();
    await fillCustomer(el);
    let created = 0;
    el.addEventListener('pay-order-created', () => (created += 1));
    const button = submitOf(el);
    await mouseClick(button);
    await mouseClick(button);
    await waitUntil(() => created > 0, 'no order was created', { timeout: 5000 });
    // Time enough for a second request to be sent and answered, were there one.
    await delay(600);
    const charges = chargeRequests(suite.recording.requests, suite.env);
    expect(charges).to.have.length(1);
    expect(created).to.equal(1);
    const ids = new Set(charges.map((request) => (request.answer as { id: string }).id));
    expect(ids.size).to.equal(1);
  });

  it('says the payment service, not the buyer\'s connection, failed when the relay answers 502', async () => {
    let failures = 1;
    suite.record((request) => {
      if (!isChargePost(request.url, request.method) || failures === 0) return undefined;
      failures -= 1;
      const body = JSON.stringify({ error: { type: 'upstream_unavailable', message: 'The payment API did not answer.' } });
      return Promise.resolve(new Response(body, { status: 502, headers: { 'Content-Type': 'application/json' } }));
    });
    const el = await readyCheckout();
    await fillCustomer(el);
    await pay(el);
    await waitUntil(() => bannerText(el) !== '', 'no error was shown');
    expect(bannerText(el)).to.equal(
      'O serviço de pagamento não respondeu agora. Seus dados estão guardados: tente novamente em instantes. Tentar de novo não gera cobrança em dobro.',
    );
    expect(textOf(submitOf(el))).to.equal('Tentar novamente');
    // The polite status no longer says the payment is being processed: the banner says what happened.
    await el.updateComplete;
    expect(liveRegionText(el)).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('offers to try again after a network error, sending the same key and body', async () => {
    let failures = 1;
    suite.record((request, send) => {
      if (!isChargePost(request.url, request.method) || failures === 0) return undefined;
      failures -= 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const el = await readyCheckout();
    await fillCustomer(el);
    await pay(el);
    await waitUntil(() => bannerText(el) !== '', 'no error was shown');
    expect(bannerText(el)).to.equal(
      'Sem conexão com o servidor. Verifique sua internet e tente novamente. Tentar de novo não gera cobrança em dobro.',
    );
    expect(textOf(submitOf(el))).to.equal('Tentar novamente');
    expect(methodPickerOf(el).disabled).to.equal(true);
    expect(customerFieldsOf(el).disabled).to.equal(true);
    await expect(el).to.be.accessible();

    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    await created;
    const [first, second] = chargeRequests(suite.recording.requests, suite.env);
    expect(second!.headers.get('Idempotency-Key')).to.equal(first!.headers.get('Idempotency-Key'));
    expect(first!.headers.get('Idempotency-Key')).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second!.body).to.equal(first!.body);
  });

  it('gets the first order back when its answer was lost on the way', async () => {
    let lost = 1;
    suite.record((request, send) => {
      if (!isChargePost(request.url, request.method) || lost === 0) return undefined;
      lost -= 1;
      return send().then(() => Promise.reject(new TypeError('network connection was lost')));
    });
    const el = await readyCheckout();
    await fillCustomer(el);
    await pay(el);
    await waitUntil(() => textOf(submitOf(el)) === 'Tentar novamente', 'no retry was offered');
    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    const { order } = (await created).detail;
    const [first, second] = chargeRequests(suite.recording.requests, suite.env);
    expect((first!.answer as { id: string }).id).to.equal(order.id);
    expect((second!.answer as { id: string }).id).to.equal(order.id);
  });

  it('shows the wait of a 429 and tries again after Retry-After with the same key', async () => {
    // Enough refusals for the relay's own retries to give up and answer the widget 429.
    await sandboxControl('faults', 'PUT', { rules: [{ method: 'POST', path: '/public_api/payments/', status: 429, retryAfter: 1, count: 4 }] });
    suite.record();
    const el = await readyCheckout();
    await fillCustomer(el);
    const created = oneEvent(el, 'pay-order-created');
    await pay(el);
    const progress = () => textOf(el.shadowRoot!.querySelector('[part="progress"]'));
    await waitUntil(() => progress().startsWith('Muitas tentativas'), 'the wait was not shown', { timeout: 12000, interval: 20 });
    expect(progress()).to.equal('Muitas tentativas em pouco tempo. Vamos tentar de novo em 1 segundo.');
    await expect(el).to.be.accessible();
    await created;
    const charges = chargeRequests(suite.recording.requests, suite.env);
    expect(charges.map((request) => request.status)).to.deep.equal([429, 201]);
    expect(charges[1]!.headers.get('Idempotency-Key')).to.equal(charges[0]!.headers.get('Idempotency-Key'));
  });

  it('says in a banner that a blocked seller cannot take payments', async () => {
    await sandboxControl('account', 'PUT', { blocked: true });
    const el = await readyCheckout();
    await fillCustomer(el);
    const failed = oneEvent(el, 'pay-failed');
    await pay(el);
    expect((await failed).detail).to.deep.equal({ reason: 'request-refused', order: undefined, errorType: 'payment_method_unavailable' });
    await el.updateComplete;
    const banner = el.shadowRoot!.querySelector('[part="banner"]')!;
    expect(banner.getAttribute('role')).to.equal('alert');
    expect(textOf(banner)).to.equal('O vendedor não pode receber pagamentos no momento. Tente novamente mais tarde.');
    expect(textOf(submitOf(el))).to.equal('Pagar R$ 97,00');
    expect(methodPickerOf(el).disabled).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('puts the refusal of the method on the method choice in the widget\'s words, and focuses it', async () => {
    await sandboxControl('account', 'PUT', { bankingAccount: 'closure_requested' });
    const el = await readyCheckout();
    await chooseMethod(el, 'boleto');
    await fillCustomer(el, { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: VALID_CPF });
    const failed = oneEvent(el, 'pay-failed');
    await pay(el);
    await failed;
    const picker = methodPickerOf(el);
    await picker.updateComplete;
    const error = picker.shadowRoot!.querySelector('[part="error"]')!;
    // The API's text is for the producer (its account, internal method ids): never shown.
    expect(textOf(error)).to.equal('Indisponível para esta compra no momento.');
    const boleto = picker.shadowRoot!.querySelector<HTMLInputElement>('input[value="boleto"]')!;
    expect(boleto.getAttribute('aria-describedby')!.split(' ')).to.include(error.id);
    expect(boleto.getAttribute('aria-invalid')).to.equal('true');
    await waitUntil(() => deepActiveElement() === boleto, 'focus did not move to the refused method');
    expect(bannerText(el)).to.equal('Esta forma de pagamento não está disponível agora. Escolha outra.');
    await expect(el).to.be.accessible();

    await chooseMethod(el, 'threeDs');
    expect(picker.shadowRoot!.querySelector('[part="error"]')).to.equal(null);
  });

  it('explains a declined card and keeps the form, hidden, for another try', async () => {
    const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="pix,credit_card"></pay-checkout>`);
    await chooseMethod(el, 'credit_card');
    await fillCustomer(el);
    await fillCard(el, '4000000000000002');
    const failed = oneEvent(el, 'pay-failed');
    await pay(el);
    const { detail } = await failed;
    expect(detail.reason).to.equal('declined');
    expect(detail.order?.status).to.equal('declined');
    await el.updateComplete;
    await resultOf(el)!.updateComplete;
    expect(resultText(el)).to.contain('Pagamento não autorizado pelo banco emissor.');
    expect(resultText(el)).to.contain('use outro cartão ou escolha outra forma de pagamento');
    expect(el.shadowRoot!.querySelector('form')!.hidden).to.equal(true);
    await expect(el).to.be.accessible();
  });

  describe('when the configuration cannot be loaded', () => {
    it('says the offer is not for sale when the relay does not know it', async () => {
      const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="NOPE"></pay-checkout>`);
      await waitUntil(() => el.shadowRoot!.querySelector('[part="load-error"]'), 'no error state');
      expect(textOf(el.shadowRoot!.querySelector('[part="load-error"] p'))).to.equal('Esta oferta não está disponível para compra.');
      await expect(el).to.be.accessible();
    });

    it('offers to try again when the relay is unreachable, and loads on the retry', async () => {
      let offline = true;
      suite.record((request) => (offline && request.url.includes('/relay/config') ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
      const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
      await waitUntil(() => el.shadowRoot!.querySelector('[part="load-error"]'), 'no error state');
      const error = el.shadowRoot!.querySelector('[part="load-error"]')!;
      expect(error.getAttribute('role')).to.equal('alert');
      expect(textOf(error)).to.equal('Não foi possível carregar o pagamento. Verifique sua conexão e tente novamente. Tentar novamente');
      await expect(el).to.be.accessible();
      offline = false;
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
      await waitUntil(() => el.shadowRoot!.querySelector('form'), 'the retry did not load the form');
    });

    it('shows an accessible loading state while it waits', async () => {
      suite.record((request) => (request.url.includes('/relay/config') ? new Promise<Response>(() => undefined) : undefined));
      const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
      expect(textOf(el.shadowRoot!.querySelector('[part="loading"]'))).to.equal('Carregando…');
      expect(el.shadowRoot!.querySelector('[part="base"]')!.getAttribute('aria-busy')).to.equal('true');
      await expect(el).to.be.accessible();
    });
  });
});
