import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createRelay, toNodeHandler, type RelayOptions } from '../../src/relay/index.js';
import { BODY_ALREADY_READ } from '../../src/relay/node.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { CLIENT_ID, CLIENT_SECRET, pixChargeBody, PUBLIC_CLIENT_ID, serveOnLoopback, SOLD_OFFERS } from './relay-harness.js';

/** A charge sent over loopback from `localAddress`, with the headers a proxy would add. */
function chargeFrom(url: string, localAddress: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(pixChargeBody());
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${url}/charges`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'Idempotency-Key': randomUUID(), ...headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function withServedRelay(options: Partial<RelayOptions>, test: (url: string, running: RunningSandbox) => Promise<void>): Promise<void> {
  const running = await startSandbox();
  const relay = createRelay({
    apiBaseUrl: running.baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    publicClientId: PUBLIC_CLIENT_ID,
    offers: SOLD_OFFERS,
    ...options,
  });
  const served = await serveOnLoopback(relay);
  try {
    await test(served.url, running);
  } finally {
    await served.close();
    await running.close();
  }
}

function customerIpOf(running: RunningSandbox, body: string): string | undefined {
  const { id } = JSON.parse(body) as { id: string };
  return running.sandbox.world.orders.get(id)?.customer.ip;
}

describe('toNodeHandler: the relay on a node:http server', () => {
  it('sends the socket address as customer.ip and ignores X-Forwarded-For without proxy trust', async () => {
    await withServedRelay({}, async (url, running) => {
      const answer = await chargeFrom(url, '127.0.0.9', { 'X-Forwarded-For': '198.51.100.66' });
      assert.equal(answer.status, 201, answer.body);
      assert.equal(customerIpOf(running, answer.body), '127.0.0.9');
    });
  });

  it('takes the address the trusted proxy saw with trustProxy: 1', async () => {
    await withServedRelay({ trustProxy: 1 }, async (url, running) => {
      const answer = await chargeFrom(url, '127.0.0.9', { 'X-Forwarded-For': '6.6.6.6, 198.51.100.66' });
      assert.equal(answer.status, 201, answer.body);
      assert.equal(customerIpOf(running, answer.body), '198.51.100.66');
    });
  });

  it('matches routes under basePath and nowhere else', async () => {
    await withServedRelay({ basePath: '/api/pay' }, async (url) => {
      assert.equal((await fetch(`${url}/api/pay/config?offer=77BcHrY`)).status, 200);
      assert.equal((await fetch(`${url}/api/pay/config/?offer=77BcHrY`)).status, 200, 'a trailing slash is the same route');
      const outside = await fetch(`${url}/config?offer=77BcHrY`);
      assert.equal(outside.status, 404);
      assert.equal(((await outside.json()) as { error: { type: string } }).error.type, 'not_found');
      assert.equal((await fetch(`${url}/api/payments/config?offer=77BcHrY`)).status, 404);
    });
  });

  it('refuses a declared body over the limit without reading it', async () => {
    await withServedRelay({ maxBodyBytes: 100 }, async (url) => {
      const answer = await chargeFrom(url, '127.0.0.1');
      assert.equal(answer.status, 413);
      assert.equal((JSON.parse(answer.body) as { error: { type: string } }).error.type, 'payload_too_large');
    });
  });

  it('says so in its own error shape when a body parser read the body first', async () => {
    const running = await startSandbox();
    const relay = createRelay({ apiBaseUrl: running.baseUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, publicClientId: PUBLIC_CLIENT_ID, offers: SOLD_OFFERS });
    const app = express();
    app.use(express.json());
    app.use('/checkout', toNodeHandler(relay));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await chargeFrom(`http://127.0.0.1:${port}/checkout`, '127.0.0.1');
      assert.equal(answer.status, 500);
      assert.deepEqual(JSON.parse(answer.body), { error: { type: 'internal', message: BODY_ALREADY_READ } });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await running.close();
    }
  });
});
