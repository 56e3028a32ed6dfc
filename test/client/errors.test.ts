import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AccountError,
  ApiServerError,
  AuthenticationError,
  ConnectionError,
  errorFromResponse,
  IdempotencyConflictError,
  InvalidRequestError,
  NotFoundError,
  PayApiError,
  PermissionError,
  RateLimitError,
} from '../../src/client/index.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { startSandbox, type RunningSandbox } from '../sandbox/harness.js';
import { newKey, pixChargeBody, recordingFetch, sandboxClient, setAccount, setFaults } from './client-harness.js';

const json = (body: unknown) => JSON.stringify(body);

describe('errorFromResponse', () => {
  it('400 with field errors: InvalidRequestError with the fields flattened and the tree as sent', () => {
    const tree = { customer: { phone: ['Informe apenas dígitos.'] }, items: [{ offerId: ['Este campo é obrigatório.'] }] };
    const error = errorFromResponse(400, {}, json(tree));
    assert.ok(error instanceof InvalidRequestError);
    assert.deepEqual(error.fields, { 'customer.phone': ['Informe apenas dígitos.'], 'items.0.offerId': ['Este campo é obrigatório.'] });
    assert.deepEqual(error.fieldTree, tree);
    assert.equal(error.status, 400);
    assert.match(error.message, /customer\.phone: Informe apenas dígitos\./);
  });

  it('400 with a detail: InvalidRequestError with the detail and no fields', () => {
    const error = errorFromResponse(400, {}, json({ detail: 'A janela excede 92 dias (120 dias).' }));
    assert.ok(error instanceof InvalidRequestError);
    assert.equal(error.detail, 'A janela excede 92 dias (120 dias).');
    assert.deepEqual(error.fields, {});
  });

  it('400 invalid_scope from the token endpoint: InvalidRequestError with the code', () => {
    const error = errorFromResponse(400, {}, json({ error: 'invalid_scope' }));
    assert.ok(error instanceof InvalidRequestError);
    assert.equal(error.code, 'invalid_scope');
  });

  it('400 about a blocked account: AccountError "blocked"', () => {
    const error = errorFromResponse(400, {}, json({ detail: 'A conta do produtor está bloqueada.' }));
    assert.ok(error instanceof AccountError);
    assert.equal(error.reason, 'blocked');
  });

  it('400 banking-account prerequisite under paymentMethod: AccountError "banking-account"; another paymentMethod error is not', () => {
    const banking = errorFromResponse(400, {}, json({ paymentMethod: ['O produtor precisa de uma conta bancária aberta.'] }));
    assert.ok(banking instanceof AccountError);
    assert.equal(banking.reason, 'banking-account');
    const other = errorFromResponse(400, {}, json({ paymentMethod: ['"paypal" não é uma escolha válida.'] }));
    assert.ok(other instanceof InvalidRequestError);
  });

  it('401 invalid_client: AuthenticationError with the code', () => {
    const error = errorFromResponse(401, {}, json({ error: 'invalid_client' }));
    assert.ok(error instanceof AuthenticationError);
    assert.equal(error.code, 'invalid_client');
  });

  it('403, 404: PermissionError, NotFoundError', () => {
    assert.ok(errorFromResponse(403, {}, json({ detail: 'Sem permissão.' })) instanceof PermissionError);
    const notFound = errorFromResponse(404, {}, json({ detail: 'Não encontrado.' }));
    assert.ok(notFound instanceof NotFoundError);
    assert.equal(notFound.detail, 'Não encontrado.');
  });

  it('409 by the spec\'s exact texts: the two idempotency conflicts; any other 409 is the account\'s', () => {
    const mismatch = errorFromResponse(409, {}, json({ detail: 'Header X-Idempotency-Key reutilizado com payload diferente.' }));
    const processing = errorFromResponse(409, {}, json({ detail: 'Requisição idempotente em processamento.' }));
    const registration = errorFromResponse(409, {}, json({ detail: 'Cadastro de recebimento pendente.' }));
    assert.ok(mismatch instanceof IdempotencyConflictError && mismatch.kind === 'payload-mismatch');
    assert.ok(processing instanceof IdempotencyConflictError && processing.kind === 'in-processing');
    assert.ok(registration instanceof AccountError && registration.reason === 'receiving-registration');
  });

  it('429: RateLimitError with Retry-After in seconds, from the header or else the text', () => {
    const fromHeader = errorFromResponse(429, { 'Retry-After': '12' }, 'Request was throttled.');
    assert.ok(fromHeader instanceof RateLimitError);
    assert.equal(fromHeader.retryAfterSeconds, 12);
    const fromText = errorFromResponse(429, {}, json({ detail: 'Requisição foi limitada. Disponível em 9 segundos.' }));
    assert.ok(fromText instanceof RateLimitError);
    assert.equal(fromText.retryAfterSeconds, 9);
    const unknown = errorFromResponse(429, {}, '');
    assert.ok(unknown instanceof RateLimitError);
    assert.equal(unknown.retryAfterSeconds, undefined);
  });

  it('5xx with an HTML or empty body: ApiServerError, the raw text kept, never a throw', () => {
    const html = '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>';
    const error = errorFromResponse(502, { 'Content-Type': 'text/html' }, html);
    assert.ok(error instanceof ApiServerError);
    assert.equal(error.body, html);
    assert.equal(error.detail, undefined);
    assert.ok(errorFromResponse(500, {}, '') instanceof ApiServerError);
    assert.ok(errorFromResponse(503, {}, '{"detail": "truncated') instanceof ApiServerError);
  });

  it('another status: the base PayApiError; the X-Request-Id is kept', () => {
    const error = errorFromResponse(415, new Headers({ 'X-Request-Id': 'req-42' }), json({ detail: 'Tipo de mídia não suportado.' }));
    assert.equal(error.constructor, PayApiError);
    assert.equal(error.requestId, 'req-42');
  });
});

describe('client errors against the sandbox', () => {
  let running: RunningSandbox;
  before(async () => {
    running = await startSandbox();
  });
  beforeEach(() => running.sandbox.reset());
  after(() => running.close());

  const once = () => sandboxClient(running, { retry: { maxAttempts: 1 } });

  async function rejection(pending: Promise<unknown>): Promise<PayApiError> {
    const error = await pending.then(
      () => assert.fail('expected a rejection'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof PayApiError, `not a PayApiError: ${String(error)}`);
    return error;
  }

  it('a plain-text 429 with Retry-After: RateLimitError with retryAfterSeconds', async () => {
    await setFaults(running, [{ path: '/public_api/fees/', status: 429, body: 'text', retryAfter: 7 }]);
    const error = await rejection(once().getFees());
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.status, 429);
    assert.equal(error.retryAfterSeconds, 7);
    assert.match(String(error.body), /throttled/);
  });

  it('an HTML 502: ApiServerError', async () => {
    await setFaults(running, [{ path: '/public_api/fees/', status: 502, body: 'html' }]);
    const error = await rejection(once().getFees());
    assert.ok(error instanceof ApiServerError);
    assert.equal(error.status, 502);
    assert.match(String(error.body), /<html>/);
  });

  it('a text 503: ApiServerError', async () => {
    await setFaults(running, [{ path: '/public_api/fees/', status: 503, body: 'text' }]);
    const error = await rejection(once().getFees());
    assert.ok(error instanceof ApiServerError);
    assert.equal(error.status, 503);
    assert.equal(error.body, 'Service unavailable');
  });

  it('409 payload mismatch: the same key with another body', async () => {
    const client = once();
    const key = newKey();
    await client.createCharge(pixChargeBody(), { idempotencyKey: key });
    const error = await rejection(client.createCharge({ ...pixChargeBody(), paymentMethod: 'boleto' }, { idempotencyKey: key }));
    assert.ok(error instanceof IdempotencyConflictError);
    assert.equal(error.kind, 'payload-mismatch');
  });

  it('409 in processing, when retries are used up while the first request runs', async () => {
    running.sandbox.world.accounts.get('acc_main')!.processingDelayMs = 600;
    const client = once();
    await client.getAccessToken();
    const key = newKey();
    const first = client.createCharge(pixChargeBody(), { idempotencyKey: key });
    // The second is sent once the sandbox holds the key for the first, not after a fixed wait: on a
    // loaded machine the first could reach it later than the second, which would then run instead.
    const holding = () => [...running.sandbox.world.idempotency.values()].some((record) => record.state === 'processing');
    for (let waited = 0; !holding(); waited += 5) {
      assert.ok(waited < 5_000, 'the sandbox never started the first charge');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const error = await rejection(client.createCharge(pixChargeBody(), { idempotencyKey: key }));
    assert.ok(error instanceof IdempotencyConflictError);
    assert.equal(error.kind, 'in-processing');
    assert.equal((await first).status, 'waiting_payment');
  });

  it('400 with field errors: InvalidRequestError naming each field', async () => {
    const body = pixChargeBody();
    const error = await rejection(once().createCharge({ ...body, customer: { ...body.customer, phone: '+55 11 98765' } }, { idempotencyKey: newKey() }));
    assert.ok(error instanceof InvalidRequestError);
    assert.deepEqual(Object.keys(error.fields), ['customer.phone']);
    assert.ok(Array.isArray((error.fieldTree.customer as Record<string, unknown>).phone));
  });

  it('400 for an offer that does not exist: InvalidRequestError under items', async () => {
    const error = await rejection(once().createCharge({ ...pixChargeBody(), items: [{ offerId: 'NOPE' }] }, { idempotencyKey: newKey() }));
    assert.ok(error instanceof InvalidRequestError);
    assert.deepEqual(Object.keys(error.fields), ['items']);
  });

  it('a blocked account: AccountError "blocked"', async () => {
    await setAccount(running, { blocked: true });
    const error = await rejection(once().createCharge(pixChargeBody(), { idempotencyKey: newKey() }));
    assert.ok(error instanceof AccountError);
    assert.equal(error.reason, 'blocked');
    assert.equal(error.status, 400);
  });

  it('no banking account and a Pix charge: AccountError "banking-account"', async () => {
    await setAccount(running, { bankingAccount: 'none' });
    const error = await rejection(once().createCharge(pixChargeBody(), { idempotencyKey: newKey() }));
    assert.ok(error instanceof AccountError);
    assert.equal(error.reason, 'banking-account');
  });

  it('fees before the receiving registration: AccountError "receiving-registration" (409), not retried', async () => {
    await setAccount(running, { receivingRegistration: 'pending' });
    const recording = recordingFetch();
    const error = await rejection(sandboxClient(running, { fetch: recording.fetch }).getFees());
    assert.ok(error instanceof AccountError);
    assert.equal(error.reason, 'receiving-registration');
    assert.equal(error.status, 409);
    assert.equal(recording.to('/public_api/fees/').length, 1);
  });

  it('wrong credentials: AuthenticationError invalid_client, the secret in no message', async () => {
    const client = sandboxClient(running, { clientSecret: 'not-the-secret' });
    const error = await rejection(client.getFees());
    assert.ok(error instanceof AuthenticationError);
    assert.equal(error.code, 'invalid_client');
    assert.doesNotMatch(error.message, /not-the-secret/);
  });

  it('a key without the scope: PermissionError', async () => {
    const client = sandboxClient(running, { clientId: 'read-only-client', clientSecret: 'read-only-secret' });
    const error = await rejection(client.createCharge(pixChargeBody(), { idempotencyKey: newKey() }));
    assert.ok(error instanceof PermissionError);
    assert.equal(error.status, 403);
  });

  it('an unknown order: NotFoundError', async () => {
    const error = await rejection(once().getOrder('ord_0000000000000000'));
    assert.ok(error instanceof NotFoundError);
    assert.equal(error.detail, 'Não encontrado.');
  });

  it('a dropped connection: ConnectionError with the cause kept', async () => {
    await setFaults(running, [{ path: '/public_api/fees/', drop: true }]);
    const error = await rejection(once().getFees());
    assert.ok(error instanceof ConnectionError);
    assert.equal(error.status, undefined);
    assert.ok(error.cause !== undefined);
  });

  it('no answer within requestTimeoutMs: ConnectionError', async () => {
    await setFaults(running, [{ path: '/public_api/fees/', delayMs: 1000 }]);
    // The token comes first, without the short timeout (on a loaded machine the token itself can
    // take 100 ms), into the store the timed client reads it from.
    const store = createMemoryStore();
    await sandboxClient(running, { store }).getAccessToken();
    const asked: string[] = [];
    const client = sandboxClient(running, { store, retry: { maxAttempts: 1 }, requestTimeoutMs: 100, onExchange: (event) => asked.push(new URL(event.url).pathname) });
    const started = performance.now();
    const error = await rejection(client.getFees());
    assert.ok(error instanceof ConnectionError);
    assert.match(error.message, /no answer within 100 ms/);
    assert.ok(performance.now() - started < 900, 'the timeout did not cut the wait');
    assert.deepEqual(asked, ['/public_api/fees/'], 'the token was read from the store, not asked for again');
  });
});
