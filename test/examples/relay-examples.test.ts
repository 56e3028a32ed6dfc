/**
 * The mounting examples of docs/relay.md, run against a real sandbox: each one serves the
 * widget's config, creates a Pix charge once however often the attempt is sent, reads the
 * order back, takes the sandbox's real webhook delivery and streams the payment, without a
 * secret in any answer the browser gets.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShopApp as createExpressApp } from '../../examples/relay/express.js';
import { createShopApp as createHonoApp } from '../../examples/relay/hono.js';
import { createShopServer } from '../../examples/relay/node-http.js';
import { toNodeListener } from '../../src/http/node-listener.js';
import type { ChargeAnswer, PublicOrder, StatusChange, WidgetConfig } from '../../src/relay/index.js';
import { pixChargeBody } from '../sandbox/controls-requests.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';

const CLIENT_ID = 'sandbox-client';
const CLIENT_SECRET = 'sandbox-secret';
const PUBLIC_CLIENT_ID = 'sandbox-public';
const WEBHOOK_SECRET = 'whsec-examples-5d2a';
const SHOP = 'https://shop.example';
const OFFER = '77BcHrY';
/** What a Next.js host's proxy appends to X-Forwarded-For, and what the Hono runtime reports. */
const BUYER_IP = '198.51.100.23';
const PUBLIC_ORDER_KEYS = ['amount', 'boleto', 'createdAt', 'id', 'orderToken', 'paymentMethod', 'pix', 'refId', 'status'];
/** Secrets read from the environment, under the names `pay-checkout relay` uses. */
const SECRETS_ENV = { PAY_CHECKOUT_CLIENT_SECRET: CLIENT_SECRET, PAY_CHECKOUT_WEBHOOK_SECRET: WEBHOOK_SECRET };

/** A request to the example as the browser (or the API) would send it; `path` includes the mount point. */
type Send = (path: string, init?: RequestInit) => Promise<Response>;

interface Served {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<Served> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fetch handler on a loopback port, as a runtime would serve it, so the sandbox can deliver webhooks to it. */
function serveFetch(handler: (request: Request) => Promise<Response>): Promise<Served> {
  return listen(createServer(toNodeListener((request) => handler(request))));
}

function settingsFor(running: RunningSandbox) {
  return { apiBaseUrl: running.baseUrl, clientId: CLIENT_ID, publicClientId: PUBLIC_CLIENT_ID, offers: [OFFER], allowedOrigins: [SHOP] };
}

/** No credential of the relay in a browser-facing answer: neither secret, nor an access token (a JWT). */
function assertNothingSecret(text: string): void {
  assert.equal(text.includes(CLIENT_SECRET), false, 'the API secret leaked');
  assert.equal(text.includes(WEBHOOK_SECRET), false, 'the webhook secret leaked');
  assert.doesNotMatch(text, /eyJ[\w-]+\.[\w-]+\.[\w-]+/, 'an access token leaked');
}

async function jsonOf<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  assert.equal(response.status, status, text);
  assertNothingSecret(text);
  return JSON.parse(text) as T;
}

function postCharge(send: Send, prefix: string, key: string, headers: Record<string, string> = {}): Promise<Response> {
  return send(`${prefix}/charges`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, Origin: SHOP, ...headers },
    body: JSON.stringify(pixChargeBody()),
  });
}

/** Reads `status` events of a server-sent-event stream one at a time; undefined once the server ends it. */
function followStatus(response: Response): { next(): Promise<StatusChange | undefined>; cancel(): Promise<void> } {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const [first, second] = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          if (first === 'event: status' && second?.startsWith('data: ')) return JSON.parse(second.slice('data: '.length)) as StatusChange;
          continue;
        }
        const { done, value } = await reader.read();
        if (done) return undefined;
        buffer += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

interface Delivery {
  orderId: string | null;
  body: unknown;
  attempts: { status: number | null }[];
}

/** The sandbox's `purchase_approved` delivery of the order, once it was attempted. */
async function approvalDelivery(running: RunningSandbox, orderId: string): Promise<Delivery> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await fetch(`${running.baseUrl}/__sandbox/webhooks/deliveries?event=purchase_approved`);
    const found = ((await response.json()) as { results: Delivery[] }).results.find((delivery) => delivery.orderId === orderId);
    if (found && found.attempts.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no attempted purchase_approved delivery for ${orderId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function sandboxControl(running: RunningSandbox, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${running.baseUrl}${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.status < 300, `${path}: ${response.status} ${await response.text()}`);
}

/** The widget's config for offer 77BcHrY, readable by the shop's origin. */
async function checkConfig(send: Send, prefix: string): Promise<void> {
  const response = await send(`${prefix}/config?offer=${OFFER}`, { headers: { Origin: SHOP } });
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), SHOP);
  const config = await jsonOf<WidgetConfig>(response, 200);
  assert.deepEqual(config.offer, { id: OFFER, name: config.offer.name, price: '97.00' });
  assert.ok(config.paymentMethods.includes('pix'));
  assert.deepEqual(config.installments.map((option) => option.installments), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assert.equal(config.tokenization.publicClientId, PUBLIC_CLIENT_ID);
}

/**
 * A Pix charge sent twice with one Idempotency-Key is one order, carrying the buyer's address,
 * and reads back through the order route. Answers the order.
 */
async function checkCharge(send: Send, prefix: string, running: RunningSandbox, buyerIp: string, headers: Record<string, string> = {}): Promise<ChargeAnswer> {
  const ordersBefore = running.sandbox.world.orders.size;
  const key = randomUUID();
  const order = await jsonOf<ChargeAnswer>(await postCharge(send, prefix, key, headers), 201);
  assert.equal(order.status, 'waiting_payment');
  assert.equal(order.paymentMethod, 'pix');
  assert.ok(order.pix?.qrCode.startsWith('000201'), 'a Pix copy-and-paste code');
  assert.ok(Object.keys(order).every((name) => PUBLIC_ORDER_KEYS.includes(name)), `only the public view: ${Object.keys(order).join(', ')}`);

  const replay = await jsonOf<PublicOrder>(await postCharge(send, prefix, key, headers), 201);
  assert.equal(replay.id, order.id, 'the same attempt is the same order');
  assert.equal(running.sandbox.world.orders.size, ordersBefore + 1, 'exactly one order created');
  assert.equal(running.sandbox.world.orders.get(order.id)?.customer.ip, buyerIp);

  const read = await jsonOf<PublicOrder>(await send(`${prefix}/orders/${order.id}`, { headers: { Origin: SHOP, Authorization: `Bearer ${order.orderToken}` } }), 200);
  assert.equal(read.id, order.id);
  assert.equal(read.status, 'waiting_payment');
  return order;
}

/**
 * The sandbox's webhook app delivers to `webhookUrl`; paying the order reaches the buyer's
 * event stream as `paid`, the relay answered the delivery 200, and the order reads as paid.
 * Answers the delivery.
 */
async function checkWebhookPayment(send: Send, prefix: string, running: RunningSandbox, webhookUrl: string, headers: Record<string, string> = {}): Promise<Delivery> {
  await sandboxControl(running, '/__sandbox/webhooks', { url: webhookUrl, secret: WEBHOOK_SECRET, events: ['purchase_approved'] });
  const order = await jsonOf<ChargeAnswer>(await postCharge(send, prefix, randomUUID(), headers), 201);
  const response = await send(`${prefix}/orders/${order.id}/events?token=${order.orderToken}`, { headers: { Origin: SHOP } });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('Content-Type'), 'text/event-stream; charset=utf-8');
  const events = followStatus(response);
  try {
    assert.deepEqual(await events.next(), { id: order.id, status: 'waiting_payment' });
    await sandboxControl(running, `/__sandbox/orders/${order.id}/pay`);
    assert.deepEqual(await events.next(), { id: order.id, status: 'paid' });
    assert.equal(await events.next(), undefined, 'the stream ends on a final status');
  } finally {
    await events.cancel();
  }
  const delivery = await approvalDelivery(running, order.id);
  assert.deepEqual(delivery.attempts.map((attempt) => attempt.status), [200]);
  const read = await jsonOf<PublicOrder>(await send(`${prefix}/orders/${order.id}?token=${order.orderToken}`), 200);
  assert.equal(read.status, 'paid');
  return delivery;
}

describe('examples/relay/node-http.ts', () => {
  let running: RunningSandbox;
  let served: Served;
  let send: Send;
  before(async () => {
    running = await startSandbox();
    served = await listen(createShopServer(settingsFor(running), SECRETS_ENV));
    send = (path, init) => fetch(`${served.url}${path}`, init);
  });
  after(async () => {
    await served.close();
    await running.close();
  });

  it('fails at start, naming the option, without the secret in the environment', () => {
    assert.throws(() => createShopServer(settingsFor(running), {}), /clientSecret is required/);
  });

  it('serves the config under /checkout and leaves other paths to the shop', async () => {
    await checkConfig(send, '/checkout');
    assert.equal((await send('/')).status, 200);
    assert.equal((await send('/config?offer=77BcHrY')).status, 404, 'the relay answers under /checkout only');
  });

  it('creates one order per Idempotency-Key with the socket address as the buyer IP, and reads it', async () => {
    await checkCharge(send, '/checkout', running, '127.0.0.1');
  });

  it('takes the sandbox webhook, streams paid, and answers a repeat or a wrong secret without reprocessing', async () => {
    const delivery = await checkWebhookPayment(send, '/checkout', running, `${served.url}/checkout/webhooks`);
    const post = (body: unknown) => send('/checkout/webhooks', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    assert.deepEqual(await jsonOf(await post(delivery.body), 200), { received: true, duplicate: true });
    const forged = await post({ ...(delivery.body as object), secret: 'guessed' });
    assert.equal(((await jsonOf<{ error: { type: string } }>(forged, 401)).error.type), 'unauthorized');
  });

  it('refuses card data before anything reaches the API, without echoing it', async () => {
    const response = await send('/checkout/charges', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ ...pixChargeBody(), card: { number: '4111111111111111', cvv: '123' } }),
    });
    const text = await response.text();
    assert.equal(response.status, 400, text);
    assert.equal((JSON.parse(text) as { error: { type: string } }).error.type, 'card_data_refused');
    assert.equal(text.includes('4111111111111111'), false);
  });
});

describe('examples/relay/express.ts', () => {
  let running: RunningSandbox;
  let served: Served;
  let send: Send;
  before(async () => {
    running = await startSandbox();
    const app = createExpressApp(settingsFor(running), SECRETS_ENV);
    served = await listen(createServer(app));
    send = (path, init) => fetch(`${served.url}${path}`, init);
  });
  after(async () => {
    await served.close();
    await running.close();
  });

  it('serves the config under /checkout (stripped by app.use, basePath empty)', async () => {
    await checkConfig(send, '/checkout');
  });

  it('creates one order per Idempotency-Key and reads it, with express.json() in the same app', async () => {
    await checkCharge(send, '/checkout', running, '127.0.0.1');
    const newsletter = await send('/api/newsletter', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"ana@example.com"}' });
    assert.deepEqual(await jsonOf(newsletter, 201), { subscribed: 'ana@example.com' });
  });

  it('takes the sandbox webhook and streams paid', async () => {
    await checkWebhookPayment(send, '/checkout', running, `${served.url}/checkout/webhooks`);
  });
});

describe('examples/relay/hono.ts', () => {
  let running: RunningSandbox;
  let app: ReturnType<typeof createHonoApp>;
  let send: Send;
  before(async () => {
    running = await startSandbox();
    app = createHonoApp(settingsFor(running), { env: SECRETS_ENV, getConnInfo: () => ({ remote: { address: BUYER_IP, addressType: 'IPv4' } }) });
    // The app is a fetch handler: called directly, with no server in between.
    send = async (path, init) => app.fetch(new Request(`http://shop.test${path}`, init));
  });
  after(() => running.close());

  it('serves the config under /checkout', async () => {
    await checkConfig(send, '/checkout');
  });

  it('creates one order per Idempotency-Key with the address getConnInfo gives, and reads it', async () => {
    await checkCharge(send, '/checkout', running, BUYER_IP);
  });

  it('takes the sandbox webhook and streams paid', async () => {
    const served = await serveFetch(async (request) => app.fetch(request));
    try {
      await checkWebhookPayment(send, '/checkout', running, `${served.url}/checkout/webhooks`);
    } finally {
      await served.close();
    }
  });
});

describe('examples/relay/next-route-handler.ts as app/api/checkout/[...path]/route.ts', () => {
  let running: RunningSandbox;
  let route: typeof import('../../examples/relay/next-route-handler.js');
  let send: Send;
  const saved = { ...process.env };
  /**
   * What reaches Next.js behind a load balancer (10.0.0.7) behind the host's proxy: the buyer's
   * own forged entry, the buyer's address as the host's proxy saw it, the load balancer's.
   */
  const forwarded = { 'X-Forwarded-For': `6.6.6.6, ${BUYER_IP}, 10.0.0.7` };

  before(async () => {
    running = await startSandbox();
    Object.assign(process.env, SECRETS_ENV, {
      PAY_CHECKOUT_API_URL: running.baseUrl,
      PAY_CHECKOUT_CLIENT_ID: CLIENT_ID,
      PAY_CHECKOUT_PUBLIC_CLIENT_ID: PUBLIC_CLIENT_ID,
      PAY_CHECKOUT_OFFERS: OFFER,
      PAY_CHECKOUT_ALLOWED_ORIGINS: SHOP,
      PAY_CHECKOUT_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1',
    });
    route = await import('../../examples/relay/next-route-handler.js');
    // Next.js calls the export named after the request's method with the Web Request.
    send = async (path, init) => {
      const request = new Request(`http://shop.test${path}`, init);
      const handler = { GET: route.GET, POST: route.POST, OPTIONS: route.OPTIONS }[request.method];
      assert.ok(handler, `no export for ${request.method}`);
      return handler(request);
    };
  });
  after(async () => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    await running.close();
  });

  it('runs on Node.js and is never cached', () => {
    assert.equal(route.runtime, 'nodejs');
    assert.equal(route.dynamic, 'force-dynamic');
  });

  it('answers the widget\'s CORS preflight through the OPTIONS export', async () => {
    const response = await send('/api/checkout/charges', {
      method: 'OPTIONS',
      headers: { Origin: SHOP, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, idempotency-key' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), SHOP);
    assert.match(response.headers.get('Access-Control-Allow-Headers') ?? '', /Idempotency-Key/);
  });

  it('serves the config under /api/checkout', async () => {
    await checkConfig(send, '/api/checkout');
  });

  it('creates one order per Idempotency-Key with the forwarded buyer IP, and reads it', async () => {
    await checkCharge(send, '/api/checkout', running, BUYER_IP, forwarded);
  });

  it('takes the sandbox webhook through the POST export and streams paid', async () => {
    // The API delivers over HTTP: the POST export behind a loopback server, as `next start` runs it.
    const webhookServer = await serveFetch(async (request) => route.POST(request));
    try {
      await checkWebhookPayment(send, '/api/checkout', running, `${webhookServer.url}/api/checkout/webhooks`, forwarded);
    } finally {
      await webhookServer.close();
    }
  });
});
