/**
 * Security checks of the relay (the reliability and security suites; docs/relay.md,
 * "Security notes"):
 * - no answer of any route, answered or refused, carries the client secret, the webhook
 *   secret or an access token: every status line, header and body is scanned for them, for
 *   the very tokens the relay's client sent upstream (read off its `Authorization` headers)
 *   and for anything shaped like a JWT;
 * - a body with card data is refused wherever the card sits, without repeating it and
 *   without anything going upstream;
 * - a webhook delivery with a wrong secret changes nothing: no status, no `onEvent`, no
 *   event on an open stream, no de-duplication mark.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { UnconfirmedWebhookError, type RelayWebhookEvent } from '../../src/relay/index.js';
import { TEST_CARDS } from '../../src/sandbox/card/card-outcomes.js';
import type { Sandbox } from '../../src/sandbox/sandbox.js';
import {
  assertRelayErrorShape,
  CLIENT_SECRET,
  groupedNumber,
  luhnNumber,
  PUBLIC_CLIENT_ID,
  SANDBOX_ORIGIN,
  SHOP_ORIGIN,
  startInProcessStack,
  WEBHOOK_SECRET,
  type InProcessStack,
} from './checkout-stack.js';

const CHARGE_PATH = '/public_api/payments/';
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/;
const customer = { name: 'Ana Souza', email: 'ana@example.com', phone: '5511987654321', fingerprint: 'device-7f3a', docType: 'cpf', docNumber: '52998224725' };
const pixCharge = () => ({ paymentMethod: 'pix', customer, items: [{ offerId: '77BcHrY' }] });

/** A card token from the sandbox's tokenization route, as the browser gets it. */
async function tokenizeCard(sandbox: Sandbox, number: string): Promise<string> {
  const response = await sandbox.fetch(
    new Request(`${SANDBOX_ORIGIN}/public_api/card-tokens/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-client-id': PUBLIC_CLIENT_ID },
      body: JSON.stringify({ holderName: 'ANA SOUZA', number, expMonth: '12', expYear: '2034', cvv: '123' }),
    }),
  );
  assert.equal(response.status, 201);
  return ((await response.json()) as { token: string }).token;
}

const cardCharge = (token: string) => ({
  paymentMethod: 'credit_card',
  customer,
  items: [{ offerId: '77BcHrY' }],
  card: { token },
  installments: 1,
  antifraud_profiling_attempt_reference: randomUUID(),
});

/** A JSON request to the relay. */
function jsonRequest(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

function charge(body: unknown, key: string = randomUUID(), headers: Record<string, string> = {}): RequestInit {
  return jsonRequest('POST', body, { 'Idempotency-Key': key, ...headers });
}

/** Reads an event stream up to its first event (or its end), then cancels it. */
async function firstEvent(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n\n')) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

/** The whole answer as text: status line, every header, and the body (an event stream up to its first event). */
async function wholeAnswer(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  const isStream = response.headers.get('Content-Type')?.startsWith('text/event-stream') ?? false;
  const body = isStream ? await firstEvent(response) : await response.text();
  return `HTTP ${response.status} ${response.statusText}\n${headers}\n\n${body}`;
}

/** The tokens the relay's client sent upstream, read off its `Authorization: Bearer` headers. */
function bearerTokens(stack: InProcessStack): string[] {
  const tokens = stack.upstream.requests.flatMap(({ authorization }) => (authorization?.startsWith('Bearer ') ? [authorization.slice('Bearer '.length)] : []));
  return [...new Set([...tokens, ...stack.upstream.issuedTokens])];
}

/** Fails when any answer holds one of `secrets`, something shaped like a JWT, or a bearer credential. */
function assertNothingSecret(answers: Array<{ name: string; text: string }>, secrets: readonly string[]): void {
  for (const { name, text } of answers) {
    for (const secret of secrets) assert.equal(text.includes(secret), false, `${name}: the answer holds a secret\n${text}`);
    assert.doesNotMatch(text, JWT_SHAPE, `${name}: the answer holds a JWT-shaped string`);
    assert.doesNotMatch(text, /Bearer |access_token|client_secret/i, `${name}: the answer names a credential`);
  }
}

describe('security: no answer of the relay carries a secret or an access token', () => {
  it('on every route, answered and refused, and on every preflight', async () => {
    const stack = startInProcessStack({ orderRefreshMs: 0, chargeRateLimit: { limit: 3, windowMs: 60_000 } }, { retry: { baseDelayMs: 1, maxDelayMs: 2 } });
    const { sandbox } = stack;
    const answers: Array<{ name: string; text: string }> = [];
    const cors = { Origin: SHOP_ORIGIN };
    let buyer = 0;
    /** Calls the relay, checks the status, keeps the whole answer; each call from a new buyer IP unless told. */
    async function drive(name: string, path: string, init: RequestInit, status: number, remoteAddress = `203.0.113.${(buyer += 1)}`): Promise<Response> {
      const response = await stack.call(path, init, remoteAddress);
      // A copy of an event stream would keep it open after the reading side cancels it.
      const isStream = response.headers.get('Content-Type')?.startsWith('text/event-stream') ?? false;
      const copy = isStream ? new Response(null, { status: response.status }) : response.clone();
      const text = await wholeAnswer(response);
      assert.equal(response.status, status, `${name}: ${text}`);
      if (status >= 400) assertRelayErrorShape(text.slice(text.indexOf('\n\n') + 2), name);
      answers.push({ name, text });
      return copy;
    }

    await drive('config', '/config?offer=77BcHrY', { headers: cors }, 200);
    await drive('config boleto-only offer', '/config?offer=BOLEplan', { headers: cors }, 200);
    await drive('config offer not sold here', '/config?offer=ENGLusd', { headers: cors }, 404);
    await drive('config unknown offer', '/config?offer=NOPE', {}, 404);
    await drive('config without offer', '/config', {}, 400);
    await drive('config wrong method', '/config?offer=77BcHrY', { method: 'POST' }, 405);
    await drive('config preflight allowed', '/config', { method: 'OPTIONS', headers: { ...cors, 'Access-Control-Request-Method': 'GET' } }, 204);
    await drive('config preflight refused', '/config', { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } }, 403);

    // A replay comes from the same buyer: the relay sends the buyer's IP upstream inside the keyed body.
    const pixBuyer = '203.0.113.200';
    const pix = (await (await drive('charge pix', '/charges', charge(pixCharge(), 'pix-key', cors), 201, pixBuyer)).json()) as { id: string; orderToken: string };
    await drive('charge replayed', '/charges', charge(pixCharge(), 'pix-key'), 201, pixBuyer);
    await drive('charge key reused with another body', '/charges', charge({ ...pixCharge(), metadata: { utm_source: 'x' } }, 'pix-key'), 409, pixBuyer);
    await drive('charge boleto', '/charges', charge({ ...pixCharge(), paymentMethod: 'boleto', items: [{ offerId: 'BOLEplan' }] }), 201);
    const paidCard = (await (await drive('charge card paid', '/charges', charge(cardCharge(await tokenizeCard(sandbox, TEST_CARDS.approved))), 201)).json()) as { id: string; orderToken: string };
    await drive('charge card declined', '/charges', charge(cardCharge(await tokenizeCard(sandbox, TEST_CARDS.declined))), 201);
    await drive('charge refused by the API', '/charges', charge({ ...pixCharge(), items: [{ offerId: 'BOLEplan' }], pixExpiresIn: 601 }), 400);
    await drive('charge with a spent card token', '/charges', charge(cardCharge(sandbox.world.cardTokens.keys().next().value!)), 400);
    await drive('charge refused by the schema', '/charges', charge({ ...pixCharge(), bogus: 1 }), 400);
    await drive('charge with card data', '/charges', charge({ ...pixCharge(), card: { number: TEST_CARDS.approved } }), 400);
    await drive('charge without a key', '/charges', jsonRequest('POST', pixCharge()), 400);
    await drive('charge for an offer not sold', '/charges', charge({ ...pixCharge(), items: [{ offerId: 'ENGLusd' }] }), 403);
    await drive('charge not JSON', '/charges', charge('{"paymentMethod":'), 400);
    await drive('charge as a form', '/charges', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': 'k' }, body: 'a=1' }, 415);
    await drive('charge too large', '/charges', charge({ ...pixCharge(), coupon: 'x'.repeat(20_000) }), 413);
    const account = sandbox.world.accounts.get('acc_main')!;
    account.bankingAccount = 'closure_requested';
    await drive('charge the account cannot take', '/charges', charge(pixCharge()), 422);
    account.bankingAccount = 'opened';
    for (let index = 0; index < 3; index += 1) await drive('charge within the IP limit', '/charges', charge(pixCharge()), 201, '198.51.100.77');
    await drive('charge over the IP limit', '/charges', charge(pixCharge()), 429, '198.51.100.77');
    await drive('charges preflight allowed', '/charges', { method: 'OPTIONS', headers: { ...cors, 'Access-Control-Request-Method': 'POST' } }, 204);
    await drive('charges preflight without origin', '/charges', { method: 'OPTIONS' }, 403);
    await drive('charges wrong method', '/charges', { method: 'GET' }, 405);

    await drive('order', `/orders/${pix.id}?token=${pix.orderToken}`, { headers: cors }, 200);
    await drive('order without its token', `/orders/${pix.id}`, { headers: cors }, 404);
    await drive('order not made here', '/orders/ord_fx0001', {}, 404);
    await drive('order id malformed', '/orders/%E0%A4%A', {}, 404);
    await drive('order events, first event', `/orders/${pix.id}/events?token=${pix.orderToken}`, { headers: cors }, 200);
    await drive('order events of a paid order', `/orders/${paidCard.id}/events?token=${paidCard.orderToken}`, {}, 200);
    await drive('order events with another order\'s token', `/orders/${paidCard.id}/events?token=${pix.orderToken}`, {}, 404);
    await drive('order events of an unknown order', '/orders/ord_nope/events', {}, 404);
    await drive('order preflight', `/orders/${pix.id}`, { method: 'OPTIONS', headers: { ...cors, 'Access-Control-Request-Method': 'GET' } }, 204);
    await drive('order wrong method', `/orders/${pix.id}`, { method: 'DELETE' }, 405);

    // The card order is paid at the API, so its delivery is confirmed; the Pix order still waits.
    const delivery = { secret: WEBHOOK_SECRET, event: 'purchase_approved', data: { id: paidCard.id, status: 'paid' } };
    await drive('webhook', '/webhooks', jsonRequest('POST', delivery), 200);
    await drive('webhook repeated', '/webhooks', jsonRequest('POST', delivery), 200);
    await drive('webhook the API does not confirm', '/webhooks', jsonRequest('POST', { ...delivery, data: { id: pix.id, status: 'paid' } }), 200);
    await drive('webhook with an undocumented status', '/webhooks', jsonRequest('POST', { ...delivery, data: { id: pix.id, status: 'PAID' } }), 400);
    await drive('webhook wrong secret', '/webhooks', jsonRequest('POST', { ...delivery, secret: `${WEBHOOK_SECRET}x` }), 401);
    await drive('webhook malformed', '/webhooks', jsonRequest('POST', { secret: WEBHOOK_SECRET, event: 'nope' }), 400);
    await drive('webhook as text', '/webhooks', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(delivery) }, 415);
    await drive('webhook wrong method', '/webhooks', { method: 'GET' }, 405);
    await drive('webhook preflight (not a widget route)', '/webhooks', { method: 'OPTIONS', headers: cors }, 405);

    await drive('unknown route', '/nowhere', {}, 404);
    await drive('root', '/', {}, 404);
    await drive('unknown route preflight', '/admin', { method: 'OPTIONS', headers: cors }, 404);
    await drive('charges sub-path', '/charges/extra', charge(pixCharge()), 404);

    // The API fails: the relay's client tries again, then answers 502 with nothing of the API's in it.
    sandbox.world.faults = [{ path: CHARGE_PATH, phase: 'before', status: 503, body: 'html', remaining: 10 }];
    await drive('charge while the API is down', '/charges', charge(pixCharge()), 502);
    sandbox.world.faults = [];

    const tokens = bearerTokens(stack);
    assert.ok(tokens.length > 0, 'the relay did send an access token upstream');
    assert.ok(tokens.every((token) => JWT_SHAPE.test(token)), 'the sandbox tokens are JWTs, which the shape check would see');
    assert.ok(stack.upstream.requests.some((request) => request.path.startsWith('/public_api/orders/')), 'an order was read from the API');
    assert.ok(answers.some(({ text }) => text.includes('"status":"paid"')), 'the paid order\'s stream ran');
    assertNothingSecret(answers, [CLIENT_SECRET, WEBHOOK_SECRET, ...tokens]);
    assert.ok(stack.reported.some((error) => error instanceof UnconfirmedWebhookError), 'the unconfirmed delivery was reported');
    for (const error of stack.reported) {
      assertNothingSecret([{ name: 'onError', text: `${String((error as Error).message)} ${JSON.stringify(error)}` }], [CLIENT_SECRET, WEBHOOK_SECRET, ...tokens]);
    }
  });

  it('when the API refuses the relay\'s own key', async () => {
    const wrongSecret = `wrong-${randomUUID()}`;
    const stack = startInProcessStack({}, { clientSecret: wrongSecret });
    const answers = [
      { name: 'config', text: await wholeAnswer(await stack.call('/config?offer=77BcHrY')) },
      { name: 'charge', text: await wholeAnswer(await stack.call('/charges', charge(pixCharge()))) },
    ];
    for (const { name, text } of answers) {
      assert.match(text, /^HTTP 500 /, name);
      assert.equal(assertRelayErrorShape(text.slice(text.indexOf('\n\n') + 2), name).type, 'internal');
    }
    assertNothingSecret(answers, [wrongSecret, CLIENT_SECRET, 'invalid_client', 'sandbox-client']);
  });
});

describe('security: a body with card data is refused', () => {
  const visa = TEST_CARDS.approved;
  const placements: Array<{ where: string; body: Record<string, unknown>; path: string; shown: string }> = [
    { where: 'card.number beside the token', body: { ...pixCharge(), card: { token: 'tok_x', number: visa } }, path: 'card.number', shown: visa },
    { where: 'a top-level cardNumber', body: { ...pixCharge(), cardNumber: groupedNumber(visa, ' ') }, path: 'cardNumber', shown: groupedNumber(visa, ' ') },
    { where: 'the CVV', body: { ...pixCharge(), card: { token: 'tok_x', cvv: '737' } }, path: 'card.cvv', shown: '737' },
    { where: 'the expiry', body: { ...pixCharge(), card: { token: 'tok_x', exp_month: '12', 'Exp-Year': '2034' } }, path: 'card.exp_month', shown: '2034' },
    { where: 'a UTM tag', body: { ...pixCharge(), metadata: { utm_content: groupedNumber(TEST_CARDS.declined, '-') } }, path: 'metadata.utm_content', shown: '4000-0000-0000-0002' },
    { where: 'the buyer\'s name', body: { ...pixCharge(), customer: { ...customer, name: '5555 5555 5555 4444' } }, path: 'customer.name', shown: '5555 5555 5555 4444' },
    { where: 'a JSON integer in an item', body: { ...pixCharge(), items: [{ offerId: '77BcHrY', notes: 6362970000457013 }] }, path: 'items.0.notes', shown: '6362970000457013' },
    { where: 'the street', body: { ...pixCharge(), address: { street: luhnNumber('601100099990001'), number: '1' } }, path: 'address.street', shown: luhnNumber('601100099990001') },
    { where: 'a list in a list', body: { ...pixCharge(), extra: [[{ pan: 'x' }], ['4111111111111111']] }, path: 'extra.0.0.pan', shown: visa },
    { where: 'the body itself', body: { pan: visa } as Record<string, unknown>, path: 'pan', shown: visa },
  ];

  it(`in ${placements.length} placements: refused, named by path, never repeated, never sent upstream`, async () => {
    const stack = startInProcessStack();
    for (const { where, body, path, shown } of placements) {
      const response = await stack.call('/charges', charge(body));
      const text = await response.text();
      assert.equal(response.status, 400, `${where}: ${text}`);
      const error = assertRelayErrorShape(text, where);
      assert.equal(error.type, 'card_data_refused', where);
      assert.ok(Object.keys(error.fields ?? {}).includes(path), `${where}: the refusal names ${Object.keys(error.fields ?? {}).join(', ')}`);
      for (const value of [shown, shown.replace(/[ -]/g, '')]) assert.equal(text.includes(value), false, `${where}: the answer repeats ${value}`);
    }
    assert.equal(stack.upstream.requests.filter((request) => request.path === CHARGE_PATH).length, 0, 'no refused body went upstream');

    // What is not card data goes through: the street number, and phone digits that happen to pass Luhn.
    const phone = luhnNumber('551198765432');
    const allowed = await stack.call('/charges', charge({ ...pixCharge(), customer: { ...customer, phone }, address: { country: 'BR', state: 'SP', city: 'São Paulo', street: 'Rua A', neighborhood: 'Centro', number: '1234', zipcode: '01001000' } }));
    assert.equal(allowed.status, 201, await allowed.clone().text());
  });

  it('when the card number is written as a key: refused, never repeated', async () => {
    const stack = startInProcessStack();
    for (const body of [
      { ...pixCharge(), metadata: { [TEST_CARDS.approved]: 'x' } },
      { ...pixCharge(), [groupedNumber(TEST_CARDS.declined, ' ')]: true },
    ]) {
      const response = await stack.call('/charges', charge(body));
      const text = await response.text();
      const error = assertRelayErrorShape(text, JSON.stringify(body));
      assert.equal(error.type, 'card_data_refused', `a card number as a key: ${text}`);
      for (const number of [TEST_CARDS.approved, TEST_CARDS.declined]) {
        assert.equal(text.replace(/[ -]/g, '').includes(number), false, `the answer repeats the card number: ${text}`);
      }
    }
  });
});

describe('security: a webhook with a wrong secret changes nothing', () => {
  it('no status change, no onEvent, no event on an open stream, no de-duplication mark', async () => {
    const events: RelayWebhookEvent[] = [];
    const stack = startInProcessStack({
      onEvent: (event) => void events.push(event),
      // Status only from webhooks here: a read from the API would hide what a webhook changed.
      orderRefreshMs: 3_600_000,
      events: { pollMs: 3_600_000, maxPollMs: 3_600_000, keepAliveMs: 3_600_000 },
    });
    const created = await stack.call('/charges', charge(pixCharge()));
    const order = (await created.json()) as { id: string; status: string; orderToken: string };
    assert.equal(order.status, 'waiting_payment');

    const stream = (await stack.call(`/orders/${order.id}/events?token=${order.orderToken}`)).body!.getReader();
    const decoder = new TextDecoder();
    let pending = stream.read();
    const nextChunk = async (waitMs: number): Promise<string | undefined> => {
      const chunk = await Promise.race([pending, new Promise<'none'>((resolve) => setTimeout(() => resolve('none'), waitMs))]);
      if (chunk === 'none') return undefined;
      pending = stream.read();
      return chunk.done ? '' : decoder.decode(chunk.value);
    };
    assert.match((await nextChunk(1000)) ?? '', /"status":"waiting_payment"/);

    const delivery = { event: 'purchase_approved', data: { id: order.id, status: 'paid' } };
    const wrong: Array<{ name: string; init: RequestInit }> = [
      { name: 'one character more', init: jsonRequest('POST', { ...delivery, secret: `${WEBHOOK_SECRET}x` }) },
      { name: 'one character less', init: jsonRequest('POST', { ...delivery, secret: WEBHOOK_SECRET.slice(0, -1) }) },
      { name: 'other case', init: jsonRequest('POST', { ...delivery, secret: WEBHOOK_SECRET.toUpperCase() }) },
      { name: 'empty', init: jsonRequest('POST', { ...delivery, secret: '' }) },
      { name: 'missing', init: jsonRequest('POST', delivery) },
      { name: 'not a string', init: jsonRequest('POST', { ...delivery, secret: [WEBHOOK_SECRET] }) },
      { name: 'in a header instead', init: jsonRequest('POST', delivery, { 'X-Webhook-Secret': WEBHOOK_SECRET, Authorization: `Bearer ${WEBHOOK_SECRET}` }) },
      { name: 'in the query instead', init: jsonRequest('POST', delivery) },
    ];
    for (const { name, init } of wrong) {
      const path = name === 'in the query instead' ? `/webhooks?secret=${WEBHOOK_SECRET}` : '/webhooks';
      const response = await stack.call(path, init);
      const text = await response.text();
      assert.equal(response.status, 401, `${name}: ${text}`);
      assert.equal(assertRelayErrorShape(text, name).type, 'unauthorized');
    }

    assert.deepEqual(events, [], 'onEvent was not called');
    assert.equal(await nextChunk(150), undefined, 'the open stream got no event');
    const after = (await (await stack.call(`/orders/${order.id}?token=${order.orderToken}`)).json()) as { status: string };
    assert.equal(after.status, 'waiting_payment', 'the order status is unchanged');

    // The same event with the right secret, once the API shows the order paid, is new to the
    // relay: no mark was left by the refused ones.
    const paid = await stack.sandbox.fetch(new Request(`${SANDBOX_ORIGIN}/__sandbox/orders/${order.id}/pay`, { method: 'POST' }));
    assert.equal(paid.status, 200, await paid.clone().text());
    const genuine = await stack.call('/webhooks', jsonRequest('POST', { ...delivery, secret: WEBHOOK_SECRET }));
    assert.equal(genuine.status, 200);
    assert.deepEqual(await genuine.json(), { received: true });
    assert.equal(events.length, 1);
    assert.match((await nextChunk(1000)) ?? '', /"status":"paid"/);
    assert.equal(((await (await stack.call(`/orders/${order.id}?token=${order.orderToken}`)).json()) as { status: string }).status, 'paid');
    await stream.cancel();
  });
});
