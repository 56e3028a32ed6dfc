import { expect, waitUntil } from '@open-wc/testing';

const RESULT_TAGS = ['pay-pix-result', 'pay-boleto-result', 'pay-card-result'];

// The test server serves every module as a file of its own: the page's default list of 250 loads would fill up.
performance.setResourceTimingBufferSize(5_000);

// The result views come with the widget's two entries like every other element.
describe('the result views in the widget\'s entries', () => {
  it('index exports their classes and the action event, registering nothing', async () => {
    const widget = await import('../../../src/widget/index.js');
    expect([typeof widget.PayPixResult, typeof widget.PayBoletoResult, typeof widget.PayCardResult]).to.deep.equal(['function', 'function', 'function']);
    expect(new widget.PayResultActionEvent({ action: 'retry', order: undefined as never })).to.include({ type: 'pay-result-action', bubbles: true, composed: true });
    expect(RESULT_TAGS.filter((tag) => customElements.get(tag) !== undefined)).to.deep.equal([]);
  });

  it('define registers them', async () => {
    const widget = await import('../../../src/widget/define.js');
    expect(RESULT_TAGS.map((tag) => customElements.get(tag))).to.deep.equal([widget.PayPixResult, widget.PayBoletoResult, widget.PayCardResult]);
  });

  it('loads the QR encoder only when a Pix code is drawn', async () => {
    const loaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/src/widget/results/qr-encoder.'));
    expect(loaded()).to.equal(false);
    const view = document.createElement('pay-pix-result');
    view.order = {
      id: 'ord_1',
      refId: 'ABCD2345',
      status: 'waiting_payment',
      paymentMethod: 'pix',
      amount: '97.00',
      createdAt: '2026-03-01T10:00:00-03:00',
      pix: { qrCode: '00020126', expirationDate: '2999-01-01T00:00:00Z', user_journey: null },
    };
    document.body.append(view);
    try {
      await waitUntil(() => view.shadowRoot!.querySelector('svg'), 'the QR code was not drawn');
      expect(loaded()).to.equal(true);
    } finally {
      view.remove();
    }
  });
});
