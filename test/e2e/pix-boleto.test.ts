/**
 * End to end, in Chromium, on the real demo: Pix (the QR drawn on screen decodes to the API's
 * `pix.qrCode`; paying through the QA panel turns the view paid by itself), Pix Automático,
 * boleto, and a producer without a banking account.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jsQRModule from 'jsqr';
import type { Page } from 'playwright-core';
import { checkView, deliveries, expectResult, payButton, payFromQaPanel, payPixUntilQr, prepare, resultView } from './checkout-driver.js';
import { countEvents, newestDetail, recordCharges, waitForEvents } from './demo-harness.js';
import { demoSuite } from './demo-suite.js';

type JsQR = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: JsQR }).default ?? jsQRModule) as unknown as JsQR;

/** Decodes the QR as the buyer's phone would: from pixels of a screenshot of the QR element. */
async function decodeShownQr(page: Page): Promise<string | undefined> {
  const png = await resultView(page).locator('[part="qr"] svg').screenshot();
  // The screenshot is decoded to RGBA by the page itself (a data: image on a canvas).
  const pixels = await page.evaluate(async (dataUrl) => {
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    return { width: canvas.width, height: canvas.height, data: Array.from(data) };
  }, `data:image/png;base64,${png.toString('base64')}`);
  assert.ok(pixels, 'the page could not read the screenshot');
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
}

describe('Pix, Pix Automático and boleto in the demo', { timeout: 180_000 }, () => {
  const suite = demoSuite();

  it('pix: the shown QR is pix.qrCode, and "Marcar como pago" turns the view paid by itself', async () => {
    const { page } = await suite.open();
    const charges = recordCharges(page);
    await payPixUntilQr(page);
    assert.deepEqual(charges.statuses, [201]);
    const qrCode = (charges.bodies[0]?.pix as { qrCode?: string } | undefined)?.qrCode;
    assert.ok(qrCode, 'the relay answered a pix.qrCode');
    assert.equal(await decodeShownQr(page), qrCode);
    assert.equal(await resultView(page).locator('[part="copy-input"]').inputValue(), qrCode);
    await checkView(page, 'pix waiting');

    await payFromQaPanel(page);
    await expectResult(page, 'pay-pix-result', 'Pagamento confirmado!');
    await waitForEvents(page, 'pay-paid', 1);
    assert.equal(await countEvents(page, 'pay-order-created'), 1);
    await checkView(page, 'pix paid');
    const orderId = charges.bodies[0]?.id;
    const sent = (await deliveries(suite.demo.url)).filter((delivery) => delivery.orderId === orderId).map((delivery) => delivery.event);
    assert.deepEqual(sent.sort(), ['pix_gerado', 'purchase_approved']);
  });

  it('pix_auto: explains the authorization and says confirmed only once paid', async () => {
    // A subscription offer: the one-time default offer does not offer Pix Automático.
    const { page } = await suite.open({ query: 'offer=CLUBmes' });
    await prepare(page, 'pix_auto');
    await payButton(page).click();
    const view = await expectResult(page, 'pay-pix-result', 'Autorize o Pix Automático');
    await view.locator('[part="journey"]').waitFor();
    await view.locator('[part="qr"] svg').waitFor();
    await checkView(page, 'pix_auto waiting');
    await page.click('#qa-pay-order');
    await expectResult(page, 'pay-pix-result', 'Autorização confirmada!');
    await waitForEvents(page, 'pay-paid', 1);
    await checkView(page, 'pix_auto confirmed');
  });

  it('boleto: the digitable line, the PDF link and the due date; paid by the panel', async () => {
    const { page } = await suite.open();
    const charges = recordCharges(page);
    await prepare(page, 'boleto');
    await payButton(page).click();
    const view = await expectResult(page, 'pay-boleto-result', 'Pague o boleto');
    const boleto = charges.bodies[0]?.boleto as { digitableLine?: string } | undefined;
    const line = await view.locator('[part="copy-input"]').inputValue();
    assert.match(line, /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    if (boleto?.digitableLine) assert.equal(line.replace(/\D/g, ''), boleto.digitableLine.replace(/\D/g, ''));
    const link = view.locator('[part="pdf-link"]');
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    await view.locator('[part="due-date"]').waitFor();
    await checkView(page, 'boleto waiting');
    await page.click('#qa-pay-order');
    await expectResult(page, 'pay-boleto-result', 'Pagamento confirmado!');
    await waitForEvents(page, 'pay-paid', 1);
    await checkView(page, 'boleto paid');
  });

  it('no banking account: Pix is refused as payment_method_unavailable and the widget says so', async () => {
    const { page } = await suite.open();
    await page.selectOption('#qa-banking-account', 'none');
    await page.click('#qa-apply-account');
    await page.locator('#qa-account-feedback').filter({ hasText: /\S/ }).waitFor();
    await prepare(page, 'pix');
    await payButton(page).click();
    await waitForEvents(page, 'pay-failed', 1);
    const detail = await newestDetail(page, 'pay-failed');
    assert.equal(detail.reason, 'request-refused');
    assert.equal(detail.errorType, 'payment_method_unavailable');
    await page
      .locator('#checkout [part="banner"]')
      .filter({ hasText: 'Esta forma de pagamento não está disponível agora. Escolha outra.' })
      .waitFor();
    assert.equal(await countEvents(page, 'pay-order-created'), 0);
    await checkView(page, 'no banking account');
  });
});
