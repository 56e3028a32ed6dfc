/**
 * A rolling deploy: two relays on one store behind a small round-robin balancer that follows
 * `readyz`, one of them drained and replaced while buyers keep paying. No charge may be lost,
 * none made twice, and no buyer may see an error.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { createRelay, toNodeHandler, type Relay } from '../../src/relay/index.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { CLIENT_ID, CLIENT_SECRET, pixChargeBody, PUBLIC_CLIENT_ID, SOLD_OFFERS } from './relay-harness.js';

interface Instance {
  relay: Relay;
  server: Server;
  port: number;
}

const CHECK_EVERY_MS = 40;
/** Charges each of the three buyers makes at most, and the pause before each. */
const CHARGES_PER_BUYER = 18;
const BUYER_PAUSE_MS = 40;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** One HTTP exchange on a fresh connection, so no pooled socket outlives an instance. */
function forward(port: number, method: string, path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('a rolling restart behind a balancer that follows readyz', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  after(() => running.close());

  it('loses no charge, makes none twice, and shows no buyer an error', async () => {
    const store = createMemoryStore();
    const start = async (): Promise<Instance> => {
      const relay = createRelay({
        apiBaseUrl: running.baseUrl,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        publicClientId: PUBLIC_CLIENT_ID,
        offers: SOLD_OFFERS,
        store,
        chargeRateLimit: false,
      });
      const server = createServer(toNodeHandler(relay));
      return { relay, server, port: await listen(server) };
    };
    const instances: Instance[] = [await start(), await start()];
    const healthy = new Set<number>(instances.map((instance) => instance.port));

    // The balancer: checks readyz of every instance, sends each request to the next healthy one.
    let stopped = false;
    const checker = (async () => {
      while (!stopped) {
        await Promise.all(
          instances.map(async ({ port }) => {
            const ready = await forward(port, 'GET', '/readyz', {}, Buffer.alloc(0)).then((answer) => answer.status === 200, () => false);
            if (ready) healthy.add(port);
            else healthy.delete(port);
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
      }
    })();
    let turn = 0;
    const balancer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const ports = [...healthy];
        if (ports.length === 0) {
          res.writeHead(503).end();
          return;
        }
        const port = ports[turn++ % ports.length]!;
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'connection' && name !== 'host')) as Record<string, string>;
        forward(port, req.method ?? 'GET', req.url ?? '/', headers, Buffer.concat(chunks)).then(
          (answer) => res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'text/plain' }).end(answer.body),
          () => res.writeHead(502).end(),
        );
      });
    });
    const balancerUrl = `http://127.0.0.1:${await listen(balancer)}`;

    const keys: string[] = [];
    const answers: { status: number; id?: string }[] = [];
    let buying = true;
    // The API takes 60 charges a minute and the relay's client refuses what would wait past 30 s:
    // three buyers of at most 18 charges each, spaced out, stay under it, so what is measured is
    // the deploy and never the API's limit.
    const buyer = async () => {
      for (let bought = 0; buying && bought < CHARGES_PER_BUYER; bought += 1) {
        await new Promise((resolve) => setTimeout(resolve, BUYER_PAUSE_MS));
        const key = randomUUID();
        keys.push(key);
        const response = await fetch(`${balancerUrl}/charges`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify(pixChargeBody()),
        });
        const body = (await response.json().catch(() => ({}))) as { id?: string };
        answers.push({ status: response.status, ...(body.id ? { id: body.id } : {}) });
      }
    };
    const buyers = [buyer(), buyer(), buyer()];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The deploy: drain the first instance, stop it, start its replacement.
      const old = instances[0]!;
      const servedBefore = answers.length;
      // The grace covers several rounds of checks even when a round is slow: each round waits for
      // both instances' readyz, which a machine busy with other tests can hold for 100 ms or more.
      await old.relay.close({ graceMs: CHECK_EVERY_MS * 25, timeoutMs: 10_000 });
      assert.ok(!healthy.has(old.port), 'the balancer took the draining instance out before it stopped');
      await new Promise<void>((resolve) => old.server.close(() => resolve()));
      instances[0] = await start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      buying = false;
      await Promise.all(buyers);
      assert.ok(answers.length > servedBefore + 5, `charges went on during the deploy (${answers.length})`);
    } finally {
      buying = false;
      stopped = true;
      await checker;
      balancer.closeAllConnections();
      await new Promise<void>((resolve) => balancer.close(() => resolve()));
      for (const instance of instances) {
        instance.server.closeAllConnections();
        await new Promise<void>((resolve) => instance.server.close(() => resolve()));
      }
    }

    assert.deepEqual(answers.filter((answer) => answer.status !== 201), [], 'no buyer saw an error');
    const ids = answers.map((answer) => answer.id);
    assert.equal(new Set(ids).size, keys.length, 'one order per attempt');
    const atApi = [...running.sandbox.world.orders.values()].filter((order) => ids.includes(order.id));
    assert.equal(atApi.length, keys.length, 'every order the buyers got exists at the API, once');
  });
});
