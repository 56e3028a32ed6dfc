// The space a page reserves for the checkout (`--pay-reserved-height`, docs/widget.md "Keeping the
// page still"): kept from before the element's code has run until an order shows, so the shop's own
// content under it does not move while the checkout loads.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import { BUYER, chooseMethod, fillCustomer, pay, resultOf, sandboxSuite, VALID_CPF } from './checkout-harness.js';

const REM = parseFloat(getComputedStyle(document.documentElement).fontSize);
const baseOf = (el: PayCheckout) => el.shadowRoot!.querySelector<HTMLElement>('[part="base"]')!;
const heightOf = (element: Element) => element.getBoundingClientRect().height;
const formDrawn = (el: PayCheckout) => el.shadowRoot?.querySelector('form') ?? null;

/** A checkout whose configuration is held back until `release()`. */
function heldConfig(suite: ReturnType<typeof sandboxSuite>): { release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  suite.record((request, send) => (new URL(request.url).pathname.endsWith('/config') ? held.then(send) : undefined));
  return { release };
}

/** The two rules docs/widget.md gives a shop, for `tag`. */
function shopStyle(tag: string, reserved: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = `${tag} { display: block; --pay-reserved-height: ${reserved}; } ${tag}:not(:defined) { min-height: var(--pay-reserved-height); }`;
  document.head.append(style);
  return style;
}

/** The top of `element` on every animation frame until `stop()`: what a layout shift would move. */
function watchTop(element: Element): { stop: () => number[] } {
  const tops: number[] = [];
  let frame = 0;
  const look = () => {
    tops.push(Math.round(element.getBoundingClientRect().top));
    frame = requestAnimationFrame(look);
  };
  look();
  return {
    stop: () => {
      cancelAnimationFrame(frame);
      tops.push(Math.round(element.getBoundingClientRect().top));
      return tops;
    },
  };
}

let definedTags = 0;

describe('<pay-checkout> in the space the page reserved for it', () => {
  const suite = sandboxSuite();

  it('keeps the reserved height while its configuration loads, and draws its form at the top of it', async () => {
    const { release } = heldConfig(suite);
    const wrapper = await fixture<HTMLElement>(html`<div style="--pay-reserved-height: 80rem"><pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout></div>`);
    const el = wrapper.querySelector<PayCheckout>('pay-checkout')!;
    await el.updateComplete;
    expect(formDrawn(el)).to.equal(null);
    expect(heightOf(el)).to.be.closeTo(80 * REM, 1);

    release();
    await waitUntil(() => formDrawn(el), 'the checkout form did not appear', { timeout: 5000 });
    await el.updateComplete;
    const base = baseOf(el);
    const form = formDrawn(el)!;
    // The form is shorter than 80rem: the space is kept below it, not spread between its parts.
    expect(heightOf(form)).to.be.below(70 * REM);
    expect(heightOf(el)).to.be.closeTo(80 * REM, 1);
    const header = el.shadowRoot!.querySelector<HTMLElement>('[part="product"]')!;
    const gap = parseFloat(getComputedStyle(base).rowGap);
    expect(heightOf(header)).to.be.closeTo(header.querySelector('img')!.getBoundingClientRect().height, 1);
    expect(form.getBoundingClientRect().top - header.getBoundingClientRect().bottom).to.be.closeTo(gap, 1);
    expect(form.getBoundingClientRect().top - base.getBoundingClientRect().top).to.be.below(10 * REM);
  });

  it('takes only its own height without one', async () => {
    const { release } = heldConfig(suite);
    const el = await fixture<PayCheckout>(html`<pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout>`);
    await el.updateComplete;
    expect(heightOf(el)).to.be.below(8 * REM);
    release();
    await waitUntil(() => formDrawn(el), 'the checkout form did not appear', { timeout: 5000 });
  });

  it('lets the space go once an order shows, for a result shorter than the form', async () => {
    const wrapper = await fixture<HTMLElement>(html`<div style="--pay-reserved-height: 200rem"><pay-checkout relay="/relay" offer="77BcHrY"></pay-checkout></div>`);
    const el = wrapper.querySelector<PayCheckout>('pay-checkout')!;
    await waitUntil(() => formDrawn(el), 'the checkout form did not appear', { timeout: 5000 });
    await el.updateComplete;
    expect(heightOf(el)).to.be.closeTo(200 * REM, 1);
    await chooseMethod(el, 'pix');
    await fillCustomer(el, { ...BUYER, document: VALID_CPF });
    await pay(el);
    await waitUntil(() => resultOf(el)?.shadowRoot?.querySelector('[part="qr"] svg'), 'no Pix QR', { timeout: 5000 });
    expect(heightOf(el)).to.be.below(150 * REM);
  });

  for (const reserved of [true, false]) {
    it(reserved ? "leaves the shop's text under it where it was, from before its code runs to its form drawn" : "moves the shop's text under it when the page reserved nothing (what the reservation prevents)", async () => {
      // A tag not defined yet, as a page has it while the widget's code travels.
      const tag = `pay-checkout-reserved-${++definedTags}`;
      const style = reserved ? shopStyle(tag, '80rem') : undefined;
      const wrapper = document.createElement('div');
      wrapper.innerHTML = `<${tag} relay="/relay" offer="77BcHrY"></${tag}><p>Sobre o curso: luz, composição e edição.</p>`;
      document.body.append(wrapper);
      try {
        const text = wrapper.querySelector('p')!;
        const tops = watchTop(text);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        customElements.define(tag, class extends PayCheckout {});
        const el = wrapper.firstElementChild as PayCheckout;
        await waitUntil(() => formDrawn(el), 'the checkout form did not appear', { timeout: 5000 });
        await el.updateComplete;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const seen = new Set(tops.stop());
        if (reserved) expect([...seen]).to.have.length(1);
        else expect(seen.size).to.be.above(1);
      } finally {
        wrapper.remove();
        style?.remove();
      }
    });
  }
});
