/**
 * A webhook delivery carries only a shared `secret` (supplement, "Webhook deliveries": no
 * signature), so anyone who saw one delivery can forge the next. These tests forge deliveries
 * with the right secret against a relay in front of the real sandbox and check that none of
 * them moves money: a status the spec does not document is refused, a final status the API
 * does not show changes nothing and reaches `onError` as `webhook_unconfirmed`, and the
 * genuine delivery that follows a forgery is still applied.
 */
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiServerError } from '../../src/client/index.js';
import { UnconfirmedWebhookError, type PublicOrder, type RelayWebhookEvent } from '../../src/relay/index.js';
import type { RunningSandbox } from '../sandbox/harness.js';
import {
  cardChargeBody,
  pixChargeBody,
  postCharge,
  refusal,
  sandboxControl,
  serveOnLoopback,
  signedOrderPath,
  startRelay,
  tokenizeCard,
  WEBHOOK_SECRET,
  type RelayUnderTest,
  type ServedRelayForTest,
} from './relay-harness.js';

interface SandboxDelivery {
  event: string;
  orderId: string | null;
  attempts: { status: number | null }[];
  state: string;
}

/** Waits until the sandbox has made `attempts` attempts of the `event` delivery of `orderId`. */
async function attemptsOf(running: RunningSandbox, event: string, orderId: string, attempts: number): Promise<SandboxDelivery> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${running.baseUrl}/__sandbox/webhooks/deliveries?event=${event}`);
    const found = ((await response.json()) as { results: SandboxDelivery[] }).results.find((delivery) => delivery.orderId === orderId);
    if (found && found.attempts.length >= attempts) return found;
    if (Date.now() > deadline) throw new Error(`no ${attempts} attempt(s) of ${event} for ${orderId}: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function createOrder(relay: RelayUnderTest, body: unknown = pixChargeBody()): Promise<PublicOrder> {
  const response = await postCharge(relay, body);
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()) as PublicOrder;
}

async function statusOf(relay: RelayUnderTest, id: string): Promise<string> {
  const response = await relay.call('GET', await signedOrderPath(id));
  assert.equal(response.status, 200);
  return ((await response.json()) as PublicOrder).status;
}

/** The first `count` blocks of the order's event stream (events and keep-alive comments, not the reconnection delay), then the stream is left. */
async function streamBlocks(relay: RelayUnderTest, id: string, count: number): Promise<string[]> {
  const response = await relay.call('GET', await signedOrderPath(id, '/events'));
  assert.equal(response.status, 200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (statusBlocks(text).length <= count) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel();
  }
  return statusBlocks(text).slice(0, count);
}

/** The blocks of a stream's text, without the `retry:` one that tells EventSource how long to wait before reconnecting. */
function statusBlocks(text: string): string[] {
  return text.split('\n\n').filter((block) => !block.startsWith('retry:'));
}

function forged(event: string, id: string, status: string): Record<string, unknown> {
  return { secret: WEBHOOK_SECRET, event, data: { id, status, paymentMethod: 'pix', amount: '97.00' } };
}

/** What `onError` got about unconfirmed deliveries, checked as the merchant's alerting would read it. */
function unconfirmedReports(relay: RelayUnderTest): UnconfirmedWebhookError[] {
  const reports = relay.reported.filter((error) => (error as { type?: unknown }).type === 'webhook_unconfirmed');
  for (const report of reports) assert.ok(report instanceof UnconfirmedWebhookError, 'of the exported class');
  return reports as UnconfirmedWebhookError[];
}

describe('POST webhooks: a forged delivery with the right secret moves no money', () => {
  let relay: RelayUnderTest;
  let served: ServedRelayForTest;
  let events: RelayWebhookEvent[];

  beforeEach(async () => {
    events = [];
    // Statuses come from webhooks only (no fallback read), and an open stream shows its keep-alive soon.
    relay = await startRelay({
      orderRefreshMs: 3_600_000,
      events: { pollMs: 3_600_000, maxPollMs: 3_600_000, keepAliveMs: 20 },
      onEvent: (event) => void events.push(event),
    });
    served = await serveOnLoopback(relay.relay);
  });
  afterEach(async () => {
    await served.close();
    await relay.close();
  });

  function registerApp(): Promise<Response> {
    return sandboxControl(relay.running, 'POST', '/__sandbox/webhooks', {
      url: `${served.url}/webhooks`,
      secret: WEBHOOK_SECRET,
      events: ['pix_gerado', 'purchase_approved'],
    });
  }

  it('refuses a status the spec does not document with 400, stores nothing, and the genuine delivery still counts', async () => {
    await registerApp();
    const order = await createOrder(relay);
    await attemptsOf(relay.running, 'pix_gerado', order.id, 1);
    const eventsBefore = events.length;
    for (const status of ['PAID', '<script>alert(1)</script>', 'paid ', 'approved']) {
      const error = await refusal(await relay.call('POST', '/webhooks', { body: forged('purchase_approved', order.id, status) }), 400);
      assert.equal(error.type, 'invalid_request', status);
      assert.deepEqual(Object.keys(error.fields ?? {}), ['data.status'], status);
      assert.equal(JSON.stringify(error).includes(status), false, 'the refusal does not echo the status');
    }
    assert.equal(events.length, eventsBefore, 'onEvent was not called');
    assert.equal(await statusOf(relay, order.id), 'waiting_payment');

    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const genuine = await attemptsOf(relay.running, 'purchase_approved', order.id, 1);
    assert.deepEqual(genuine.attempts.map((attempt) => attempt.status), [200]);
    assert.equal(await statusOf(relay, order.id), 'paid');
    assert.deepEqual(events.filter((event) => event.event === 'purchase_approved').map((event) => event.data.status), ['paid']);
  });

  it('does not pay an order the API shows waiting: 200, nothing stored, no onEvent, webhook_unconfirmed to onError', async () => {
    await registerApp();
    const order = await createOrder(relay);
    // A waiting status moves no money: the genuine pix_gerado is applied without reading the order.
    assert.deepEqual((await attemptsOf(relay.running, 'pix_gerado', order.id, 1)).attempts.map((attempt) => attempt.status), [200]);
    assert.equal(relay.upstreamCount(`/public_api/orders/${order.id}/`), 0, 'pix_gerado was applied without a read');
    const eventsBefore = events.length;

    const response = await relay.call('POST', '/webhooks', { body: forged('purchase_approved', order.id, 'paid') });
    assert.equal(response.status, 200, 'the API would otherwise deliver a genuine but unconfirmed event for half an hour');
    const answer = await response.text();
    assert.deepEqual(JSON.parse(answer), { received: true, confirmed: false });
    assert.equal(relay.upstreamCount(`/public_api/orders/${order.id}/`), 1, 'the claim was read back from the API');
    assert.equal(events.length, eventsBefore, 'onEvent was not called');
    assert.equal(await statusOf(relay, order.id), 'waiting_payment');
    const [open, next] = await streamBlocks(relay, order.id, 2);
    assert.equal(open, `event: status\ndata: ${JSON.stringify({ id: order.id, status: 'waiting_payment' })}`);
    assert.equal(next, ': keep-alive', 'the stream stays open on waiting_payment');

    const reports = unconfirmedReports(relay);
    assert.equal(reports.length, 1);
    const [report] = reports;
    assert.equal(report!.name, 'UnconfirmedWebhookError');
    assert.deepEqual(
      { event: report!.event, orderId: report!.orderId, claimedStatus: report!.claimedStatus, apiStatus: report!.apiStatus },
      { event: 'purchase_approved', orderId: order.id, claimedStatus: 'paid', apiStatus: 'waiting_payment' },
    );
    assert.equal(`${report!.message}${JSON.stringify(report)}`.includes(WEBHOOK_SECRET), false, 'the report never holds the secret');

    // The forgery left no de-duplication mark: the genuine delivery is applied, and onEvent runs once.
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const genuine = await attemptsOf(relay.running, 'purchase_approved', order.id, 1);
    assert.deepEqual(genuine.attempts.map((attempt) => attempt.status), [200]);
    assert.equal(await statusOf(relay, order.id), 'paid');
    const approved = events.filter((event) => event.event === 'purchase_approved');
    assert.equal(approved.length, 1);
    assert.equal(approved[0]!.data.status, 'paid');
    assert.equal(unconfirmedReports(relay).length, 1, 'the genuine delivery is not reported');
  });

  it('does not move a paid order to another final status the API does not show', async () => {
    const order = await createOrder(relay, cardChargeBody('credit_card', await tokenizeCard(relay.running)));
    assert.equal(order.status, 'paid');
    const claims = [
      ['purchase_refused', 'refused'],
      ['purchase_refused', 'declined'],
      ['refund', 'refunded'],
      ['chargeback', 'chargeback'],
      ['subscription_canceled', 'canceled'],
    ] as const;
    for (const [event, status] of claims) {
      const response = await relay.call('POST', '/webhooks', { body: forged(event, order.id, status) });
      assert.equal(response.status, 200, status);
      assert.deepEqual(await response.json(), { received: true, confirmed: false }, status);
      assert.equal(await statusOf(relay, order.id), 'paid', `${status} was not applied`);
    }
    assert.equal(events.length, 0, 'onEvent was not called');
    assert.deepEqual(
      unconfirmedReports(relay).map((report) => [report.event, report.claimedStatus, report.apiStatus]),
      claims.map(([event, status]) => [event, status, 'paid']),
    );
    assert.deepEqual((await streamBlocks(relay, order.id, 1))[0], `event: status\ndata: ${JSON.stringify({ id: order.id, status: 'paid' })}`);

    // The status the API does show is applied, read back like any final status.
    const confirmed = await relay.call('POST', '/webhooks', { body: forged('purchase_approved', order.id, 'paid') });
    assert.deepEqual(await confirmed.json(), { received: true });
    assert.deepEqual(events.map((event) => [event.event, event.data.status]), [['purchase_approved', 'paid']]);
  });

  it('answers the API\'s test event 200 and reports it unconfirmed: its order does not exist', async () => {
    const app = (await (await registerApp()).json()) as { id: number };
    const sent = await relay.running.api('POST', `/public_api/webhook/event_test/${app.id}/?event=purchase_approved`);
    assert.equal(sent.status, 200, await sent.clone().text());
    const reports = await (async () => {
      const deadline = Date.now() + 5000;
      while (unconfirmedReports(relay).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      return unconfirmedReports(relay);
    })();
    assert.equal(reports.length, 1);
    assert.match(reports[0]!.orderId, /^test_/);
    assert.equal(reports[0]!.claimedStatus, 'paid');
    assert.equal(reports[0]!.apiStatus, null, 'the API has no such order');
    assert.deepEqual(events, []);
  });

  it('answers 503 while the API cannot be read, applies nothing, and the API\'s retry applies the delivery', async () => {
    await sandboxControl(relay.running, 'POST', '/__sandbox/webhooks', { url: `${served.url}/webhooks`, secret: WEBHOOK_SECRET, events: ['purchase_approved'] });
    const order = await createOrder(relay);
    await sandboxControl(relay.running, 'PUT', '/__sandbox/faults', {
      rules: [{ method: 'GET', path: `/public_api/orders/${order.id}/`, status: 503 }],
    });
    await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${order.id}/pay`);
    const failed = await attemptsOf(relay.running, 'purchase_approved', order.id, 1);
    assert.deepEqual(failed.attempts.map((attempt) => attempt.status), [503]);
    assert.equal(await statusOf(relay, order.id), 'waiting_payment');
    assert.equal(events.length, 0);
    assert.equal(unconfirmedReports(relay).length, 0, 'an unreadable API is not a forgery');
    assert.equal(relay.reported.length, 1, 'the failure is reported');
    assert.ok((relay.reported[0] as Error).cause instanceof ApiServerError, 'with the API\'s answer as its cause');

    await sandboxControl(relay.running, 'DELETE', '/__sandbox/faults');
    await sandboxControl(relay.running, 'POST', '/__sandbox/clock', { advanceSeconds: 5 });
    const retried = await attemptsOf(relay.running, 'purchase_approved', order.id, 2);
    assert.deepEqual(retried.attempts.map((attempt) => attempt.status), [503, 200]);
    assert.equal(await statusOf(relay, order.id), 'paid');
    assert.deepEqual(events.map((event) => [event.event, event.data.status]), [['purchase_approved', 'paid']]);
  });
});
