/**
 * What the relay refuses in a charge body beyond the API's contract: a quantity above the
 * merchant's bound (`maxItemQuantity`) and a customer name without a letter. The API takes both
 * (the spec sets only a minimum quantity, and any non-empty name); the relay stands in front of
 * a shop, where a quantity of millions is an attack or a typo and a name of digits is no buyer.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRelay } from '../../src/relay/index.js';
import { DEFAULT_MAX_ITEM_QUANTITY, widgetChargeRequestSchema } from '../../src/relay/widget-request.js';
import { flattenFieldErrors, validate } from '../../src/contract/errors.js';
import { CLIENT_ID, CLIENT_SECRET, pixChargeBody, postCharge, PUBLIC_CLIENT_ID, refusal, SOLD_OFFERS, startRelay, type RelayUnderTest } from './relay-harness.js';

function withQuantity(quantity: unknown): Record<string, unknown> {
  return { ...pixChargeBody(), items: [{ offerId: '77BcHrY', quantity }] };
}

function withName(name: unknown): Record<string, unknown> {
  const body = pixChargeBody();
  return { ...body, customer: { ...body.customer, name } };
}

describe('POST charges: quantity bound and customer name', () => {
  let relay: RelayUnderTest;
  let bounded: RelayUnderTest;
  before(async () => {
    relay = await startRelay({ chargeRateLimit: false });
    bounded = await startRelay({ chargeRateLimit: false, maxItemQuantity: 2 });
  });
  after(async () => {
    await relay.close();
    await bounded.close();
  });

  it(`refuses a quantity above ${DEFAULT_MAX_ITEM_QUANTITY} by default, naming items.0.quantity, and sends nothing upstream`, async () => {
    for (const quantity of [DEFAULT_MAX_ITEM_QUANTITY + 1, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      const error = await refusal(await postCharge(relay, withQuantity(quantity)), 400);
      assert.equal(error.type, 'invalid_request');
      assert.deepEqual(Object.keys(error.fields ?? {}), ['items.0.quantity'], JSON.stringify(error));
      assert.match(error.fields!['items.0.quantity']![0]!, new RegExp(String(DEFAULT_MAX_ITEM_QUANTITY)));
    }
    assert.equal(relay.upstreamCount('/public_api/payments/'), 0);
    const order = await postCharge(relay, withQuantity(DEFAULT_MAX_ITEM_QUANTITY));
    assert.equal(order.status, 201, await order.clone().text());
    assert.equal(((await order.json()) as { amount: string }).amount, (97 * DEFAULT_MAX_ITEM_QUANTITY).toFixed(2));
  });

  it('takes the bound the merchant sets with maxItemQuantity', async () => {
    assert.equal((await postCharge(bounded, withQuantity(2))).status, 201);
    const error = await refusal(await postCharge(bounded, withQuantity(3)), 400);
    assert.deepEqual(Object.keys(error.fields ?? {}), ['items.0.quantity']);
    assert.match(error.fields!['items.0.quantity']![0]!, /\b2\b/);
  });

  it('refuses a customer name without a letter, naming customer.name; any script\'s letters are a name', async () => {
    for (const name of ['12345', '---', '🙂🙂', '0.5', '_']) {
      const error = await refusal(await postCharge(relay, withName(name)), 400);
      assert.deepEqual(Object.keys(error.fields ?? {}), ['customer.name'], `${name}: ${JSON.stringify(error)}`);
    }
    for (const name of ['Ana Souza', 'José Ñúñez', '李雷', "D'Ávila-Souza 2º", 'Zoë']) {
      const response = await postCharge(relay, withName(name));
      assert.equal(response.status, 201, `${name}: ${await response.clone().text()}`);
    }
  });

  it('reports the quantity, the name and the contract\'s own errors in one answer', async () => {
    const body = { ...withName('4242'), items: [{ offerId: '77BcHrY', quantity: 50 }], extra: true };
    const error = await refusal(await postCharge(relay, body), 400);
    assert.deepEqual(Object.keys(error.fields ?? {}).sort(), ['customer.name', 'extra', 'items.0.quantity']);
  });

  it('refuses a name of blanks, with one message', () => {
    const result = validate(widgetChargeRequestSchema, withName('   '));
    assert.equal(result.success, false);
    assert.equal(flattenFieldErrors(result.success ? {} : result.errors)['customer.name']?.length, 1);
  });

  it('refuses a maxItemQuantity that is not a whole number above 0, naming the option', () => {
    for (const maxItemQuantity of [0, -1, 1.5, '10', Number.POSITIVE_INFINITY]) {
      assert.throws(
        () =>
          createRelay({
            apiBaseUrl: 'http://127.0.0.1:4010',
            clientId: CLIENT_ID,
            clientSecret: CLIENT_SECRET,
            publicClientId: PUBLIC_CLIENT_ID,
            offers: SOLD_OFFERS,
            maxItemQuantity: maxItemQuantity as number,
          }),
        (error: unknown) => error instanceof TypeError && /maxItemQuantity/.test(error.message),
        String(maxItemQuantity),
      );
    }
  });
});
