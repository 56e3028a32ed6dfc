import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidFixtureFileError, loadFixtureFile, parseFixture } from '../../../src/sandbox/world/fixture-file.js';
import { defaultFixture } from '../../../src/sandbox/world/fixture.js';
import { createSandbox } from '../../../src/sandbox/sandbox.js';

/** The default fixture as a file would hold it (no `undefined`, plain JSON). */
const fixtureJson = (): any => JSON.parse(JSON.stringify(defaultFixture()));

/** The JSON paths a broken fixture is refused for. */
function problemPaths(json: unknown): string[] {
  const result = parseFixture(json);
  assert.equal(result.success, false, 'the fixture was accepted');
  return result.success ? [] : Object.keys(result.problems).sort();
}

describe('sandbox fixture file: shape', () => {
  it('accepts the default fixture as JSON, and a sandbox runs on the result', async () => {
    const result = parseFixture(fixtureJson());
    assert.ok(result.success);
    assert.deepEqual(result.fixture, fixtureJson());
    const sandbox = createSandbox({ fixture: result.fixture });
    assert.equal(sandbox.world.offers.get('77BcHrY')?.product, 'prod_foto');
    sandbox.close();
  });

  it('refuses a file that is not an object with every list, naming each missing list', () => {
    assert.deepEqual(problemPaths([]), ['(raiz)']);
    const json = fixtureJson();
    delete json.offers;
    delete json.orders;
    assert.deepEqual(problemPaths(json), ['offers', 'orders']);
  });

  it('needs at least one account', () => {
    const json = fixtureJson();
    json.accounts = [];
    json.apiKeys = [];
    json.publicKeys = [];
    json.products = [];
    json.offers = [];
    json.checkouts = [];
    json.affiliates = [];
    json.orders = [];
    assert.deepEqual(problemPaths(json), ['accounts']);
  });

  it('names a misspelt key at its path instead of ignoring it', () => {
    const json = fixtureJson();
    json.offers[2].prize = 10;
    json.extra = true;
    const result = parseFixture(json);
    assert.ok(!result.success);
    assert.deepEqual(Object.keys(result.problems).sort(), ['extra', 'offers[2].prize']);
    assert.deepEqual(result.problems['offers[2].prize'], ['Campo desconhecido no fixture.']);
  });

  it('checks products with the contract\'s product schema plus the sandbox limits', () => {
    const json = fixtureJson();
    json.products[1].currency = 'XYZ';
    json.products[2].pixExpiresInMax = 59;
    json.products[3].ticketExpiration = 0;
    json.products[4].image = 'ftp://example.com/x.png';
    assert.deepEqual(problemPaths(json), [
      'products[1].currency',
      'products[2].pixExpiresInMax',
      'products[3].ticketExpiration',
      'products[4].image',
    ]);
  });

  it('checks offers with the contract\'s offer schema and needs their dates', () => {
    const json = fixtureJson();
    json.offers[0].status = 'paused';
    delete json.offers[1].createdAt;
    json.offers[2].updatedAt = '2025-13-01T00:00:00Z';
    assert.deepEqual(problemPaths(json), ['offers[0].status', 'offers[1].createdAt', 'offers[2].updatedAt']);
  });

  it('accepts the acquirer latency knob on an account, as a number of milliseconds', () => {
    const json = fixtureJson();
    json.accounts[0].processingDelayMs = 200;
    const result = parseFixture(json);
    assert.ok(result.success);
    assert.equal((result.fixture.accounts[0] as { processingDelayMs?: number }).processingDelayMs, 200);
    json.accounts[0].processingDelayMs = -1;
    assert.deepEqual(problemPaths(json), ['accounts[0].processingDelayMs']);
  });

  it('checks accounts: banking state, fees table and additional interest', () => {
    const json = fixtureJson();
    json.accounts[0].bankingAccount = 'open';
    json.accounts[0].fees.creditCardInstallments.pop();
    json.accounts[1].installmentInterest.installments = [{ installments: 13, interestPercentage: 1 }];
    assert.deepEqual(problemPaths(json), [
      'accounts[0].bankingAccount',
      'accounts[0].fees.creditCardInstallments',
      'accounts[1].installmentInterest.installments[0].installments',
    ]);
  });

  it('checks keys\' scopes, checkouts and affiliates', () => {
    const json = fixtureJson();
    json.apiKeys[0].scopes = ['read', 'payment'];
    json.publicKeys[0].clientId = '';
    json.checkouts[0].visits = 2147483648;
    json.affiliates[0].status = 'blocked';
    assert.deepEqual(problemPaths(json), [
      'affiliates[0].status',
      'apiKeys[0].scopes[1]',
      'checkouts[0].visits',
      'publicKeys[0].clientId',
    ]);
  });

  it('checks orders: money as decimal strings, status, method, instalments, metadata keys', () => {
    const json = fixtureJson();
    json.orders[0].amount = 97.5;
    json.orders[1].status = 'approved';
    json.orders[2].paymentMethod = 'paypal';
    json.orders[3].installments = 13;
    json.orders[4].metadata = { utm_source: 'x', gclid: 'y' };
    json.orders[5].releaseDate = '01-02-2026';
    assert.deepEqual(problemPaths(json), [
      'orders[0].amount',
      'orders[1].status',
      'orders[2].paymentMethod',
      'orders[3].installments',
      'orders[4].metadata.gclid',
      'orders[5].releaseDate',
    ]);
  });
});

describe('sandbox fixture file: links between entities', () => {
  it('refuses repeated ids, naming the repeat and the first one', () => {
    const json = fixtureJson();
    // A second offer under the first one's id (renaming an offer would orphan its orders).
    const repeat = json.offers.push({ ...json.offers[1], id: json.offers[0].id }) - 1;
    json.orders[7].id = json.orders[2].id;
    json.checkouts[1].id = json.checkouts[0].id;
    const result = parseFixture(json);
    assert.ok(!result.success);
    assert.deepEqual(Object.keys(result.problems).sort(), ['checkouts[1].id', `offers[${repeat}].id`, 'orders[7].id']);
    assert.match(result.problems[`offers[${repeat}].id`]![0]!, /"77BcHrY" já aparece em offers\[0\]/);
  });

  it('allows the same checkout id under two products (checkouts are addressed per product)', () => {
    const json = fixtureJson();
    json.checkouts[2].id = json.checkouts[0].id;
    assert.ok(parseFixture(json).success);
  });

  it('refuses owners and products that do not exist', () => {
    const json = fixtureJson();
    json.apiKeys[0].accountId = 'acc_nope';
    json.products[0].accountId = 'acc_nope';
    json.offers[5].product = 'prod_nope';
    json.checkouts[0].productId = 'prod_nope';
    json.affiliates[0].productIds = ['prod_foto', 'prod_nope'];
    const result = parseFixture(json);
    assert.ok(!result.success);
    assert.deepEqual(Object.keys(result.problems).sort(), [
      'affiliates[0].productIds[1]',
      'apiKeys[0].accountId',
      'checkouts[0].productId',
      'offers[5].product',
      'products[0].accountId',
    ]);
    assert.deepEqual(result.problems['offers[5].product'], ['Não existe o produto "prod_nope" no fixture.']);
  });

  it('refuses an order whose offer, product or affiliate is missing, or whose offer is another product\'s', () => {
    const json = fixtureJson();
    const fotoOrder = json.orders.findIndex((order: { productId: string }) => order.productId === 'prod_foto');
    const otherOrder = json.orders.findIndex((order: { productId: string }) => order.productId !== 'prod_foto');
    json.orders[fotoOrder].offerId = 'ENGLusd';
    json.orders[otherOrder].affiliateShortId = 'AFI999';
    const result = parseFixture(json);
    assert.ok(!result.success);
    assert.deepEqual(Object.keys(result.problems).sort(), [`orders[${fotoOrder}].offerId`, `orders[${otherOrder}].affiliateShortId`].sort());
    assert.match(result.problems[`orders[${fotoOrder}].offerId`]![0]!, /"ENGLusd" é do produto "prod_usd"/);
  });
});

describe('loadFixtureFile', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'pay-checkout-fixture-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a valid file', async () => {
    const file = join(dir, 'valid.json');
    writeFileSync(file, JSON.stringify(defaultFixture()));
    const fixture = await loadFixtureFile(file);
    assert.equal(fixture.offers.length, defaultFixture().offers.length);
  });

  it('throws InvalidFixtureFileError with the problems by path, listed in its message', async () => {
    const file = join(dir, 'invalid.json');
    const json = fixtureJson();
    json.products[0].currency = 'XYZ';
    writeFileSync(file, JSON.stringify(json));
    await assert.rejects(loadFixtureFile(file), (error: unknown) => {
      assert.ok(error instanceof InvalidFixtureFileError);
      assert.equal(error.file, file);
      assert.deepEqual(Object.keys(error.problems), ['products[0].currency']);
      assert.match(error.message, /products\[0\]\.currency: "XYZ" não é uma escolha válida\./);
      return true;
    });
  });

  it('lists at most 20 problems in the message and counts the rest', async () => {
    const file = join(dir, 'many.json');
    const json = fixtureJson();
    json.orders.slice(0, 25).forEach((order: { status: string }) => {
      order.status = 'approved';
    });
    writeFileSync(file, JSON.stringify(json));
    await assert.rejects(loadFixtureFile(file), (error: InvalidFixtureFileError) => {
      assert.equal(Object.keys(error.problems).length, 25);
      assert.equal(error.message.split('\n').filter((line) => line.includes('orders[')).length, 20);
      assert.match(error.message, /e mais 5 problema\(s\)/);
      return true;
    });
  });

  it('reports malformed JSON and an unreadable file as problems of the file', async () => {
    const file = join(dir, 'malformed.json');
    writeFileSync(file, '{"accounts": [');
    await assert.rejects(loadFixtureFile(file), (error: InvalidFixtureFileError) => {
      assert.deepEqual(Object.keys(error.problems), ['(arquivo)']);
      assert.match(error.problems['(arquivo)']![0]!, /^JSON malformado/);
      return true;
    });
    await assert.rejects(loadFixtureFile(join(dir, 'missing.json')), (error: InvalidFixtureFileError) => {
      assert.match(error.problems['(arquivo)']![0]!, /^Não foi possível ler o arquivo/);
      return true;
    });
  });
});
