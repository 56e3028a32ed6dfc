import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHARGE_METHODS } from '../../src/contract/payment-methods.js';
import type { WidgetConfig } from '../../src/relay/index.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import {
  cardChargeBody,
  postCharge,
  PUBLIC_CLIENT_ID,
  refusal,
  sandboxControl,
  singleAttemptClient,
  startRelay,
  tokenizeCard,
  type RelayUnderTest,
} from './relay-harness.js';

async function config(relay: RelayUnderTest, offer: string): Promise<WidgetConfig> {
  const response = await relay.call('GET', `/config?offer=${offer}`);
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as WidgetConfig;
}

describe('GET config', () => {
  let relay: RelayUnderTest;
  const threeDSecure = { provider: 'sandbox', sessionsUrl: 'http://127.0.0.1:1/sandbox/3ds/sessions' };
  const antifraud = { scriptUrl: 'http://127.0.0.1:1/sandbox/profiler.js' };

  before(async () => {
    relay = await startRelay({ threeDSecure, antifraud });
  });
  after(() => relay.close());

  it('describes the offer, its product and the enabled methods', async () => {
    const body = await config(relay, '77BcHrY');
    assert.deepEqual(body.offer, { id: '77BcHrY', name: 'Curso de Fotografia à vista', price: '97.00' });
    assert.deepEqual(body.product, {
      name: 'Curso de Fotografia',
      image: `${relay.running.baseUrl}/sandbox/images/FOTO01.svg`,
      currency: 'BRL',
      type: 'unique',
    });
    assert.deepEqual(body.paymentMethods, [...CHARGE_METHODS]);
    assert.deepEqual((await config(relay, 'BOLEplan')).paymentMethods, ['pix', 'boleto']);
  });

  it('gives a subscription offer\'s recurrence in the API\'s field names, and none for a one-time offer', async () => {
    assert.equal((await config(relay, '77BcHrY')).recurrence, null);
    assert.deepEqual((await config(relay, 'CLUBmes')).recurrence, { recurrence_period: 30, quantity_recurrences: -1, trial_days: 7 });
  });

  it('hands the browser the tokenization endpoint, the public id and the provider settings verbatim', async () => {
    const body = await config(relay, '77BcHrY');
    assert.deepEqual(body.tokenization, { url: `${relay.running.baseUrl}/public_api/card-tokens/`, publicClientId: PUBLIC_CLIENT_ID });
    assert.deepEqual(body.threeDSecure, threeDSecure);
    assert.deepEqual(body.antifraud, antifraud);
  });

  it('lists the customer fees of the account', async () => {
    const fees = (await (await relay.running.api('GET', '/public_api/fees/')).json()) as { customerFees: unknown[] };
    const body = await config(relay, '77BcHrY');
    assert.ok(body.customerFees.length > 0);
    assert.deepEqual(body.customerFees, fees.customerFees);
  });

  it('prices 1 to 12 instalments as decimal strings, with the producer\'s additional interest', async () => {
    const { installments } = await config(relay, '77BcHrY');
    assert.deepEqual(installments.map((row) => row.installments), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.deepEqual(installments[0], {
      installments: 1,
      installmentAmount: '97.00',
      total: '97.00',
      interest: '0.00',
      interestPercentage: '0',
      interestFree: true,
    });
    for (const row of installments) {
      for (const amount of [row.installmentAmount, row.total, row.interest, row.interestPercentage]) assert.match(amount, /^\d+(\.\d+)?$/);
    }
    // The sandbox prices a card charge on its own; the total shown must be what is charged.
    const token = await tokenizeCard(relay.running);
    const response = await postCharge(relay, cardChargeBody('credit_card', token, { installments: 3 }));
    const charged = (await response.json()) as { amount: string };
    assert.equal(response.status, 201);
    assert.equal(charged.amount, installments[2]!.total);
  });

  it('answers 404 offer_not_found for an offer not sold here, before asking the API', async () => {
    const offersBefore = relay.upstreamCount('/public_api/offers/');
    const error = await refusal(await relay.call('GET', '/config?offer=ENGLusd'), 404);
    assert.equal(error.type, 'offer_not_found');
    assert.equal(relay.upstreamCount('/public_api/offers/'), offersBefore);
  });

  it('answers 400 invalid_request without an offer', async () => {
    const error = await refusal(await relay.call('GET', '/config'), 400);
    assert.equal(error.type, 'invalid_request');
    assert.deepEqual(Object.keys(error.fields ?? {}), ['offer']);
  });
});

describe('GET config for offers that cannot be sold', () => {
  let relay: RelayUnderTest;
  before(async () => {
    relay = await startRelay({ offers: () => true });
  });
  after(() => relay.close());

  for (const [offer, why] of [
    ['NOPE', 'an unknown offer'],
    ['FOTOold', 'a disabled offer'],
    ['OUTRofr', "another account's offer"],
    ['CONFmnt', 'an offer of a product still in configuration'],
    ['77BcHrY,FOTOprm', 'a list of offers'],
  ] as const) {
    it(`answers 404 offer_not_found for ${why}`, async () => {
      const error = await refusal(await relay.call('GET', `/config?offer=${offer}`), 404);
      assert.equal(error.type, 'offer_not_found');
    });
  }
});

describe('GET config caching', () => {
  it('fetches each offer, product, fees table and interest setting once however many buyers ask', async () => {
    const relay = await startRelay();
    try {
      const answers = await Promise.all(Array.from({ length: 25 }, () => relay.call('GET', '/config?offer=77BcHrY')));
      assert.deepEqual([...new Set(answers.map((response) => response.status))], [200]);
      for (let index = 0; index < 5; index += 1) assert.equal((await relay.call('GET', '/config?offer=77BcHrY')).status, 200);
      assert.equal(relay.upstreamCount('/public_api/offers/'), 1);
      assert.equal(relay.upstreamCount('/public_api/products/prod_foto/'), 1);
      assert.equal(relay.upstreamCount('/public_api/fees/'), 1);
      assert.equal(relay.upstreamCount('/public_api/installment-interest/'), 1);
      assert.equal(relay.upstreamCount('/public_api/token/'), 1);

      // Another offer of the same product: only the offer is new.
      assert.equal((await relay.call('GET', '/config?offer=FOTOprm')).status, 200);
      assert.equal(relay.upstreamCount('/public_api/offers/'), 2);
      assert.equal(relay.upstreamCount('/public_api/products/prod_foto/'), 1);
      assert.equal(relay.upstreamCount('/public_api/fees/'), 1);
    } finally {
      await relay.close();
    }
  });

  it('reads again once the time-to-live has passed', async () => {
    let now = Date.now();
    const clock = () => now;
    const relay = await startRelay({ store: createMemoryStore({ now: clock }), now: clock, configTtlMs: 60_000 });
    try {
      assert.equal((await relay.call('GET', '/config?offer=77BcHrY')).status, 200);
      now += 59_000;
      assert.equal((await relay.call('GET', '/config?offer=77BcHrY')).status, 200);
      assert.equal(relay.upstreamCount('/public_api/fees/'), 1);
      now += 2_000;
      assert.equal((await relay.call('GET', '/config?offer=77BcHrY')).status, 200);
      assert.equal(relay.upstreamCount('/public_api/fees/'), 2);
      assert.equal(relay.upstreamCount('/public_api/offers/'), 2);
    } finally {
      await relay.close();
    }
  });

  it('answers 502 while the API fails, caches no failure, and recovers', async () => {
    const relay = await startRelay((running) => ({ client: singleAttemptClient(running) }));
    const { reported } = relay;
    try {
      await sandboxControl(relay.running, 'PUT', '/__sandbox/faults', { rules: [{ path: '/public_api/fees/', status: 503, body: 'html', count: 1 }] });
      const error = await refusal(await relay.call('GET', '/config?offer=77BcHrY'), 502);
      assert.equal(error.type, 'upstream_unavailable');
      assert.equal(reported.length, 1, 'the merchant is told');
      assert.equal((await relay.call('GET', '/config?offer=77BcHrY')).status, 200);
    } finally {
      await relay.close();
    }
  });
});

/**
 * Counts the upstream round trips in a row that a request costs: every upstream request is held
 * until the requests started with it are all in, then the whole round is let through at once.
 * A round is the requests the relay sent without waiting for one another.
 */
function roundTripRecorder() {
  const held: Array<{ path: string; release: () => void }> = [];
  const rounds: string[][] = [];
  const heldFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    await new Promise<void>((release) => held.push({ path: new URL(request.url).pathname, release }));
    return fetch(request);
  };
  async function run<T>(work: Promise<T>): Promise<T> {
    let finished = false;
    const settled = work.finally(() => {
      finished = true;
    });
    settled.catch(() => undefined);
    while (!finished) {
      // A round is complete once no request has joined it for a while: the relay sends a round's
      // requests in one turn of its work, long before this.
      let count = -1;
      while (held.length !== count || held.length === 0) {
        if (finished) break;
        count = held.length;
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      if (held.length === 0) break;
      const round = held.splice(0);
      rounds.push(round.map(({ path }) => path).sort());
      for (const { release } of round) release();
    }
    return settled;
  }
  return { heldFetch, rounds, run };
}

describe('GET config, cold: upstream round trips in a row', () => {
  it('reads fees and interest beside the offer, and, once it knows the offer\'s product, the product too', async () => {
    const recorder = roundTripRecorder();
    const store = createMemoryStore();
    const relay = await startRelay({ fetch: recorder.heldFetch, store, configTtlMs: 1 });
    try {
      const first = await recorder.run(relay.call('GET', '/config?offer=77BcHrY'));
      assert.equal(first.status, 200, await first.clone().text());
      assert.deepEqual(recorder.rounds, [
        ['/public_api/token/'],
        ['/public_api/fees/', '/public_api/installment-interest/', '/public_api/offers/'],
        ['/public_api/products/prod_foto/'],
      ]);

      // Every cached entry has expired (the token has not): one round trip, all four at once.
      recorder.rounds.length = 0;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await recorder.run(relay.call('GET', '/config?offer=77BcHrY'));
      assert.equal(again.status, 200);
      assert.deepEqual(recorder.rounds, [['/public_api/fees/', '/public_api/installment-interest/', '/public_api/offers/', '/public_api/products/prod_foto/']]);
      assert.deepEqual(await again.json(), await first.json());
    } finally {
      await store.close();
      await relay.close();
    }
  });
});
