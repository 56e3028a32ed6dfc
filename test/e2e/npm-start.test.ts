/**
 * End to end, in Chromium, on the demo as `npm start` serves it: the sources through vite's dev
 * server, module by module, in Lit's development mode. The other end-to-end files drive the
 * page's production build (test/e2e/demo-harness.ts); this one proves the README's first command
 * gives a page a buyer can pay on: a Pix code drawn and paid (the QR encoder is imported on the
 * way, and vite must not reload the page for it), and a card through the bank's challenge.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHECKOUT, expectResult, payButton, payFromQaPanel, payPixUntilQr, prepare, typeCard } from './checkout-driver.js';
import { countEvents, recordCharges, waitForEvents } from './demo-harness.js';
import { demoSuite } from './demo-suite.js';

describe('the demo as `npm start` serves it (vite dev server, the sources)', { timeout: 180_000 }, () => {
  const suite = demoSuite({ served: 'sources' });

  it('pix: the QR is drawn on the same page (no reload), and the QA panel pays it', async () => {
    const { page } = await suite.open();
    const documents: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents.push(frame.url());
    });
    const charges = recordCharges(page);
    await payPixUntilQr(page);
    assert.deepEqual(charges.statuses, [201]);
    await payFromQaPanel(page);
    await expectResult(page, 'pay-pix-result', 'Pagamento confirmado!');
    await waitForEvents(page, 'pay-paid', 1);
    assert.deepEqual(documents, [], 'the page was not loaded again');
  });

  it('card: the bank\'s challenge opens, code 1234 approves, paid once', async () => {
    const { page } = await suite.open();
    await prepare(page, 'threeDs');
    await typeCard(page, '5555555555554444');
    await payButton(page).click();
    const frame = page.frameLocator(`${CHECKOUT} iframe[part="frame"]`);
    await frame.locator('#challenge-code').fill('1234');
    await frame.locator('button[value="submit"]').click();
    await expectResult(page, 'pay-card-result', 'Pagamento aprovado!');
    await waitForEvents(page, 'pay-paid', 1);
    assert.equal(await countEvents(page, 'pay-order-created'), 1);
  });
});
