/**
 * End to end, in Chromium, on the real demo: card outcomes (approved, declined, refused) and
 * 3-D Secure (frictionless, challenge approved and failed, pending then paid).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CHECKOUT, checkView, expectResult, payButton, payFromQaPanel, prepare, resultView, typeCard } from './checkout-driver.js';
import { countEvents, newestDetail, waitForEvents } from './demo-harness.js';
import { demoSuite } from './demo-suite.js';

const CHALLENGE_FRAME = `${CHECKOUT} iframe[part="frame"]`;

describe('cards and 3-D Secure in the demo', { timeout: 200_000 }, () => {
  const suite = demoSuite();

  /**
   * Opens the checkout, picks the card, types `card` and presses pay. The card is one choice,
   * charged as `threeDs` on the demo's default page; as `credit_card` on a page whose methods leave
   * `threeDs` out (the QA panel's methods, in the URL).
   */
  async function payWithCard(method: 'credit_card' | 'threeDs', card: string): Promise<Page> {
    const opened = await suite.open(method === 'credit_card' ? { query: 'methods=pix,pix_auto,boleto,credit_card' } : {});
    await prepare(opened.page, method);
    await typeCard(opened.page, card);
    await payButton(opened.page).click();
    return opened.page;
  }

  it('credit_card 4111 1111 1111 1111: approved, paid at once', async () => {
    const page = await payWithCard('credit_card', '4111111111111111');
    await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
    await waitForEvents(page, 'pay-paid', 1);
    assert.equal(await countEvents(page, 'pay-order-created'), 1);
    await checkView(page, 'card paid');
  });

  it('credit_card 4000 0000 0000 0002: declined, and "Tentar com outro cartão" keeps the buyer', async () => {
    const page = await payWithCard('credit_card', '4000000000000002');
    const view = await expectResult(page, 'pay-card-result', 'Pagamento não autorizado');
    await waitForEvents(page, 'pay-failed', 1);
    assert.equal((await newestDetail(page, 'pay-failed')).reason, 'declined');
    await checkView(page, 'card declined');
    await view.locator('[part="another-card-button"]').click();
    await page.locator(`${CHECKOUT} input[name="cc-number"]`).waitFor();
    assert.equal(await page.locator(`${CHECKOUT} input[name="cc-number"]`).inputValue(), '');
    assert.equal(await page.locator(`${CHECKOUT} input[name="name"]`).inputValue(), 'Maria Silva');
  });

  it('credit_card 4000 0000 0000 0119: refused, with "Tentar novamente"', async () => {
    const page = await payWithCard('credit_card', '4000000000000119');
    const view = await expectResult(page, 'pay-card-result', 'Não foi possível concluir o pagamento');
    await waitForEvents(page, 'pay-failed', 1);
    assert.equal((await newestDetail(page, 'pay-failed')).reason, 'refused');
    await view.locator('[part="try-again-button"]').waitFor();
    await checkView(page, 'card refused');
  });

  it('threeDs 4111 1111 1111 1111: frictionless, no dialog, paid', async () => {
    const page = await payWithCard('threeDs', '4111111111111111');
    await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
    await waitForEvents(page, 'pay-paid', 1);
    assert.equal(await page.locator(CHALLENGE_FRAME).count(), 0);
    await checkView(page, '3DS frictionless paid');
  });

  it('threeDs challenge: code 1234 typed in the bank page approves', async () => {
    const page = await payWithCard('threeDs', '5555555555554444');
    await page.locator(CHALLENGE_FRAME).waitFor();
    await checkView(page, '3DS challenge dialog', { frames: false });
    const frame = page.frameLocator(CHALLENGE_FRAME);
    await frame.locator('#challenge-code').fill('1234');
    await frame.locator('button[value="submit"]').click();
    await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
    await waitForEvents(page, 'pay-paid', 1);
    await checkView(page, '3DS challenge paid');
  });

  it('threeDs challenge: a wrong code fails the payment and the form stays', async () => {
    const page = await payWithCard('threeDs', '5555555555554444');
    const frame = page.frameLocator(CHALLENGE_FRAME);
    await frame.locator('#challenge-code').fill('9999');
    await frame.locator('button[value="submit"]').click();
    await waitForEvents(page, 'pay-failed', 1);
    assert.equal((await newestDetail(page, 'pay-failed')).reason, 'three-d-secure-failed');
    await page.locator(CHALLENGE_FRAME).waitFor({ state: 'detached' });
    await payButton(page).waitFor();
    assert.equal(await resultView(page).count(), 0);
    assert.equal(await page.locator(`${CHECKOUT} input[name="name"]`).inputValue(), 'Maria Silva');
    await checkView(page, '3DS challenge failed');
  });

  it('threeDs 4000 0000 0000 3220: pending, then paid by the QA panel, the view turns by itself', async () => {
    const page = await payWithCard('threeDs', '4000000000003220');
    await expectResult(page, 'pay-card-result', 'Aguardando a confirmação do banco');
    await checkView(page, '3DS pending');
    await payFromQaPanel(page);
    await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
    await waitForEvents(page, 'pay-paid', 1);
    assert.equal(await countEvents(page, 'pay-order-created'), 1);
    await checkView(page, '3DS pending then paid');
  });
});
