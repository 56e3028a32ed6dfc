/**
 * End to end, in Chromium, on the real demo: the page as it loads, under its strict
 * Content-Security-Policy (docs/demo.md): the form passes axe-core and the 320 px check, and
 * the browser blocks nothing (a blocked resource is a broken page for the buyer).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHECKOUT, checkView } from './checkout-driver.js';
import { openCheckout, startDemo, type Demo } from './demo-harness.js';

describe('the demo page as it loads', { timeout: 60_000 }, () => {
  let demo: Demo;
  before(async () => {
    demo = await startDemo();
  });
  after(async () => {
    await demo?.close();
  });

  it('shows the form with no CSP violation, no axe-core violation and no sideways scroll at 320 px', async () => {
    const { context, page } = await openCheckout(demo);
    try {
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/.test(message.text())) blocked.push(message.text());
      });
      await page.reload();
      await page.locator(`${CHECKOUT} [part="submit"]`).waitFor();
      await page.waitForLoadState('networkidle');
      const imageLoaded = await page
        .locator(`${CHECKOUT} [part="product-image"]`)
        .evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0);
      assert.deepEqual(blocked, []);
      assert.ok(imageLoaded, "the widget's product image loads");
      await checkView(page, 'form');
    } finally {
      await context.close();
    }
  });
});
