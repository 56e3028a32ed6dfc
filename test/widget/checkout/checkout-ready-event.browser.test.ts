// `pay-ready` tells the page the form is on screen (docs/widget.md, "Events"): when the offer's
// configuration comes before the form's texts, it waits for them, and a listener finds the method
// choice drawn. This file runs in a page of its own, where no catalogue was fetched yet.
import { aTimeout, expect, nextFrame, waitUntil } from '@open-wc/testing';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import type { PayReadyEvent } from '../../../src/widget/events/ready-event.js';
import { FORM_TEXTS, hasCatalogue } from '../../../src/widget/i18n/catalogue.js';
import { fetched, methodPickerOf, resetSandbox } from './checkout-harness.js';

interface Seen {
  readonly methods: readonly string[];
  /** The method choice's radios at that moment. */
  readonly radios: readonly string[];
  /** The checkout still showed its loading state. */
  readonly loading: boolean;
}

describe('pay-ready', () => {
  before(async () => {
    await resetSandbox();
  });

  it("waits for the form's texts when the configuration comes first, and a listener finds the method choice drawn", async () => {
    expect(hasCatalogue('pt-BR'), 'no catalogue is on the page yet').to.equal(false);
    const load = FORM_TEXTS.load;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    FORM_TEXTS.load = (locale) => held.then(() => load(locale));
    const el = document.createElement('pay-checkout') as PayCheckout;
    try {
      const seen: Seen[] = [];
      el.addEventListener('pay-ready', (event) => {
        const radios = methodPickerOf(el)?.shadowRoot?.querySelectorAll<HTMLInputElement>('input[name="method"]') ?? [];
        seen.push({
          methods: (event as PayReadyEvent).detail.methods,
          radios: [...radios].map((radio) => radio.value),
          loading: el.shadowRoot!.querySelector('[part="loading"]') !== null,
        });
      });
      el.setAttribute('relay', '/relay');
      el.setAttribute('offer', '77BcHrY');
      document.body.append(el);
      await waitUntil(() => fetched('/relay/config'), 'the relay never answered the configuration', { timeout: 5000 });
      // Time for the answer to be read and drawn.
      for (let i = 0; i < 5; i += 1) await nextFrame();
      await aTimeout(100);
      expect(seen, 'pay-ready before the form could be drawn').to.deep.equal([]);
      expect(el.shadowRoot!.querySelector('[part="loading"]'), 'the loading state while the texts are held').to.not.equal(null);

      release();
      await waitUntil(() => seen.length > 0, 'pay-ready never came', { timeout: 5000 });
      expect(seen[0]!.loading).to.equal(false);
      expect(seen[0]!.methods.length).to.be.greaterThan(0);
      expect(seen[0]!.radios).to.deep.equal(seen[0]!.methods);
      await aTimeout(100);
      expect(seen.length, 'pay-ready once').to.equal(1);
    } finally {
      FORM_TEXTS.load = load;
      release();
      el.remove();
    }
  });
});
