/**
 * End to end, in Chromium, on the real demo: the card is one choice for the buyer, charged as
 * `threeDs` or `credit_card` as the page is set up, and the 3-D Secure dialog has one cancel,
 * closes on Escape pressed inside the bank's page, whose texts follow the buyer's language and
 * whose layout fits 320 px (a 1280 px screen at 400 % zoom).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { PAGES, SAME_FIELDS_CONTROLS } from '../../bench/interactive-card-form.js';
import { CHECKOUT, checkView, expectResult, payButton, prepare, typeCard } from './checkout-driver.js';
import { countEvents, newestDetail, STEP_TIMEOUT_MS, waitForEvents } from './demo-harness.js';
import { demoSuite } from './demo-suite.js';

const CHALLENGE_FRAME = `${CHECKOUT} iframe[part="frame"]`;
const DIALOG = `${CHECKOUT} pay-3ds-dialog`;
const CHALLENGE_CARD = '5555555555554444';

/** Each control a buyer sees in `page` (through open shadow roots), as `tag type name` and a radio's value or a list's number of options. */
const visibleControls = async (page: Page, scope: string) =>
  (
    await page.locator(`${scope} :is(input, select, textarea):visible`).evaluateAll((controls) =>
      controls.map((control) => {
        const { localName, type, name } = control as HTMLInputElement;
        const detail = control instanceof HTMLSelectElement ? `${control.options.length} options` : type === 'radio' ? (control as HTMLInputElement).value : '';
        return `${localName} ${type} ${name} ${detail}`.trim();
      }),
    )
  ).sort();

const methodsOn = (page: Page) => page.locator(`${CHECKOUT} input[name="method"]`).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
const addressFields = (page: Page) => page.locator(`${CHECKOUT} input[name="zipcode"]`).count();

/** The bank's page, once its form is on screen in the dialog's frame. */
async function challengeFrame(page: Page): Promise<Frame> {
  await page.frameLocator(CHALLENGE_FRAME).locator('#challenge-code').waitFor();
  const frame = await (await page.locator(CHALLENGE_FRAME).elementHandle())!.contentFrame();
  assert.ok(frame, 'the challenge frame has no document');
  return frame;
}

/** Width that scrolls sideways in a document: 0 when it fits. */
const sidewaysScroll = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

describe('the one card choice and the 3-D Secure dialog in the demo', { timeout: 300_000 }, () => {
  const suite = demoSuite();

  async function open(query?: string): Promise<Page> {
    return (await suite.open(query === undefined ? {} : { query })).page;
  }

  /** Opens the demo (with `query`), pays with the challenge card and waits for the bank's page. */
  async function openChallenge(query?: string): Promise<{ page: Page; frame: Frame }> {
    const page = await open(query);
    await prepare(page, 'threeDs');
    await typeCard(page, CHALLENGE_CARD);
    await payButton(page).click();
    return { page, frame: await challengeFrame(page) };
  }

  describe('one card choice', () => {
    it('on the default page: one "Cartão de crédito", charged as threeDs, with the billing address', async () => {
      const page = await open();
      // The demo's offer is one-time: Pix Automático is offered only when the page's methods ask for it.
      assert.deepEqual(await methodsOn(page), ['pix', 'boleto', 'threeDs']);
      assert.equal((await page.locator(`${CHECKOUT} [part="option-name"]`).allTextContents()).filter((name) => /cart/i.test(name)).length, 1);
      assert.equal(await addressFields(page), 0);
      await prepare(page, 'threeDs');
      assert.equal((await newestDetail(page, 'pay-method-change'))['method'], 'threeDs');
      // The billing address is an element of its own, fetched when the card goes through 3-D Secure.
      await page.locator(`${CHECKOUT} input[name="zipcode"]`).waitFor();
      assert.equal(await addressFields(page), 1);
      await typeCard(page, '4111111111111111');
      await payButton(page).click();
      await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
      await waitForEvents(page, 'pay-paid', 1);
      assert.equal((await newestDetail(page, 'pay-before-submit'))['method'], 'threeDs');
      assert.equal(((await newestDetail(page, 'pay-order-created'))['order'] as { paymentMethod: string }).paymentMethod, 'threeDs');
      await checkView(page, 'one card choice, paid as threeDs');
    });

    // The card form benchmark's baseline (bench/interactive-card-form.ts, `sameFields`) is the issue's
    // "static form of the same fields": it holds only while its controls are the ones this form draws.
    it("draws, once the card is chosen, the controls of the benchmark's static form of the same fields", async () => {
      const page = await open();
      await prepare(page, 'threeDs');
      await page.locator(`${CHECKOUT} input[name="zipcode"]`).waitFor();
      await page.locator(`${CHECKOUT} input[name="cc-number"]`).waitFor();
      const ours = await visibleControls(page, CHECKOUT);
      const staticPage = await page.context().newPage();
      await staticPage.setContent(readFileSync(new URL(`../../bench/pages${PAGES.sameFields}`, import.meta.url), 'utf8'));
      await staticPage.locator('input[name="method"][value="threeDs"]').check();
      const baseline = await visibleControls(staticPage, 'form');
      assert.equal(baseline.length, SAME_FIELDS_CONTROLS, 'the benchmark\'s report names that many controls');
      assert.deepEqual(baseline, ours);
    });

    // Both fetch as the buyer types: the e-mail's domain list is a chunk of its own, the CEP asks the relay.
    it("offers the e-mail meant for a misspelt domain, and fills the billing address from a CEP, saying when there's none", async () => {
      const page = await open();
      await prepare(page, 'threeDs');
      const field = (name: string) => page.locator(`${CHECKOUT} [name="${name}"]`);
      await field('email').fill('maria@gmial.com');
      await field('email').press('Tab');
      const suggestion = page.locator(`${CHECKOUT} [part="suggestion"]`);
      await suggestion.waitFor();
      assert.equal((await suggestion.textContent())?.trim(), 'Você quis dizer maria@gmail.com?');
      await suggestion.click();
      assert.equal(await field('email').inputValue(), 'maria@gmail.com');
      await field('zipcode').fill('');
      await field('zipcode').pressSequentially('00000000');
      await page.locator(`${CHECKOUT} #field-zipcode-error`).filter({ hasText: 'CEP não encontrado.' }).waitFor();
      await field('zipcode').fill('');
      await field('zipcode').pressSequentially('01310100');
      await page.locator(`${CHECKOUT} [role="status"]`).filter({ hasText: 'Endereço preenchido pelo CEP.' }).waitFor();
      assert.deepEqual(
        await Promise.all(['street', 'neighborhood', 'city', 'state'].map((name) => field(name).inputValue())),
        ['Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP'],
      );
    });

    it('on a page whose methods leave threeDs out: the same choice, charged as credit_card, with no address', async () => {
      const page = await open('methods=pix,pix_auto,boleto,credit_card');
      assert.deepEqual(await methodsOn(page), ['pix', 'pix_auto', 'boleto', 'credit_card']);
      await prepare(page, 'credit_card');
      assert.equal((await newestDetail(page, 'pay-method-change'))['method'], 'credit_card');
      assert.equal(await addressFields(page), 0);
      await typeCard(page, '4111111111111111');
      await payButton(page).click();
      await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
      await waitForEvents(page, 'pay-paid', 1);
      assert.equal((await newestDetail(page, 'pay-before-submit'))['method'], 'credit_card');
      assert.equal(((await newestDetail(page, 'pay-order-created'))['order'] as { paymentMethod: string }).paymentMethod, 'credit_card');
      await checkView(page, 'one card choice, paid as credit_card');
    });
  });

  describe('the 3-D Secure dialog', () => {
    it('has one cancel: the dialog\'s button; the bank\'s page has none of its own', async () => {
      const { page, frame } = await openChallenge();
      assert.deepEqual(await page.locator(`${DIALOG} button`).allTextContents(), ['Cancelar verificação']);
      assert.deepEqual((await frame.locator('button, input[type="submit"], a').allTextContents()).map((text) => text.trim()), ['Confirmar']);
      assert.equal(await frame.getByText(/cancel/i).count(), 0);
    });

    it('cancels on Escape pressed inside the bank\'s page, as on Escape outside it', async () => {
      const { page, frame } = await openChallenge();
      await frame.locator('#challenge-code').focus();
      await page.keyboard.press('Escape');
      await page.locator(DIALOG).waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      const status = page.locator(`${CHECKOUT} [role="status"][aria-live="polite"]`);
      await status.filter({ hasText: 'Verificação cancelada' }).waitFor();
      assert.equal(await page.locator(`${CHECKOUT} input[name="cc-number"]`).isVisible(), true);
      assert.equal(await countEvents(page, 'pay-failed'), 0);
      assert.equal(await countEvents(page, 'pay-order-created'), 0);

      // Escape outside the frame, on the dialog's heading, ends the same way.
      await payButton(page).click();
      await challengeFrame(page);
      await page.locator(`${DIALOG} [part="title"]`).focus();
      await page.keyboard.press('Escape');
      await page.locator(DIALOG).waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      assert.equal(await countEvents(page, 'pay-failed'), 0);
      assert.equal(await countEvents(page, 'pay-order-created'), 0);
    });

    for (const [locale, heading, button] of [
      ['es', 'Confirma que eres tú', 'Confirmar'],
      ['en', 'Confirm it is you', 'Confirm'],
    ] as const) {
      it(`shows the bank's page in the buyer's language: ${locale}`, async () => {
        const { page, frame } = await openChallenge(`locale=${locale}`);
        assert.equal(await frame.locator('html').getAttribute('lang'), locale);
        assert.equal((await frame.locator('h1').textContent())?.trim(), heading);
        assert.equal((await frame.locator('button').textContent())?.trim(), button);
        assert.equal(await page.locator(`${DIALOG} [part="dialog"]`).getAttribute('lang'), locale);
      });
    }

    it('fits the bank\'s page into 320 px (a 1280 px screen at 400 % zoom) without sideways scrolling', async () => {
      const context = suite.keep(await suite.demo.browser.newContext({ viewport: { width: 320, height: 180 }, deviceScaleFactor: 4, locale: 'pt-BR' }));
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      const page = await context.newPage();
      // The longest of the three languages' texts.
      await page.goto(`${suite.demo.url}?locale=es`);
      await waitForEvents(page, 'pay-ready', 1);
      await prepare(page, 'threeDs');
      await typeCard(page, CHALLENGE_CARD);
      await payButton(page).click();
      const frame = await challengeFrame(page);
      assert.equal(await frame.evaluate(() => document.documentElement.clientWidth <= 320), true);
      assert.equal(await frame.evaluate(sidewaysScroll), 0, 'the bank\'s page scrolls sideways');
      assert.equal(await page.evaluate(sidewaysScroll), 0, 'the shop\'s page scrolls sideways');
      for (const selector of ['#challenge-code', 'button']) {
        const box = await frame.locator(selector).evaluate((element) => element.getBoundingClientRect().right);
        assert.ok(box <= (await frame.evaluate(() => document.documentElement.clientWidth)), `${selector} runs off the bank's page`);
      }
      const cancel = await page.locator(`${DIALOG} button`).evaluate((element) => element.getBoundingClientRect().right);
      assert.ok(cancel <= 320, 'the cancel button runs off the screen');
    });
  });
});
