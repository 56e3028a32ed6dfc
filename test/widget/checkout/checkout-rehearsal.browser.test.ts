import { expect, html, waitUntil } from '@open-wc/testing';
// The script-tag build's entry: the result views come on demand, as a shop's page has them.
import '../../../src/widget/script-tag.js';
import { PayBoletoResult } from '../../../src/widget/results/boleto-result/boleto-result.component.js';
import { PayPixResult } from '../../../src/widget/results/pix-result/pix-result.component.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { PayResultElement } from '../../../src/widget/results/result-element.js';
import { qrDrawn, viewText } from '../results/results-harness.js';
import { chooseMethod, customerFieldsOf, fetched, fillCustomer, pay, readyCheckout, resetSandbox } from './checkout-harness.js';

type Rehearsal = { view: string; locale: string; place: ParentNode | undefined; drawn: Promise<PayResultElement | undefined> };

/** Records every rehearsal the checkout asks of the two views, and what each drew. */
function recordRehearsals(): Rehearsal[] {
  const rehearsals: Rehearsal[] = [];
  for (const [view, View] of [['pix', PayPixResult], ['boleto', PayBoletoResult]] as const) {
    const rehearse = View.rehearse.bind(View);
    View.rehearse = (locale: string, place?: ParentNode) => {
      const drawn = rehearse(locale, place);
      rehearsals.push({ view, locale, place, drawn });
      return drawn;
    };
  }
  return rehearsals;
}

/** The buyer moves into the form's e-mail field (`click()` on a method's option leaves focus where it was). */
function startOnForm(el: PayCheckout): void {
  const email = customerFieldsOf(el).shadowRoot!.querySelector<HTMLInputElement>('input[name="email"]')!;
  email.blur();
  email.focus();
}

// Each browser test file runs in a page of its own: nothing was rehearsed before these tests.
describe('the checkout rehearses the result view of the method the buyer fills the form for', () => {
  before(async () => {
    sessionStorage.clear();
    await resetSandbox();
  });

  it('draws the Pix view unseen, in the checkout\'s language, once the buyer starts on a Pix form; the boleto view once they turn to boleto; the real order after it', async () => {
    const rehearsals = recordRehearsals();
    const el = await readyCheckout(html`<pay-checkout relay="/relay" offer="77BcHrY" locale="es" methods="pix,boleto,credit_card"></pay-checkout>`);
    await chooseMethod(el, 'pix');
    // The method choice alone asks for nothing: the buyer may be passing through it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rehearsals).to.deep.equal([]);

    startOnForm(el);
    await waitUntil(() => rehearsals.length === 1, 'no rehearsal of the Pix view', { timeout: 5000 });
    // Laid out where the real view will be: in the checkout, its width and theme.
    expect(rehearsals[0]).to.include({ view: 'pix', locale: 'es', place: el.shadowRoot });
    const rehearsed = await rehearsals[0]!.drawn;
    expect(rehearsed, 'drawn').to.be.instanceOf(PayPixResult);
    expect(viewText(rehearsed!)).to.contain('Paga con Pix');
    expect(el.shadowRoot!.querySelector('pay-pix-result'), 'the checkout shows no view before "Pay", and nothing of the rehearsal is left in it').to.equal(null);
    // The code that follows the order comes with the rehearsal, before "Pay" (no charge yet).
    await waitUntil(() => fetched('/results/order-following.ts'), 'the order\'s following was not fetched before "Pay"', { timeout: 5000 });
    expect(fetched('/charges')).to.equal(false);

    await chooseMethod(el, 'boleto');
    startOnForm(el);
    await waitUntil(() => rehearsals.length === 2, 'no rehearsal of the boleto view', { timeout: 5000 });
    expect(rehearsals[1]).to.include({ view: 'boleto', locale: 'es', place: el.shadowRoot });
    expect(await rehearsals[1]!.drawn).to.be.instanceOf(PayBoletoResult);

    // A card form has no view to rehearse, and the Pix form again asks again, but is not drawn twice.
    await chooseMethod(el, 'credit_card');
    startOnForm(el);
    await chooseMethod(el, 'pix');
    startOnForm(el);
    await waitUntil(() => rehearsals.length === 3, 'the Pix form again did not ask', { timeout: 5000 });
    expect(rehearsals.map(({ view }) => view)).to.deep.equal(['pix', 'boleto', 'pix']);
    expect(await rehearsals[2]!.drawn).to.equal(undefined);

    // The buyer's own order is drawn as ever, in the checkout.
    await fillCustomer(el);
    await pay(el);
    await waitUntil(() => el.shadowRoot!.querySelector('pay-pix-result'), 'no Pix view after "Pay"', { timeout: 8000 });
    const view = el.shadowRoot!.querySelector<PayPixResult>('pay-pix-result')!;
    await qrDrawn(view);
    expect(view).to.not.equal(rehearsed);
    expect(view.isConnected).to.equal(true);
    expect(viewText(view)).to.contain('Paga con Pix');
    expect(view.shadowRoot!.querySelector<HTMLTextAreaElement>('#pix-code')!.value).to.equal(view.order!.pix!.qrCode);
    el.remove();
  });
});
