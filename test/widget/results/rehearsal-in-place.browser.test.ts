import { expect } from '@open-wc/testing';
import '../../../src/widget/define.js';
import { PayBoletoResult } from '../../../src/widget/results/boleto-result/boleto-result.component.js';
import { PayPixResult } from '../../../src/widget/results/pix-result/pix-result.component.js';
import { viewText } from './results-harness.js';

/** What a rehearsal in `place` put there, seen while it was there. */
type Staged = { view: string; hidden: boolean; inert: boolean; ariaHidden: string | null; height: number; width: number };

/**
 * A host like the checkout: a shadow root 320 px wide holding a paragraph, themed with a font
 * the page declares but nothing has used yet. A browser fetches a font only when a layout needs
 * it, so its status tells whether a view in that theme was laid out.
 */
async function themedPlace(family: string) {
  const font = new FontFace(family, 'url(data:font/woff2;base64,AAAA)');
  document.fonts.add(font);
  const host = document.createElement('div');
  host.style.cssText = `width: 320px; --pay-font-family: ${family}`;
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = '<p style="margin: 0; font-family: serif">Form</p>';
  document.body.append(host);
  const staged: Staged[] = [];
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (!(node instanceof HTMLElement) || !node.isConnected) continue;
      const box = node.getBoundingClientRect();
      staged.push({
        view: node.firstElementChild?.localName ?? '',
        hidden: getComputedStyle(node).visibility === 'hidden',
        inert: node.inert,
        ariaHidden: node.getAttribute('aria-hidden'),
        height: box.height,
        width: (node.firstElementChild as HTMLElement | null)?.getBoundingClientRect().width ?? 0,
      });
    }
  });
  observer.observe(root, { childList: true });
  const before = { height: host.getBoundingClientRect().height, nodes: [...root.childNodes] };
  return { font, host, root, staged, before, stop: () => observer.disconnect() };
}

// A page of its own: neither view was rehearsed before.
describe('a result view rehearsed in the place it will be shown', () => {
  it('is laid out there (in its theme, at its width), hidden, inert and of no height, then taken away', async () => {
    const place = await themedPlace('RehearsalProbePix');
    expect(place.font.status, 'nothing used the font before').to.equal('unloaded');

    const view = await PayPixResult.rehearse('pt-BR', place.root);
    place.stop();

    expect(view).to.be.instanceOf(PayPixResult);
    expect(viewText(view!)).to.contain('Pix');
    expect(place.staged).to.deep.equal([{ view: 'pay-pix-result', hidden: true, inert: true, ariaHidden: 'true', height: 0, width: 320 }]);
    // The view's text was laid out in the host's theme: the browser went for its font.
    expect(place.font.status).to.not.equal('unloaded');
    // Taken away: the place holds what it held, at the height it had, and the view is let go.
    expect([...place.root.childNodes]).to.deep.equal(place.before.nodes);
    expect(place.host.getBoundingClientRect().height).to.equal(place.before.height);
    expect(view!.isConnected).to.equal(false);
    place.host.remove();
  });

  it('does the same for the boleto view', async () => {
    const place = await themedPlace('RehearsalProbeBoleto');
    const view = await PayBoletoResult.rehearse('es', place.root);
    place.stop();
    expect(view).to.be.instanceOf(PayBoletoResult);
    expect(place.staged).to.deep.equal([{ view: 'pay-boleto-result', hidden: true, inert: true, ariaHidden: 'true', height: 0, width: 320 }]);
    expect(place.font.status).to.not.equal('unloaded');
    expect([...place.root.childNodes]).to.deep.equal(place.before.nodes);
    place.host.remove();
  });
});
