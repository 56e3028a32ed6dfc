/**
 * The card form benchmark, layout: how much a shop's own text under the checkout moves while the
 * checkout loads, as the browser scores it (the Layout Instability API's `layout-shift` entries
 * summed, without those right after an input: Core Web Vitals' cumulative layout shift).
 *
 * A product page of the benchmark's server (`PAGES.product`): the checkout as docs/widget.md's
 * "Usage" puts it, and the shop's text under it; and the same page with the CSS of docs/widget.md's
 * "Keeping the page still" in its head (`PAGES.productReserved`, the documented block itself). Each
 * visit is a first visit in a fresh context, scored from navigation until the checkout's pay
 * button is drawn and a second after, on a 375 px phone (`PHONE`'s network and CPU) and on a
 * 1280 px desktop (unthrottled). The score does not depend on timing, only on what moved and by
 * how much, so a few visits say it.
 *
 * A third row follows a Pix buyer on the reserved page past the form: the QR drawn, then the
 * order paid from elsewhere (the sandbox's `POST /__sandbox/orders/{id}/pay`, as a bank app on
 * the buyer's phone), with no input on the page. Only what moves from the QR on screen until a
 * second after the paid view counts.
 */
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.js';
import { TEST_BUYER } from '../demo/test-buyer.js';
import { emulateDevice, PAGES, PHONE, serveBenchPages, type DeviceConditions } from './interactive-card-form.js';
import { median } from './stats.js';

/** Visits per page and screen. */
const VISITS = 3;
/** How long after the pay button is drawn shifts are still counted: the product image, late fonts. */
const SETTLE_MS = 1000;

const SCORE_PROBE = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  addEventListener('pay-order-created', (event) => { window.__orderId = event.detail.order.id; });
`;

export interface LayoutShiftScreen {
  label: string;
  /** The cumulative layout shift of each visit, without and with the reserved space. */
  plain: number[];
  reserved: number[];
  /** On the reserved page, from the Pix QR on screen to the order paid from elsewhere. */
  paid: number[];
}

export interface LayoutShiftResult {
  visits: number;
  screens: LayoutShiftScreen[];
}

const SCREENS: Array<{ label: string; viewport: { width: number; height: number }; conditions: DeviceConditions }> = [
  { label: 'a 375 x 700 px phone (the phone\'s network and CPU)', viewport: { width: 375, height: 700 }, conditions: PHONE },
  { label: 'a 1280 x 800 px desktop (unthrottled)', viewport: { width: 1280, height: 800 }, conditions: { cpuThrottlingRate: 1 } },
];

/** Where the visit goes once the form is drawn, and what it scores: the load, or a Pix order paid. */
type Visit = 'load' | 'pix-paid';

async function score(browser: Browser, url: string, viewport: { width: number; height: number }, conditions: DeviceConditions, visit: Visit = 'load'): Promise<number> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript(SCORE_PROBE);
    await emulateDevice(page, conditions);
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('pay-checkout [part="submit"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(SETTLE_MS);
    const loaded = (await page.evaluate('window.__layoutShift')) as number;
    if (visit === 'load') return loaded;
    await page.evaluate((buyer) => Object.assign(document.querySelector('pay-checkout')!, { customer: { ...buyer } }), TEST_BUYER);
    await page.locator('pay-checkout input[name="method"][value="pix"]').check();
    await page.locator('pay-checkout [part="submit"]').click();
    await page.locator('pay-checkout [part="qr"] svg').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(SETTLE_MS);
    const shown = (await page.evaluate('window.__layoutShift')) as number;
    const paid = await fetch(new URL(`/__sandbox/orders/${String(await page.evaluate('window.__orderId'))}/pay`, url), { method: 'POST' });
    if (!paid.ok) throw new Error(`the sandbox did not pay the order: ${paid.status}`);
    await page.locator('pay-checkout [part="success-mark"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(SETTLE_MS);
    return ((await page.evaluate('window.__layoutShift')) as number) - shown;
  } finally {
    await context.close();
  }
}

/** Both product pages on both screens, `VISITS` times each, alternated. */
export async function measureLayoutShift(ourBuildDir: string): Promise<LayoutShiftResult> {
  const server = await serveBenchPages(ourBuildDir);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const screens: LayoutShiftScreen[] = [];
    for (const { label, viewport, conditions } of SCREENS) {
      const screen: LayoutShiftScreen = { label, plain: [], reserved: [], paid: [] };
      for (let visit = 0; visit < VISITS; visit += 1) {
        screen.plain.push(await score(browser, `${server.origin}${PAGES.product}`, viewport, conditions));
        screen.reserved.push(await score(browser, `${server.origin}${PAGES.productReserved}`, viewport, conditions));
        screen.paid.push(await score(browser, `${server.origin}${PAGES.productReserved}`, viewport, conditions, 'pix-paid'));
      }
      screens.push(screen);
    }
    return { visits: VISITS, screens };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The table of the speed section: one row per page, one column per screen, medians. */
export function layoutShiftRows(result: LayoutShiftResult): string[] {
  const cell = (scores: number[]) => median(scores).toFixed(3);
  return [
    `| the shop's text under the checkout: cumulative layout shift until the form is drawn and ${SETTLE_MS / 1000} s after (median of ${result.visits}) | ${result.screens.map((screen) => `on ${screen.label}`).join(' | ')} |`,
    `| --- | ${result.screens.map(() => '---').join(' | ')} |`,
    `| the page as docs/widget.md's "Usage" has it (\`${PAGES.product}\`) | ${result.screens.map((screen) => cell(screen.plain)).join(' | ')} |`,
    `| with the two rules of docs/widget.md's "Keeping the page still" in its head | ${result.screens.map((screen) => cell(screen.reserved)).join(' | ')} |`,
    `| the same page, a Pix buyer: from the QR on screen to the order paid from elsewhere and ${SETTLE_MS / 1000} s after | ${result.screens.map((screen) => cell(screen.paid)).join(' | ')} |`,
  ];
}
