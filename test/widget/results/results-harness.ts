// What the result views' browser tests share: real orders from the test page's relay (and its
// sandbox), a result view drawn from one, and a way to read back the QR code's modules.
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/widget/define.js';
import type { CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import type { PayCheckout } from '../../../src/widget/checkout/checkout.component.js';
import { QR_QUIET_ZONE } from '../../../src/widget/results/qr-code.js';
import { chooseMethod, fillAddress, fillCard, fillCustomer, readyCheckout, textOf } from '../checkout/checkout-harness.js';

export const OFFER = '77BcHrY';

/** A buyer who pays by card on a shop that charges it as `method`, and typed everything, with `card`. */
export async function cardCheckout(card: string, method: 'credit_card' | 'threeDs' = 'credit_card'): Promise<PayCheckout> {
  const el = await readyCheckout();
  el.methods = `pix,${method}`;
  await el.updateComplete;
  await chooseMethod(el, method);
  await fillCustomer(el);
  if (method === 'threeDs') await fillAddress(el);
  await fillCard(el, card);
  return el;
}
export const CPF = '52998224725';

/** Creates a charge straight through the relay, as the widget does; the order and the buyer's clock at its receipt. */
export async function createCharge(
  method: 'pix' | 'pix_auto' | 'boleto',
  idempotencyKey: string = crypto.randomUUID(),
): Promise<{ order: CheckoutOrder; receivedAtMs: number }> {
  const customer = {
    name: 'Maria Silva',
    email: 'maria@example.com',
    phone: '5511987654321',
    fingerprint: 'results-test-device',
    ...(method === 'pix' ? {} : { docType: 'cpf', docNumber: CPF }),
  };
  const response = await fetch('/relay/charges', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify({ paymentMethod: method, customer, items: [{ offerId: OFFER }] }),
  });
  const receivedAtMs = Date.now();
  if (response.status !== 201) throw new Error(`charge: ${response.status} ${await response.text()}`);
  return { order: (await response.json()) as CheckoutOrder, receivedAtMs };
}

/** A result view as a page would use it alone, once drawn (and, for a Pix code, once its QR is). */
export async function resultFixture<T extends HTMLElement & { updateComplete: Promise<boolean> }>(
  tag: 'pay-pix-result' | 'pay-boleto-result' | 'pay-card-result',
  order: CheckoutOrder,
  options: { locale?: string; clockOffset?: number; attributes?: Record<string, string>; properties?: Record<string, unknown> } = {},
): Promise<T> {
  const el = await fixture<T>(html`<div></div>`);
  const view = document.createElement(tag) as unknown as T & { order: CheckoutOrder; locale: string; clockOffset?: number };
  view.order = order;
  view.locale = options.locale ?? 'pt-BR';
  if (options.clockOffset !== undefined) view.clockOffset = options.clockOffset;
  for (const [name, value] of Object.entries(options.attributes ?? {})) view.setAttribute(name, value);
  Object.assign(view, options.properties);
  el.replaceWith(view);
  await view.updateComplete;
  return view;
}

/** Waits until a Pix view has drawn its QR code. */
export async function qrDrawn(view: HTMLElement): Promise<SVGSVGElement> {
  await waitUntil(() => view.shadowRoot!.querySelector('svg[role="img"]'), 'the QR code was not drawn', { timeout: 5000 });
  return view.shadowRoot!.querySelector<SVGSVGElement>('svg[role="img"]')!;
}

/** The visible text of a view's shadow root. */
export function viewText(view: Element): string {
  return textOf(view.shadowRoot!.querySelector('[part="base"]'));
}

/** The text of a view's own live region. */
export function viewAnnouncement(view: Element): string {
  return textOf(view.shadowRoot!.querySelector('[role="status"]'));
}

/**
 * The modules the `<svg>` shows, read back from its path (one rectangle `M x y h width v1 …z`
 * for each run of dark modules in a row, offset by the quiet zone): `true` is dark.
 */
export function drawnModules(svg: SVGSVGElement): boolean[][] {
  const quiet = QR_QUIET_ZONE;
  const size = svg.viewBox.baseVal.width - 2 * quiet;
  const matrix = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  const path = svg.querySelector('.qr-modules')!.getAttribute('d')!;
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const row = Number(y) - quiet;
    const first = Number(x) - quiet;
    for (let column = first; column < first + Number(width); column += 1) matrix[row]![column] = true;
  }
  return matrix;
}

/** The result view inside a checkout, once it shows one of `tag`. */
export async function checkoutResult(el: PayCheckout, tag: string): Promise<HTMLElement & { updateComplete: Promise<boolean> }> {
  await waitUntil(() => el.shadowRoot!.querySelector('[part="result"]')?.localName === tag, `no ${tag} in the checkout`, { timeout: 8000 });
  const view = el.shadowRoot!.querySelector<HTMLElement & { updateComplete: Promise<boolean> }>('[part="result"]')!;
  await view.updateComplete;
  return view;
}

/**
 * The lines a copy field lays its text out in. A textarea does not expose its lines, so a block
 * with the field's width, font, padding and wrapping rules holds the same text, and each
 * character's line is read from its box.
 */
export function wrappedLines(field: HTMLTextAreaElement): string[] {
  const style = getComputedStyle(field);
  const probe = document.createElement('div');
  const copied = ['boxSizing', 'width', 'paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth', 'borderLeftStyle', 'borderRightStyle'] as const;
  for (const name of copied) probe.style[name] = style[name];
  for (const name of ['fontFamily', 'fontSize', 'lineHeight', 'letterSpacing', 'wordBreak', 'overflowWrap', 'whiteSpace'] as const) probe.style[name] = style[name];
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  probe.textContent = field.value;
  field.getRootNode().appendChild(probe);
  try {
    const text = probe.firstChild as Text;
    const lines: string[] = [];
    let top: number | undefined;
    for (let index = 0; index < field.value.length; index += 1) {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      const char = field.value[index]!;
      const rect = range.getClientRects()[0];
      if (char !== ' ' && rect && rect.top !== top) {
        top = rect.top;
        lines.push('');
      }
      lines[lines.length - 1] += char;
    }
    return lines.map((line) => line.trim());
  } finally {
    probe.remove();
  }
}
