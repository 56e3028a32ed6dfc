/**
 * End to end, in Chromium, on the real demo: the QA panel's fault presets (429, then success;
 * 5xx, then success with exactly one order) and a double click making exactly one order.
 * Orders are counted three ways: the relay's 201 answers the page received, the widget's
 * `pay-order-created` events in the panel's log, and the sandbox's `pix_gerado` webhook
 * deliveries (`GET /__sandbox/webhooks/deliveries`: one per created Pix order).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CHECKOUT, checkView, deliveries, expectResult, payButton, prepare } from './checkout-driver.js';
import { countEvents, recordCharges, waitForEvents, type ChargeAnswers } from './demo-harness.js';
import { demoSuite } from './demo-suite.js';

describe('faults and double clicks in the demo', { timeout: 200_000 }, () => {
  const suite = demoSuite();

  async function open(): Promise<{ page: Page; charges: ChargeAnswers }> {
    const opened = await suite.open();
    return { page: opened.page, charges: recordCharges(opened.page) };
  }

  /** Sets the fault count and presses a preset of the QA panel; waits until the rule is listed as active. */
  async function injectFault(page: Page, preset: string, count: number): Promise<void> {
    await page.fill('#qa-fault-count', String(count));
    await page.click(`#qa-fault-${preset}`);
    await page.locator('#qa-faults-feedback').filter({ hasText: /\S/ }).waitFor();
  }

  /** Exactly one order: one 201 from the relay, one `pay-order-created`, one `pix_gerado` for that order. */
  async function assertOneOrder(page: Page, charges: ChargeAnswers): Promise<void> {
    assert.deepEqual(
      charges.statuses.filter((status) => status === 201),
      [201],
    );
    assert.equal(await countEvents(page, 'pay-order-created'), 1);
    const created = charges.bodies.find((body) => typeof body.id === 'string');
    const generated = await deliveries(suite.demo.url, 'pix_gerado');
    assert.deepEqual(
      generated.map((delivery) => delivery.orderId),
      [created?.id],
    );
  }

  it('429 four times: the widget shows the wait, tries again on its own and makes one order', async () => {
    const { page, charges } = await open();
    await injectFault(page, 'rate-limit', 4);
    await prepare(page, 'pix');
    await payButton(page).click();
    await page.locator('#checkout [part="progress"]').filter({ hasText: /tentar de novo em \d+ segundo/ }).waitFor({ timeout: 30_000 });
    await checkView(page, '429 wait');
    await expectResult(page, 'pay-pix-result', 'Pague com Pix', 45_000);
    assert.ok(charges.statuses.includes(429), `the relay answered 429 first (${charges.statuses.join(', ')})`);
    assert.equal(new Set(charges.keys).size, 1, 'every try of the attempt carries its one idempotency key');
    await assertOneOrder(page, charges);
  });

  it('5xx four times: the widget offers to try again; after the faults clear, one order', async () => {
    const { page, charges } = await open();
    await injectFault(page, 'charge-5xx', 4);
    await prepare(page, 'pix');
    await payButton(page).click();
    await payButton(page).filter({ hasText: 'Tentar novamente' }).waitFor({ timeout: 45_000 });
    await checkView(page, '5xx interrupted');
    // On a phone, where the buyer's eyes are when the button changes, the reason is on screen with it.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 700 });
    try {
      await payButton(page).scrollIntoViewIfNeeded();
      const banner = await page.locator(`${CHECKOUT} [part="banner"]`).boundingBox();
      assert.ok(banner && banner.y >= 0 && banner.y + banner.height <= 700, `the error is off screen: ${JSON.stringify(banner)}`);
    } finally {
      if (viewport) await page.setViewportSize(viewport);
    }
    assert.equal(await countEvents(page, 'pay-order-created'), 0);
    await page.click('#qa-faults-clear');
    await page.locator('#qa-faults-feedback').filter({ hasText: /\S/ }).waitFor();
    await payButton(page).click();
    await expectResult(page, 'pay-pix-result', 'Pague com Pix');
    assert.equal(new Set(charges.keys).size, 1, 'the retry sends the same idempotency key');
    await assertOneOrder(page, charges);
  });

  it('a reload while the charge travels: the checkout sends it again with its key and shows the one order', async () => {
    const { page, charges } = await open();
    // The API holds the first charge 4 s: the buyer reloads while the button says it is processing.
    const faults = await fetch(new URL('__sandbox/faults', suite.demo.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: [{ method: 'POST', path: '/public_api/payments/', delayMs: 4_000, count: 1 }] }),
    });
    assert.equal(faults.status, 200, await faults.text());
    await prepare(page, 'pix');
    await payButton(page).click();
    await page.locator(`${CHECKOUT} [part="progress"]`).waitFor();
    await page.reload();
    const view = await expectResult(page, 'pay-pix-result', 'Pague com Pix', 30_000);
    await view.locator('[part="qr-code"]').waitFor();
    assert.ok(charges.keys.length >= 1 && new Set(charges.keys).size === 1, `one key for every request: ${charges.keys.join(', ')}`);
    const generated = await deliveries(suite.demo.url, 'pix_gerado');
    assert.equal(generated.length, 1, 'one order at the API');
    // The request, with the buyer's details, made way for the order's public view.
    const kept = await page.evaluate(() => Object.values(sessionStorage).join('\n'));
    assert.match(kept, new RegExp(generated[0]!.orderId!));
    assert.doesNotMatch(kept, /"customer"|"body"/);
  });

  it('double click on pay: one pay-before-submit, one order', async () => {
    const { page, charges } = await open();
    await prepare(page, 'pix');
    await payButton(page).dblclick();
    await expectResult(page, 'pay-pix-result', 'Pague com Pix');
    await waitForEvents(page, 'pay-order-created', 1);
    assert.equal(await countEvents(page, 'pay-before-submit'), 1);
    assert.equal(charges.keys.length, 1, 'one request reached the relay');
    await assertOneOrder(page, charges);
  });
});
