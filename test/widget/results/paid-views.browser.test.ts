import { expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import { chooseMethod, deepActiveElement, fillCard, fillCustomer, liveRegionText, pay, readyCheckout, resetSandbox, textOf } from '../checkout/checkout-harness.js';
import { checkoutResult, resultFixture, viewText } from './results-harness.js';

type ResultTag = 'pay-pix-result' | 'pay-boleto-result' | 'pay-card-result';
type View = HTMLElement & { updateComplete: Promise<boolean> };

const PAID: Record<ResultTag, { order: CheckoutOrder; title: string }> = {
  'pay-pix-result': {
    order: {
      id: 'ord_00000000000000p1',
      refId: 'PIX23456',
      status: 'paid',
      paymentMethod: 'pix',
      amount: '97.00',
      createdAt: '2026-03-01T10:00:00-03:00',
      pix: { qrCode: '00020126580014br.gov.bcb.pix0136test', expirationDate: '2999-01-01T00:00:00Z', user_journey: null },
    },
    title: 'Pagamento confirmado!',
  },
  'pay-boleto-result': {
    order: {
      id: 'ord_00000000000000b1',
      refId: 'BOL23456',
      status: 'paid',
      paymentMethod: 'boleto',
      amount: '97.00',
      createdAt: '2026-03-01T10:00:00-03:00',
      boleto: { barcode: '00190000090123456789012345678901234560000009700', pdfUrl: 'https://api.example/boleto.pdf', dueDate: '2026-03-04' },
    },
    title: 'Pagamento confirmado!',
  },
  'pay-card-result': {
    order: { id: 'ord_00000000000000c1', refId: 'CARD2345', status: 'paid', paymentMethod: 'credit_card', amount: '97.00', createdAt: '2026-03-01T10:00:00-03:00' },
    title: 'Pagamento aprovado!',
  },
};

const markOf = (view: Element) => view.shadowRoot!.querySelector('[part="success-mark"]');
const messageOf = (view: Element) => textOf(view.shadowRoot!.querySelector('[part="message"]'));

describe('paid result views', () => {
  for (const [tag, { order, title }] of Object.entries(PAID) as [ResultTag, (typeof PAID)[ResultTag]][]) {
    describe(`<${tag}>`, () => {
      it('shows a success mark hidden from screen readers, the title, the amount paid and what happens next', async () => {
        const view = await resultFixture<View>(tag, order);
        const mark = markOf(view)!;
        expect(mark.localName).to.equal('svg');
        expect(mark.getAttribute('aria-hidden')).to.equal('true');
        expect(mark.querySelector('circle')).to.not.equal(null);
        expect(mark.getBoundingClientRect().width).to.be.greaterThan(24);
        expect(textOf(view.shadowRoot!.querySelector('[part="title"]'))).to.equal(title);
        expect(textOf(view.shadowRoot!.querySelector('[part="amount"]'))).to.equal('Valor pago: R$ 97,00');
        expect(messageOf(view)).to.equal('Você receberá o acesso por e-mail.');
        await expect(view).to.be.accessible();
      });

      it('says the merchant\'s paid-message instead of the default, as text', async () => {
        const message = 'Seu acesso chega por <b>WhatsApp</b> em até 5 minutos.';
        const view = await resultFixture<View>(tag, order, { attributes: { 'paid-message': message } });
        expect(messageOf(view)).to.equal(message);
        expect(view.shadowRoot!.querySelector('[part="message"] b')).to.equal(null);
        expect(viewText(view)).to.not.contain('Você receberá o acesso por e-mail.');
        await expect(view).to.be.accessible();
      });

      it('says the default in Spanish and English', async () => {
        const es = await resultFixture<View>(tag, order, { locale: 'es' });
        expect(messageOf(es)).to.equal('Recibirás el acceso por correo electrónico.');
        const en = await resultFixture<View>(tag, order, { locale: 'en' });
        expect(messageOf(en)).to.equal('You will receive access by email.');
        await expect(en).to.be.accessible();
      });
    });
  }

  it('shows no success mark on a declined or refused card, and keeps their distinct advice', async () => {
    const card = PAID['pay-card-result'].order;
    const declined = await resultFixture<View>('pay-card-result', { ...card, status: 'declined' });
    const refused = await resultFixture<View>('pay-card-result', { ...card, status: 'refused' });
    expect(markOf(declined)).to.equal(null);
    expect(markOf(refused)).to.equal(null);
    expect(messageOf(declined)).to.contain('outro cartão');
    expect(messageOf(refused)).to.not.equal(messageOf(declined));
    expect(messageOf(refused)).to.not.equal('Você receberá o acesso por e-mail.');
  });

  describe('inside <pay-checkout>', () => {
    beforeEach(async () => {
      await resetSandbox();
    });

    it('passes its paid-message to the paid view, and announces and focuses it as before', async () => {
      const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" paid-message="O link da aula chega no seu WhatsApp."></pay-checkout>`);
      // Charged without 3-D Secure, so no billing address to fill (one card choice).
      el.methods = 'pix,boleto,credit_card';
      await el.updateComplete;
      await chooseMethod(el, 'credit_card');
      await fillCustomer(el);
      await fillCard(el, '4111111111111111');
      const paid = oneEvent(el, 'pay-paid');
      await pay(el);
      await paid;
      const view = await checkoutResult(el, 'pay-card-result');
      expect(messageOf(view)).to.equal('O link da aula chega no seu WhatsApp.');
      expect(markOf(view)).to.not.equal(null);
      await waitUntil(() => liveRegionText(el) === 'Pagamento aprovado!', 'the payment was not announced');
      await waitUntil(() => deepActiveElement()?.getAttribute('part') === 'title', 'focus did not move to the result');
      await expect(el).to.be.accessible();
    });
  });
});
