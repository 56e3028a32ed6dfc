import { expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { PayOrderCreatedEvent } from '../../../src/widget/events/order-created-event.js';
import {
  CARD_CVV,
  CARD_EXP_YEAR,
  chargeRequests,
  chooseMethod,
  fillAddress,
  fillCard,
  fillCustomer,
  jsonEntries,
  liveRegionText,
  pay,
  readyCheckout,
  type RecordedRequest,
  relayRequests,
  resultOf,
  resultText,
  sandboxControl,
  sandboxSuite,
  submitOf,
  textOf,
  VALID_CPF,
} from './checkout-harness.js';
import { loadPaymentCode } from '../../../src/widget/checkout/lazy-code.js';

const VISA = '4111111111111111';

/** Pays and answers the order the relay created. */
async function payAndWait(el: PayCheckout): Promise<PayOrderCreatedEvent['detail']['order']> {
  const created = oneEvent(el, 'pay-order-created');
  await pay(el);
  return (await created).detail.order;
}

/** The card data a request body must never carry: the number, the code, the expiry, by key or by value. */
function cardDataIn(request: RecordedRequest): string[] {
  const body = request.body ?? '';
  const found: string[] = [];
  if (body.includes(VISA)) found.push('number');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return found;
  }
  for (const { path, value } of jsonEntries(json)) {
    const key = path.split('.').pop()!;
    if (['cvv', 'expMonth', 'expYear', 'holderName'].includes(key) || (key === 'number' && path !== 'address.number')) found.push(path);
    if (value === CARD_CVV || value === CARD_EXP_YEAR || value === '11') found.push(`${path}=${String(value)}`);
  }
  return found;
}

describe('<pay-checkout> payments against the relay and the sandbox', () => {
  const suite = sandboxSuite();

  it('creates a Pix charge and shows the order', async () => {
    const el = await readyCheckout();
    await fillCustomer(el);
    const order = await payAndWait(el);
    expect(order.paymentMethod).to.equal('pix');
    expect(order.status).to.equal('waiting_payment');
    expect(order.pix?.qrCode).to.be.a('string').and.not.empty;
    await waitUntil(() => resultOf(el)?.tagName === 'PAY-PIX-RESULT', 'the Pix result did not show');
    await resultOf(el)!.updateComplete;
    const summary = resultText(el);
    expect(summary).to.contain('Pague com Pix');
    expect(summary).to.contain(order.refId);
    await waitUntil(() => liveRegionText(el) !== '', 'the order was not announced');
    expect(liveRegionText(el)).to.equal('Pedido criado. Situação: Aguardando pagamento');
    const [charge] = chargeRequests(suite.recording.requests, suite.env);
    const body = JSON.parse(charge!.body!) as { customer: { phone: string; fingerprint: string; docNumber?: string } };
    // The phone typed as "(11) 98765-4321" goes as E.164 digits; the device id is the stable fingerprint.
    expect(body.customer.phone).to.equal('5511987654321');
    expect(body.customer.fingerprint).to.match(/^[0-9a-f-]{36}$/);
    expect(body.customer.docNumber).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('sends the charge before it draws the paying state, then draws it', async () => {
    const el = await readyCheckout();
    await fillCustomer(el);
    // The buyer started on the form: the payment's code is on the page by "Pay".
    await loadPaymentCode();
    const { fetch } = globalThis;
    const button = () => ({ label: textOf(submitOf(el)), ariaDisabled: submitOf(el).getAttribute('aria-disabled') });
    let atCharge: ReturnType<typeof button> | undefined;
    let drawnAfter: Promise<ReturnType<typeof button>> | undefined;
    globalThis.fetch = (input, init) => {
      if (String(input).endsWith('/charges') && !atCharge) {
        atCharge = button();
        // The render that follows, before the relay answers.
        drawnAfter = el.updateComplete.then(button);
      }
      return fetch(input, init);
    };
    try {
      const created = oneEvent(el, 'pay-order-created');
      submitOf(el).click();
      await waitUntil(() => atCharge !== undefined, 'the charge is sent');
      expect(atCharge, 'the form is not drawn again before the request leaves').to.deep.equal({ label: 'Pagar R$ 97,00', ariaDisabled: 'false' });
      expect(await drawnAfter).to.deep.equal({ label: 'Processando o pagamento…', ariaDisabled: 'true' });
      await created;
    } finally {
      globalThis.fetch = fetch;
    }
  });

  it('creates a Pix Automático charge with the CPF it requires', async () => {
    // A subscription offer: a one-time offer does not offer Pix Automático unless the page asks.
    const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="CLUBmes"></pay-checkout>`);
    await chooseMethod(el, 'pix_auto');
    await fillCustomer(el, { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: VALID_CPF });
    const order = await payAndWait(el);
    expect(order.paymentMethod).to.equal('pix_auto');
    expect(order.pix?.user_journey).to.be.a('string');
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body!) as { customer: { docType: string; docNumber: string } };
    expect(body.customer.docType).to.equal('cpf');
    expect(body.customer.docNumber).to.equal(VALID_CPF);
  });

  it('creates a boleto with the CPF', async () => {
    const el = await readyCheckout();
    await chooseMethod(el, 'boleto');
    await fillCustomer(el, { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: VALID_CPF });
    const order = await payAndWait(el);
    expect(order.paymentMethod).to.equal('boleto');
    expect(order.status).to.equal('waiting_payment');
    expect(order.boleto?.barcode).to.match(/^\d{47}$/);
  });

  it('pays by credit card with a token, never sending the card to the relay', async () => {
    const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" methods="pix,credit_card"></pay-checkout>`);
    await chooseMethod(el, 'credit_card');
    await fillCustomer(el);
    await fillCard(el, VISA);
    const paid = oneEvent(el, 'pay-paid');
    const order = await payAndWait(el);
    expect(order.status).to.equal('paid');
    expect((await paid).detail.order.id).to.equal(order.id);
    await resultOf(el)!.updateComplete;
    expect(resultOf(el)!.tagName).to.equal('PAY-CARD-RESULT');
    expect(resultText(el)).to.contain('Pagamento aprovado!');

    const tokenization = suite.recording.requests.filter((request) => request.url.startsWith(`${suite.env.sandboxUrl}/public_api/card-tokens/`));
    expect(tokenization).to.have.length(1);
    expect(tokenization[0]!.body).to.contain(VISA);
    const toRelay = relayRequests(suite.recording.requests, suite.env);
    expect(toRelay.length).to.be.greaterThan(1);
    for (const request of toRelay) expect(cardDataIn(request), request.url).to.deep.equal([]);
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body!) as { card: { token: string }; installments: number };
    expect(body.card.token).to.equal((tokenization[0]!.answer as { token: string }).token);
    expect(body.installments).to.equal(1);
  });

  it('sends the anti-fraud reference the sandbox\'s profiler recorded', async () => {
    const el = await readyCheckout();
    await chooseMethod(el, 'threeDs');
    await fillAddress(el);
    await fillCustomer(el);
    await fillCard(el, VISA);
    await payAndWait(el);
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body!) as { antifraud_profiling_attempt_reference: string };
    const reference = body.antifraud_profiling_attempt_reference;
    expect(reference).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const response = await fetch(`${suite.env.sandboxUrl}/sandbox/profiler/attempts/${reference}`);
    expect(response.status).to.equal(200);
    const attempt = (await response.json()) as { reference: string; started: boolean; completed: boolean };
    expect(attempt).to.include({ reference, started: true, completed: true });
  });

  it('pays with 3-D Secure, frictionless, sending the authentication and the billing address', async () => {
    const el = await readyCheckout();
    await chooseMethod(el, 'threeDs');
    await fillCustomer(el);
    await fillAddress(el);
    await fillCard(el, VISA);
    const order = await payAndWait(el);
    expect(order.paymentMethod).to.equal('threeDs');
    expect(order.status).to.equal('paid');
    expect(el.shadowRoot!.querySelector('pay-3ds-dialog')).to.equal(null);
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body!) as {
      threeDSecure: { eci: string; cavv: string };
      address: { zipcode: string; state: string };
    };
    expect(body.threeDSecure.eci).to.equal('05');
    expect(body.threeDSecure.cavv).to.be.a('string').and.not.empty;
    expect(body.address).to.include({ zipcode: '01310100', state: 'SP' });
    for (const request of relayRequests(suite.recording.requests, suite.env)) expect(cardDataIn(request), request.url).to.deep.equal([]);
  });

  it('follows a Pix order to paid, announcing the change and firing status-change and paid', async () => {
    const el = await readyCheckout();
    await fillCustomer(el);
    const order = await payAndWait(el);
    const changed = oneEvent(el, 'pay-status-change');
    const paid = oneEvent(el, 'pay-paid');
    await sandboxControl(`orders/${order.id}/pay`, 'POST');
    const change = await changed;
    expect(change.detail).to.include({ status: 'paid', previousStatus: 'waiting_payment' });
    expect((await paid).detail.order.id).to.equal(order.id);
    await waitUntil(() => liveRegionText(el) === 'Pagamento confirmado!', 'the payment was not announced');
    await resultOf(el)!.updateComplete;
    expect(resultText(el)).to.contain('Pagamento confirmado!');
    await expect(el).to.be.accessible();
  });

  it('puts the page URL\'s traffic-source tags and its own metadata in the charge', async () => {
    const address = location.href;
    history.replaceState(null, '', `${location.pathname}?utm_source=instagram&utm_campaign=lancamento&sck=parceiro7&fbclid=x`);
    try {
      const el = await readyCheckout();
      el.metadata = { utm_medium: 'stories', coupon: 'refused' };
      await fillCustomer(el);
      await payAndWait(el);
    } finally {
      history.replaceState(null, '', address);
    }
    const body = JSON.parse(chargeRequests(suite.recording.requests, suite.env)[0]!.body!) as { metadata: Record<string, string> };
    expect(body.metadata).to.deep.equal({ utm_source: 'instagram', utm_campaign: 'lancamento', sck: 'parceiro7', utm_medium: 'stories' });
  });
});
