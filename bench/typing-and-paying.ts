/**
 * Two timings of a buyer on the card form benchmark's pages (bench/interactive-card-form.ts),
 * each a fresh browser context, as a first visit:
 * - typing: the latency from each key press in the card number to the next frame, the CPU
 *   throttled 4x, ours against the static form; and in the buyer's CPF, which every path types,
 *   ours against the static form of the same fields (the static form has no CPF). In the page, a capturing `keydown` listener takes
 *   the event's own time stamp (when the key was pressed) and asks for the next animation frame; a
 *   message posted from that frame's callback runs once the frame is done, and its time, minus the
 *   press, is the latency. A buyer types 16 digits, 120 ms apart, in two series: one types as soon
 *   as the form is interactive, through whatever the page is still doing then and through the
 *   driver's own checks of the field in the page; the other taps the field, looks at the card for
 *   `LOOK_MS`, then types, as a buyer does.
 * - pay to QR: on our page, Pix with the test buyer prefilled; the buyer clicks into the form,
 *   spends `fillMs` on it, then clicks "Pay". From the click's time stamp to the first animation
 *   frame where the result's QR `<svg>` is in the page, against the round trip of the `POST charges`
 *   it made (Resource Timing: its `responseEnd` minus its `startTime`): what the widget adds to the
 *   relay's answer. Unthrottled on loopback, where the charge takes a few milliseconds, and on the
 *   phone (PHONE), where it is a round trip over the air.
 * - a press on the card: on both pages at 4x, the buyer presses the card's option for `PRESS_MS`
 *   (a tap on a phone) with the mouse; from the release (the `pointerup`'s time stamp) to the first
 *   frame where the card number field is enabled and rendered. The checkout starts the card's code
 *   at the press, so what is left after the release is what the press could not hide.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { TEST_BUYER } from '../demo/test-buyer.js';
import { control } from '../test/sandbox/controls-requests.js';
import { chromiumLaunchOptions } from '../scripts/chromium.js';
import { DEEP_QUERY, emulateDevice, INTERACTIVE_PROBE, PAGES, PHONE, serveBenchPages, type DeviceConditions, type PageName } from './interactive-card-form.js';
import { median, quantile } from './stats.js';

const CARD_NUMBER = '4111111111111111';
/** A valid CPF, typed as its 11 digits (the field writes its dots and dash). */
const CPF = '52998224725';
const KEY_DELAY_MS = 120;
/** How long the buyer's press on the card's option lasts: a tap on a phone. */
export const PRESS_MS = 100;
const STEP_TIMEOUT_MS = 30_000;
const UNTHROTTLED: DeviceConditions = { cpuThrottlingRate: 1 };
/**
 * How long the API takes for a charge in the slower of the two phone series: the sandbox answers at
 * once, and the API across the Internet does not. The sandbox holds each charge this long before
 * handling it (a fault rule with only a delay, `PUT /__sandbox/faults`).
 */
export const SLOW_API_CHARGE_MS = 300;
const CPU_4X: DeviceConditions = { cpuThrottlingRate: 4 };

export interface TypingResult {
  /** Milliseconds from a key press to the next frame, every key of every run, per page. */
  latencies: Record<PageName, number[]>;
  p95: Record<PageName, number>;
  median: Record<PageName, number>;
  /** The median of each buyer's first key, per page: the slowest key by far, the p95's own. */
  firstKey: Record<PageName, number>;
}

/** How long the buyer who taps the card number looks at the card before typing. */
export const LOOK_MS = 500;

export interface PayToQrResult {
  /** Milliseconds from the click on "Pay" to the QR drawn, per run. */
  payToQr: number[];
  /** Milliseconds of the `POST charges` round trip, per run. */
  charge: number[];
  /** Per run, pay to QR over its charge's round trip. */
  ratios: number[];
  /** Milliseconds from the click to the `POST charges` request, per run. */
  beforeCharge: number[];
  /** Milliseconds from the charge's answer to the QR drawn, per run. */
  afterAnswer: number[];
}

/** Milliseconds from releasing the card's option to the card number field drawn, per run and page, at 4x. */
export type PressResult = Record<PageName, number[]>;

export interface TypingAndPayingResult {
  runs: number;
  /** Typing as soon as the form is interactive. */
  typing: TypingResult;
  /** Typing after a tap on the field and LOOK_MS, as a buyer types. */
  typingAfterTap: TypingResult;
  /** Typing the CPF after a tap, as above; its `static` is the static form of the same fields (PAGES.sameFields). */
  typingCpf: TypingResult;
  payToQr: PayToQrResult;
  /** The same on the phone (PHONE: its round trip and bandwidth, its CPU 4x), where the charge is a real round trip. */
  payToQrOnPhone: PayToQrResult;
  /** The same on the phone with the sandbox taking SLOW_API_CHARGE_MS for each charge, as the API across the Internet does. */
  payToQrOnPhoneSlowApi: PayToQrResult;
  press: PressResult;
}

const KEY_LATENCY_PROBE = `
(() => {
  window.__keyLatencies = [];
  document.addEventListener('keydown', (event) => {
    const pressed = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__keyLatencies.push(performance.now() - pressed);
      channel.port2.postMessage(undefined);
    });
  }, true);
})();
`;

const QR_PROBE = `
(() => {
${DEEP_QUERY}  window.__payToQr = new Promise((resolve) => {
    document.addEventListener('click', (event) => {
      if (!event.composedPath().some((node) => node.getAttribute?.('part') === 'submit')) return;
      const clicked = event.timeStamp;
      const frame = () => {
        if (deepQuery(document, '[part="qr"] svg')) {
          const drawn = performance.now();
          const charge = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname.endsWith('/charges'));
          resolve({
            payToQr: drawn - clicked,
            charge: charge ? charge.responseEnd - charge.startTime : NaN,
            beforeCharge: charge ? charge.startTime - clicked : NaN,
            afterAnswer: charge ? drawn - charge.responseEnd : NaN,
          });
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, true);
  });
})();
`;

const PRESS_PROBE = `
(() => {
${DEEP_QUERY}  window.__cardAfterPress = new Promise((resolve) => {
    document.addEventListener('pointerup', (event) => {
      const released = event.timeStamp;
      const frame = () => {
        const number = deepQuery(document, 'input[name="cc-number"]');
        if (number && number.matches(':enabled') && number.checkVisibility()) resolve(performance.now() - released);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, { capture: true, once: true });
  });
})();
`;

async function withPage<T>(browser: Browser, conditions: DeviceConditions, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    const page = await context.newPage();
    await emulateDevice(page, conditions);
    return await run(page);
  } finally {
    await context.close();
  }
}

/** What a buyer types: into the input of that `name`, those digits. */
interface Typed {
  name: string;
  digits: string;
}

const CARD_NUMBER_TYPED: Typed = { name: 'cc-number', digits: CARD_NUMBER };
const CPF_TYPED: Typed = { name: 'document', digits: CPF };

/**
 * One buyer typing digits at 4x (the card number unless told): each key's latency to the next
 * frame. At once, the digits start as soon as the form is interactive; `afterTap`, as a buyer does:
 * a tap on the field (a click where it is), LOOK_MS looking at the card, then the digits.
 */
function typeDigits(browser: Browser, url: string, afterTap = false, typed: Typed = CARD_NUMBER_TYPED): Promise<number[]> {
  return withPage(browser, CPU_4X, async (page) => {
    await page.addInitScript(INTERACTIVE_PROBE);
    await page.addInitScript(KEY_LATENCY_PROBE);
    await page.goto(url, { waitUntil: 'commit' });
    await page.evaluate('window.__cardFormInteractive');
    const field = page.locator(`input[name="${typed.name}"]`);
    if (afterTap) {
      await field.scrollIntoViewIfNeeded();
      const box = (await field.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(LOOK_MS);
      await page.keyboard.type(typed.digits, { delay: KEY_DELAY_MS });
    } else {
      await field.pressSequentially(typed.digits, { delay: KEY_DELAY_MS });
    }
    await page.waitForFunction(`window.__keyLatencies.length >= ${typed.digits.length}`);
    // The keys went to the field: a tap that missed it would time keys that do nothing.
    const value = (await field.inputValue()).replace(/\D/g, '');
    if (value !== typed.digits) throw new Error(`the field ${typed.name} on ${url} holds "${value}" after typing`);
    return (await page.evaluate('window.__keyLatencies')) as number[];
  });
}

function typingOf(buyers: Record<PageName, number[][]>): TypingResult {
  const latencies = { ours: buyers.ours.flat(), static: buyers.static.flat() };
  return {
    latencies,
    p95: { ours: quantile(latencies.ours, 0.95), static: quantile(latencies.static, 0.95) },
    median: { ours: median(latencies.ours), static: median(latencies.static) },
    firstKey: { ours: median(buyers.ours.map((keys) => keys[0]!)), static: median(buyers.static.map((keys) => keys[0]!)) },
  };
}

/** One buyer on `url` at 4x pressing the card's option for PRESS_MS once the form is there: release to the card number drawn. */
function pressCard(browser: Browser, url: string): Promise<number> {
  return withPage(browser, CPU_4X, async (page) => {
    await page.addInitScript(PRESS_PROBE);
    await page.goto(url);
    const option = page.locator('input[name="method"][value="credit_card"], input[name="method"][value="threeDs"]').first();
    await option.waitFor();
    // The buyer reads the form before reaching for the card: the page is done with its first work.
    await page.waitForTimeout(500);
    const box = (await option.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(PRESS_MS);
    await page.mouse.up();
    return (await page.evaluate('window.__cardAfterPress')) as number;
  });
}

/** One buyer paying by Pix on our page: pay to QR, and the charge's own round trip. */
type PixRun = { payToQr: number; charge: number; beforeCharge: number; afterAnswer: number };

function payByPix(browser: Browser, url: string, fillMs: number, conditions: DeviceConditions = UNTHROTTLED): Promise<PixRun> {
  return withPage(browser, conditions, async (page) => {
    await page.addInitScript(QR_PROBE);
    await page.goto(url);
    await page.evaluate(`customElements.whenDefined('pay-checkout').then(() => { document.querySelector('pay-checkout').customer = ${JSON.stringify(TEST_BUYER)}; })`);
    await page.locator('pay-checkout input[name="method"][value="pix"]').check();
    await page.locator('pay-checkout input[name="email"]').click();
    await page.waitForTimeout(fillMs);
    await page.locator('pay-checkout [part="submit"]').click();
    return (await page.evaluate('window.__payToQr')) as PixRun;
  });
}

function payToQrOf(runs: readonly PixRun[]): PayToQrResult {
  return {
    payToQr: runs.map((run) => run.payToQr),
    charge: runs.map((run) => run.charge),
    ratios: runs.map((run) => run.payToQr / run.charge),
    beforeCharge: runs.map((run) => run.beforeCharge),
    afterAnswer: runs.map((run) => run.afterAnswer),
  };
}

/** Makes the benchmark's sandbox hold every charge `ms` before handling it; 0 takes the hold away. */
async function holdCharges(origin: string, ms: number): Promise<void> {
  const rules = ms > 0 ? [{ method: 'POST', path: '/public_api/payments/', delayMs: ms }] : [];
  const response = await control(origin, 'PUT', '/__sandbox/faults', { rules });
  if (!response.ok) throw new Error(`PUT /__sandbox/faults answered ${response.status}: ${await response.text()}`);
}

/** Typing at 4x on both pages (the CPF against the static form of the same fields), and pay to QR on ours unthrottled and on the phone (the API quick, then slow), `runs` times each. */
export async function measureTypingAndPaying(ourBuildDir: string, runs: number, fillMs = 1500): Promise<TypingAndPayingResult> {
  const server = await serveBenchPages(ourBuildDir);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const typed: Record<PageName, number[][]> = { ours: [], static: [] };
    const typedAfterTap: Record<PageName, number[][]> = { ours: [], static: [] };
    const typedCpf: Record<PageName, number[][]> = { ours: [], static: [] };
    const paid: PixRun[] = [];
    const paidOnPhone: PixRun[] = [];
    const paidOnPhoneSlowApi: PixRun[] = [];
    const press: PressResult = { ours: [], static: [] };
    // Unmeasured: the relay's config cache and Chromium's start-up warm up.
    await payByPix(browser, `${server.origin}${PAGES.ours}`, fillMs);
    for (let run = 0; run < runs; run += 1) {
      for (const name of ['ours', 'static'] as const) typed[name].push(await typeDigits(browser, `${server.origin}${PAGES[name]}`));
      for (const name of ['ours', 'static'] as const) typedAfterTap[name].push(await typeDigits(browser, `${server.origin}${PAGES[name]}`, true));
      for (const name of ['ours', 'static'] as const) typedCpf[name].push(await typeDigits(browser, `${server.origin}${PAGES[name === 'ours' ? 'ours' : 'sameFields']}`, true, CPF_TYPED));
      paid.push(await payByPix(browser, `${server.origin}${PAGES.ours}`, fillMs));
      paidOnPhone.push(await payByPix(browser, `${server.origin}${PAGES.ours}`, fillMs, PHONE));
      await holdCharges(server.origin, SLOW_API_CHARGE_MS);
      try {
        paidOnPhoneSlowApi.push(await payByPix(browser, `${server.origin}${PAGES.ours}`, fillMs, PHONE));
      } finally {
        await holdCharges(server.origin, 0);
      }
      for (const name of ['ours', 'static'] as const) press[name].push(await pressCard(browser, `${server.origin}${PAGES[name]}`));
    }
    return {
      runs,
      typing: typingOf(typed),
      typingAfterTap: typingOf(typedAfterTap),
      typingCpf: typingOf(typedCpf),
      payToQr: payToQrOf(paid),
      payToQrOnPhone: payToQrOf(paidOnPhone),
      payToQrOnPhoneSlowApi: payToQrOf(paidOnPhoneSlowApi),
      press,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
