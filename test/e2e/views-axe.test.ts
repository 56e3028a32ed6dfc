/**
 * End to end, in Chromium, on the real demo: axe-core finds no violation in any view of the
 * checkout (loading, load error, each method's form, field errors, the banner, each result,
 * paid, the 3-D Secure dialog), in each language (pt-BR, es, en) and each colour scheme: the
 * demo's light and dark themes, and the widget's own colours in the dark (its
 * `prefers-color-scheme: dark` defaults, with none of the page's `--pay-color-*` set).
 *
 * One page for the whole walk: each view is reached once, then the language is switched by the
 * element's `locale` attribute and the scheme by emulation and the page's class, without loading
 * the demo again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { axeViolations, CHECKOUT, payButton, payFromQaPanel, resetSandbox, typeCard } from './checkout-driver.js';
import { countEvents, openCheckout, startDemo, waitForEvents, type Demo } from './demo-harness.js';

const LOCALES = ['pt-BR', 'es', 'en'] as const;

/** A colour scheme: what the browser reports, the demo's theme class, and whether the page's colours are taken away. */
interface Scheme {
  name: string;
  colorScheme: 'light' | 'dark';
  demoDark: boolean;
  widgetDefaults: boolean;
}

const SCHEMES: readonly Scheme[] = [
  { name: 'light', colorScheme: 'light', demoDark: false, widgetDefaults: false },
  { name: 'dark', colorScheme: 'dark', demoDark: true, widgetDefaults: false },
  { name: 'dark, widget defaults', colorScheme: 'dark', demoDark: false, widgetDefaults: true },
];

/** docs/widget.md's custom properties: set to `initial`, each falls back to the widget's default. */
const COLOR_PROPERTIES = ['primary', 'on-primary', 'text', 'muted', 'background', 'input-background', 'border', 'error', 'focus', 'backdrop'].map(
  (name) => `--pay-color-${name}`,
);

const CHALLENGE_FRAME = `${CHECKOUT} iframe[part="frame"]`;

/** Waits until every Lit element in the checkout's trees has rendered (the new language's texts included). */
async function rendered(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 3; round += 1) {
      // A stack, not a named helper: the page gets this function's text, without tsx's helpers.
      const pending: Promise<unknown>[] = [];
      const roots: ParentNode[] = [document.querySelector('#checkout-slot') ?? document];
      for (let root = roots.pop(); root; root = roots.pop()) {
        for (const element of root.querySelectorAll('*')) {
          if ('updateComplete' in element) pending.push((element as unknown as { updateComplete: Promise<unknown> }).updateComplete);
          if (element.shadowRoot) roots.push(element.shadowRoot);
        }
      }
      await Promise.all(pending);
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function applyScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme.colorScheme });
  await page.evaluate(
    ([selector, demoDark, widgetDefaults, properties]) => {
      document.documentElement.classList.toggle('theme-dark', demoDark);
      const checkout = document.querySelector<HTMLElement>(selector);
      for (const property of properties) {
        if (widgetDefaults) checkout?.style.setProperty(property, 'initial');
        else checkout?.style.removeProperty(property);
      }
    },
    ['#checkout-slot #checkout', scheme.demoDark, scheme.widgetDefaults, COLOR_PROPERTIES] as const,
  );
}

async function applyLocale(page: Page, locale: string): Promise<void> {
  await page.evaluate(([selector, value]) => document.querySelector(selector)?.setAttribute('locale', value), ['#checkout-slot #checkout', locale] as const);
  await page.locator(`${CHECKOUT} [part="base"][lang="${locale}"]`).first().waitFor();
  await rendered(page);
}

describe('axe-core on every view of the checkout, in each language and colour scheme', { timeout: 240_000 }, () => {
  let demo: Demo;
  let context: BrowserContext;
  let page: Page;
  const checked: string[] = [];
  const violations: string[] = [];

  /** The view as it is now, in every language and scheme; back to pt-BR and light afterwards. */
  async function checkEveryWay(view: string, options: { frames?: boolean } = {}): Promise<void> {
    // A language re-renders the views, a scheme only restyles them: each language once.
    for (const locale of LOCALES) {
      await applyLocale(page, locale);
      for (const scheme of SCHEMES) {
        await applyScheme(page, scheme);
        for (const violation of await axeViolations(page, options)) violations.push(`${view}, ${locale}, ${scheme.name}: ${violation}`);
        checked.push(`${view}, ${locale}, ${scheme.name}`);
      }
    }
    await applyScheme(page, SCHEMES[0]!);
    await applyLocale(page, 'pt-BR');
  }

  /** "Novo checkout" in the QA panel: a fresh element, a fresh attempt, on the same page. */
  async function newCheckout(): Promise<void> {
    const ready = await countEvents(page, 'pay-ready');
    await page.click('#qa-new-checkout');
    await waitForEvents(page, 'pay-ready', ready + 1);
  }

  /** Prefills the buyer and chooses the first of `methods` the checkout offers. */
  async function choose(methods: readonly string[]): Promise<void> {
    await page.click('#qa-prefill-buyer');
    for (const method of methods) {
      const option = page.locator(`${CHECKOUT} input[name="method"][value="${method}"]`);
      if ((await option.count()) === 0) continue;
      await option.check();
      return;
    }
    assert.fail(`the checkout offers none of ${methods.join(', ')}`);
  }

  async function payWithCard(methods: readonly string[], card: string): Promise<void> {
    await newCheckout();
    await choose(methods);
    await typeCard(page, card);
    await payButton(page).click();
  }

  async function waitForResult(event: string, count = 1): Promise<void> {
    await waitForEvents(page, event, count);
    await page.locator(`${CHECKOUT} [part="result"]`).waitFor();
    await rendered(page);
  }

  before(async () => {
    demo = await startDemo();
    await resetSandbox(demo.url);
    // Pix Automático named, so the one-time offer takes it; the card is the one choice, charged with 3-D Secure.
    ({ context, page } = await openCheckout(demo, { width: 375, height: 812, query: 'methods=pix,pix_auto,boleto,threeDs' }));
  });
  after(async () => {
    await context?.close();
    await demo?.close();
  });

  it('follows the buyer\'s dark mode with its own colours, and the page\'s colours win over them', async () => {
    const colours = () =>
      page.evaluate((selector) => {
        const style = getComputedStyle(document.querySelector(selector)!);
        return `${style.backgroundColor} ${style.color}`;
      }, '#checkout-slot #checkout');
    const dark = SCHEMES[2]!;
    await applyScheme(page, dark);
    assert.equal(await colours(), 'rgb(27, 27, 31) rgb(227, 226, 230)', 'the widget\'s dark defaults');
    await applyScheme(page, { ...dark, colorScheme: 'light' });
    assert.equal(await colours(), 'rgb(255, 255, 255) rgb(27, 27, 31)', 'the widget\'s light defaults');
    // The demo's light theme, set on the element, in a dark system: the page's colours stay.
    await applyScheme(page, { ...SCHEMES[0]!, colorScheme: 'dark' });
    assert.equal(await colours(), 'rgb(248, 249, 251) rgb(25, 28, 30)', 'the page\'s colours on the element');
    // A colour set on an ancestor, the element inheriting it: it wins over the dark default too.
    await applyScheme(page, dark);
    await page.evaluate((selector) => {
      document.querySelector<HTMLElement>('#checkout-slot')!.style.setProperty('--pay-color-background', '#123456');
      document.querySelector<HTMLElement>(selector)!.style.setProperty('--pay-color-background', 'inherit');
    }, '#checkout-slot #checkout');
    assert.equal(await colours(), 'rgb(18, 52, 86) rgb(227, 226, 230)', 'a colour set on an ancestor');
    await page.evaluate(() => document.querySelector<HTMLElement>('#checkout-slot')!.style.removeProperty('--pay-color-background'));
    await applyScheme(page, SCHEMES[0]!);
  });

  it('has no violation in any view', { timeout: 300_000 }, async () => {
    // Loading: the configuration held back. Then the load error: the relay answers it with a
    // service failure. Then the retry, answered.
    const failure = { status: 502, contentType: 'application/json', body: JSON.stringify({ error: { type: 'upstream_error', message: 'down' } }) };
    let config: 'hold' | 'fail' | 'pass' = 'hold';
    let held: Route | undefined;
    await page.route('**/checkout/config?*', async (route) => {
      if (config === 'hold') held = route;
      else if (config === 'fail') await route.fulfill(failure);
      else await route.continue();
    });
    await page.click('#qa-new-checkout');
    await page.locator(`${CHECKOUT} [part="loading"]`).waitFor();
    await checkEveryWay('loading');

    config = 'fail';
    const ready = await countEvents(page, 'pay-ready');
    await held?.fulfill(failure);
    await page.locator(`${CHECKOUT} [part="load-error"]`).waitFor();
    await checkEveryWay('load error');
    config = 'pass';
    await page.locator(`${CHECKOUT} [part="retry-button"]`).click();
    await waitForEvents(page, 'pay-ready', ready + 1);

    // Every field's error: a card paid with nothing typed.
    const methods = await page.locator(`${CHECKOUT} input[name="method"]`).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    assert.ok(methods.length >= 4, `methods offered: ${methods.join(', ')}`);
    await page.locator(`${CHECKOUT} input[name="method"][value="threeDs"]`).check();
    await page.locator(`${CHECKOUT} input[name="cc-number"]`).waitFor();
    await payButton(page).click();
    await page.locator(`${CHECKOUT} [aria-invalid="true"]`).first().waitFor();
    await checkEveryWay('field errors');

    // Each method's form, the buyer filled in.
    await page.click('#qa-prefill-buyer');
    for (const method of methods) {
      await page.locator(`${CHECKOUT} input[name="method"][value="${method}"]`).check();
      if (method === 'credit_card' || method === 'threeDs') await page.locator(`${CHECKOUT} input[name="cc-number"]`).waitFor();
      await rendered(page);
      await checkEveryWay(`${method} form`);
    }

    // The banner: Pix refused, the producer has no banking account.
    await page.selectOption('#qa-banking-account', 'none');
    await page.click('#qa-apply-account');
    await page.locator('#qa-account-feedback').filter({ hasText: /\S/ }).waitFor();
    await page.locator(`${CHECKOUT} input[name="method"][value="pix"]`).check();
    await payButton(page).click();
    await page.locator(`${CHECKOUT} [part="banner"]`).waitFor();
    await checkEveryWay('banner');
    await page.selectOption('#qa-banking-account', 'opened');
    await page.click('#qa-apply-account');

    // Pix: the code, then paid.
    await newCheckout();
    await choose(['pix']);
    await payButton(page).click();
    await waitForResult('pay-order-created');
    await page.locator(`${CHECKOUT} [part="qr-code"]`).waitFor();
    await checkEveryWay('pix result');
    await payFromQaPanel(page);
    await waitForResult('pay-paid');
    await checkEveryWay('pix paid');

    for (const method of ['pix_auto', 'boleto']) {
      const created = await countEvents(page, 'pay-order-created');
      await newCheckout();
      await choose([method]);
      await payButton(page).click();
      await waitForResult('pay-order-created', created + 1);
      await checkEveryWay(`${method} result`);
    }

    // Cards: declined, refused, the 3-D Secure challenge, paid, pending.
    let failed = await countEvents(page, 'pay-failed');
    await payWithCard(['credit_card', 'threeDs'], '4000000000000002');
    await waitForResult('pay-failed', (failed += 1));
    await checkEveryWay('card declined');
    await payWithCard(['credit_card', 'threeDs'], '4000000000000119');
    await waitForResult('pay-failed', (failed += 1));
    await checkEveryWay('card refused');

    const paid = await countEvents(page, 'pay-paid');
    await payWithCard(['threeDs', 'credit_card'], '5555555555554444');
    await page.locator(CHALLENGE_FRAME).waitFor();
    // axe cannot reach into the bank's cross-origin page from here.
    await checkEveryWay('3-D Secure dialog', { frames: false });
    const frame = page.frameLocator(CHALLENGE_FRAME);
    await frame.locator('#challenge-code').fill('1234');
    await frame.locator('button[value="submit"]').click();
    await waitForResult('pay-paid', paid + 1);
    await checkEveryWay('card paid');

    const created = await countEvents(page, 'pay-order-created');
    await payWithCard(['threeDs', 'credit_card'], '4000000000003220');
    await waitForResult('pay-order-created', created + 1);
    await checkEveryWay('card pending');

    assert.deepEqual(violations, [], 'axe-core violations');
    // Loading, load error, field errors, the forms, banner, 4 Pix and boleto views, 5 card views.
    assert.equal(checked.length, (13 + methods.length) * LOCALES.length * SCHEMES.length);
  });
});
