/**
 * Takes docs/demo.md's screenshots from the real demo page (vite + sandbox + relay, as
 * `npm start` runs them) in headless Chromium. Run by hand, not by `npm test`:
 *
 *   node --import tsx test/e2e/screenshots.ts
 *
 * Writes docs/images/demo-*.png, then, where Debian's `pngquant` is installed
 * (`apt-get install pngquant`), turns them into 256-colour PNGs a third of the size.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { CHECKOUT, expectResult, payButton, payFromQaPanel, payPixUntilQr, prepare, resetSandbox, typeCard } from './checkout-driver.js';
import { openCheckout, startDemo, waitForEvents, type Demo, type OpenOptions } from './demo-harness.js';

const imagesDir = fileURLToPath(new URL('../../docs/images/', import.meta.url));
mkdirSync(imagesDir, { recursive: true });

async function shoot(target: Page | Locator, name: string): Promise<void> {
  await target.screenshot({ path: `${imagesDir}${name}`, animations: 'disabled', caret: 'hide' });
  console.log(`docs/images/${name}`);
}

/** Opens a fresh checkout on a reset sandbox, runs `steps`, closes the context. */
async function scene(demo: Demo, options: OpenOptions, steps: (page: Page) => Promise<void>): Promise<void> {
  await resetSandbox(demo.url);
  const { context, page } = await openCheckout(demo, options);
  try {
    // The widget's product image and fonts settle after pay-ready.
    await page.waitForLoadState('networkidle');
    await steps(page);
  } finally {
    await context.close();
  }
}

const checkout = (page: Page) => page.locator(CHECKOUT);

const demo = await startDemo();
try {
  await scene(demo, {}, (page) => shoot(page, 'demo-desktop-light.png'));
  await scene(demo, { width: 360, height: 780 }, (page) => shoot(page, 'demo-mobile.png'));
  await scene(demo, { query: 'theme=dark' }, (page) => shoot(page, 'demo-desktop-dark.png'));

  await scene(demo, { width: 420, height: 900 }, async (page) => {
    await payPixUntilQr(page);
    await shoot(checkout(page), 'demo-pix.png');
  });
  await scene(demo, { width: 420, height: 900, query: 'offer=CLUBmes' }, async (page) => {
    await prepare(page, 'pix_auto');
    await payButton(page).click();
    await expectResult(page, 'pay-pix-result', 'Autorize o Pix Automático');
    await checkout(page).locator('[part="qr"] svg').waitFor();
    await shoot(checkout(page), 'demo-pix-auto.png');
  });
  await scene(demo, { width: 420, height: 900 }, async (page) => {
    await prepare(page, 'boleto');
    await payButton(page).click();
    await expectResult(page, 'pay-boleto-result', 'Pague o boleto');
    await shoot(checkout(page), 'demo-boleto.png');
  });
  await scene(demo, { width: 420, height: 900 }, async (page) => {
    await prepare(page, 'threeDs');
    await typeCard(page, '4111111111111111');
    await payButton(page).click();
    await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
    await shoot(checkout(page), 'demo-card-paid.png');
  });
  await scene(demo, { width: 420, height: 900 }, async (page) => {
    await prepare(page, 'threeDs');
    await typeCard(page, '5555555555554444');
    await payButton(page).click();
    const frame = page.frameLocator(`${CHECKOUT} iframe[part="frame"]`);
    await frame.locator('#challenge-code').waitFor();
    await shoot(page, 'demo-3ds-challenge.png');
  });
  await scene(demo, { width: 420, height: 900 }, async (page) => {
    await prepare(page, 'threeDs');
    await typeCard(page, '4000000000000002');
    await payButton(page).click();
    await expectResult(page, 'pay-card-result', 'Pagamento não autorizado');
    await shoot(checkout(page), 'demo-card-declined.png');
  });
  await scene(demo, { width: 420, height: 900 }, async (page) => {
    await prepare(page, 'threeDs');
    await typeCard(page, '4000000000003220');
    await payButton(page).click();
    await expectResult(page, 'pay-card-result', 'Aguardando a confirmação do banco');
    await shoot(checkout(page), 'demo-pending.png');
  });
  await scene(demo, { width: 420, height: 900 }, async (page) => {
    await page.selectOption('#qa-banking-account', 'none');
    await page.click('#qa-apply-account');
    await page.locator('#qa-account-feedback').filter({ hasText: /\S/ }).waitFor();
    await prepare(page, 'pix');
    await payButton(page).click();
    await checkout(page).locator('[part="banner"]').waitFor();
    await shoot(checkout(page), 'demo-no-banking-account.png');
  });
  await scene(demo, { width: 1280, height: 1000 }, async (page) => {
    await prepare(page, 'pix');
    await payButton(page).click();
    await expectResult(page, 'pay-pix-result', 'Pague com Pix');
    await payFromQaPanel(page);
    await waitForEvents(page, 'pay-paid', 1);
    await page.click('#qa-webhooks-refresh');
    await page.locator('#qa-webhooks tbody tr[data-event="purchase_approved"]').waitFor();
    await page.locator('#qa-order-title').evaluate((title) => title.scrollIntoView({ block: 'start' }));
    await shoot(page.locator('#qa-panel'), 'demo-qa-panel.png');
  });
} finally {
  await demo.close();
}

try {
  const images = readdirSync(imagesDir).filter((name) => name.startsWith('demo-') && name.endsWith('.png'));
  execFileSync('pngquant', ['--force', '--ext', '.png', '--quality', '70-95', '--strip', ...images.map((name) => `${imagesDir}${name}`)]);
  console.log('compressed with pngquant');
} catch (error) {
  console.log(`left uncompressed (pngquant: ${(error as Error).message.split('\n')[0]})`);
}
