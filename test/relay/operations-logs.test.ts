import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRelayLogger, type LogFormat } from '../../src/relay/index.js';
import {
  CLIENT_SECRET,
  orderPath,
  pixChargeBody,
  postCharge,
  startRelay,
  TEST_CARDS,
  WEBHOOK_SECRET,
  type RelayUnderTest,
} from './relay-harness.js';

const CARD = TEST_CARDS.approved;
const CARD_SPACED = CARD.replace(/(\d{4})(?=\d)/g, '$1 ');
const ORDER_TOKEN_SECRET_GIVEN = 'order-token-secret-for-log-tests-0b9c1e77';

interface Captured {
  relay: RelayUnderTest;
  lines: string[];
  secrets: () => string[];
}

/**
 * A relay whose logger writes into `lines`, fed hostile inputs: card data in bodies and in a
 * request id, an order token in a query, a wrong webhook secret holding a card number, and a
 * merchant hook whose error message repeats every secret the relay holds.
 */
async function hostileSession(format: LogFormat): Promise<Captured> {
  const lines: string[] = [];
  const logger = await createRelayLogger({ format, level: 'trace', destination: { write: (line) => lines.push(line) } });
  let orderToken = '';
  let relay: RelayUnderTest;
  relay = await startRelay({
    logger,
    orderTokenSecret: ORDER_TOKEN_SECRET_GIVEN,
    onError: undefined,
    onOrder: () => {
      const token = relay.accessTokens.at(-1) ?? '';
      throw new Error(
        `hook failed: client_secret=${CLIENT_SECRET} webhook ${WEBHOOK_SECRET} Authorization: Bearer ${token} token ${token} ` +
          `order ${orderToken} pan ${CARD} / ${CARD_SPACED} key ${ORDER_TOKEN_SECRET_GIVEN}`,
      );
    },
  });
  const first = await postCharge(relay, pixChargeBody());
  assert.equal(first.status, 201);
  orderToken = ((await first.json()) as { orderToken: string }).orderToken;
  const second = await postCharge(relay, pixChargeBody(), { headers: { 'X-Request-Id': CARD } });
  assert.equal(second.status, 201);
  const order = (await second.json()) as { id: string; orderToken: string };
  assert.equal((await postCharge(relay, { ...pixChargeBody(), card: { number: CARD_SPACED, cvv: '987', expMonth: '12' } })).status, 400);
  assert.equal((await relay.call('GET', orderPath(order))).status, 200);
  assert.equal((await relay.call('GET', `/orders/${order.id}?token=${orderToken}x`)).status, 404);
  const forged = { secret: `wrong ${CARD}`, event: 'purchase_approved', data: { id: order.id, status: 'paid', card: CARD } };
  assert.equal((await relay.call('POST', '/webhooks', { body: forged })).status, 401);
  return {
    relay,
    lines,
    secrets: () => [CLIENT_SECRET, WEBHOOK_SECRET, ORDER_TOKEN_SECRET_GIVEN, orderToken, order.orderToken, ...relay.accessTokens, CARD, CARD_SPACED],
  };
}

function assertNothingLeaks(text: string, secrets: string[]): void {
  for (const secret of secrets) {
    assert.ok(secret.length > 8, `a test secret is too short to mean anything: ${secret}`);
    assert.ok(!text.includes(secret), `a log line holds ${secret.slice(0, 6)}…`);
  }
  // Figures the relay prints of its own may hold 987 by chance: a request id's hex, a time's
  // milliseconds (pretty lines print 10:29:05.987), a duration. Those are taken out first.
  const ownFigures = text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/\d{2}:\d{2}:\d{2}\.\d{3}/g, '<time>')
    .replace(/"?durationMs"?: ?\d+/g, '<duration>');
  assert.ok(!/(?<!\d)987(?!\d)/.test(ownFigures), 'the security code is not logged');
}

describe('structured logs', () => {
  it('one JSON line per event with the request id, and no secret, token or card number in any line', async () => {
    const { relay, lines, secrets } = await hostileSession('json');
    try {
      assert.ok(lines.length >= 8, `only ${lines.length} lines`);
      const entries = lines.map((line) => {
        assert.ok(line.endsWith('\n') && !line.slice(0, -1).includes('\n'), 'one line per event');
        return JSON.parse(line) as Record<string, unknown>;
      });
      const requests = entries.filter((entry) => entry['msg'] === 'request');
      assert.equal(requests.length, 6);
      for (const entry of requests) {
        assert.equal(typeof entry['requestId'], 'string');
        assert.equal(typeof entry['time'], 'string');
        assert.equal(entry['level'], 30);
      }
      assert.deepEqual(requests.map((entry) => entry['route']), ['/charges', '/charges', '/charges', '/orders/{id}', '/orders/{id}', '/webhooks']);
      assert.equal(requests[2]!['refusal'], 'card_data_refused');
      const failures = entries.filter((entry) => entry['msg'] === 'failure' && !/WebhookRefusedError/.test(JSON.stringify(entry['error'])));
      assert.equal(failures.length, 2, 'each failing onOrder is logged once');
      // The session's webhook with a wrong secret is told once too, for alerting, without the secret.
      assert.equal(entries.filter((entry) => entry['msg'] === 'failure' && /WebhookRefusedError/.test(JSON.stringify(entry['error']))).length, 1);
      assert.equal(failures[0]!['requestId'], requests[0]!['requestId'], 'the failure carries its request\'s id');
      assert.match(JSON.stringify(failures[0]!['error']), /hook failed.*\[redacted\] \(card\)/);
      assert.ok(entries.some((entry) => entry['msg'] === 'upstream' && entry['endpoint'] === '/public_api/token/'));
      assertNothingLeaks(lines.join(''), secrets());
    } finally {
      await relay.close();
    }
  });

  it('pretty lines are redacted alike', async () => {
    const { relay, lines, secrets } = await hostileSession('pretty');
    try {
      const text = lines.join('');
      assert.match(text, /INFO.*request/);
      assert.match(text, /hook failed/);
      assertNothingLeaks(text, secrets());
    } finally {
      await relay.close();
    }
  });

  it('refuses an unknown format or level', async () => {
    await assert.rejects(createRelayLogger({ format: 'xml' as LogFormat }), /format must be one of json, pretty/);
    await assert.rejects(createRelayLogger({ level: 'loud' as 'info' }), /level must be one of/);
  });
});
