import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ChargeAnswer } from '../../src/relay/index.js';
import {
  orderPath,
  cardChargeBody,
  CLIENT_SECRET,
  pixChargeBody,
  postCharge,
  sandboxControl,
  startRelay,
  tokenizeCard,
  WEBHOOK_SECRET,
} from './relay-harness.js';

/** The whole answer as text: status, every header, and the body (an event stream until it ends). */
async function wholeAnswer(response: Response): Promise<string> {
  const headers = [...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n');
  return `${response.status}\n${headers}\n\n${await response.text()}`;
}

describe('no answer of the relay carries a secret or an access token', () => {
  it('on every route, answered or refused', async () => {
    const relay = await startRelay({ orderRefreshMs: 0 });
    try {
      const answers: string[] = [];
      const record = async (response: Response) => answers.push(await wholeAnswer(response));
      const cors = { Origin: 'https://shop.example' };

      await record(await relay.call('GET', '/config?offer=77BcHrY', { headers: cors }));
      await record(await relay.call('GET', '/config?offer=ENGLusd', { headers: cors }));
      await record(await relay.call('OPTIONS', '/charges', { headers: cors }));
      const pixResponse = await postCharge(relay, pixChargeBody(), { headers: cors });
      const pix = (await pixResponse.clone().json()) as ChargeAnswer;
      await record(pixResponse);
      const token = await tokenizeCard(relay.running);
      await record(await postCharge(relay, cardChargeBody('credit_card', token)));
      await record(await postCharge(relay, { ...pixChargeBody(), bogus: 1 }));
      await record(await postCharge(relay, { ...pixChargeBody(), card: { number: '4111111111111111' } }));
      await record(await postCharge(relay, { ...pixChargeBody(), items: [{ offerId: 'BOLEplan' }], pixExpiresIn: 601 }));
      await record(await relay.call('POST', '/charges', { body: pixChargeBody() }));
      await record(await relay.call('GET', orderPath(pix), { headers: cors }));
      await sandboxControl(relay.running, 'POST', `/__sandbox/orders/${pix.id}/pay`);
      await record(await relay.call('GET', orderPath(pix, '/events'), { headers: cors }));
      await record(await relay.call('GET', '/orders/ord_fx0001'));
      const delivery = { secret: WEBHOOK_SECRET, event: 'purchase_approved', data: { id: pix.id, status: 'paid' } };
      await record(await relay.call('POST', '/webhooks', { body: delivery }));
      await record(await relay.call('POST', '/webhooks', { body: delivery }));
      await record(await relay.call('POST', '/webhooks', { body: { ...delivery, secret: `${WEBHOOK_SECRET}x` } }));
      await record(await relay.call('POST', '/webhooks', { body: { secret: WEBHOOK_SECRET, event: 'x' } }));
      await record(await relay.call('DELETE', '/charges'));
      await record(await relay.call('GET', '/nowhere'));

      assert.ok(relay.accessTokens.length > 0, 'the relay did get a token');
      const secrets = [CLIENT_SECRET, WEBHOOK_SECRET, ...relay.accessTokens];
      assert.equal(answers.length, 18);
      for (const answer of answers) {
        for (const secret of secrets) assert.equal(answer.includes(secret), false, `an answer holds a secret:\n${answer}`);
        assert.doesNotMatch(answer, /Bearer|access_token|client_secret/i);
      }
      assert.ok(answers.some((answer) => answer.includes('"status":"paid"')), 'the stream really ran');
    } finally {
      await relay.close();
    }
  });

  it('when the credentials are wrong', async () => {
    const relay = await startRelay({ clientSecret: `wrong-${randomUUID()}` });
    try {
      const answers = [
        await wholeAnswer(await relay.call('GET', '/config?offer=77BcHrY')),
        await wholeAnswer(await postCharge(relay, pixChargeBody())),
      ];
      for (const answer of answers) {
        assert.match(answer, /^500\n/);
        assert.doesNotMatch(answer, /wrong-|invalid_client|sandbox-client/);
      }
    } finally {
      await relay.close();
    }
  });
});
