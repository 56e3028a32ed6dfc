import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import 'jsqr';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import type { PayResultActionEvent } from '../../../src/widget/events/result-action-event.js';
import { estimateClockOffset } from '../../../src/widget/results/countdown.js';
import { encodeQr } from '../../../src/widget/results/qr-code.js';
import type { PayPixResult } from '../../../src/widget/results/pix-result/pix-result.component.js';
import { VALID_CPF, chooseMethod, fillCustomer, pay, readyCheckout, resetSandbox, textOf } from '../checkout/checkout-harness.js';
import { qrPixels } from './qr-pixels.js';
import { checkoutResult, createCharge, drawnModules, qrDrawn, resultFixture, viewAnnouncement, viewText, wrappedLines } from './results-harness.js';

/** jsQR ships as a UMD script: imported in the browser, it puts itself on `self`. */
const { jsQR } = self as unknown as { jsQR: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null };

/** A Pix order written by hand, for the times and journeys a real charge does not give. */
function pixOrder(changes: Partial<CheckoutOrder> & { expirationDate?: string; journey?: string | null } = {}): CheckoutOrder {
  const { expirationDate, journey, ...order } = changes;
  return {
    id: 'ord_0000000000000001',
    refId: 'ABCD2345',
    status: 'waiting_payment',
    paymentMethod: 'pix',
    amount: '97.00',
    createdAt: '2026-03-01T10:00:00-03:00',
    pix: { qrCode: '00020126580014br.gov.bcb.pix0136test', expirationDate: expirationDate ?? '2999-01-01T00:00:00Z', user_journey: journey ?? null },
    ...order,
  };
}

/** `ms` from now on the buyer's clock, written as the API's space-separated form in São Paulo time (UTC-3). */
function spacedSaoPaulo(ms: number): string {
  const local = new Date(ms - 3 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}-03:00`;
}

function timerOf(view: PayPixResult): string {
  return view.shadowRoot!.querySelector('[role="timer"]')?.textContent?.trim() ?? '';
}

function codeFieldOf(view: PayPixResult): HTMLTextAreaElement {
  return view.shadowRoot!.querySelector<HTMLTextAreaElement>('#pix-code')!;
}

function copyButtonOf(view: PayPixResult): HTMLButtonElement {
  return view.shadowRoot!.querySelector<HTMLButtonElement>('[part="copy-button"]')!;
}

describe('<pay-pix-result>', () => {
  beforeEach(async () => {
    await resetSandbox();
  });

  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('shows a real Pix charge: a QR that encodes pix.qrCode, the code, the amount, the time left and the steps', async () => {
    const { order, receivedAtMs } = await createCharge('pix');
    // The sandbox's clock may run ahead of this one (tests move it): the view is told by how much.
    const view = await resultFixture<PayPixResult>('pay-pix-result', order, { clockOffset: estimateClockOffset(order.createdAt, receivedAtMs) });
    const svg = await qrDrawn(view);
    expect(svg.getAttribute('aria-label')!.replace(/\s/g, ' ')).to.equal('QR code Pix para pagar R$ 97,00');
    expect(svg.getAttribute('shape-rendering')).to.equal('crispEdges');
    // The drawn modules are those of the copy-and-paste code: a phone scanning it reads pix.qrCode.
    const drawn = drawnModules(svg);
    const { data, width, height } = qrPixels({ size: drawn.length, isDark: (row, column) => drawn[row]![column]! });
    expect(jsQR(data, width, height)?.data).to.equal(order.pix!.qrCode);

    const field = codeFieldOf(view);
    expect(field.value).to.equal(order.pix!.qrCode);
    expect(field.readOnly).to.equal(true);
    const text = viewText(view);
    expect(text).to.contain('Pague com Pix');
    expect(text).to.contain('Valor a pagar: R$ 97,00');
    expect(text).to.contain(`Código do pedido: ${order.refId}`);
    expect(view.shadowRoot!.querySelectorAll('[part="steps"] li')).to.have.length(3);
    // The sandbox's code lives an hour: the countdown starts near 60:00.
    expect(timerOf(view)).to.match(/^(1:00:00|59:[0-5]\d)$/);
    await expect(view).to.be.accessible();
  });

  describe('when the buyer copies the code', () => {
    let restore: () => void;

    afterEach(() => restore?.());

    function replaceClipboard(clipboard: Partial<Clipboard> | undefined): void {
      const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
      Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
      restore = () => {
        if (own) Object.defineProperty(navigator, 'clipboard', own);
        else delete (navigator as { clipboard?: unknown }).clipboard;
      };
    }

    it('puts the code on the clipboard and announces it', async () => {
      const written: string[] = [];
      replaceClipboard({ writeText: async (text: string) => void written.push(text) });
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder());
      copyButtonOf(view).click();
      await waitUntil(() => viewAnnouncement(view) !== '', 'the copy was not announced');
      expect(written).to.deep.equal([pixOrder().pix!.qrCode]);
      expect(viewAnnouncement(view)).to.equal('Copiado para a área de transferência.');
      expect(copyButtonOf(view).textContent!.trim()).to.equal('Copiado!');
    });

    it('selects the code for the buyer to copy when there is no Clipboard API', async () => {
      replaceClipboard(undefined);
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder());
      copyButtonOf(view).click();
      await waitUntil(() => viewAnnouncement(view) !== '', 'the selection was not announced');
      const field = codeFieldOf(view);
      expect(view.shadowRoot!.activeElement).to.equal(field);
      expect([field.selectionStart, field.selectionEnd]).to.deep.equal([0, field.value.length]);
      expect(viewAnnouncement(view)).to.equal('Texto selecionado. Use a opção Copiar do seu aparelho para copiá-lo.');
      expect(copyButtonOf(view).textContent!.trim()).to.equal('Copiar código');
    });

    it('selects the code when the clipboard refuses to be written', async () => {
      replaceClipboard({ writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) });
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder());
      copyButtonOf(view).click();
      await waitUntil(() => viewAnnouncement(view) !== '', 'the selection was not announced');
      const field = codeFieldOf(view);
      expect([field.selectionStart, field.selectionEnd]).to.deep.equal([0, field.value.length]);
    });
  });

  describe('the countdown', () => {
    it('reads an ISO expiration date', async () => {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ expirationDate: new Date(Date.now() + 90_500).toISOString() }));
      expect(timerOf(view)).to.equal('01:31');
    });

    it('reads the space-separated form with an offset', async () => {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ expirationDate: spacedSaoPaulo(Date.now() + 150_500) }));
      // The space-separated form has whole seconds: 150.5 s ahead is written 150 s ahead.
      expect(timerOf(view)).to.be.oneOf(['02:30', '02:31']);
    });

    it('runs on the API\'s clock when the buyer\'s clock is off', async () => {
      // The API's clock is 10 minutes ahead of the buyer's: a code it says expires 5 minutes
      // from its own now has 5 minutes left, not 15.
      const offset = 10 * 60_000;
      const expiration = new Date(Date.now() + offset + 5 * 60_000 + 500).toISOString();
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ expirationDate: expiration }), { clockOffset: offset });
      expect(timerOf(view)).to.equal('05:01');
    });

    it('shows hours once a code lives an hour or more', async () => {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ expirationDate: new Date(Date.now() + 7_200_500).toISOString() }));
      expect(timerOf(view)).to.equal('2:00:01');
    });

    it('ticks each second but is not a live region', async () => {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ expirationDate: new Date(Date.now() + 90_500).toISOString() }));
      const timer = view.shadowRoot!.querySelector('[role="timer"]')!;
      expect(timer.closest('[aria-live]')).to.equal(null);
      const first = timerOf(view);
      await waitUntil(() => timerOf(view) !== first, 'the countdown did not tick', { timeout: 2500 });
      expect(viewAnnouncement(view)).to.equal('');
    });

    it('announces the last minute once', async () => {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ expirationDate: new Date(Date.now() + 61_200).toISOString() }));
      await waitUntil(() => viewAnnouncement(view) !== '', 'the last minute was not announced', { timeout: 3000 });
      expect(viewAnnouncement(view)).to.equal('Falta 1 minuto para o código Pix expirar.');
    });
  });

  describe('when the code expires', () => {
    it('says so, hides the code and offers a new one', async () => {
      const order = pixOrder({ expirationDate: new Date(Date.now() + 1200).toISOString() });
      const view = await resultFixture<PayPixResult>('pay-pix-result', order);
      expect(view.expired).to.equal(false);
      await waitUntil(() => view.expired, 'the code did not expire', { timeout: 3000 });
      await view.updateComplete;
      expect(viewText(view)).to.contain('O código Pix expirou');
      expect(codeFieldOf(view)).to.equal(null);
      expect(view.shadowRoot!.querySelector('svg')).to.equal(null);
      await waitUntil(() => viewAnnouncement(view) === 'O código Pix expirou', 'the expiry was not announced');
      await expect(view).to.be.accessible();
      const action = oneEvent(view, 'pay-result-action') as Promise<PayResultActionEvent>;
      view.shadowRoot!.querySelector<HTMLButtonElement>('[part="new-charge-button"]')!.click();
      const { detail } = await action;
      expect(detail.action).to.equal('new-charge');
      expect(detail.order.id).to.equal(order.id);
    });

    it('moves focus to its title when the copy button it had goes away', async () => {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ expirationDate: new Date(Date.now() + 1200).toISOString() }));
      copyButtonOf(view).focus();
      await waitUntil(() => view.expired, 'the code did not expire', { timeout: 3000 });
      await waitUntil(() => view.shadowRoot!.activeElement?.getAttribute('part') === 'title', 'focus was lost');
    });
  });

  it('draws the QR code in the first render that shows its box, once the encoder is on the page', async () => {
    // The encoder is fetched ahead of the order (while the buyer fills the form): here, by a first code.
    await encodeQr('00020101');
    const view = document.createElement('pay-pix-result') as PayPixResult;
    const boxes: boolean[] = [];
    view.addController({
      hostUpdated: () => {
        const box = view.shadowRoot?.querySelector('[part="qr"]');
        if (box) boxes.push(box.querySelector('svg[role="img"]') !== null);
      },
    });
    view.order = pixOrder();
    view.locale = 'pt-BR';
    (await fixture(html`<div></div>`)).append(view);
    await waitUntil(() => boxes.length > 0, 'the QR box was never shown', { timeout: 5000 });
    // Never "Gerando o QR code…" first: no second render stands between the order and its code.
    expect(boxes[0]).to.equal(true);
  });

  describe('Pix Automático', () => {
    it('explains what a real charge\'s journey authorizes and that access waits for the authorization', async () => {
      const { order } = await createCharge('pix_auto');
      expect(order.pix!.user_journey).to.equal('JORNADA_4');
      const view = await resultFixture<PayPixResult>('pay-pix-result', order);
      await qrDrawn(view);
      const journey = viewText(view);
      expect(journey).to.contain('Autorize o Pix Automático');
      expect(journey).to.contain('você paga agora a primeira cobrança. Em seguida, o app do seu banco pede que você autorize');
      expect(journey).to.contain('O acesso é liberado depois que a autorização for confirmada.');
      expect(journey).to.not.contain('Autorização confirmada');
      expect(codeFieldOf(view).value).to.equal(order.pix!.qrCode);
      await expect(view).to.be.accessible();

      view.order = { ...order, status: 'paid' };
      await view.updateComplete;
      expect(viewText(view)).to.contain('Autorização confirmada!');
    });

    /** The terms the view lists, `label: value`, spaces made plain (amounts carry no-break spaces). */
    const termsOf = (view: PayPixResult) =>
      [...view.shadowRoot!.querySelectorAll('[part="terms"] dl > div')].map((row) => `${textOf(row.querySelector('dt'))}: ${textOf(row.querySelector('dd'))}`);
    const monthly = { recurrence_period: 30, quantity_recurrences: -1, trial_days: 7 };
    const dayOf = (locale: string, ms: number) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(ms);

    it('lists the terms the buyer authorizes before the QR code: amount, frequency, first charge, number of charges', async () => {
      // The QR only authorizes: the first charge comes after the trial days.
      const order = pixOrder({ paymentMethod: 'pix_auto', journey: 'JORNADA_2', amount: '29.90' });
      const view = await resultFixture<PayPixResult>('pay-pix-result', order, { properties: { recurrence: monthly, recurringAmount: '29.90' } });
      await qrDrawn(view);
      const firstCharge = Date.parse(order.createdAt) + 7 * 86_400_000;
      expect(termsOf(view)).to.deep.equal([
        'Valor de cada cobrança: R$ 29,90',
        'Frequência: Mensal',
        `Primeira cobrança: ${dayOf('pt-BR', firstCharge)}`,
        'Número de cobranças: Até você cancelar',
      ]);
      expect(dayOf('pt-BR', firstCharge)).to.match(/^\d{1,2} de [a-zç]+ de \d{4}$/);
      const terms = view.shadowRoot!.querySelector('[part="terms"]')!;
      expect(textOf(terms.querySelector('h4'))).to.equal('O que você autoriza');
      expect(terms.compareDocumentPosition(view.shadowRoot!.querySelector('[part="qr"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
      await expect(view).to.be.accessible();
    });

    it('says the terms in the buyer\'s language, with the other periods and a number of charges', async () => {
      const order = pixOrder({ paymentMethod: 'pix_auto', journey: 'JORNADA_2' });
      const yearly = { recurrence_period: 365, quantity_recurrences: 3, trial_days: 0 };
      const es = await resultFixture<PayPixResult>('pay-pix-result', order, { locale: 'es', properties: { recurrence: yearly, recurringAmount: '299.00' } });
      expect(termsOf(es)).to.deep.equal([
        'Monto de cada cobro: 299,00 BRL',
        'Frecuencia: Anual',
        `Primer cobro: ${dayOf('es', Date.parse(order.createdAt))}`,
        'Número de cobros: 3',
      ]);
      expect(dayOf('es', Date.parse(order.createdAt))).to.match(/^\d{1,2} de [a-z]+ de \d{4}$/);
      const fortnightly = { recurrence_period: 15, quantity_recurrences: null, trial_days: null };
      const en = await resultFixture<PayPixResult>('pay-pix-result', order, { locale: 'en', properties: { recurrence: fortnightly, recurringAmount: '49.90' } });
      expect(termsOf(en)).to.deep.equal(['Amount of each charge: R$49.90', 'Frequency: Every 15 days']);
      await expect(en).to.be.accessible();
    });

    it('lists no terms without the offer\'s recurrence', async () => {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ paymentMethod: 'pix_auto', journey: 'JORNADA_3' }), { properties: { recurrence: null } });
      expect(view.shadowRoot!.querySelector('[part="terms"]')).to.equal(null);
      expect(view.shadowRoot!.querySelector('[part="journey"]')).to.not.equal(null);
    });

    it('takes the terms from the relay\'s config of a subscription offer inside the checkout', async () => {
      const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="CLUBmes"></pay-checkout>`);
      await chooseMethod(el, 'pix_auto');
      await fillCustomer(el, { name: 'Maria Silva', email: 'maria@example.com', phone: '11987654321', document: VALID_CPF });
      await pay(el);
      const view = (await checkoutResult(el, 'pay-pix-result')) as PayPixResult;
      await waitUntil(() => view.shadowRoot!.querySelector('[part="terms"]'), 'no terms in the checkout\'s Pix Automático view');
      // The sandbox's journey pays the first charge with the QR, and the offer has 7 trial days:
      // when the next charge falls is not clear from those, so no date is shown.
      expect(view.order!.pix!.user_journey).to.equal('JORNADA_4');
      expect(termsOf(view)).to.deep.equal(['Valor de cada cobrança: R$ 29,90', 'Frequência: Mensal', 'Número de cobranças: Até você cancelar']);
    });

    it('dates the next charge one period on when the QR pays the first charge now, never a "first charge" after it', async () => {
      const noTrial = { recurrence_period: 30, quantity_recurrences: 12, trial_days: 0 };
      for (const [journey, locale, label] of [['JORNADA_3', 'pt-BR', 'Próxima cobrança'], ['JORNADA_4', 'es', 'Próximo cobro'], ['JORNADA_4', 'en', 'Next charge']] as const) {
        const order = pixOrder({ paymentMethod: 'pix_auto', journey, amount: '29.90' });
        const view = await resultFixture<PayPixResult>('pay-pix-result', order, { locale, properties: { recurrence: noTrial, recurringAmount: '29.90' } });
        const terms = termsOf(view);
        expect(terms[2], `${journey} in ${locale}`).to.equal(`${label}: ${dayOf(locale, Date.parse(order.createdAt) + 30 * 86_400_000)}`);
        expect(terms).to.have.length(4);
        view.remove();
      }
      // With trial days the next charge's date is unclear: none is shown.
      const trial = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ paymentMethod: 'pix_auto', journey: 'JORNADA_3' }), { properties: { recurrence: monthly, recurringAmount: '29.90' } });
      expect(termsOf(trial).map((term) => term.split(':')[0])).to.deep.equal(['Valor de cada cobrança', 'Frequência', 'Número de cobranças']);
    });

    const journeys: [string, string][] = [
      ['JORNADA_2', 'Nada é cobrado agora'],
      ['JORNADA_3', 'Não é possível pagar sem autorizar.'],
      ['JORNADA_4', 'o app do seu banco pede que você autorize'],
    ];
    for (const [journey, says] of journeys) {
      it(`explains ${journey} beside the QR code`, async () => {
        const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ paymentMethod: 'pix_auto', journey }));
        await qrDrawn(view);
        expect(view.shadowRoot!.querySelector('[part="journey"]')!.textContent).to.contain(says);
      });
    }

    it('sends a JORNADA_1 buyer to the request in the bank app, with no code to scan', async () => {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ paymentMethod: 'pix_auto', journey: 'JORNADA_1' }));
      expect(view.shadowRoot!.querySelector('[part="journey"]')!.textContent).to.contain('A autorização é feita só por esse pedido');
      expect(view.shadowRoot!.querySelector('[part="qr"]')).to.equal(null);
      expect(codeFieldOf(view)).to.equal(null);
      expect(viewText(view)).to.contain('procure o pedido de autorização do Pix Automático');
      await expect(view).to.be.accessible();
    });
  });

  it('shows a paid order as confirmed, without the code', async () => {
    const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder({ status: 'paid' }));
    expect(viewText(view)).to.contain('Pagamento confirmado!');
    expect(viewText(view)).to.contain('Valor pago: R$ 97,00');
    expect(codeFieldOf(view)).to.equal(null);
    await expect(view).to.be.accessible();
  });

  it('speaks the three languages', async () => {
    const titles: Record<string, string> = { 'pt-BR': 'Pague com Pix', es: 'Paga con Pix', en: 'Pay with Pix' };
    const labels: Record<string, string> = {
      'pt-BR': 'QR code Pix para pagar R$ 97,00',
      es: 'Código QR de Pix para pagar 97,00 BRL',
      en: 'Pix QR code to pay R$97.00',
    };
    for (const locale of Object.keys(titles)) {
      const view = await resultFixture<PayPixResult>('pay-pix-result', pixOrder(), { locale });
      const svg = await qrDrawn(view);
      expect(view.shadowRoot!.querySelector('[part="title"]')!.textContent).to.equal(titles[locale]);
      expect(svg.getAttribute('aria-label')!.replace(/\s/g, ' ')).to.equal(labels[locale]);
      expect(view.shadowRoot!.querySelector('[part="base"]')!.getAttribute('lang')).to.equal(locale);
      await expect(view).to.be.accessible();
    }
  });

  it('shows the whole copy-and-paste code at 375px, in whole lines', async () => {
    await setViewport({ width: 375, height: 800 });
    const { order } = await createCharge('pix');
    const view = await resultFixture<PayPixResult>('pay-pix-result', order);
    const field = codeFieldOf(view);
    const lines = wrappedLines(field);
    expect(lines.length).to.be.greaterThan(2);
    expect(lines.join('')).to.equal(order.pix!.qrCode);
    const style = getComputedStyle(field);
    const inner = field.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    expect(inner).to.be.closeTo(lines.length * parseFloat(style.lineHeight), 1);
    expect(field.scrollHeight).to.be.at.most(field.clientHeight);
    expect(parseFloat(style.fontSize)).to.be.at.least(15);
    expect(field.getBoundingClientRect().right).to.be.at.most(375);
  });

  it('fits a 320px screen without scrolling sideways', async () => {
    await setViewport({ width: 320, height: 640 });
    const { order } = await createCharge('pix');
    const view = await resultFixture<PayPixResult>('pay-pix-result', order);
    await qrDrawn(view);
    expect(document.documentElement.scrollWidth).to.be.at.most(320);
    const qr = view.shadowRoot!.querySelector('[part="qr"]')!.getBoundingClientRect();
    expect(qr.width).to.be.greaterThan(150);
  });
});
