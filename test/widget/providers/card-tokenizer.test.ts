import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CARD_TOKEN_TTL_MS,
  CardTokenFieldError,
  CardTokenNetworkError,
  CardTokenRateLimitError,
  CardTokenServiceError,
  CardTokenizationError,
  createApiCardTokenizer,
  isCardTokenFresh,
  retryAfterSecondsOf,
} from '../../../src/widget/providers/card-tokenizer.js';
import type { CardDetails } from '../../../src/widget/providers/card-tokenizer.js';

const URL_OF_ENDPOINT = 'https://api.example/public_api/card-tokens/';
const CARD: CardDetails = { number: '4111111111111111', holderName: 'MARIA SILVA', expMonth: '12', expYear: '2030', cvv: '123' };

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that records its calls and answers `respond()`, honouring an aborted signal. */
function fakeFetch(respond: () => Response | Promise<Response>): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fake = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    if (init.signal?.aborted) throw init.signal.reason;
    return respond();
  };
  return { fetch: fake as typeof fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected a rejection');
}

describe('createApiCardTokenizer', () => {
  it('posts the card as JSON with the public client id and answers the token with when it arrived', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, { token: 'tok_abc' }));
    const tokenizer = createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub-123', fetch });
    const before = Date.now();
    const token = await tokenizer.tokenize(CARD, {});
    const after = Date.now();

    assert.equal(token.token, 'tok_abc');
    assert.ok(token.issuedAt >= before && token.issuedAt <= after);
    assert.equal(calls.length, 1);
    const [call] = calls;
    assert.equal(call!.url, URL_OF_ENDPOINT);
    assert.equal(call!.init.method, 'POST');
    assert.equal(call!.init.credentials, 'omit');
    const headers = new Headers(call!.init.headers);
    assert.equal(headers.get('X-client-id'), 'pub-123');
    assert.equal(headers.get('Content-Type'), 'application/json');
    assert.deepEqual(JSON.parse(String(call!.init.body)), CARD);
  });

  it('accepts the token under `cardToken`, as some versions of the service name it', async () => {
    const { fetch } = fakeFetch(() => json(201, { cardToken: 'tok_other' }));
    const token = await createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {});
    assert.equal(token.token, 'tok_other');
  });

  it('refuses settings that would send the card elsewhere than an absolute API URL', () => {
    assert.throws(() => createApiCardTokenizer({ url: '/relay/card-tokens', publicClientId: 'pub' }), TypeError);
    assert.throws(() => createApiCardTokenizer({ url: 'javascript:alert(1)', publicClientId: 'pub' }), TypeError);
    assert.throws(() => createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: ' ' }), TypeError);
  });

  describe('when the API refuses the card', () => {
    it('maps the request fields onto the form fields, the expiry halves onto one', async () => {
      const { fetch } = fakeFetch(() =>
        json(400, {
          number: ['Número de cartão inválido.'],
          expMonth: ['Cartão vencido.'],
          expYear: ['Informe o ano com quatro dígitos.'],
          cvv: ['O código de segurança deste cartão tem 4 dígitos.'],
          holderName: ['Informe o nome impresso no cartão.'],
          non_field_errors: ['Cartão recusado.'],
        }),
      );
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenFieldError);
      assert.ok(error instanceof CardTokenizationError);
      assert.deepEqual(error.fields, {
        number: ['Número de cartão inválido.'],
        expiry: ['Cartão vencido.', 'Informe o ano com quatro dígitos.'],
        cvv: ['O código de segurança deste cartão tem 4 dígitos.'],
        holderName: ['Informe o nome impresso no cartão.'],
      });
      assert.deepEqual(error.otherMessages, ['Cartão recusado.']);
    });

    it('says a message shared by both expiry halves once, and keeps keys that are no card field apart', async () => {
      const { fetch } = fakeFetch(() =>
        json(400, {
          expMonth: ['Cartão vencido.'],
          expYear: ['Cartão vencido.', 'Informe o ano com quatro dígitos.'],
          constructor: ['Chave inesperada.'],
          ['__proto__']: ['Outra chave inesperada.'],
        }),
      );
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenFieldError);
      assert.deepEqual(error.fields, { expiry: ['Cartão vencido.', 'Informe o ano com quatro dígitos.'] });
      assert.deepEqual([...error.otherMessages].sort(), ['Chave inesperada.', 'Outra chave inesperada.']);
    });

    it('answers a 400 with a `detail` as a service error, not as field errors', async () => {
      const { fetch } = fakeFetch(() => json(400, { detail: 'JSON parse error - x' }));
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenServiceError);
      assert.equal(error.status, 400);
      assert.equal(error.detail, 'JSON parse error - x');
    });
  });

  describe('when the API throttles', () => {
    it('reads the wait from Retry-After when the browser may see it', async () => {
      const { fetch } = fakeFetch(() => json(429, { detail: 'Requisição foi limitada. Disponível em 42 segundos.' }, { 'Retry-After': '7' }));
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenRateLimitError);
      assert.equal(error.retryAfterSeconds, 7);
    });

    it('reads the wait from the detail when the header is hidden by CORS', async () => {
      const { fetch } = fakeFetch(() => json(429, { detail: 'Requisição foi limitada. Disponível em 42 segundos.' }));
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenRateLimitError);
      assert.equal(error.retryAfterSeconds, 42);
    });

    it('understands an HTTP date, English details, and waits the whole window when told nothing', () => {
      const now = Date.parse('2026-03-01T10:00:00Z');
      assert.equal(retryAfterSecondsOf('Sun, 01 Mar 2026 10:00:30 GMT', undefined, now), 30);
      assert.equal(retryAfterSecondsOf(null, 'Request was throttled. Expected available in 9 seconds.', now), 9);
      assert.equal(retryAfterSecondsOf(null, undefined, now), 60);
      assert.equal(retryAfterSecondsOf('soon', 'throttled', now), 60);
    });
  });

  describe('when something else goes wrong', () => {
    it('answers an unknown client id as a service error with its status', async () => {
      const { fetch } = fakeFetch(() => json(401, { detail: 'As credenciais de autenticação não foram fornecidas.' }));
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenServiceError);
      assert.equal(error.status, 401);
    });

    it('answers a success without a token as a service error', async () => {
      const { fetch } = fakeFetch(() => json(201, { id: 'x' }));
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenServiceError);
    });

    it('answers a 5xx with an HTML body as a service error', async () => {
      const { fetch } = fakeFetch(() => new Response('<h1>502</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenServiceError);
      assert.equal(error.status, 502);
      assert.equal(error.detail, undefined);
    });

    it('answers an unreachable endpoint as a network error keeping the cause', async () => {
      const cause = new TypeError('Failed to fetch');
      const { fetch } = fakeFetch(() => {
        throw cause;
      });
      const error = await rejection(createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, {}));
      assert.ok(error instanceof CardTokenNetworkError);
      assert.equal(error.cause, cause);
    });

    it('rejects with the abort reason when aborted while the answer arrives', async () => {
      const controller = new AbortController();
      const { fetch } = fakeFetch(() => {
        controller.abort();
        return json(201, { token: 'tok_late' });
      });
      const error = await rejection(
        createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, { signal: controller.signal }),
      );
      assert.ok(!(error instanceof CardTokenizationError));
      assert.equal((error as DOMException).name, 'AbortError');
    });

    it('rejects with the abort reason, not a tokenization error, when aborted', async () => {
      const { fetch } = fakeFetch(() => json(201, { token: 'tok_never' }));
      const controller = new AbortController();
      controller.abort();
      const error = await rejection(
        createApiCardTokenizer({ url: URL_OF_ENDPOINT, publicClientId: 'pub', fetch }).tokenize(CARD, { signal: controller.signal }),
      );
      assert.ok(!(error instanceof CardTokenizationError));
      assert.equal((error as DOMException).name, 'AbortError');
    });
  });
});

describe('card token freshness', () => {
  it('keeps a margin under the API\'s 15 minutes', () => {
    assert.equal(CARD_TOKEN_TTL_MS, 14 * 60 * 1000);
  });

  it('is fresh until the margin and stale from then on', () => {
    const issuedAt = 1_000_000;
    assert.equal(isCardTokenFresh({ issuedAt }, issuedAt + CARD_TOKEN_TTL_MS - 1), true);
    assert.equal(isCardTokenFresh({ issuedAt }, issuedAt + CARD_TOKEN_TTL_MS), false);
  });
});
