/**
 * examples/vue, the Vue 3 shop page, in Chromium: served by vite with its own config and the
 * checkout's back end (the demo's stack: sandbox + relay at /checkout). Vue must hand `customer`
 * to the element as the object it is, and its `@pay-order-created` and `@pay-paid` listeners
 * must run: the page shows its thank-you text once a Pix is paid in the sandbox.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { startHostPage, type HostPage } from './host-page.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STEP_TIMEOUT_MS = 20_000;

describe('examples/vue: the checkout in a Vue 3 page', { timeout: 180_000 }, () => {
  let host: HostPage;
  let browser: Browser;
  let url: string;

  before(async () => {
    host = await startHostPage(
      {
        configFile: join(ROOT, 'examples/vue/vite.config.ts'),
        // The package's names resolve to its sources, as tsconfig.json's "paths" do for tsc.
        resolve: {
          alias: {
            'pay-checkout/widget/define': join(ROOT, 'src/widget/define.ts'),
            'pay-checkout/widget': join(ROOT, 'src/widget/index.ts'),
          },
        },
        optimizeDeps: { entries: ['main.ts'], include: ['vue', 'qrcode'] },
      },
      STEP_TIMEOUT_MS,
    );
    ({ browser, url } = host);
  });

  after(() => host?.close());

  it('passes customer as an object, and its @pay-order-created and @pay-paid listeners run', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    try {
      // The demo stack's strict policy (Trusted Types, no eval) is for the demo page; Vue's
      // in-browser template compiler needs eval, which a page built with single-file components does not.
      await page.goto(`${url}?csp=off`);
      await page.locator('pay-checkout [part="submit"]').waitFor();
      const customer = await page.evaluate(() => document.querySelector('pay-checkout')?.customer);
      assert.deepEqual(customer, { name: 'Maria Silva', email: 'maria.silva@example.com', phone: '11987654321', document: '52998224725' });
      assert.equal(await page.evaluate(() => document.querySelector('pay-checkout')?.getAttribute('customer')), null);
      assert.equal(await page.locator('pay-checkout pay-customer-fields input[name="name"]').inputValue(), 'Maria Silva');

      const charge = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/checkout/charges'));
      await page.locator('pay-checkout [part="submit"]').click();
      const { id } = (await (await charge).json()) as { id: string };
      await page.locator('pay-checkout pay-pix-result').waitFor();
      const paid = await fetch(new URL(`__sandbox/orders/${encodeURIComponent(id)}/pay`, url), { method: 'POST' });
      assert.ok(paid.ok, `the sandbox answered ${paid.status} to paying the order`);
      // The text names the id that @pay-order-created stored, shown by @pay-paid.
      assert.equal(await page.locator('#thanks').textContent(), `Obrigado! Pedido ${id} pago.`);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
