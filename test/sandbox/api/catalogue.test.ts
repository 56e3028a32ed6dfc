import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkoutSchema } from '../../../src/contract/checkouts.js';
import { flattenFieldErrors, validate } from '../../../src/contract/errors.js';
import { additionalInterestConfigSchema, feesResponseSchema } from '../../../src/contract/fees.js';
import { offerListSchema } from '../../../src/contract/offers.js';
import { isDuplicateOf, productListSchema, productSchema, type Product } from '../../../src/contract/products.js';
import { OTHER_ACCOUNT_KEY } from '../../../src/sandbox/world/fixture.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

const READ_ONLY_KEY = { clientId: 'read-only-client', clientSecret: 'read-only-secret' };
const NO_PAYMENTS_KEY = { clientId: 'no-payments-client', clientSecret: 'no-payments-secret' };
const PRODUCT_FIELDS = Object.keys(productSchema.shape).sort();
const CHECKOUT_FIELDS = Object.keys(checkoutSchema.shape).sort();

describe('sandbox: catalogue endpoints', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  const getJson = async (path: string, token?: string) => {
    const response = await running.api('GET', path, { token });
    return { status: response.status, body: (await response.json()) as any };
  };

  describe('GET /public_api/fees/', () => {
    it('answers the account\'s fees table in the contract\'s shape', async () => {
      const { status, body } = await getJson('/public_api/fees/');
      assert.equal(status, 200);
      const fees = feesResponseSchema.parse(body);
      assert.deepEqual(fees, running.sandbox.world.accounts.get('acc_main')!.fees);
      assert.equal(fees.creditCardInstallments.length, 18);
    });

    it('answers 409 while the receiving registration is pending, saying a retry does not help', async () => {
      running.sandbox.world.accounts.get('acc_main')!.receivingRegistration = 'pending';
      const { status, body } = await getJson('/public_api/fees/');
      assert.equal(status, 409);
      assert.deepEqual(Object.keys(body), ['detail']);
      assert.match(body.detail, /repetir a requisição não resolve/);
      // Another account with its registration done is not affected.
      const other = await getJson('/public_api/fees/', await running.token(OTHER_ACCOUNT_KEY));
      assert.equal(other.status, 200);
    });

    it('needs read payments (403) and a token (401)', async () => {
      assert.equal((await getJson('/public_api/fees/', await running.token(NO_PAYMENTS_KEY))).status, 403);
      const anonymous = await fetch(`${running.baseUrl}/public_api/fees/`);
      assert.equal(anonymous.status, 401);
    });
  });

  describe('/public_api/installment-interest/', () => {
    const put = async (body: unknown, token?: string) => {
      const response = await running.api('PUT', '/public_api/installment-interest/', { body, token });
      return { status: response.status, body: (await response.json()) as any };
    };

    it('reads the account\'s additional interest configuration', async () => {
      const { status, body } = await getJson('/public_api/installment-interest/');
      assert.equal(status, 200);
      assert.deepEqual(additionalInterestConfigSchema.parse(body), running.sandbox.world.accounts.get('acc_main')!.installmentInterest);
      assert.deepEqual(body.installments.map((row: { installments: number }) => row.installments), [2, 3]);
    });

    it('replaces it with PUT, in instalment order, for this account only', async () => {
      const config = { installments: [{ installments: 12, interestPercentage: 9.9 }, { installments: 2, interestPercentage: 1.25 }], active: true };
      const written = await put(config);
      assert.equal(written.status, 200);
      const expected = { installments: [{ installments: 2, interestPercentage: 1.25 }, { installments: 12, interestPercentage: 9.9 }], active: true };
      assert.deepEqual(written.body, expected);
      assert.deepEqual((await getJson('/public_api/installment-interest/')).body, expected);
      const other = await getJson('/public_api/installment-interest/', await running.token(OTHER_ACCOUNT_KEY));
      assert.deepEqual(other.body, { installments: [], active: false });
    });

    it('answers 400 naming the field for counts outside 2..12, repeated counts, negative interest and a missing flag', async () => {
      const cases: Array<[unknown, string]> = [
        [{ installments: [{ installments: 1, interestPercentage: 1 }], active: true }, 'installments.0.installments'],
        [{ installments: [{ installments: 13, interestPercentage: 1 }], active: true }, 'installments.0.installments'],
        [{ installments: [{ installments: 2, interestPercentage: 1 }, { installments: 2, interestPercentage: 2 }], active: true }, 'installments.1.installments'],
        [{ installments: [{ installments: 4, interestPercentage: -1 }], active: true }, 'installments.0.interestPercentage'],
        [{ installments: [] }, 'active'],
      ];
      for (const [body, field] of cases) {
        const answer = await put(body);
        assert.equal(answer.status, 400, JSON.stringify(body));
        assert.deepEqual(Object.keys(flattenFieldErrors(answer.body)), [field]);
      }
      // Nothing was written.
      assert.deepEqual((await getJson('/public_api/installment-interest/')).body.installments.length, 2);
    });

    it('answers malformed JSON with 400 detail and needs write payments', async () => {
      const malformed = await put('{"installments": [');
      assert.equal(malformed.status, 400);
      assert.equal(typeof malformed.body.detail, 'string');
      const readOnly = await put({ installments: [], active: false }, await running.token(READ_ONLY_KEY));
      assert.equal(readOnly.status, 403);
    });
  });

  describe('GET /public_api/products/ and /products/{id}/', () => {
    it('lists the caller\'s products with the spec\'s product fields only', async () => {
      const { status, body } = await getJson('/public_api/products/?limit=100');
      assert.equal(status, 200);
      const list = productListSchema.parse(body);
      const ids = list.results.map((product) => product.id);
      assert.deepEqual(ids, ['prod_foto', 'prod_clube', 'prod_usd', 'prod_eur', 'prod_clp', 'prod_boleto', 'prod_config']);
      assert.equal(list.count, 7);
      for (const product of body.results) assert.deepEqual(Object.keys(product).sort(), PRODUCT_FIELDS);
    });

    it('pages products like every list (limit, next, previous, 404 past the end)', async () => {
      const first = await getJson('/public_api/products/?limit=3');
      assert.equal(first.body.count, 7);
      assert.equal(first.body.results.length, 3);
      assert.equal(first.body.next, `${running.baseUrl}/public_api/products/?limit=3&page=2`);
      assert.equal(first.body.previous, null);
      const last = await getJson('/public_api/products/?limit=3&page=3');
      assert.deepEqual(last.body.results.map((product: Product) => product.id), ['prod_config']);
      assert.equal(last.body.next, null);
      const beyond = await getJson('/public_api/products/?limit=3&page=4');
      assert.equal(beyond.status, 404);
      assert.deepEqual(beyond.body, { detail: 'Página inválida.' });
    });

    it('reads one product, and answers 404 for an unknown one or another account\'s', async () => {
      const { status, body } = await getJson('/public_api/products/prod_clube/');
      assert.equal(status, 200);
      assert.equal(productSchema.parse(body).name, 'Clube do Livro');
      assert.deepEqual(Object.keys(body).sort(), PRODUCT_FIELDS);
      for (const id of ['prod_other', 'prod_nothing']) {
        const missing = await getJson(`/public_api/products/${id}/`);
        assert.equal(missing.status, 404);
        assert.deepEqual(missing.body, { detail: 'Não encontrado.' });
      }
      const ownerView = await getJson('/public_api/products/prod_other/', await running.token(OTHER_ACCOUNT_KEY));
      assert.equal(ownerView.status, 200);
    });
  });

  describe('POST /public_api/products/{id}/duplicate/', () => {
    const duplicate = async (id: string, token?: string) => {
      const response = await running.api('POST', `/public_api/products/${id}/duplicate/`, { token });
      return { status: response.status, body: (await response.json()) as any };
    };

    it('answers the copy: new id, " - Cópia" name, inherited status, readable afterwards', async () => {
      const original = productSchema.parse((await getJson('/public_api/products/prod_config/')).body);
      const { status, body } = await duplicate('prod_config');
      assert.equal(status, 200);
      assert.ok(isDuplicateOf(body, original), JSON.stringify(body));
      assert.equal(body.name, 'Mentoria (em configuração) - Cópia');
      assert.equal(body.status, 'waiting_config');
      assert.deepEqual(Object.keys(body).sort(), PRODUCT_FIELDS);
      const again = await getJson(`/public_api/products/${body.id}/`);
      assert.deepEqual(again.body, body);
      const second = await duplicate('prod_config');
      assert.notEqual(second.body.id, body.id);
      assert.ok(!isDuplicateOf(body, { ...original, status: 'active' }), 'a copy with another status is not a duplicate');
    });

    it('copies offers and checkouts with new ids pointing at the copy, visits from zero, originals untouched', async () => {
      const { body: copy } = await duplicate('prod_foto');
      const offers = offerListSchema.parse((await getJson(`/public_api/offers/?product=${copy.id}&limit=100&ordering=name`)).body).results;
      const originals = offerListSchema.parse((await getJson('/public_api/offers/?product=prod_foto&limit=100&ordering=name')).body).results;
      assert.equal(offers.length, 3);
      assert.deepEqual(offers.map((offer) => [offer.name, offer.price, offer.status, offer.default]), originals.map((offer) => [offer.name, offer.price, offer.status, offer.default]));
      for (const offer of offers) assert.ok(!originals.some((candidate) => candidate.id === offer.id), `offer ${offer.id} has a new id`);
      const newOfferIds = new Map(originals.map((offer, position) => [offer.id, offers[position]!.id]));

      const copiedCheckouts = [...running.sandbox.world.checkouts.values()].filter((checkout) => checkout.productId === copy.id);
      assert.equal(copiedCheckouts.length, 2);
      for (const checkout of copiedCheckouts) {
        assert.ok(![1, 2].includes(checkout.id), 'checkout has a new id');
        const read = await getJson(`/public_api/products/${copy.id}/checkouts/${checkout.id}/`);
        assert.equal(read.status, 200);
        assert.equal(read.body.visits, 0);
        for (const id of read.body.offers.split(', ')) assert.ok([...newOfferIds.values()].includes(id), `${id} is a copied offer`);
      }
      const defaultCopy = copiedCheckouts.find((checkout) => checkout.name === 'Checkout padrão')!;
      assert.equal(defaultCopy.offers, `${newOfferIds.get('77BcHrY')}, ${newOfferIds.get('FOTOprm')}`);

      const originalCheckout = await getJson('/public_api/products/prod_foto/checkouts/1/');
      assert.equal(originalCheckout.body.visits, 1843);
      assert.equal(originalCheckout.body.offers, '77BcHrY, FOTOprm');
      // Affiliates are registered for products, not copied with them.
      assert.ok(![...running.sandbox.world.affiliates.values()].some((affiliate) => affiliate.productIds.includes(copy.id)));
    });

    it('answers 404 for another account\'s product or an unknown one, and needs write products', async () => {
      for (const id of ['prod_other', 'prod_nothing']) {
        const { status, body } = await duplicate(id);
        assert.equal(status, 404);
        assert.deepEqual(body, { detail: 'Não encontrado.' });
      }
      assert.equal((await duplicate('prod_foto', await running.token(READ_ONLY_KEY))).status, 403);
      assert.equal([...running.sandbox.world.products.keys()].length, 8, 'nothing was copied');
    });
  });

  describe('GET /public_api/products/{product_pk}/checkouts/{id}/', () => {
    it('answers the checkout without its product key', async () => {
      const { status, body } = await getJson('/public_api/products/prod_foto/checkouts/2/');
      assert.equal(status, 200);
      assert.deepEqual(Object.keys(body).sort(), CHECKOUT_FIELDS);
      const checkout = checkoutSchema.parse(body);
      assert.equal(checkout.visits, 2147483647);
      assert.deepEqual(checkout.config, { theme: 'dark', showTimer: true, timerMinutes: 15 });
      assert.equal(validate(checkoutSchema, { ...body, visits: 2147483648 }).success, false);
    });

    it('answers 404 for a checkout of another product, another account, an unknown or non-numeric id', async () => {
      for (const path of ['prod_foto/checkouts/3', 'prod_other/checkouts/4', 'prod_foto/checkouts/99', 'prod_foto/checkouts/abc', 'prod_nothing/checkouts/1']) {
        const { status, body } = await getJson(`/public_api/products/${path}/`);
        assert.equal(status, 404, path);
        assert.deepEqual(body, { detail: 'Não encontrado.' });
      }
      const owner = await getJson('/public_api/products/prod_other/checkouts/4/', await running.token(OTHER_ACCOUNT_KEY));
      assert.equal(owner.status, 200);
    });
  });
});
