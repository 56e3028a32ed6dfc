import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import type { PayResultActionEvent } from '../../../src/widget/events/result-action-event.js';
import type { PayBoletoResult } from '../../../src/widget/results/boleto-result/boleto-result.component.js';
import type { PayCardResult } from '../../../src/widget/results/card-result/card-result.component.js';
import { VALID_CPF, chooseMethod, fillCustomer, liveRegionText, pay, readyCheckout, resetSandbox, sandboxControl } from '../checkout/checkout-harness.js';
import { checkoutResult, createCharge, resultFixture, viewAnnouncement, viewText, wrappedLines } from './results-harness.js';

const GROUPS = /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/;

describe('<pay-boleto-result>', () => {
  let order: CheckoutOrder;

  beforeEach(async () => {
    await resetSandbox();
    ({ order } = await createCharge('boleto'));
  });

  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('shows a real boleto: the line in its groups, the due date, the PDF and the clearing time', async () => {
    const view = await resultFixture<PayBoletoResult>('pay-boleto-result', order);
    const field = view.shadowRoot!.querySelector<HTMLTextAreaElement>('#boleto-line')!;
    expect(field.readOnly).to.equal(true);
    expect(field.value).to.match(GROUPS);
    expect(field.value.replace(/\D/g, '')).to.equal(order.boleto!.barcode);
    const [year, month, day] = order.boleto!.dueDate.split('-').map(Number);
    const dueDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(year!, month! - 1, day!),
    );
    const text = viewText(view);
    expect(text).to.contain(`Vencimento: ${dueDate}`);
    expect(dueDate).to.match(/^\d{1,2} de [a-zç]+ de \d{4}$/);
    expect(text).to.contain('Valor a pagar: R$ 97,00');
    expect(text).to.contain('de 1 a 3 dias úteis');
    const link = view.shadowRoot!.querySelector<HTMLAnchorElement>('[part="pdf-link"]')!;
    expect(link.href).to.equal(order.boleto!.pdfUrl);
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(link.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Abrir o boleto em PDF (abre em uma nova aba)');
    await expect(view).to.be.accessible();
  });

  it('copies the line\'s digits', async () => {
    const written: string[] = [];
    const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void written.push(text) }, configurable: true });
    try {
      const view = await resultFixture<PayBoletoResult>('pay-boleto-result', order);
      view.shadowRoot!.querySelector<HTMLButtonElement>('[part="copy-button"]')!.click();
      await waitUntil(() => viewAnnouncement(view) !== '', 'the copy was not announced');
      expect(written).to.deep.equal([order.boleto!.barcode]);
      expect(viewAnnouncement(view)).to.equal('Copiado para a área de transferência.');
    } finally {
      if (own) Object.defineProperty(navigator, 'clipboard', own);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('offers no link to a PDF address that is not a web address', async () => {
    const view = await resultFixture<PayBoletoResult>('pay-boleto-result', { ...order, boleto: { ...order.boleto!, pdfUrl: 'javascript:alert(1)' } });
    expect(view.shadowRoot!.querySelector('a')).to.equal(null);
  });

  it('speaks the three languages, with the due date as each writes it', async () => {
    const expected: Record<string, [string, RegExp]> = {
      'pt-BR': ['Pague o boleto', /Vencimento: \d{1,2} de \p{L}+ de \d{4}/u],
      es: ['Paga el boleto', /Vencimiento: \d{1,2} de \p{L}+ de \d{4}/u],
      en: ['Pay the boleto', /Due date: \p{L}+ \d{1,2}, \d{4}/u],
    };
    for (const [locale, [title, dueDate]] of Object.entries(expected)) {
      const view = await resultFixture<PayBoletoResult>('pay-boleto-result', order, { locale });
      expect(view.shadowRoot!.querySelector('[part="title"]')!.textContent).to.equal(title);
      expect(viewText(view)).to.match(dueDate);
      await expect(view).to.be.accessible();
    }
  });

  it('lets the buyer leave it for another method', async () => {
    const view = await resultFixture<PayBoletoResult>('pay-boleto-result', order);
    const action = new Promise<PayResultActionEvent>((resolve) => view.addEventListener('pay-result-action', resolve, { once: true }));
    view.shadowRoot!.querySelector<HTMLButtonElement>('[part="change-method-button"]')!.click();
    expect((await action).detail).to.deep.equal({ action: 'change-method', order });
  });

  it('fits a 320px screen without scrolling sideways', async () => {
    await setViewport({ width: 320, height: 640 });
    await resultFixture<PayBoletoResult>('pay-boleto-result', order);
    expect(document.documentElement.scrollWidth).to.be.at.most(320);
  });

  for (const width of [320, 375]) {
    it(`breaks the line only between its groups, every line shown whole, at ${width}px`, async () => {
      await setViewport({ width, height: 800 });
      const view = await resultFixture<PayBoletoResult>('pay-boleto-result', order);
      const field = view.shadowRoot!.querySelector<HTMLTextAreaElement>('#boleto-line')!;
      const lines = wrappedLines(field);
      expect(lines.length, lines.join(' / ')).to.be.greaterThan(1);
      // Each line holds whole groups: put back together, the lines' words are the groups.
      expect(lines.flatMap((line) => line.split(' ')), lines.join(' / ')).to.deep.equal(field.value.split(' '));
      // As tall as its lines: nothing hidden below, no line cut in half.
      const style = getComputedStyle(field);
      const inner = field.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      expect(inner).to.be.closeTo(lines.length * parseFloat(style.lineHeight), 1);
      expect(field.scrollHeight).to.be.at.most(field.clientHeight);
      expect(document.documentElement.scrollWidth).to.be.at.most(width);
    });
  }

  it('turns to paid inside the checkout when the boleto is paid', async () => {
    const el: PayCheckout = await readyCheckout();
    await chooseMethod(el, 'boleto');
    await fillCustomer(el, { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: VALID_CPF });
    const created = new Promise<CheckoutOrder>((resolve) => el.addEventListener('pay-order-created', (event) => resolve(event.detail.order), { once: true }));
    await pay(el);
    const boleto = await created;
    const view = await checkoutResult(el, 'pay-boleto-result');
    await expect(el).to.be.accessible();
    await sandboxControl(`orders/${boleto.id}/pay`, 'POST');
    await waitUntil(() => viewText(view).includes('Pagamento confirmado!'), 'the boleto did not turn to paid', { timeout: 8000 });
    await waitUntil(() => liveRegionText(el) === 'Pagamento confirmado!', 'the payment was not announced');
  });
});

describe('<pay-card-result>', () => {
  const card = (status: string): CheckoutOrder => ({
    id: 'ord_00000000000000c1',
    refId: 'CARD2345',
    status,
    paymentMethod: 'credit_card',
    amount: '102.91',
    createdAt: '2026-03-01T10:00:00-03:00',
  });

  it('says each outcome in the three languages', async () => {
    const titles: Record<string, Record<string, string>> = {
      paid: { 'pt-BR': 'Pagamento aprovado!', es: '¡Pago aprobado!', en: 'Payment approved!' },
      declined: { 'pt-BR': 'Pagamento não autorizado', es: 'Pago no autorizado', en: 'Payment not authorized' },
      refused: { 'pt-BR': 'Não foi possível concluir o pagamento', es: 'No se pudo completar el pago', en: 'The payment could not be completed' },
      pending: { 'pt-BR': 'Aguardando a confirmação do banco', es: 'Esperando la confirmación del banco', en: 'Waiting for your bank to confirm' },
    };
    for (const [status, byLocale] of Object.entries(titles)) {
      for (const [locale, title] of Object.entries(byLocale)) {
        const view = await resultFixture<PayCardResult>('pay-card-result', card(status), { locale });
        expect(view.shadowRoot!.querySelector('[part="title"]')!.textContent, `${status} ${locale}`).to.equal(title);
        await expect(view).to.be.accessible();
      }
    }
  });

  it('offers another card after a decline, and another try or method after a technical refusal', async () => {
    const declined = await resultFixture<PayCardResult>('pay-card-result', card('declined'));
    expect([...declined.shadowRoot!.querySelectorAll('button')].map((button) => button.getAttribute('part'))).to.deep.equal(['another-card-button']);
    const refused = await resultFixture<PayCardResult>('pay-card-result', card('refused'));
    expect([...refused.shadowRoot!.querySelectorAll('button')].map((button) => button.getAttribute('part'))).to.deep.equal([
      'try-again-button',
      'change-method-button',
    ]);
    const actions: string[] = [];
    refused.addEventListener('pay-result-action', (event) => actions.push(event.detail.action));
    for (const button of refused.shadowRoot!.querySelectorAll('button')) button.click();
    expect(actions).to.deep.equal(['retry', 'change-method']);
  });
});
