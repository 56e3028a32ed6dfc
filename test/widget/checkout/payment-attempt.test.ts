import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_AUTOMATIC_WAIT_SECONDS,
  MAX_AUTOMATIC_WAITS,
  MAX_QUEUED_STALLS,
  MAX_QUEUED_TRIES,
  MAX_QUEUED_WAIT_SECONDS,
  PaymentAttempt,
} from '../../../src/widget/checkout/payment-attempt.js';
import type { AttemptStep, PaymentRequest, PaymentServices } from '../../../src/widget/checkout/payment-attempt.js';
import { RelayAnswerError, RelayUnreachableError } from '../../../src/widget/checkout/relay-connection.js';
import type { CheckoutChargeRequest, CheckoutOrder } from '../../../src/widget/checkout/relay-connection.js';
import type { AntifraudProfiler } from '../../../src/widget/providers/antifraud-profiler.js';
import {
  CARD_TOKEN_TTL_MS,
  CardTokenFieldError,
  CardTokenNetworkError,
  CardTokenRateLimitError,
  CardTokenServiceError,
} from '../../../src/widget/providers/card-tokenizer.js';
import type { CardDetails, CardTokenizer } from '../../../src/widget/providers/card-tokenizer.js';
import {
  ThreeDSecureCanceledError,
  ThreeDSecureFailedError,
  ThreeDSecureSessionError,
} from '../../../src/widget/three-d-secure/provider.js';
import type { ThreeDSecureInput, ThreeDSecureProvider } from '../../../src/widget/three-d-secure/provider.js';

const CARD: CardDetails = { number: '4111111111111111', holderName: 'MARIA SILVA', expMonth: '12', expYear: '2031', cvv: '123' };
const REFERENCE = '0b7f3a52-8c1e-4d2a-9f6b-1a2b3c4d5e6f';
const ADDRESS = {
  zipcode: '01310100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
};
const THREE_DS_RESULT = { cavv: 'AAABBB', eci: '05', xid: 'xid-1', referenceId: 'ref-3ds', version: '2.2.0' };

function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    method: 'pix',
    offerId: '77BcHrY',
    customer: { name: 'Maria Silva', email: 'maria@example.com', phone: '5511987654321', fingerprint: 'device-1' },
    metadata: { utm_source: 'instagram' },
    amountInCents: 9700,
    currency: 'BRL',
    ...overrides,
  };
}

function order(id = 'ord_1', status = 'waiting_payment'): CheckoutOrder {
  return { id, refId: 'ABCD2345', status, paymentMethod: 'pix', amount: '97.00', createdAt: '2026-03-01T10:00:00-03:00' };
}

interface Sent {
  body: CheckoutChargeRequest;
  key: string;
}

/** A relay whose answers are given in order: an order, or an error to throw. */
function fakeRelay(answers: (CheckoutOrder | Error)[]): { relay: PaymentServices['relay']; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    relay: {
      async createCharge(body, { idempotencyKey }) {
        sent.push({ body: structuredClone(body), key: idempotencyKey });
        const answer = answers.shift();
        if (!answer) throw new Error('no more answers');
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
}

function fakeTokenizer(clock: { now: number }, failures: Error[] = []): CardTokenizer & { cards: CardDetails[] } {
  const cards: CardDetails[] = [];
  return {
    cards,
    async tokenize(card) {
      cards.push(card);
      const failure = failures.shift();
      if (failure) throw failure;
      return { token: `tok_${cards.length}`, issuedAt: clock.now };
    },
  };
}

function fakeProfiler(profiled = true): AntifraudProfiler & { completions: number } {
  return {
    reference: REFERENCE,
    completions: 0,
    start() {},
    async complete() {
      this.completions += 1;
      return profiled ? { reference: REFERENCE, profiled: true } : { reference: REFERENCE, profiled: false, fallbackReason: 'unavailable' };
    },
  };
}

function fakeThreeDSecure(outcome: () => Promise<typeof THREE_DS_RESULT>): ThreeDSecureProvider & { inputs: ThreeDSecureInput[] } {
  const inputs: ThreeDSecureInput[] = [];
  return {
    inputs,
    authenticate(input) {
      inputs.push(input);
      return outcome();
    },
  };
}

const relayError = (
  status: number,
  type: string,
  details: { fields?: Record<string, string[]>; retryAfterSeconds?: number; queuePosition?: number } = {},
) => new RelayAnswerError(`HTTP ${status}`, { status, type: type as 'invalid_request', ...details });

/** The relay's answer to a buyer it put in its line of charges. */
const queued = (retryAfterSeconds: number, queuePosition: number) => relayError(429, 'rate_limited', { retryAfterSeconds, queuePosition });

const run = (attempt: PaymentAttempt) => attempt.run(new AbortController().signal);

describe('a payment attempt', () => {
  describe('for Pix', () => {
    it('posts the charge once with its key and answers the created order', async () => {
      const { relay, sent } = fakeRelay([order()]);
      const attempt = new PaymentAttempt(request(), { relay }, 'key-1');
      assert.deepEqual(await run(attempt), { outcome: 'created', order: order() });
      assert.deepEqual(sent, [
        {
          key: 'key-1',
          body: {
            paymentMethod: 'pix',
            customer: request().customer,
            items: [{ offerId: '77BcHrY' }],
            metadata: { utm_source: 'instagram' },
          },
        },
      ]);
    });

    it('makes a UUID v4 key when none is given', () => {
      const attempt = new PaymentAttempt(request(), { relay: fakeRelay([]).relay });
      assert.match(attempt.idempotencyKey, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });

    it('leaves metadata out when there is none', async () => {
      const { relay, sent } = fakeRelay([order()]);
      await run(new PaymentAttempt(request({ metadata: {} }), { relay }));
      assert.equal('metadata' in sent[0]!.body, false);
    });
  });

  describe('when the relay cannot be reached', () => {
    it('is interrupted, and the next run sends the same body with the same key', async () => {
      const { relay, sent } = fakeRelay([new RelayUnreachableError('offline'), order()]);
      const attempt = new PaymentAttempt(request(), { relay });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: undefined, cause: 'offline' });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.equal(sent.length, 2);
      assert.equal(sent[1]!.key, sent[0]!.key);
      assert.deepEqual(sent[1]!.body, sent[0]!.body);
    });

    it('is interrupted by a 5xx too (the key is released, trying again is safe)', async () => {
      const { relay } = fakeRelay([relayError(502, 'upstream_unavailable')]);
      assert.deepEqual(await run(new PaymentAttempt(request(), { relay })), { outcome: 'interrupted', waitSeconds: undefined, cause: 'service' });
    });
  });

  describe('when the relay answers 429', () => {
    it('tells the wait, waits Retry-After and sends again with the same key', async () => {
      const { relay, sent } = fakeRelay([relayError(429, 'rate_limited', { retryAfterSeconds: 7 }), order()]);
      const waits: number[] = [];
      const steps: AttemptStep[] = [];
      const attempt = new PaymentAttempt(request(), {
        relay,
        sleep: async (ms) => void waits.push(ms),
        onStep: (step) => steps.push(step),
      });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.deepEqual(waits, [7000]);
      assert.deepEqual(steps, [{ step: 'charging' }, { step: 'waiting', seconds: 7 }, { step: 'charging' }]);
      assert.equal(sent.length, 2);
      assert.equal(sent[1]!.key, sent[0]!.key);
    });

    it(`stops waiting after ${MAX_AUTOMATIC_WAITS} waits and hands the wait to the buyer`, async () => {
      const limited = () => relayError(429, 'rate_limited', { retryAfterSeconds: 2 });
      const { relay, sent } = fakeRelay(Array.from({ length: MAX_AUTOMATIC_WAITS + 1 }, limited));
      const attempt = new PaymentAttempt(request(), { relay, sleep: async () => undefined });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: 2, cause: 'service' });
      assert.equal(sent.length, MAX_AUTOMATIC_WAITS + 1);
    });

    it(`hands a wait longer than ${MAX_AUTOMATIC_WAIT_SECONDS} s (a proxy's Retry-After) to the buyer at once`, async () => {
      const { relay, sent } = fakeRelay([relayError(429, 'rate_limited', { retryAfterSeconds: MAX_AUTOMATIC_WAIT_SECONDS + 1 }), order()]);
      const waits: number[] = [];
      const attempt = new PaymentAttempt(request(), { relay, sleep: async (ms) => void waits.push(ms) });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: MAX_AUTOMATIC_WAIT_SECONDS + 1, cause: 'service' });
      assert.deepEqual(waits, []);
      assert.equal(sent.length, 1);
    });

    it("is interrupted, not refused, by a 429 that names no wait (a proxy's throttle): the buyer tries again with the same key", async () => {
      const { relay, sent } = fakeRelay([relayError(429, 'unknown'), order()]);
      const attempt = new PaymentAttempt(request(), { relay, sleep: async () => undefined });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: undefined, cause: 'service' });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.equal(sent[1]!.key, sent[0]!.key);
    });

    it('waits too while the first request with the key is still processing (409 with a wait)', async () => {
      const { relay, sent } = fakeRelay([relayError(409, 'idempotency_conflict', { retryAfterSeconds: 1 }), order()]);
      const attempt = new PaymentAttempt(request(), { relay, sleep: async () => undefined });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.equal(sent.length, 2);
    });
  });

  describe('when the relay puts the buyer in its line of charges (429 with queuePosition)', () => {
    it('tells the wait, and tries again with the same key and body after each one, with no charging step in between', async () => {
      const { relay, sent } = fakeRelay([queued(20, 12), queued(10, 3), order()]);
      const waits: number[] = [];
      const steps: AttemptStep[] = [];
      const attempt = new PaymentAttempt(request(), { relay, sleep: async (ms) => void waits.push(ms), onStep: (step) => steps.push(step) });
      assert.deepEqual(await run(attempt), { outcome: 'created', order: order() });
      assert.deepEqual(waits, [20_000, 10_000]);
      assert.deepEqual(steps, [{ step: 'charging' }, { step: 'queued', seconds: 20 }, { step: 'queued', seconds: 10 }]);
      assert.equal(sent.length, 3);
      assert.deepEqual(new Set(sent.map(({ key }) => key)), new Set([attempt.idempotencyKey]));
      assert.deepEqual(sent[2]!.body, sent[0]!.body);
    });

    it(`waits more than ${MAX_AUTOMATIC_WAITS} times, and longer than ${MAX_AUTOMATIC_WAIT_SECONDS} s at once, while the line moves`, async () => {
      const line = Array.from({ length: 10 }, (_, index) => queued(index === 0 ? MAX_AUTOMATIC_WAIT_SECONDS + 30 : 5, 10 - index));
      const { relay, sent } = fakeRelay([...line, order()]);
      const waits: number[] = [];
      const attempt = new PaymentAttempt(request(), { relay, sleep: async (ms) => void waits.push(ms) });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.equal(waits.length, 10);
      assert.equal(waits[0], (MAX_AUTOMATIC_WAIT_SECONDS + 30) * 1000);
      assert.equal(sent.length, 11);
    });

    it(`hands the wait to the buyer after ${MAX_QUEUED_TRIES} tries in line, and the retry keeps the key`, async () => {
      const { relay, sent } = fakeRelay([...Array.from({ length: MAX_QUEUED_TRIES + 1 }, (_, index) => queued(1, 100 - index)), order()]);
      const attempt = new PaymentAttempt(request(), { relay, sleep: async () => undefined });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: 1, cause: 'service' });
      assert.equal(sent.length, MAX_QUEUED_TRIES + 1);
      assert.equal((await run(attempt)).outcome, 'created');
      assert.equal(sent.at(-1)!.key, sent[0]!.key);
      assert.deepEqual(sent.at(-1)!.body, sent[0]!.body);
    });

    it(`hands the wait to the buyer when the waits in line would pass ${MAX_QUEUED_WAIT_SECONDS} s in all`, async () => {
      const wait = MAX_QUEUED_WAIT_SECONDS / 3;
      const { relay, sent } = fakeRelay([queued(wait, 9), queued(wait, 6), queued(wait, 3), queued(wait, 1), order()]);
      const waits: number[] = [];
      const attempt = new PaymentAttempt(request(), { relay, sleep: async (ms) => void waits.push(ms) });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: wait, cause: 'service' });
      assert.equal(waits.length, 3);
      assert.equal(sent.length, 4);
    });

    it(`hands the wait to the buyer when ${MAX_QUEUED_STALLS} answers in a row give no place closer than before`, async () => {
      // 7, then 5 (closer), then 5, 6 and 5 again: the line stopped.
      const { relay, sent } = fakeRelay([queued(2, 7), queued(2, 5), queued(2, 5), queued(2, 6), queued(2, 5), order()]);
      const waits: number[] = [];
      const attempt = new PaymentAttempt(request(), { relay, sleep: async (ms) => void waits.push(ms) });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: 2, cause: 'service' });
      assert.equal(sent.length, 2 + MAX_QUEUED_STALLS);
      assert.equal(waits.length, 1 + MAX_QUEUED_STALLS);
    });

    it('keeps waiting when a closer place comes before the line counts as stopped', async () => {
      const { relay, sent } = fakeRelay([queued(1, 4), queued(1, 4), queued(1, 4), queued(1, 3), queued(1, 3), queued(1, 3), order()]);
      const attempt = new PaymentAttempt(request(), { relay, sleep: async () => undefined });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.equal(sent.length, 7);
    });

    it('counts the waits in line apart from the rate limits: three of those still follow', async () => {
      const limited = () => relayError(429, 'rate_limited', { retryAfterSeconds: 1 });
      const { relay, sent } = fakeRelay([queued(1, 2), queued(1, 1), limited(), limited(), limited(), order()]);
      const steps: AttemptStep[] = [];
      const attempt = new PaymentAttempt(request(), { relay, sleep: async () => undefined, onStep: (step) => steps.push(step) });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.equal(sent.length, 6);
      assert.deepEqual(
        steps.map(({ step }) => step),
        ['charging', 'queued', 'queued', 'waiting', 'charging', 'waiting', 'charging', 'waiting', 'charging'],
      );
    });

    it('stops waiting, with no further request, when its signal aborts (the checkout left the page)', async () => {
      const { relay, sent } = fakeRelay([queued(30, 5), order()]);
      const abort = new AbortController();
      const attempt = new PaymentAttempt(request(), {
        relay,
        onStep: (step) => {
          if (step.step === 'queued') abort.abort();
        },
      });
      assert.deepEqual(await attempt.run(abort.signal), { outcome: 'aborted' });
      assert.equal(sent.length, 1);
    });
  });

  describe('when the relay cannot reach its store (503 store_unavailable)', () => {
    it('is interrupted with no wait of its own, and the next run sends the same body with the same key', async () => {
      const unavailable = relayError(503, 'store_unavailable', { retryAfterSeconds: 2 });
      const { relay, sent } = fakeRelay([unavailable, order()]);
      const waits: number[] = [];
      const attempt = new PaymentAttempt(request(), { relay, sleep: async (ms) => void waits.push(ms) });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: undefined, cause: 'service' });
      assert.deepEqual(waits, []);
      assert.deepEqual(await run(attempt), { outcome: 'created', order: order() });
      assert.equal(sent[1]!.key, sent[0]!.key);
      assert.deepEqual(sent[1]!.body, sent[0]!.body);
    });
  });

  describe('when the relay refuses the charge', () => {
    it('ends with the refusal and its field messages', async () => {
      const fields = { paymentMethod: ['O produtor não possui conta bancária válida.'] };
      const { relay } = fakeRelay([relayError(422, 'payment_method_unavailable', { fields })]);
      assert.deepEqual(await run(new PaymentAttempt(request(), { relay })), {
        outcome: 'refused',
        errorType: 'payment_method_unavailable',
        fields,
      });
    });
  });

  it('refuses a second run while the first one runs: a double click is one request', async () => {
    let answer!: (value: CheckoutOrder) => void;
    let calls = 0;
    const relay: PaymentServices['relay'] = {
      createCharge: () => {
        calls += 1;
        return new Promise((resolve) => (answer = resolve));
      },
    };
    const attempt = new PaymentAttempt(request(), { relay });
    const first = run(attempt);
    await assert.rejects(run(attempt), /already running/);
    await new Promise((resolve) => setImmediate(resolve));
    answer(order());
    assert.equal((await first).outcome, 'created');
    assert.equal(calls, 1);
  });

  it('answers aborted when its signal aborts', async () => {
    const abort = new AbortController();
    const relay: PaymentServices['relay'] = {
      // As fetch does: an aborted signal rejects at once, a later abort when it comes.
      createCharge: (_body, { signal }) =>
        new Promise((_resolve, reject) => {
          const aborted = () => reject(new DOMException('aborted', 'AbortError'));
          if (signal?.aborted) aborted();
          signal?.addEventListener('abort', aborted);
        }),
    };
    const running = new PaymentAttempt(request(), { relay }).run(abort.signal);
    abort.abort();
    assert.deepEqual(await running, { outcome: 'aborted' });
  });

  describe('for a credit card', () => {
    const cardRequest = () => request({ method: 'credit_card', card: { details: CARD, installments: 3 }, metadata: {} });

    it('tokenizes the card, completes the profile and sends only the token and the reference', async () => {
      const clock = { now: 1_000 };
      const tokenizer = fakeTokenizer(clock);
      const profiler = fakeProfiler();
      const { relay, sent } = fakeRelay([order('ord_c', 'paid')]);
      const attempt = new PaymentAttempt(cardRequest(), { relay, cardTokenizer: tokenizer, antifraudProfiler: profiler, now: () => clock.now });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.deepEqual(tokenizer.cards, [CARD]);
      assert.equal(profiler.completions, 1);
      const body = sent[0]!.body;
      assert.deepEqual(body.card, { token: 'tok_1' });
      assert.equal(body.installments, 3);
      assert.equal(body.antifraud_profiling_attempt_reference, REFERENCE);
      const text = JSON.stringify(body);
      for (const secret of [CARD.number, CARD.cvv, `"${CARD.expYear}"`, 'expMonth']) assert.equal(text.includes(secret), false, secret);
    });

    it('reports a profile that could not complete, and still pays with its reference', async () => {
      const clock = { now: 0 };
      const fallbacks: unknown[] = [];
      const { relay, sent } = fakeRelay([order()]);
      const attempt = new PaymentAttempt(cardRequest(), {
        relay,
        cardTokenizer: fakeTokenizer(clock),
        antifraudProfiler: fakeProfiler(false),
        onAntifraudFallback: (reference, reason) => fallbacks.push([reference, reason]),
      });
      await run(attempt);
      assert.deepEqual(fallbacks, [[REFERENCE, 'unavailable']]);
      assert.equal(sent[0]!.body.antifraud_profiling_attempt_reference, REFERENCE);
    });

    it('sends the same token again on a retry while it is fresh', async () => {
      const clock = { now: 0 };
      const tokenizer = fakeTokenizer(clock);
      const { relay, sent } = fakeRelay([new RelayUnreachableError('offline'), order()]);
      const attempt = new PaymentAttempt(cardRequest(), { relay, cardTokenizer: tokenizer, antifraudProfiler: fakeProfiler(), now: () => clock.now });
      await run(attempt);
      clock.now = CARD_TOKEN_TTL_MS - 1;
      await run(attempt);
      assert.equal(tokenizer.cards.length, 1);
      assert.deepEqual(sent[1]!.body, sent[0]!.body);
    });

    it('tokenizes again on a retry once the token expired, keeping the key and the reference', async () => {
      const clock = { now: 0 };
      const tokenizer = fakeTokenizer(clock);
      const profiler = fakeProfiler();
      const { relay, sent } = fakeRelay([new RelayUnreachableError('offline'), order()]);
      const attempt = new PaymentAttempt(cardRequest(), { relay, cardTokenizer: tokenizer, antifraudProfiler: profiler, now: () => clock.now });
      await run(attempt);
      clock.now = CARD_TOKEN_TTL_MS;
      assert.equal((await run(attempt)).outcome, 'created');
      assert.equal(tokenizer.cards.length, 2);
      assert.equal(profiler.completions, 1);
      assert.deepEqual(sent[1]!.body.card, { token: 'tok_2' });
      assert.equal(sent[1]!.key, sent[0]!.key);
      assert.equal(sent[1]!.body.antifraud_profiling_attempt_reference, REFERENCE);
    });

    it('asks again with the old body when the key already holds it (the lost first try made the order)', async () => {
      const clock = { now: 0 };
      const { relay, sent } = fakeRelay([new RelayUnreachableError('lost'), relayError(409, 'idempotency_conflict'), order('ord_first')]);
      const attempt = new PaymentAttempt(cardRequest(), {
        relay,
        cardTokenizer: fakeTokenizer(clock),
        antifraudProfiler: fakeProfiler(),
        now: () => clock.now,
      });
      await run(attempt);
      clock.now = CARD_TOKEN_TTL_MS + 1;
      assert.deepEqual(await run(attempt), { outcome: 'created', order: order('ord_first') });
      assert.deepEqual(
        sent.map(({ body }) => body.card?.token),
        ['tok_1', 'tok_2', 'tok_1'],
      );
    });

    it('hands the API\'s card field messages to the buyer when tokenization is refused', async () => {
      const refused = new CardTokenFieldError({ number: ['Número de cartão inválido.'] }, ['Cartão recusado.']);
      const { relay, sent } = fakeRelay([]);
      const attempt = new PaymentAttempt(cardRequest(), { relay, cardTokenizer: fakeTokenizer({ now: 0 }, [refused]), antifraudProfiler: fakeProfiler() });
      assert.deepEqual(await run(attempt), {
        outcome: 'card-not-accepted',
        fields: { number: ['Número de cartão inválido.'], card: ['Cartão recusado.'] },
      });
      assert.equal(sent.length, 0);
    });

    it('is interrupted when the tokenization endpoint cannot be reached', async () => {
      const { relay } = fakeRelay([]);
      const tokenizer = fakeTokenizer({ now: 0 }, [new CardTokenNetworkError(new TypeError('offline'))]);
      const attempt = new PaymentAttempt(cardRequest(), { relay, cardTokenizer: tokenizer, antifraudProfiler: fakeProfiler() });
      assert.deepEqual(await run(attempt), { outcome: 'interrupted', waitSeconds: undefined, cause: 'offline' });
    });

    it('is interrupted with the wait when tokenization is rate limited, or fails on the service side', async () => {
      for (const [failure, outcome] of [
        [new CardTokenRateLimitError(42), { outcome: 'interrupted', waitSeconds: 42, cause: 'service' }],
        [new CardTokenServiceError(503, undefined), { outcome: 'interrupted', waitSeconds: undefined, cause: 'service' }],
      ] as const) {
        const { relay, sent } = fakeRelay([]);
        const attempt = new PaymentAttempt(cardRequest(), { relay, cardTokenizer: fakeTokenizer({ now: 0 }, [failure]), antifraudProfiler: fakeProfiler() });
        assert.deepEqual(await run(attempt), outcome, failure.message);
        assert.equal(sent.length, 0);
      }
    });

    it('does not accept the card when the tokenization endpoint refuses it without field messages', async () => {
      const { relay } = fakeRelay([]);
      const tokenizer = fakeTokenizer({ now: 0 }, [new CardTokenServiceError(401, 'Credenciais inválidas.')]);
      const attempt = new PaymentAttempt(cardRequest(), { relay, cardTokenizer: tokenizer, antifraudProfiler: fakeProfiler() });
      assert.deepEqual(await run(attempt), { outcome: 'card-not-accepted', fields: {} });
    });
  });

  describe('for a card with 3-D Secure', () => {
    const threeDsRequest = () =>
      request({ method: 'threeDs', card: { details: CARD, installments: 1 }, address: ADDRESS, amountInCents: 10470, metadata: {} });

    function services(provider: ThreeDSecureProvider, answers: (CheckoutOrder | Error)[] = [order('ord_3ds', 'paid')]) {
      const fake = fakeRelay(answers);
      return { sent: fake.sent, services: { relay: fake.relay, cardTokenizer: fakeTokenizer({ now: 0 }), antifraudProfiler: fakeProfiler(), threeDSecureProvider: provider } };
    }

    it('authenticates the token with the amount, buyer and billing address, then sends the result', async () => {
      const provider = fakeThreeDSecure(async () => THREE_DS_RESULT);
      const { sent, services: given } = services(provider);
      assert.equal((await run(new PaymentAttempt(threeDsRequest(), given))).outcome, 'created');
      const input = provider.inputs[0]!;
      assert.equal(input.cardToken, 'tok_1');
      assert.equal(input.amountInCents, 10470);
      assert.equal(input.currency, 'BRL');
      assert.deepEqual(input.customer, { name: 'Maria Silva', email: 'maria@example.com', phone: '5511987654321' });
      assert.deepEqual(input.billingAddress, ADDRESS);
      assert.deepEqual(sent[0]!.body.threeDSecure, THREE_DS_RESULT);
      assert.deepEqual(sent[0]!.body.address, ADDRESS);
    });

    it('ends without a charge when the buyer cancels the challenge', async () => {
      const { sent, services: given } = services(fakeThreeDSecure(() => Promise.reject(new ThreeDSecureCanceledError())));
      assert.deepEqual(await run(new PaymentAttempt(threeDsRequest(), given)), { outcome: 'three-d-secure-canceled' });
      assert.equal(sent.length, 0);
    });

    it('ends without a charge when the issuer does not authenticate the buyer', async () => {
      const { sent, services: given } = services(fakeThreeDSecure(() => Promise.reject(new ThreeDSecureFailedError())));
      assert.deepEqual(await run(new PaymentAttempt(threeDsRequest(), given)), { outcome: 'three-d-secure-failed' });
      assert.equal(sent.length, 0);
    });

    it('puts a refused billing address on the form\'s address fields', async () => {
      const refused = new ThreeDSecureSessionError('invalid', { status: 400, fields: { 'billingAddress.zipcode': ['CEP inválido.'] } });
      const { services: given } = services(fakeThreeDSecure(() => Promise.reject(refused)));
      assert.deepEqual(await run(new PaymentAttempt(threeDsRequest(), given)), {
        outcome: 'refused',
        errorType: 'three_d_secure_refused',
        fields: { 'address.zipcode': ['CEP inválido.'] },
      });
    });

    it('is interrupted when the 3DS service cannot be reached', async () => {
      const unreachable = new ThreeDSecureSessionError('offline');
      const { services: given } = services(fakeThreeDSecure(() => Promise.reject(unreachable)));
      assert.deepEqual(await run(new PaymentAttempt(threeDsRequest(), given)), { outcome: 'interrupted', waitSeconds: undefined, cause: 'offline' });
    });

    it('is interrupted when the 3DS service fails, and refused when it refuses without naming a field', async () => {
      for (const [status, outcome] of [
        [502, { outcome: 'interrupted', waitSeconds: undefined, cause: 'service' }],
        [403, { outcome: 'refused', errorType: 'three_d_secure_refused', fields: {} }],
      ] as const) {
        const { sent, services: given } = services(fakeThreeDSecure(() => Promise.reject(new ThreeDSecureSessionError(`HTTP ${status}`, { status }))));
        assert.deepEqual(await run(new PaymentAttempt(threeDsRequest(), given)), outcome, String(status));
        assert.equal(sent.length, 0);
      }
    });

    it('authenticates the same fresh token again on a retry after a canceled challenge', async () => {
      const provider = fakeThreeDSecure(async () => {
        if (provider.inputs.length === 1) throw new ThreeDSecureCanceledError();
        return THREE_DS_RESULT;
      });
      const { sent, services: given } = services(provider);
      const attempt = new PaymentAttempt(threeDsRequest(), { ...given, now: () => 0 });
      assert.deepEqual(await run(attempt), { outcome: 'three-d-secure-canceled' });
      assert.equal((await run(attempt)).outcome, 'created');
      assert.deepEqual(given.cardTokenizer.cards, [CARD]);
      assert.equal(given.antifraudProfiler.completions, 1);
      assert.deepEqual(provider.inputs.map((input) => input.cardToken), ['tok_1', 'tok_1']);
      assert.deepEqual(sent[0]!.body.threeDSecure, THREE_DS_RESULT);
      assert.equal(sent[0]!.body.antifraud_profiling_attempt_reference, REFERENCE);
    });
  });
});
