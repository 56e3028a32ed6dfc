/**
 * What a tester does on the demo page, as functions: pick a method, type a card, pay, read the
 * result view, and the checks every view must pass (axe-core, no sideways scroll at 320 px).
 * Playwright's CSS locators pierce open shadow roots, so `#checkout input[name=cc-number]`
 * reaches the card field inside <pay-checkout> and <pay-card-fields>.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { STEP_TIMEOUT_MS } from './demo-harness.js';

// Injected through the DevTools protocol rather than a <script> tag: the demo enforces Trusted
// Types (require-trusted-types-for 'script'), which refuses a script element's text.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The checkout element on the demo page. */
export const CHECKOUT = '#checkout-slot #checkout';

/** The shown result view (`<pay-pix-result>`, `<pay-boleto-result>` or `<pay-card-result>`). */
export function resultView(page: Page): Locator {
  return page.locator(`${CHECKOUT} [part="result"]`);
}

/** Sets the sandbox back to its fixture (the page's same-origin control route). */
export async function resetSandbox(baseUrl: string): Promise<void> {
  const response = await fetch(new URL('__sandbox/reset', baseUrl), { method: 'POST' });
  assert.ok(response.ok, `reset answered ${response.status}`);
}

/** One webhook delivery as `GET /__sandbox/webhooks/deliveries` lists it (the fields the tests read). */
export interface Delivery {
  event: string;
  orderId: string | null;
  test: boolean;
}

/**
 * The sandbox's webhook deliveries to the relay (`{ count, results }`, in sending order): each
 * created Pix or boleto order gets one `pix_gerado`/`boleto_gerado`, each paid order one
 * `purchase_approved`. Test sends (`test: true`) are left out.
 */
export async function deliveries(baseUrl: string, event?: string): Promise<Delivery[]> {
  const url = new URL('__sandbox/webhooks/deliveries', baseUrl);
  if (event) url.searchParams.set('event', event);
  const response = await fetch(url);
  assert.equal(response.status, 200);
  const body = (await response.json()) as { results: Delivery[] };
  return body.results.filter((delivery) => !delivery.test);
}

/** Prefills the buyer through the QA panel and picks `method` in the widget. */
export async function prepare(page: Page, method: string): Promise<void> {
  await page.click('#qa-prefill-buyer');
  await page.locator(`${CHECKOUT} input[name="method"][value="${method}"]`).check();
}

/** Types a card as a buyer does (future expiry, any CVV). */
export async function typeCard(page: Page, number: string): Promise<void> {
  const field = (name: string) => page.locator(`${CHECKOUT} input[name="${name}"]`);
  await field('cc-number').pressSequentially(number);
  await field('cc-name').fill('MARIA SILVA');
  await field('cc-exp').pressSequentially('1230');
  await field('cc-csc').pressSequentially('123');
}

/** The pay button. */
export function payButton(page: Page): Locator {
  return page.locator(`${CHECKOUT} [part="submit"]`);
}

/** Pays the checkout's order through the demo's QA panel, once the panel shows the order's id. */
export async function payFromQaPanel(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#qa-order-id')?.value ?? '') !== '');
  await page.click('#qa-pay-order');
}

/** Waits for the result view whose title reads `title`; returns the view. */
export async function expectResult(page: Page, tag: string, title: string | RegExp, timeout = STEP_TIMEOUT_MS): Promise<Locator> {
  const view = page.locator(`${CHECKOUT} ${tag}[part="result"]`);
  await view.locator('[part="title"]').filter({ hasText: title }).waitFor({ timeout });
  return view;
}

/** Pays by Pix from a fresh form and waits for the QR drawn in its result view; returns the view. */
export async function payPixUntilQr(page: Page): Promise<Locator> {
  await prepare(page, 'pix');
  await payButton(page).click();
  const view = await expectResult(page, 'pay-pix-result', 'Pague com Pix');
  await view.locator('[part="qr"] svg').waitFor();
  return view;
}

/** axe-core's violations on the checkout (its shadow trees included), one line each: rule and targets. */
export async function axeViolations(page: Page, options: { frames?: boolean } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ([selector, frames]) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
      // The view at rest: a dialog fading in (160 ms) has its text at part of its contrast until it ends,
      // and axe would judge the colours of that moment. Its animations are in shadow trees, which the
      // document's own list leaves out.
      // (A loop, not a named inner function: the test's compiler would name it with a helper the page lacks.)
      const animations: Animation[] = [];
      const roots: Array<Document | ShadowRoot> = [document];
      for (let root = roots.pop(); root; root = roots.pop()) {
        for (const element of root.querySelectorAll('*')) {
          animations.push(...element.getAnimations({ subtree: true }));
          if (element.shadowRoot) roots.push(element.shadowRoot);
        }
      }
      await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
      const result = await axe.run({ include: [[selector]] }, { iframes: frames, resultTypes: ['violations'] });
      return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
    },
    [CHECKOUT, options.frames ?? true] as const,
  );
}

/**
 * axe-core on the checkout (its shadow trees included) and, at 320 px wide, no horizontal
 * scroll on the page. `frames: false` where a cross-origin frame (the 3DS challenge) is open:
 * axe cannot run inside it from here.
 */
export async function checkView(page: Page, label: string, options: { frames?: boolean } = {}): Promise<void> {
  assert.deepEqual(await axeViolations(page, options), [], `${label}: axe-core violations`);

  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 720 });
  try {
    const overflow = await page.evaluate(
      () =>
        new Promise<{ scrollWidth: number; clientWidth: number }>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }),
            ),
          ),
        ),
    );
    assert.ok(overflow.scrollWidth <= overflow.clientWidth, `${label}: scrolls sideways at 320 px (${overflow.scrollWidth} > ${overflow.clientWidth})`);
    // A phone whose buyer set large text (the browser's text size at 200 %): nothing of the
    // checkout reaches past its own edge, where the page would cut it or scroll sideways.
    await page.setViewportSize({ width: 375, height: 720 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    try {
      const outside = await page.evaluate(
        (selector) =>
          new Promise<string[]>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const host = document.querySelector(selector)!;
                const edge = host.getBoundingClientRect().right + 0.5;
                const found: string[] = [];
                const roots: ShadowRoot[] = host.shadowRoot ? [host.shadowRoot] : [];
                for (let root = roots.pop(); root; root = roots.pop()) {
                  for (const element of root.querySelectorAll('*')) {
                    if (element.shadowRoot) roots.push(element.shadowRoot);
                    const box = element.getBoundingClientRect();
                    if (box.width > 0 && box.right > edge) found.push(`${element.tagName.toLowerCase()}[part=${element.getAttribute('part') ?? ''}] ends at ${Math.round(box.right)}`);
                  }
                }
                resolve(found);
              }),
            ),
          ),
        CHECKOUT,
      );
      assert.deepEqual(outside, [], `${label}: at 375 px with text at 200 %, parts of the checkout reach past its edge`);
    } finally {
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
      await cdp.detach();
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}
