import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import { qrDrawn, viewText } from './results-harness.js';

type ResultTag = 'pay-pix-result' | 'pay-boleto-result';
type View = HTMLElement & { order: CheckoutOrder; locale: string; updateComplete: Promise<boolean>; expired?: boolean };

const PIX: CheckoutOrder = {
  id: 'ord_000000000000kpx1',
  refId: 'PIXK2345',
  status: 'waiting_payment',
  paymentMethod: 'pix',
  amount: '97.00',
  createdAt: '2026-03-01T10:00:00-03:00',
  pix: { qrCode: '00020126580014br.gov.bcb.pix0136test', expirationDate: '2999-01-01T00:00:00Z', user_journey: null },
};

const BOLETO: CheckoutOrder = {
  id: 'ord_000000000000kbl1',
  refId: 'BOLK2345',
  status: 'waiting_payment',
  paymentMethod: 'boleto',
  amount: '97.00',
  createdAt: '2026-03-01T10:00:00-03:00',
  boleto: { barcode: '00190000090123456789012345678901234560000009700', pdfUrl: 'https://api.example/boleto.pdf', dueDate: '2026-03-04' },
};

/**
 * A view as a shop's page has it: the view, then the shop's own text under it. Answers both, the
 * view drawn (a Pix code's QR included).
 */
async function onPage(tag: ResultTag, order: CheckoutOrder): Promise<{ view: View; under: HTMLElement }> {
  const page = await fixture<HTMLElement>(html`<div><p id="under">O curso tem doze módulos curtos.</p></div>`);
  const view = document.createElement(tag) as View;
  view.order = order;
  view.locale = 'pt-BR';
  page.prepend(view);
  await view.updateComplete;
  if (order.pix && order.status !== 'paid') await qrDrawn(view);
  return { view, under: page.querySelector<HTMLElement>('#under')! };
}

const part = (view: View, name: string) => view.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;
const top = (element: Element) => element.getBoundingClientRect().top;
const height = (element: Element) => element.getBoundingClientRect().height;

/** Two frames: whatever the change laid out is on screen. */
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** Layout shifts the page scores from now (Core Web Vitals' kind: none right after an input). */
function watchShifts(): { total: () => number; stop: () => void } {
  let total = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) total += entry.value;
    }
  });
  observer.observe({ type: 'layout-shift' });
  return {
    total: () => total + (observer.takeRecords() as Array<PerformanceEntry & { value: number }>).reduce((sum, entry) => sum + entry.value, 0),
    stop: () => observer.disconnect(),
  };
}

describe('result views keep their height while they show one order', () => {
  beforeEach(async () => {
    await setViewport({ width: 375, height: 700 });
  });

  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  for (const [tag, waiting] of [
    ['pay-pix-result', PIX],
    ['pay-boleto-result', BOLETO],
  ] as const) {
    it(`<${tag}>: paid from elsewhere, the shop's text under it and the reference stay where they were`, async () => {
      const { view, under } = await onPage(tag, waiting);
      const before = { view: height(view), under: top(under), reference: top(part(view, 'reference')) };
      const shifts = watchShifts();
      view.order = { ...waiting, status: 'paid' };
      await view.updateComplete;
      await frames();
      expect(viewText(view)).to.contain('Pagamento confirmado!');
      expect(height(view)).to.be.closeTo(before.view, 0.5);
      expect(top(under)).to.be.closeTo(before.under, 0.5);
      expect(top(part(view, 'reference'))).to.be.closeTo(before.reference, 0.5);
      expect(shifts.total()).to.equal(0);
      shifts.stop();
    });
  }

  it('draws a paid view kept taller than it needs in the middle of the space above the reference', async () => {
    const { view } = await onPage('pay-pix-result', PIX);
    view.order = { ...PIX, status: 'paid' };
    await view.updateComplete;
    const base = part(view, 'base').getBoundingClientRect();
    const mark = part(view, 'success-mark').parentElement!.getBoundingClientRect();
    const message = part(view, 'message').getBoundingClientRect();
    const reference = part(view, 'reference').getBoundingClientRect();
    const above = mark.top - base.top;
    const below = reference.top - message.bottom;
    // The space splits evenly; the one grid gap before the reference is the difference.
    expect(above).to.be.greaterThan(100);
    expect(Math.abs(below - above)).to.be.lessThan(24);
  });

  it('keeps its height when a Pix code expires unseen, so the expired view does not pull the page up', async () => {
    const { view, under } = await onPage('pay-pix-result', { ...PIX, pix: { ...PIX.pix!, expirationDate: new Date(Date.now() + 1500).toISOString() } });
    const before = { view: height(view), under: top(under) };
    await waitUntil(() => view.expired, 'the code did not expire', { timeout: 4000 });
    await view.updateComplete;
    await frames();
    expect(viewText(view)).to.contain('O código Pix expirou');
    expect(height(view)).to.be.closeTo(before.view, 0.5);
    expect(top(under)).to.be.closeTo(before.under, 0.5);
  });

  it('takes only its own height for an order it shows paid from the start, or another order', async () => {
    const { view: paidAtOnce } = await onPage('pay-pix-result', { ...PIX, status: 'paid' });
    const ownHeight = height(paidAtOnce);
    // Nothing is added under the message: the reference follows it at the grid's gap.
    expect(top(part(paidAtOnce, 'reference')) - part(paidAtOnce, 'message').getBoundingClientRect().bottom).to.be.lessThan(24);

    const { view } = await onPage('pay-pix-result', PIX);
    const waitingHeight = height(view);
    expect(waitingHeight).to.be.greaterThan(ownHeight + 200);
    view.order = { ...PIX, id: 'ord_000000000000kpx2', status: 'paid' };
    await view.updateComplete;
    await frames();
    expect(height(view)).to.be.closeTo(ownHeight, 0.5);
  });
});
