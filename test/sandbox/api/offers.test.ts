import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { offerListSchema, OFFER_ORDERING_KEYS, type Offer } from '../../../src/contract/offers.js';
import { OTHER_ACCOUNT_KEY } from '../../../src/sandbox/world/fixture.js';
import { startSandbox, type RunningSandbox } from '../harness.js';

/** The main account's offers of the default fixture, in the fixture's order. */
const MAIN_OFFERS = ['77BcHrY', 'FOTOprm', 'FOTOold', 'CLUBmes', 'CLUBano', 'CLUBvel', 'ENGLusd', 'EUROwrk', 'CHILvin', 'BOLEplan', 'CONFmnt'];
const UNIQUE_OFFERS = ['77BcHrY', 'FOTOprm', 'FOTOold', 'ENGLusd', 'EUROwrk', 'CHILvin', 'BOLEplan', 'CONFmnt'];
/** Offers dated with the fixture's default 2025-06-01T12:00:00-03:00 (created and updated). */
const DEFAULT_DATED = ['CLUBmes', 'CLUBano', 'CLUBvel', 'ENGLusd', 'EUROwrk', 'CHILvin', 'BOLEplan', 'CONFmnt'];

const sorted = (ids: readonly string[]) => [...ids].sort();

describe('sandbox: GET /public_api/offers/', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
    const world = running.sandbox.world;
    // Variety the fixture does not have, so each filter can tell offers apart.
    Object.assign(world.offers.get('ENGLusd')!, { intervalType: 'year', interval: 12 });
    Object.assign(world.offers.get('CLUBvel')!, { max_retries: 5, retry_interval: 4 });
  });
  after(() => running.close());

  const list = async (query: Record<string, string>, token?: string) => {
    const response = await running.api('GET', `/public_api/offers/?${new URLSearchParams(query)}`, { token });
    return { status: response.status, body: (await response.json()) as any };
  };
  /** Ids of every matching offer (one page of 100), in the answer's order. */
  const ids = async (query: Record<string, string>): Promise<string[]> => {
    const { status, body } = await list({ limit: '100', ...query });
    assert.equal(status, 200, JSON.stringify(body));
    return offerListSchema.parse(body).results.map((offer) => offer.id);
  };
  const assertMatches = async (query: Record<string, string>, expected: readonly string[]) => {
    assert.deepEqual(sorted(await ids(query)), sorted(expected), JSON.stringify(query));
  };
  const assertRejected = async (query: Record<string, string>, parameter: string) => {
    const { status, body } = await list(query);
    assert.equal(status, 400, JSON.stringify(query));
    assert.deepEqual(Object.keys(body), [parameter]);
    assert.ok(Array.isArray(body[parameter]) && body[parameter].length > 0);
  };

  it('answers the envelope with the caller\'s offers only, 10 per page by default', async () => {
    const { status, body } = await list({});
    assert.equal(status, 200);
    const page = offerListSchema.parse(body);
    assert.equal(page.count, MAIN_OFFERS.length);
    assert.equal(page.results.length, 10);
    assert.equal(page.previous, null);
    assert.equal(page.next, `${running.baseUrl}/public_api/offers/?page=2`);
    await assertMatches({}, MAIN_OFFERS);
    const other = await list({}, await running.token(OTHER_ACCOUNT_KEY));
    assert.deepEqual(other.body.results.map((offer: Offer) => offer.id), ['OUTRofr']);
  });

  it('needs a token (401) and read offers (403)', async () => {
    assert.equal((await fetch(`${running.baseUrl}/public_api/offers/`)).status, 401);
    running.sandbox.world.apiKeys.set('no-offers-client', { clientId: 'no-offers-client', clientSecret: 's', scopes: ['read', 'products'], accountId: 'acc_main' });
    const token = await running.token({ clientId: 'no-offers-client', clientSecret: 's' });
    assert.equal((await list({}, token)).status, 403);
  });

  it('id: a comma list of offer ids, never another account\'s', async () => {
    await assertMatches({ id: '77BcHrY,CLUBano,OUTRofr' }, ['77BcHrY', 'CLUBano']);
    await assertMatches({ id: 'CLUBvel' }, ['CLUBvel']);
    await assertMatches({ id: 'nothing' }, []);
  });

  it('name: part of the name, regardless of case', async () => {
    await assertMatches({ name: 'fOTOGRAFIA' }, ['77BcHrY', 'FOTOprm', 'FOTOold']);
    await assertMatches({ name: 'anual' }, ['CLUBano']);
  });

  it('price and its four operators', async () => {
    await assertMatches({ price: '97' }, ['77BcHrY']);
    await assertMatches({ price: '29.9' }, ['CLUBmes']);
    await assertMatches({ price__gt: '120' }, ['FOTOprm', 'CLUBano', 'CHILvin', 'CONFmnt']);
    await assertMatches({ price__gte: '120' }, ['FOTOprm', 'CLUBano', 'CHILvin', 'CONFmnt', 'EUROwrk']);
    await assertMatches({ price__lt: '29.9' }, ['CLUBvel', 'BOLEplan']);
    await assertMatches({ price__lte: '29.9' }, ['CLUBvel', 'BOLEplan', 'CLUBmes']);
    await assertMatches({ price__gt: '29.9', price__lt: '97' }, ['FOTOold', 'ENGLusd']);
    await assertRejected({ price: 'abc' }, 'price');
    await assertRejected({ price__lte: '1,5' }, 'price__lte');
  });

  it('createdAt with dates and date-times, and its four operators', async () => {
    await assertMatches({ createdAt: '2025-07-15T10:00:00-03:00' }, ['FOTOprm']);
    await assertMatches({ createdAt: '2025-07-15T13:00:00Z' }, ['FOTOprm']);
    // A date alone is midnight in São Paulo: no offer was created at that instant.
    await assertMatches({ createdAt: '2025-07-15' }, []);
    await assertMatches({ createdAt__gte: '2025-06-02' }, ['77BcHrY', 'FOTOprm']);
    await assertMatches({ createdAt__gt: '2025-06-02T10:00:00-03:00' }, ['FOTOprm']);
    await assertMatches({ createdAt__lt: '2025-06-01T12:00:00-03:00' }, ['FOTOold']);
    await assertMatches({ createdAt__lte: '2025-06-01T12:00:00-03:00' }, ['FOTOold', ...DEFAULT_DATED]);
    await assertRejected({ createdAt: '15-07-2025' }, 'createdAt');
    await assertRejected({ createdAt__gt: '2025-13-01' }, 'createdAt__gt');
  });

  it('updatedAt with dates and date-times, and its four operators', async () => {
    await assertMatches({ updatedAt: '2025-09-01T09:00:00-03:00' }, ['77BcHrY']);
    await assertMatches({ updatedAt__gte: '2025-07-01' }, ['77BcHrY', 'FOTOprm']);
    await assertMatches({ updatedAt__gt: '2025-07-15T10:00:00-03:00' }, ['77BcHrY']);
    await assertMatches({ updatedAt__lt: '2025-06-30' }, DEFAULT_DATED);
    await assertMatches({ updatedAt__lte: '2025-06-30T10:00:00-03:00' }, [...DEFAULT_DATED, 'FOTOold']);
    await assertRejected({ updatedAt__lt: '2025-06-30T10:00' }, 'updatedAt__lt');
  });

  it('status: a comma list of active and disabled', async () => {
    await assertMatches({ status: 'disabled' }, ['FOTOold', 'CLUBvel']);
    await assertMatches({ status: 'active,disabled' }, MAIN_OFFERS);
    await assertRejected({ status: 'active,paused' }, 'status');
  });

  it('type: a comma list of unique and subscription', async () => {
    await assertMatches({ type: 'subscription' }, ['CLUBmes', 'CLUBano', 'CLUBvel']);
    await assertMatches({ type: 'unique,subscription' }, MAIN_OFFERS);
    await assertRejected({ type: 'recurring' }, 'type');
  });

  it('intervalType and interval: unique offers only', async () => {
    await assertMatches({ intervalType: 'year' }, ['ENGLusd']);
    await assertMatches({ intervalType: 'day,year' }, ['ENGLusd']);
    await assertMatches({ intervalType: 'month' }, UNIQUE_OFFERS.filter((id) => id !== 'ENGLusd'));
    await assertMatches({ interval: '12' }, ['ENGLusd']);
    await assertMatches({ interval: '1', intervalType: 'month' }, UNIQUE_OFFERS.filter((id) => id !== 'ENGLusd'));
    await assertMatches({ intervalType: 'month', type: 'subscription' }, []);
    await assertRejected({ intervalType: 'hour' }, 'intervalType');
    await assertRejected({ interval: 'x' }, 'interval');
  });

  it('each subscription field: subscription offers only', async () => {
    await assertMatches({ recurrence_period: '365' }, ['CLUBano']);
    await assertMatches({ recurrence_period: '30' }, ['CLUBmes', 'CLUBvel']);
    await assertMatches({ quantity_recurrences: '3' }, ['CLUBano']);
    await assertMatches({ quantity_recurrences: '-1' }, ['CLUBmes', 'CLUBvel']);
    await assertMatches({ trial_days: '7' }, ['CLUBmes']);
    await assertMatches({ trial_days: '0' }, ['CLUBano', 'CLUBvel']);
    await assertMatches({ max_retries: '5' }, ['CLUBvel']);
    await assertMatches({ max_retries: '3' }, ['CLUBmes', 'CLUBano']);
    await assertMatches({ retry_interval: '4' }, ['CLUBvel']);
    await assertMatches({ retry_interval: '2' }, ['CLUBmes', 'CLUBano']);
    await assertMatches({ trial_days: '7', type: 'unique' }, []);
    for (const field of ['recurrence_period', 'quantity_recurrences', 'trial_days', 'max_retries', 'retry_interval']) {
      await assertRejected({ [field]: '1.5' }, field);
    }
  });

  it('product: a comma list of product ids', async () => {
    await assertMatches({ product: 'prod_clube' }, ['CLUBmes', 'CLUBano', 'CLUBvel']);
    await assertMatches({ product: 'prod_clube,prod_usd' }, ['CLUBmes', 'CLUBano', 'CLUBvel', 'ENGLusd']);
    await assertMatches({ product: 'prod_other' }, []);
  });

  it('default: true or false', async () => {
    await assertMatches({ default: 'true' }, ['77BcHrY', 'CLUBmes', 'ENGLusd', 'EUROwrk', 'CHILvin', 'BOLEplan', 'CONFmnt']);
    await assertMatches({ default: 'false' }, ['FOTOprm', 'FOTOold', 'CLUBano', 'CLUBvel']);
    await assertRejected({ default: 'yes' }, 'default');
  });

  it('search: offer name and id, product name, short_id and id', async () => {
    await assertMatches({ search: 'premium' }, ['FOTOprm']);
    await assertMatches({ search: 'eurowrk' }, ['EUROwrk']);
    await assertMatches({ search: 'configuração' }, ['CONFmnt']);
    await assertMatches({ search: 'CLUBE1' }, ['CLUBmes', 'CLUBano', 'CLUBvel']);
    await assertMatches({ search: 'prod_usd' }, ['ENGLusd']);
    await assertMatches({ search: 'outra' }, []);
  });

  it('filters combine', async () => {
    await assertMatches({ status: 'active', type: 'subscription', price__gte: '100' }, ['CLUBano']);
    await assertMatches({ search: 'fotografia', default: 'false', status: 'active' }, ['FOTOprm']);
  });

  describe('ordering', () => {
    const collator = new Intl.Collator('pt-BR');
    const instant = (text: string | undefined) => Date.parse(text!);
    const ascending: Record<(typeof OFFER_ORDERING_KEYS)[number], (a: Offer, b: Offer) => number> = {
      id: (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      name: (a, b) => collator.compare(a.name, b.name),
      price: (a, b) => a.price - b.price,
      product: (a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : 0),
      status: (a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0),
      default: (a, b) => Number(a.default) - Number(b.default),
      createdAt: (a, b) => instant(a.createdAt) - instant(b.createdAt),
      updatedAt: (a, b) => instant(a.updatedAt) - instant(b.updatedAt),
    };

    for (const key of OFFER_ORDERING_KEYS) {
      for (const direction of ['', '-'] as const) {
        it(`orders by ${direction}${key}`, async () => {
          const { body } = await list({ limit: '100', ordering: `${direction}${key}` });
          const offers = offerListSchema.parse(body).results;
          assert.equal(offers.length, MAIN_OFFERS.length);
          const sign = direction === '-' ? -1 : 1;
          for (let position = 1; position < offers.length; position += 1) {
            const order = sign * ascending[key](offers[position - 1]!, offers[position]!);
            assert.ok(order <= 0, `${offers[position - 1]!.id} before ${offers[position]!.id}`);
          }
          // The key must tell some offers apart, or the check above proves nothing.
          assert.ok(offers.some((offer, position) => sign * ascending[key](offers[0]!, offer) < 0 && position > 0));
        });
      }
    }

    it('rejects an unknown key', async () => {
      await assertRejected({ ordering: 'units' }, 'ordering');
      await assertRejected({ ordering: '--price' }, 'ordering');
    });

    it('lists by price exactly, cheapest first or last', async () => {
      assert.deepEqual((await ids({ ordering: 'price', status: 'active', type: 'subscription' })), ['CLUBmes', 'CLUBano']);
      assert.deepEqual((await ids({ ordering: '-price', status: 'active', type: 'subscription' })), ['CLUBano', 'CLUBmes']);
    });
  });

  describe('pagination', () => {
    it('pages with limit and links next/previous, keeping the other parameters', async () => {
      const first = await list({ status: 'active', limit: '3' });
      assert.equal(first.body.count, 9);
      assert.equal(first.body.results.length, 3);
      assert.equal(first.body.previous, null);
      assert.equal(first.body.next, `${running.baseUrl}/public_api/offers/?status=active&limit=3&page=2`);

      const seen: string[] = [];
      let url: string | null = first.body.next;
      let page = offerListSchema.parse(first.body);
      seen.push(...page.results.map((offer) => offer.id));
      let previous: string | null = null;
      while (url !== null) {
        const response = await fetch(url, { headers: { Authorization: `Bearer ${await running.token()}` } });
        page = offerListSchema.parse(await response.json());
        seen.push(...page.results.map((offer) => offer.id));
        previous = page.previous;
        url = page.next;
      }
      assert.deepEqual(sorted(seen), sorted(MAIN_OFFERS.filter((id) => id !== 'FOTOold' && id !== 'CLUBvel')));
      assert.equal(page.results.length, 3);
      assert.equal(previous, `${running.baseUrl}/public_api/offers/?status=active&limit=3&page=2`);

      const second = await list({ status: 'active', limit: '3', page: '2' });
      // The link back to the first page drops `page`, as the service's framework writes it.
      assert.equal(second.body.previous, `${running.baseUrl}/public_api/offers/?status=active&limit=3`);
    });

    it('answers 404 "Página inválida." for a page past the end, 0 or not a number; "last" is the last page', async () => {
      for (const page of ['5', '0', 'abc', '-1']) {
        const { status, body } = await list({ limit: '3', page });
        assert.equal(status, 404, page);
        assert.deepEqual(body, { detail: 'Página inválida.' });
      }
      const last = await list({ limit: '3', page: 'last' });
      assert.deepEqual(last.body.results.map((offer: Offer) => offer.id), (await ids({})).slice(9));
      assert.equal(last.body.next, null);
    });

    it('an empty list has a first page and nothing after it', async () => {
      const empty = await list({ name: 'não existe' });
      assert.equal(empty.status, 200);
      assert.deepEqual({ ...empty.body }, { count: 0, next: null, previous: null, results: [] });
      assert.equal((await list({ name: 'não existe', page: '2' })).status, 404);
    });

    it('caps limit at 100 and falls back to 10 for an unreadable one', async () => {
      const world = running.sandbox.world;
      const template = world.offers.get('BOLEplan')!;
      for (let index = 0; index < 100; index += 1) {
        const id = `Bulk${String(index).padStart(3, '0')}`;
        world.offers.set(id, { ...template, id, default: false });
      }
      try {
        const capped = await list({ limit: '1000' });
        assert.equal(capped.body.count, 111);
        assert.equal(capped.body.results.length, 100);
        assert.equal((await list({ limit: 'abc' })).body.results.length, 10);
        assert.equal((await list({ limit: '0' })).body.results.length, 10);
      } finally {
        for (let index = 0; index < 100; index += 1) world.offers.delete(`Bulk${String(index).padStart(3, '0')}`);
      }
    });
  });
});
