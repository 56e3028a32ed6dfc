import { expect } from '@open-wc/testing';
import '../../../src/widget/define.js';
import { PayBoletoResult } from '../../../src/widget/results/boleto-result/boleto-result.component.js';
import { PayPixResult } from '../../../src/widget/results/pix-result/pix-result.component.js';
import { qrEncoderWarm } from '../../../src/widget/results/qr-code.js';
import { encodeQrSymbol } from '../../../src/widget/results/qr-encoder.js';
import { drawnModules, viewText } from './results-harness.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The result views in the page, whatever shadow root holds them. */
function viewsInPage(): Element[] {
  const found: Element[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.localName === 'pay-pix-result' || element.localName === 'pay-boleto-result') found.push(element);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);
  return found;
}

/** Records what is added to the page and every result action that reaches it, until `stop`. */
function watchPage() {
  const added: Node[] = [];
  const actions: Event[] = [];
  const observer = new MutationObserver((records) => records.forEach((record) => added.push(...record.addedNodes)));
  observer.observe(document, { childList: true, subtree: true });
  const onAction = (event: Event) => actions.push(event);
  document.addEventListener('pay-result-action', onAction);
  return {
    added,
    actions,
    stop() {
      observer.disconnect();
      document.removeEventListener('pay-result-action', onAction);
    },
  };
}

// Each browser test file runs in a page of its own: neither view was rehearsed before these tests.
describe('a result view rehearsed before the first order', () => {
  it('draws the Pix view whole, its QR included, in the buyer\'s language, and lets it go: the page never holds it and its countdown stops', async () => {
    const page = watchPage();
    PayPixResult.preloadQr();
    let warmedUp = false;
    void qrEncoderWarm().then(() => (warmedUp = true));
    const view = (await PayPixResult.rehearse('es')) as PayPixResult | undefined;
    page.stop();
    // After the encoder's warm-up, which a real code (the sample's) would have cut short.
    expect(warmedUp).to.equal(true);

    expect(view).to.be.instanceOf(PayPixResult);
    expect(view!.isConnected).to.equal(false);
    expect(page.added, 'nothing was added to the page').to.deep.equal([]);
    expect(viewsInPage()).to.deep.equal([]);
    expect(page.actions).to.deep.equal([]);
    // Drawn in the rehearsal's one render, with the encoder warmed up first: the QR of the sample code, its field and the time left.
    const svg = view!.shadowRoot!.querySelector<SVGSVGElement>('[part="qr-code"]');
    expect(svg, 'the QR is drawn').to.not.equal(null);
    const code = view!.shadowRoot!.querySelector<HTMLTextAreaElement>('#pix-code')!.value;
    expect(code.length).to.be.greaterThan(150);
    const symbol = encodeQrSymbol(code);
    const expected = Array.from({ length: symbol.size }, (_, row) => Array.from({ length: symbol.size }, (_, column) => symbol.isDark(row, column)));
    expect(drawnModules(svg!)).to.deep.equal(expected);
    expect(viewText(view!)).to.contain('Paga con Pix');
    const timer = view!.shadowRoot!.querySelector('[role="timer"]')!.textContent;
    expect(timer).to.match(/^(\d+:)?\d{2}:\d{2}$/);

    // A countdown left running would update the view every second, connected or not.
    await wait(1_200);
    expect(view!.shadowRoot!.querySelector('[role="timer"]')!.textContent).to.equal(timer);
  });

  it('rehearses each kind of view once per page', async () => {
    expect(await PayPixResult.rehearse('en')).to.equal(undefined);
  });

  it('draws the boleto view with its slip, the due date as the buyer\'s region writes it, without the page ever holding it', async () => {
    const page = watchPage();
    const view = (await PayBoletoResult.rehearse('en')) as PayBoletoResult | undefined;
    page.stop();

    expect(view).to.be.instanceOf(PayBoletoResult);
    expect(view!.isConnected).to.equal(false);
    expect(page.added).to.deep.equal([]);
    expect(viewsInPage()).to.deep.equal([]);
    const text = viewText(view!);
    expect(text).to.contain('Pay the boleto');
    expect(text).to.match(/(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/);
    expect(view!.shadowRoot!.querySelector('[part="copy-input"]')).to.not.equal(null);
    expect(await PayBoletoResult.rehearse('pt-BR')).to.equal(undefined);
  });
});
