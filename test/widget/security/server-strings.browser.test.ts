import { expect } from '@open-wc/testing';
import '../../../src/widget/define.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import {
  BUYER,
  VALID_CPF,
  bannerText,
  cardFieldsOf,
  chooseMethod,
  customerFieldsOf,
  fillCard,
  fillCustomer,
  methodPickerOf,
  pay,
  readyCheckout,
  resetSandbox,
  textOf,
} from '../checkout/checkout-harness.js';
import { checkoutResult, qrDrawn, viewText } from '../results/results-harness.js';
import { HOSTILE_STRINGS, describedError, injectedElements, scriptRan, serveHostile, settle, type JsonBody } from './hostile-server.js';

// Strings from the server (product and offer names, order references, the Pix code, the boleto
// line and due date, the API's and the relay's field messages) are shown as text, never parsed
// as HTML: a hostile one cannot add markup to the widget nor run script in the shop's page.
// The widget's requests go to the real relay and sandbox; only the strings in their answers are
// swapped for hostile ones, so each answer keeps the form the widget really reads.

const VISA = '4111111111111111';

/** The hostile strings of a created order, in every field of it a buyer sees. */
function hostileOrder(order: JsonBody, hostile: string): void {
  order.refId = hostile;
  if (order.pix) order.pix.qrCode = hostile;
  if (order.boleto) {
    order.boleto.barcode = hostile;
    order.boleto.dueDate = hostile;
    // Not a string shown, but one bound to a link: a `javascript:` address must not become one.
    order.boleto.pdfUrl = 'javascript:window.__xss=3';
  }
}

/** Hostile names in the configuration, hostile orders from `charges` and `orders/{id}` (the live status's polls). */
function hostileRelay(hostile: string, path: string, body: JsonBody, status: number): void {
  if (path === '/relay/config') {
    body.product.name = hostile;
    // Not shown by the widget today; made hostile so a future use of it is covered.
    body.offer.name = hostile;
  } else if (status < 300 && (path === '/relay/charges' || path.startsWith('/relay/orders/'))) {
    hostileOrder(body, hostile);
  }
}

/** Every message list of a field-error map, each made `[hostile]`; answers the paths. */
function hostileMessages(fields: JsonBody, hostile: string): string[] {
  for (const path of Object.keys(fields)) fields[path] = [hostile];
  return Object.keys(fields).sort();
}

function partOf(root: ShadowRoot | null | undefined, part: string): HTMLElement | null {
  return root?.querySelector<HTMLElement>(`[part~="${part}"]`) ?? null;
}

/** The product name on the form, rendered from the hostile configuration. */
function expectHostileProductName(el: PayCheckout, hostile: string): void {
  expect(partOf(el.shadowRoot, 'product-name')?.textContent?.trim()).to.equal(hostile);
}

/** Nothing parsed: no element made from a hostile string anywhere, no handler run. */
async function expectNothingParsed(): Promise<void> {
  await settle();
  expect(injectedElements()).to.deep.equal([]);
  expect(scriptRan(), 'window.__xss was set').to.equal(false);
}

describe('server strings in the widget', () => {
  let restore: (() => void) | undefined;
  beforeEach(() => resetSandbox());
  afterEach(async function () {
    restore?.();
    restore = undefined;
    // A test that failed on text may have left an image whose handler has yet to run: let it run
    // here, so it is this test's failure and not the next one's.
    if (this.currentTest?.state === 'failed') await settle();
    delete (window as { __xss?: unknown }).__xss;
  });

  for (const hostile of HOSTILE_STRINGS) {
    describe(`such as ${hostile}`, () => {
      it('shows the product name, the Pix copy-and-paste code and the order reference as text', async () => {
        const server = serveHostile({ answer: (path, body, status) => hostileRelay(hostile, path, body, status) });
        restore = server.restore;
        const el = await readyCheckout();
        expectHostileProductName(el, hostile);
        await chooseMethod(el, 'pix');
        await fillCustomer(el);
        await pay(el);

        // The result really drew: its title, then the code in its field and the reference under it.
        const view = await checkoutResult(el, 'pay-pix-result');
        expect(server.rewritten).to.include('/relay/charges');
        expect(viewText(view)).to.contain('Pague com Pix');
        await qrDrawn(view);
        expect((partOf(view.shadowRoot, 'copy-input') as HTMLTextAreaElement | null)?.value).to.equal(hostile);
        expect(partOf(view.shadowRoot, 'reference')?.textContent).to.contain(hostile);
        await expectNothingParsed();
      });

      it('shows the boleto line, its due date and the order reference as text, and links no javascript: slip', async () => {
        const server = serveHostile({ answer: (path, body, status) => hostileRelay(hostile, path, body, status) });
        restore = server.restore;
        const el = await readyCheckout();
        await chooseMethod(el, 'boleto');
        await fillCustomer(el, { ...BUYER, document: VALID_CPF });
        await pay(el);

        const view = await checkoutResult(el, 'pay-boleto-result');
        expect(server.rewritten).to.include('/relay/charges');
        expect(viewText(view)).to.contain('Pague o boleto');
        expect((partOf(view.shadowRoot, 'copy-input') as HTMLTextAreaElement | null)?.value).to.equal(hostile);
        expect(partOf(view.shadowRoot, 'due-date')?.textContent).to.contain(hostile);
        expect(partOf(view.shadowRoot, 'reference')?.textContent).to.contain(hostile);
        // Compared as markup: chai's report of a failing element comparison never reaches the runner.
        expect(partOf(view.shadowRoot, 'pdf-link')?.outerHTML).to.equal(undefined);
        await expectNothingParsed();
      });

      it('shows the order reference of a paid card as text', async () => {
        const server = serveHostile({ answer: (path, body, status) => hostileRelay(hostile, path, body, status) });
        restore = server.restore;
        const el = await readyCheckout();
        expectHostileProductName(el, hostile);
        // Charged without 3-D Secure, so no billing address to fill.
        el.methods = 'credit_card';
        await el.updateComplete;
        await chooseMethod(el, 'credit_card');
        await fillCustomer(el);
        await fillCard(el, VISA);
        await pay(el);

        const view = await checkoutResult(el, 'pay-card-result');
        expect(viewText(view)).to.contain('Pagamento aprovado!');
        expect(partOf(view.shadowRoot, 'reference')?.textContent).to.contain(hostile);
        await expectNothingParsed();
      });

      it("shows the relay's field messages as text beside the email, on the method choice and in the banner", async () => {
        let refused: string[] = [];
        const server = serveHostile({
          // An email, a method and an offer the relay refuses, so it answers its own
          // `invalid_request` with `fields` for a field of the form, the method choice and a
          // path the form does not have (which goes to the banner).
          request: (path, body) => {
            if (path !== '/relay/charges') return;
            body.customer.email = 'not-an-email';
            body.paymentMethod = 'bitcoin';
            body.items[0].offerId = '';
          },
          answer: (path, body, status) => {
            if (path === '/relay/charges' && status === 400) refused = hostileMessages(body.error.fields, hostile);
            else hostileRelay(hostile, path, body, status);
          },
        });
        restore = server.restore;
        const el = await readyCheckout();
        await chooseMethod(el, 'pix');
        await fillCustomer(el);
        await pay(el);

        const fields = customerFieldsOf(el);
        const email = fields.shadowRoot!.querySelector<HTMLInputElement>('[name="email"]')!;
        expect(await describedError(email, fields.shadowRoot!)).to.equal(hostile);
        expect(refused).to.deep.equal(['customer.email', 'items.0.offerId', 'paymentMethod']);
        await methodPickerOf(el).updateComplete;
        expect(partOf(methodPickerOf(el).shadowRoot, 'error')?.textContent?.trim()).to.equal(hostile);
        expect(bannerText(el)).to.contain(hostile);
        expect(textOf(partOf(el.shadowRoot, 'banner')?.querySelector('li'))).to.equal(hostile);
        await expectNothingParsed();
      });

      it("shows the card API's field messages as text beside the card number and in the banner", async () => {
        let refused: string[] = [];
        const server = serveHostile({
          // A number too short and a field the contract does not have: the API's own field-error
          // body, for a field of the card form and one the form does not have (the banner's).
          request: (path, body) => {
            if (!path.endsWith('/public_api/card-tokens/')) return;
            body.number = '4111';
            body.extra = 1;
          },
          answer: (path, body, status) => {
            if (path.endsWith('/public_api/card-tokens/') && status === 400) refused = hostileMessages(body, hostile);
            else hostileRelay(hostile, path, body, status);
          },
        });
        restore = server.restore;
        const el = await readyCheckout();
        el.methods = 'credit_card';
        await el.updateComplete;
        await chooseMethod(el, 'credit_card');
        await fillCustomer(el);
        await fillCard(el, VISA);
        await pay(el);

        const card = cardFieldsOf(el);
        const number = card.shadowRoot!.querySelector<HTMLInputElement>('#card-number')!;
        expect(await describedError(number, card.shadowRoot!)).to.equal(hostile);
        expect(refused).to.deep.equal(['extra', 'number']);
        expect(bannerText(el)).to.contain(hostile);
        expect(textOf(partOf(el.shadowRoot, 'banner')?.querySelector('li'))).to.equal(hostile);
        await expectNothingParsed();
      });
    });
  }
});
