import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/widget/card/card-fields.js';
import '../../../src/widget/customer/customer-fields.js';
import '../../../src/widget/results/card-result/card-result.js';
import '../../../src/widget/three-d-secure/three-d-secure-dialog.js';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import { resultFixture } from '../results/results-harness.js';

/** The properties that make a field's or a button's look, as the browser computed them. */
function lookOf(element: Element, properties: readonly string[]): Record<string, string> {
  const style = getComputedStyle(element);
  return Object.fromEntries(properties.map((name) => [name, style.getPropertyValue(name)]));
}

const FIELD_BOX = ['border-top-width', 'border-top-color', 'border-top-left-radius', 'padding-top', 'padding-left', 'min-height', 'background-color', 'box-shadow'];
const BUTTON = ['border-top-width', 'border-top-color', 'border-top-left-radius', 'padding-top', 'padding-left', 'min-height', 'font-weight', 'cursor'];

/** A card charge the issuer refused: its view offers to try again (primary) or to change the method (secondary). */
const REFUSED_CARD: CheckoutOrder = {
  id: 'ord_look',
  refId: 'LOOK0001',
  status: 'refused',
  paymentMethod: 'credit_card',
  amount: '97.00',
  createdAt: '2026-11-27T10:00:00-03:00',
} as CheckoutOrder;

// The buyer's details and the card are one form: the same label, box, invalid mark and hint
// wherever a field comes from (styles/input.styles.ts). So are the buttons of the checkout's parts.
describe('one look across the widget', () => {
  it("draws the card's fields as the buyer's details: label, box, invalid mark, hint and error", async () => {
    const holder = await fixture<HTMLElement>(html`<div><pay-customer-fields></pay-customer-fields><pay-card-fields></pay-card-fields></div>`);
    const customer = holder.querySelector('pay-customer-fields')! as HTMLElement & { updateComplete: Promise<boolean> };
    const card = holder.querySelector('pay-card-fields')! as HTMLElement & { updateComplete: Promise<boolean> };
    await Promise.all([customer.updateComplete, card.updateComplete]);
    const name = customer.shadowRoot!.querySelector<HTMLInputElement>('input[name="name"]')!;
    const number = card.shadowRoot!.querySelector<HTMLInputElement>('input[name="cc-number"]')!;
    expect(name, 'the name field').to.exist;
    expect(number, 'the card number field').to.exist;
    const labelOf = (input: HTMLInputElement) => (input.getRootNode() as ShadowRoot).querySelector(`label[for="${input.id}"]`)!;
    expect(lookOf(labelOf(number), ['font-weight'])).to.deep.equal(lookOf(labelOf(name), ['font-weight']));
    expect(lookOf(number, FIELD_BOX)).to.deep.equal(lookOf(name, FIELD_BOX));
    // Invalid: the same colour and a thicker border drawn inside, so the box keeps its size.
    const heightBefore = number.getBoundingClientRect().height;
    name.setAttribute('aria-invalid', 'true');
    number.setAttribute('aria-invalid', 'true');
    expect(lookOf(number, FIELD_BOX)).to.deep.equal(lookOf(name, FIELD_BOX));
    expect(lookOf(number, ['box-shadow'])['box-shadow']).to.not.equal('none');
    expect(number.getBoundingClientRect().height).to.equal(heightBefore);
    const hintOf = (root: ShadowRoot) => root.querySelector('.hint')!;
    expect(lookOf(hintOf(card.shadowRoot!), ['color'])).to.deep.equal(lookOf(hintOf(customer.shadowRoot!), ['color']));
  });

  it("draws the result views' and the 3-D Secure dialog's buttons alike", async () => {
    const view = await resultFixture<HTMLElement & { updateComplete: Promise<boolean> }>('pay-card-result', REFUSED_CARD);
    const dialog = await fixture<HTMLElement & { updateComplete: Promise<boolean> }>(html`<pay-3ds-dialog></pay-3ds-dialog>`);
    await dialog.updateComplete;
    const primary = view.shadowRoot!.querySelector('button.primary')!;
    const secondary = view.shadowRoot!.querySelector('button.secondary')!;
    const cancel = dialog.shadowRoot!.querySelector('[part="cancel-button"]')!;
    expect(primary, 'the try-again button').to.exist;
    expect(secondary, 'the change-method button').to.exist;
    expect(cancel, "the dialog's cancel button").to.exist;
    expect(lookOf(cancel, BUTTON)).to.deep.equal(lookOf(secondary, BUTTON));
    expect(lookOf(cancel, ['color', 'background-color'])).to.deep.equal(lookOf(secondary, ['color', 'background-color']));
    expect(lookOf(primary, BUTTON)).to.deep.equal(lookOf(secondary, BUTTON));
    expect(lookOf(primary, ['background-color'])).to.not.deep.equal(lookOf(secondary, ['background-color']));
  });

  it("rings the 3-D Secure dialog's focus in the shop's focus colour, as the rest of the widget", async () => {
    const dialog = await fixture<HTMLElement & { updateComplete: Promise<boolean>; show(): Promise<void>; close(): void }>(
      html`<pay-3ds-dialog style="--pay-color-focus: rgb(143, 76, 0)"></pay-3ds-dialog>`,
    );
    await dialog.show();
    try {
      const title = dialog.shadowRoot!.querySelector('h2')!;
      expect(dialog.shadowRoot!.activeElement, 'the title, focused as the dialog opens').to.equal(title);
      expect(title.matches(':focus-visible')).to.equal(true);
      expect(lookOf(title, ['outline-color'])['outline-color']).to.equal('rgb(143, 76, 0)');
    } finally {
      dialog.close();
    }
  });
});
