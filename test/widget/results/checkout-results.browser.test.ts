import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { parseApiDateTime } from '../../../src/contract/formats.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import type { PayCardResult } from '../../../src/widget/results/card-result/card-result.component.js';
import type { PayPixResult } from '../../../src/widget/results/pix-result/pix-result.component.js';
import {
  BUYER,
  cardFieldsOf,
  chargeRequests,
  customerFieldsOf,
  deepActiveElement,
  fillCard,
  fillCustomer,
  liveRegionText,
  pay,
  readyCheckout,
  recordFetch,
  resetSandbox,
  sandboxControl,
  testEnv,
  type TestEnv,
} from '../checkout/checkout-harness.js';
import { cardCheckout, checkoutResult, viewText } from './results-harness.js';

const VISA = '4111111111111111';
const DECLINED = '4000000000000002';
const REFUSED = '4000000000000119';
const PENDING = '4000000000003220';

async function payAndWait(el: PayCheckout): Promise<CheckoutOrder> {
  const created = oneEvent(el, 'pay-order-created');
  await pay(el);
  return (await created).detail.order;
}

function button(view: HTMLElement, part: string): HTMLButtonElement {
  const found = view.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${part}"]`);
  if (!found) throw new Error(`no ${part}`);
  return found;
}

describe('<pay-checkout> result views', () => {
  let env: TestEnv;
  let recording: ReturnType<typeof recordFetch>;

  before(async () => {
    env = await testEnv();
  });

  beforeEach(async () => {
    await resetSandbox();
    recording = recordFetch();
  });

  afterEach(async () => {
    recording.restore();
    await setViewport({ width: 800, height: 600 });
  });

  it('counts a Pix code down on the API\'s clock when it runs ahead of the buyer\'s', async () => {
    // The sandbox's clock moves 10 minutes ahead: its Pix code expires an hour after ITS now,
    // which is 70 minutes after the buyer's. The buyer still has an hour, not 70 minutes.
    await sandboxControl('clock', 'POST', { advanceSeconds: 600 });
    const el = await readyCheckout();
    await fillCustomer(el);
    await payAndWait(el);
    const view = (await checkoutResult(el, 'pay-pix-result')) as PayPixResult;
    expect(view.shadowRoot!.querySelector('[role="timer"]')!.textContent!.trim()).to.match(/^(1:00:00|59:[0-5]\d)$/);
  });

  describe('when a Pix code expires', () => {
    it('makes a new charge with the same details and a new idempotency key', async () => {
      recording.restore();
      let answers = 0;
      // The acquirer may set a shorter life than asked (public-api.md, `expirationDate`): the first code here lives 3 s.
      recording = recordFetch((request, send) => {
        if (request.method !== 'POST' || !request.url.endsWith('/relay/charges')) return undefined;
        answers += 1;
        if (answers > 1) return send();
        return send().then(async (response) => {
          const order = (await response.clone().json()) as CheckoutOrder;
          const created = parseApiDateTime(order.createdAt)!.getTime();
          const shortLived = { ...order, pix: { ...order.pix!, expirationDate: new Date(created + 3000).toISOString() } };
          return new Response(JSON.stringify(shortLived), { status: response.status, headers: response.headers });
        });
      });
      const el = await readyCheckout();
      await fillCustomer(el);
      const first = await payAndWait(el);
      const view = (await checkoutResult(el, 'pay-pix-result')) as PayPixResult;
      await waitUntil(() => view.expired, 'the code did not expire', { timeout: 5000 });
      await view.updateComplete;
      expect(viewText(view)).to.contain('O código Pix expirou');

      const created = oneEvent(el, 'pay-order-created');
      button(view, 'new-charge-button').click();
      const second = (await created).detail.order;
      expect(second.id).to.not.equal(first.id);
      const [firstCharge, secondCharge] = chargeRequests(recording.requests, env);
      expect(secondCharge!.headers.get('Idempotency-Key')).to.match(/^[0-9a-f-]{36}$/);
      expect(secondCharge!.headers.get('Idempotency-Key')).to.not.equal(firstCharge!.headers.get('Idempotency-Key'));
      expect(secondCharge!.body).to.equal(firstCharge!.body);
      const fresh = (await checkoutResult(el, 'pay-pix-result')) as PayPixResult;
      await waitUntil(() => fresh.order?.id === second.id, 'the new code was not shown');
      expect(fresh.expired).to.equal(false);
    });
  });

  describe('card outcomes', () => {
    it('shows an approved card as paid', async () => {
      const el = await cardCheckout(VISA);
      const paid = oneEvent(el, 'pay-paid');
      await pay(el);
      await paid;
      const view = await checkoutResult(el, 'pay-card-result');
      expect(viewText(view)).to.contain('Pagamento aprovado!');
      expect(viewText(view)).to.contain('Valor pago: R$ 97,00');
      await waitUntil(() => deepActiveElement()?.getAttribute('part') === 'title', 'focus did not move to the result');
      await expect(el).to.be.accessible();
    });

    it('leads a declined buyer back to the form with their details kept and the card cleared', async () => {
      const el = await cardCheckout(DECLINED);
      const failed = oneEvent(el, 'pay-failed');
      await pay(el);
      expect((await failed).detail.reason).to.equal('declined');
      const view = await checkoutResult(el, 'pay-card-result');
      expect(viewText(view)).to.contain('Pagamento não autorizado');
      await waitUntil(() => liveRegionText(el) === 'Pagamento não autorizado', 'the decline was not announced');
      await expect(el).to.be.accessible();

      button(view, 'another-card-button').click();
      await waitUntil(() => el.shadowRoot!.querySelector('form')?.hidden === false, 'the form did not come back');
      expect(el.shadowRoot!.querySelector('[part="result"]')).to.equal(null);
      const customer = customerFieldsOf(el).shadowRoot!;
      expect(customer.querySelector<HTMLInputElement>('[name="name"]')!.value).to.equal(BUYER.name);
      expect(customer.querySelector<HTMLInputElement>('[name="email"]')!.value).to.equal(BUYER.email);
      const card = cardFieldsOf(el);
      await card.updateComplete;
      expect(card.shadowRoot!.querySelector<HTMLInputElement>('#card-number')!.value).to.equal('');
      expect(card.shadowRoot!.querySelector<HTMLInputElement>('#card-cvv')!.value).to.equal('');
      await waitUntil(() => deepActiveElement()?.id === 'card-number', 'focus did not move to the card number');
      await expect(el).to.be.accessible();

      // Another card goes through as a new payment.
      await fillCard(el, VISA);
      const paid = oneEvent(el, 'pay-paid');
      await pay(el);
      await paid;
      const [declined, approved] = chargeRequests(recording.requests, env);
      expect(approved!.headers.get('Idempotency-Key')).to.not.equal(declined!.headers.get('Idempotency-Key'));
    });

    it('tries a refused card again as a new attempt', async () => {
      const el = await cardCheckout(REFUSED);
      await payAndWait(el);
      const view = await checkoutResult(el, 'pay-card-result');
      expect(viewText(view)).to.contain('Não foi possível concluir o pagamento');
      expect(viewText(view)).to.contain('falha técnica');
      await expect(el).to.be.accessible();

      const again = oneEvent(el, 'pay-order-created');
      button(view, 'try-again-button').click();
      expect((await again).detail.order.status).to.equal('refused');
      // Two attempts, each with a key of its own.
      const charges = chargeRequests(recording.requests, env);
      expect(charges).to.have.length(2);
      expect(charges[1]!.headers.get('Idempotency-Key')).to.not.equal(charges[0]!.headers.get('Idempotency-Key'));
      const tokens = recording.requests.filter((request) => request.url.startsWith(`${env.sandboxUrl}/public_api/card-tokens/`));
      expect(tokens).to.have.length(2);
    });

    it('sends a refused buyer to the method choice', async () => {
      const el = await cardCheckout(REFUSED);
      await payAndWait(el);
      const view = await checkoutResult(el, 'pay-card-result');
      button(view, 'change-method-button').click();
      await waitUntil(() => el.shadowRoot!.querySelector('form')?.hidden === false, 'the form did not come back');
      await waitUntil(() => deepActiveElement()?.getAttribute('value') === 'credit_card', 'focus did not move to the method choice');
    });

    it('follows a pending 3-D Secure payment until the bank confirms it', async () => {
      const el = await cardCheckout(PENDING, 'threeDs');
      const order = await payAndWait(el);
      expect(order.status).to.equal('pending');
      const view = (await checkoutResult(el, 'pay-card-result')) as PayCardResult;
      expect(viewText(view)).to.contain('Aguardando a confirmação do banco');
      expect(view.shadowRoot!.querySelector('[part="spinner"]')!.getAttribute('aria-hidden')).to.equal('true');
      await expect(el).to.be.accessible();

      const paid = oneEvent(el, 'pay-paid');
      const changed = oneEvent(el, 'pay-status-change');
      await sandboxControl('clock', 'POST', { advanceSeconds: 11 });
      expect((await changed).detail).to.include({ status: 'paid', previousStatus: 'pending' });
      expect((await paid).detail.order.id).to.equal(order.id);
      await view.updateComplete;
      expect(viewText(view)).to.contain('Pagamento aprovado!');
      await waitUntil(() => liveRegionText(el) === 'Pagamento aprovado!', 'the payment was not announced');
    });
  });

  it('fits a 320px screen in every result', async () => {
    await setViewport({ width: 320, height: 640 });
    const el = await cardCheckout(REFUSED);
    await payAndWait(el);
    await checkoutResult(el, 'pay-card-result');
    expect(document.documentElement.scrollWidth).to.be.at.most(320);

    await resetSandbox();
    const pix = await readyCheckout();
    await fillCustomer(pix);
    await payAndWait(pix);
    const view = await checkoutResult(pix, 'pay-pix-result');
    await waitUntil(() => view.shadowRoot!.querySelector('svg'), 'no QR code');
    expect(document.documentElement.scrollWidth).to.be.at.most(320);
  });
});
