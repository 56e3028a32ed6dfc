import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PayClient } from '../../src/client/index.js';
import type { ChargeResponse } from '../../src/contract/charge-response.js';
import { createRelay, toNodeHandler, type Relay } from '../../src/relay/index.js';
import { ORDER_TOKEN_SECRET, pixChargeBody, PUBLIC_CLIENT_ID, SOLD_OFFERS } from './relay-harness.js';

/** The API's answer to every charge of this file: the relay is measured, not the API. */
const CHARGE: ChargeResponse = {
  id: 'ord_node_path',
  refId: 'R7K2Q',
  amount: '97.00',
  baseAmount: '97.00',
  discount: '0.00',
  fees: '1.93',
  externalId: 'sbx_pix_node_path',
  createdAt: '2026-11-26T00:21:32-03:00',
  product: { id: 'prod_foto', short_id: 'FOTO01', name: 'Curso de Fotografia' },
  offer: { id: '77BcHrY', name: 'Curso de Fotografia à vista', price: 97 },
  paymentMethod: 'pix',
  status: 'waiting_payment',
  checkoutUrl: 'https://pay.example.com/checkout/ord_node_path',
  pix: { qrCode: '00020126580014br.gov.bcb.pix0136abc5204000053039865802BR6304ABCD', expirationDate: '2026-11-26 01:21:32-03:00', user_journey: null },
};

/** Counts what is made of the web classes a fetch handler is built of, while installed. */
function countWebObjects() {
  const counts = { Request: 0, Response: 0, ReadableStream: 0 };
  const originals = { Request: globalThis.Request, Response: globalThis.Response, ReadableStream: globalThis.ReadableStream };
  for (const name of Object.keys(originals) as (keyof typeof originals)[]) {
    const Original = originals[name] as unknown as new (...args: unknown[]) => object;
    globalThis[name] = class extends Original {
      constructor(...args: unknown[]) {
        super(...args);
        counts[name] += 1;
      }
    } as never;
  }
  return {
    counts,
    restore: () => Object.assign(globalThis, originals),
  };
}

function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', agent: false, headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: incoming.headers }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('toNodeHandler: a relay made by createRelay, served without web objects', () => {
  let relay: Relay;
  let server: Server;
  let url: string;
  before(async () => {
    const client = { createCharge: async () => structuredClone(CHARGE) } as unknown as PayClient;
    relay = createRelay({
      apiBaseUrl: 'https://api.example.com',
      client,
      orderTokenSecret: ORDER_TOKEN_SECRET,
      publicClientId: PUBLIC_CLIENT_ID,
      offers: SOLD_OFFERS,
      allowedOrigins: ['https://shop.example'],
    });
    server = createServer(toNodeHandler(relay));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers POST charges with no Request, Response or web stream made, as fetch answers it', async () => {
    const body = JSON.stringify(pixChargeBody());
    const headers = { 'Content-Type': 'application/json', Origin: 'https://shop.example' };
    const web = countWebObjects();
    let answer: Awaited<ReturnType<typeof post>>;
    try {
      answer = await post(`${url}/charges`, body, { ...headers, 'Idempotency-Key': randomUUID() });
    } finally {
      web.restore();
    }
    assert.equal(answer.status, 201, answer.text);
    assert.deepEqual(web.counts, { Request: 0, Response: 0, ReadableStream: 0 });

    const fetched = await relay.fetch(new Request('http://relay.test/charges', { method: 'POST', headers: { ...headers, 'Idempotency-Key': randomUUID() }, body }));
    const { orderToken: nodeToken, ...nodeOrder } = JSON.parse(answer.text) as Record<string, unknown>;
    const { orderToken: fetchToken, ...fetchOrder } = (await fetched.json()) as Record<string, unknown>;
    assert.deepEqual(nodeOrder, fetchOrder);
    assert.equal(nodeToken, fetchToken, 'one order, one token');
    for (const name of ['content-type', 'cache-control', 'vary', 'access-control-allow-origin', 'access-control-expose-headers']) {
      assert.equal(answer.headers[name], fetched.headers.get(name), name);
    }
  });

  it('refuses a body past the limit that names no length, as the fetch handler does', async () => {
    const padding = 'x'.repeat(20_000);
    const body = JSON.stringify({ ...pixChargeBody(), padding });
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = httpRequest(`${url}/charges`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), 'Transfer-Encoding': 'chunked' } }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      });
      outgoing.on('error', reject);
      for (let at = 0; at < body.length; at += 1_000) outgoing.write(body.slice(at, at + 1_000));
      outgoing.end();
    });
    assert.equal(answer.status, 413, answer.text);
    assert.equal((JSON.parse(answer.text) as { error: { type: string } }).error.type, 'payload_too_large');
  });
});
