import { expect, waitUntil } from '@open-wc/testing';
import { loadElement, loadWhenUsed, OnDemandElements, ON_DEMAND_TAGS } from '../../src/widget/on-demand-elements.js';

// Each test file runs in a page of its own: no element is registered before these tests.
describe('the elements registered on demand', () => {
  it('starts with none of them registered', () => {
    expect(ON_DEMAND_TAGS.filter((tag) => customElements.get(tag) !== undefined)).to.deep.equal([]);
  });

  it('registers one when it is loaded, with one fetch for concurrent callers', async () => {
    const first = loadElement('pay-boleto-result');
    expect(loadElement('pay-boleto-result')).to.equal(first);
    await first;
    expect(customElements.get('pay-boleto-result')).to.be.a('function');
    expect(customElements.get('pay-card-result')).to.equal(undefined);
  });

  it('registers one the page puts in the document, now or later, and not the others', async () => {
    const present = document.createElement('pay-3ds-dialog');
    document.body.append(present);
    loadWhenUsed(document);
    const later = document.createElement('div');
    later.innerHTML = '<section><pay-card-result></pay-card-result></section>';
    document.body.append(later);
    try {
      await waitUntil(() => customElements.get('pay-3ds-dialog') && customElements.get('pay-card-result'), 'not registered');
      expect(customElements.get('pay-pix-result')).to.equal(undefined);
    } finally {
      present.remove();
      later.remove();
    }
  });

  it('tells the element that shows one where it stands, and updates it once registered', async () => {
    let updates = 0;
    const controller = new OnDemandElements({
      addController: () => undefined,
      removeController: () => undefined,
      requestUpdate: () => (updates += 1),
      updateComplete: Promise.resolve(true),
    });
    expect(controller.require('pay-pix-result')).to.equal('loading');
    await waitUntil(() => updates > 0, 'no update');
    expect(controller.require('pay-pix-result')).to.equal('ready');
    expect(customElements.get('pay-pix-result')).to.be.a('function');
    // Already registered (as the npm build's define does): ready at once, nothing fetched.
    expect(controller.require('pay-boleto-result')).to.equal('ready');
  });
});
