/**
 * `npm run screenshots`: the pictures of docs/checkout-tour.md, taken from the real demo page
 * (vite + sandbox + relay, started as the end-to-end tests start it) in headless Chromium.
 *
 * For each buyer's path (Pix, Pix Automático, boleto, card, card with a 3-D Secure challenge),
 * each step (form filled, the result, paid), at 375 px and 1280 px wide, in the light theme and
 * in the dark one (`prefers-color-scheme: dark` emulated and the demo's `theme=dark`). Each
 * picture is the checkout element alone, except the 3-D Secure dialog, which covers the page
 * and is taken as the screen shows it. Device scale 1; written to docs/images/tour/ as
 * palette PNGs when `sharp` is installed (else `pngquant` when on the PATH, else as taken).
 *
 * The steps find the widget by part names and input names, never by its texts, so the
 * pictures can be taken again after the views change. `--only pix,boleto` takes some paths.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { CHECKOUT, payButton, typeCard } from '../test/e2e/checkout-driver.js';
import { openCheckout, startDemo, waitForEvents, type Demo } from '../test/e2e/demo-harness.js';

const tourDir = fileURLToPath(new URL('../docs/images/tour/', import.meta.url));

export const TOUR_WIDTHS = [375, 1280] as const;
export const TOUR_SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof TOUR_SCHEMES)[number];

/** One buyer's path: the method chosen, the card typed (card paths), and the steps pictured. */
interface TourPath {
  name: string;
  /** The `input[name=method]` values to choose, the first the checkout offers. */
  methods: readonly string[];
  card?: string;
  /** The demo page's query beyond the theme: its `methods` or `offer`, when the path needs one the default does not offer or charge. */
  pageQuery?: string;
  steps: readonly ('form' | 'result' | 'challenge' | 'paid')[];
}

export const TOUR_PATHS: readonly TourPath[] = [
  { name: 'pix', methods: ['pix'], steps: ['form', 'result', 'paid'] },
  // The subscription offer, whose recurrence terms the buyer reads before the QR.
  { name: 'pix-auto', methods: ['pix_auto'], pageQuery: 'offer=CLUBmes', steps: ['form', 'result', 'paid'] },
  { name: 'boleto', methods: ['boleto'], steps: ['form', 'result', 'paid'] },
  // The one card choice is charged as `credit_card` when the page leaves `threeDs` out.
  { name: 'card', methods: ['credit_card'], pageQuery: 'methods=pix,boleto,credit_card', card: '4111111111111111', steps: ['form', 'paid'] },
  // The sandbox's 5555 5555 5555 4444 asks for a challenge (code 1234). With one card choice
  // and 3-D Secure as the merchant's setting, `threeDs` is no longer offered: the card is.
  { name: '3ds', methods: ['threeDs', 'credit_card'], pageQuery: 'methods=pix,boleto,threeDs', card: '5555555555554444', steps: ['form', 'challenge', 'paid'] },
];

/** The file name of one picture: `pix-result-375-dark.png`. */
export function tourImage(path: string, step: string, width: number, scheme: Scheme): string {
  return `${path}-${step}-${width}-${scheme}.png`;
}

const CHALLENGE_FRAME = `${CHECKOUT} iframe[part="frame"]`;

/** Two frames and a pause: what a change of state needs to be painted (transitions included). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(250);
}

/** No focus ring in the pictures: the focused element, deep in the shadow trees, loses focus. */
async function blurAll(page: Page): Promise<void> {
  await page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    (active as HTMLElement | null)?.blur();
  });
}

async function chooseMethod(page: Page, methods: readonly string[]): Promise<string> {
  for (const method of methods) {
    const option = page.locator(`${CHECKOUT} input[name="method"][value="${method}"]`);
    if ((await option.count()) > 0) {
      await option.check();
      return method;
    }
  }
  throw new Error(`the checkout offers none of ${methods.join(', ')}`);
}

async function challengeFrame(page: Page): Promise<Frame> {
  const handle = await page.locator(CHALLENGE_FRAME).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the 3-D Secure dialog has no frame');
  return frame;
}

/** Marks the page's current order paid through the QA panel, and waits for the widget to say so. */
async function payOrder(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#qa-order-id')?.value ?? '') !== '');
  await page.click('#qa-pay-order');
  await waitForEvents(page, 'pay-paid', 1);
}

async function shoot(page: Page, name: string, whole: 'checkout' | 'screen', taken: string[]): Promise<void> {
  await blurAll(page);
  await settle(page);
  const options = { path: `${tourDir}${name}`, animations: 'disabled', caret: 'hide', scale: 'css' } as const;
  if (whole === 'screen') await page.screenshot(options);
  else await page.locator(CHECKOUT).screenshot(options);
  if (!taken.includes(name)) taken.push(name);
  console.log(`docs/images/tour/${name}`);
}

/** One path at one width and scheme, in a fresh browser context (no order kept from another path). */
async function walk(demo: Demo, path: TourPath, width: number, scheme: Scheme, taken: string[]): Promise<void> {
  const { context, page } = await openCheckout(demo, {
    query: [scheme === 'dark' ? 'theme=dark' : '', path.pageQuery ?? ''].filter(Boolean).join('&'),
    width,
    height: width < 600 ? 812 : 900,
  });
  try {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    // The product's image and the fonts settle after pay-ready.
    await page.waitForLoadState('networkidle');
    await page.click('#qa-prefill-buyer');
    await chooseMethod(page, path.methods);
    if (path.card) await typeCard(page, path.card);
    const name = (step: string) => tourImage(path.name, step, width, scheme);
    for (const step of path.steps) {
      if (step === 'form') {
        await shoot(page, name(step), 'checkout', taken);
        await payButton(page).click();
      } else if (step === 'result') {
        await waitForEvents(page, 'pay-order-created', 1);
        const result = page.locator(`${CHECKOUT} [part="result"]`);
        await result.waitFor();
        if (path.name.startsWith('pix')) await result.locator('[part="qr-code"]').waitFor();
        await page.waitForLoadState('networkidle');
        await shoot(page, name(step), 'checkout', taken);
        await payOrder(page);
      } else if (step === 'challenge') {
        await page.locator(CHALLENGE_FRAME).waitFor();
        const frame = await challengeFrame(page);
        await frame.locator('#challenge-code').waitFor();
        await frame.waitForLoadState('load');
        await shoot(page, name(step), 'screen', taken);
        await frame.locator('#challenge-code').fill('1234');
        await frame.locator('button[value="submit"]').click();
      } else {
        await waitForEvents(page, 'pay-paid', 1);
        await page.locator(`${CHECKOUT} [part="result"]`).waitFor();
        await page.waitForLoadState('networkidle');
        await shoot(page, name(step), 'checkout', taken);
      }
    }
  } finally {
    await context.close();
  }
}

/** Palette PNGs: a checkout has few colours, and 256 keep it sharp at a third of the size. */
async function compress(files: string[]): Promise<string> {
  try {
    const { default: sharp } = (await import('sharp')) as { default: (input: string) => { png(options: object): { toBuffer(): Promise<Buffer> } } };
    for (const file of files) writeFileSync(file, await sharp(file).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer());
    return 'compressed with sharp';
  } catch (sharpError) {
    try {
      execFileSync('pngquant', ['--force', '--ext', '.png', '--quality', '70-95', '--strip', ...files]);
      return 'compressed with pngquant';
    } catch (error) {
      return `left uncompressed (sharp: ${(sharpError as Error).message.split('\n')[0]}; pngquant: ${(error as Error).message.split('\n')[0]})`;
    }
  }
}

async function main(): Promise<void> {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]?.split(',') : undefined;
  const paths = TOUR_PATHS.filter((path) => !only || only.includes(path.name));
  mkdirSync(tourDir, { recursive: true });

  const started = Date.now();
  const taken: string[] = [];
  const demo = await startDemo();
  try {
    for (const scheme of TOUR_SCHEMES) {
      for (const width of TOUR_WIDTHS) {
        for (const path of paths) {
          // A busy machine can hold the first load of a page past a step's timeout: one more try.
          await walk(demo, path, width, scheme, taken).catch((error: Error) => {
            console.log(`${path.name} at ${width} px, ${scheme}: ${error.message.split('\n')[0]}; once more`);
            return walk(demo, path, width, scheme, taken);
          });
        }
      }
    }
  } finally {
    await demo.close();
  }

  // A whole run leaves only its own pictures: those of a step or path that is gone go too.
  const names = new Set(taken);
  if (!only) for (const file of readdirSync(tourDir)) if (file.endsWith('.png') && !names.has(file)) rmSync(`${tourDir}${file}`);
  console.log(await compress([...names].map((name) => `${tourDir}${name}`)));
  const files = readdirSync(tourDir)
    .filter((file) => file.endsWith('.png'))
    .map((file) => `${tourDir}${file}`);
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  console.log(`${files.length} pictures, ${(bytes / 1024 / 1024).toFixed(2)} MB, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
