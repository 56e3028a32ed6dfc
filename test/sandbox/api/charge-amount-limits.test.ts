/**
 * The largest charge each method can carry (docs/sandbox.md, "Choices where the spec is
 * silent"): the spec sets only a minimum quantity, so an absurd one (the largest safe integer)
 * must be refused like any other bad field, never crash the code that writes the amount into
 * a Pix code or a boleto line.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flattenFieldErrors, type FieldErrorTree } from '../../../src/contract/errors.js';
import { TEST_CARDS } from '../../../src/sandbox/card/card-outcomes.js';
import { readPixCode } from '../../../src/sandbox/documents/pix-code.js';
import { cardChargeBody, chargeBody, issueCardToken, postCharge } from '../charge-requests.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

const boletoCustomer = { docType: 'cpf', docNumber: '52998224725' } as const;

describe('sandbox: amounts beyond what a method can carry', () => {
  let running: RunningSandbox;
  const printed: unknown[][] = [];
  const originalConsoleError = console.error;

  before(async () => {
    running = await startSandbox();
    running.sandbox.world.limits.disabled = true;
    console.error = (...args: unknown[]) => void printed.push(args);
  });
  after(async () => {
    console.error = originalConsoleError;
    await running.close();
  });

  async function refusedQuantity(body: unknown): Promise<string> {
    const response = await postCharge(running, body);
    const text = await response.text();
    assert.equal(response.status, 400, text);
    const fields = flattenFieldErrors(JSON.parse(text) as FieldErrorTree);
    assert.deepEqual(Object.keys(fields), ['items.0.quantity'], text);
    return fields['items.0.quantity']![0]!;
  }

  it('refuses a Pix, Pix Automático or card charge of the largest safe quantity with a field error, printing nothing', async () => {
    const quantity = Number.MAX_SAFE_INTEGER;
    const pix = await refusedQuantity(chargeBody('pix', { items: [{ offerId: '77BcHrY', quantity }] }));
    assert.match(pix, /9999999999\.99/);
    await refusedQuantity(chargeBody('pix_auto', { items: [{ offerId: '77BcHrY', quantity }], customer: { ...chargeBody('pix').customer, ...boletoCustomer } }));
    const token = issueCardToken(running.sandbox, TEST_CARDS.approved);
    await refusedQuantity(cardChargeBody('credit_card', token, { items: [{ offerId: '77BcHrY', quantity }] }));
    assert.equal(running.sandbox.world.cardTokens.get(token)!.usedAt, undefined, 'the refused charge did not spend the token');
    assert.deepEqual(printed, []);
  });

  it('takes a Pix charge up to 9 999 999 999.99, written whole in its code, and refuses one cent more', async () => {
    // 97.00 x 103 092 783 = 9 999 999 951.00; one more is 10 000 000 048.00.
    const response = await postCharge(running, chargeBody('pix', { items: [{ offerId: '77BcHrY', quantity: 103_092_783 }] }));
    const text = await response.text();
    assert.equal(response.status, 201, text);
    const charge = JSON.parse(text) as { amount: string; pix: { qrCode: string } };
    assert.equal(charge.amount, '9999999951.00');
    assert.equal(readPixCode(charge.pix.qrCode).amount, '9999999951.00');
    await refusedQuantity(chargeBody('pix', { items: [{ offerId: '77BcHrY', quantity: 103_092_784 }] }));
  });

  it('takes a boleto up to 99 999 999.99, the most its line can write, and refuses more', async () => {
    const customer = { ...chargeBody('boleto').customer, ...boletoCustomer };
    // 19.90 x 5 025 125 = 99 999 987.50; one more is 100 000 007.40.
    const response = await postCharge(running, chargeBody('boleto', { customer, items: [{ offerId: 'BOLEplan', quantity: 5_025_125 }] }));
    assert.equal(response.status, 201, await response.clone().text());
    assert.equal(((await response.json()) as { amount: string }).amount, '99999987.50');
    const message = await refusedQuantity(chargeBody('boleto', { customer, items: [{ offerId: 'BOLEplan', quantity: 5_025_126 }] }));
    assert.match(message, /99999999\.99/);
    await refusedQuantity(chargeBody('boleto', { customer, items: [{ offerId: 'BOLEplan', quantity: Number.MAX_SAFE_INTEGER }] }));
    assert.deepEqual(printed, []);
  });
});
