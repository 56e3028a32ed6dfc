import { expect } from '@open-wc/testing';
import {
  CardTokenFieldError,
  CardTokenNetworkError,
  CardTokenRateLimitError,
  createApiCardTokenizer,
} from '../../../src/widget/providers/card-tokenizer.js';
import type { CardDetails } from '../../../src/widget/providers/card-tokenizer.js';

interface TestEnv {
  sandboxUrl: string;
  relayPath: string;
  pageOrigin: string;
}

interface Tokenization {
  url: string;
  publicClientId: string;
}

interface RecordedRequest {
  url: string;
  method: string;
  body: string | undefined;
}

const futureYear = String(new Date().getFullYear() + 3);
const CARD: CardDetails = { number: '4111111111111111', holderName: 'MARIA SILVA', expMonth: '12', expYear: futureYear, cvv: '123' };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Records every `window.fetch` made until the returned function is called. */
function recordFetches(): { requests: RecordedRequest[]; stop: () => void } {
  const original = window.fetch;
  const requests: RecordedRequest[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    requests.push({
      url: new URL(request?.url ?? String(input), location.href).href,
      method: init?.method ?? request?.method ?? 'GET',
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    return original.call(window, input, init);
  };
  return { requests, stop: () => (window.fetch = original) };
}

describe('createApiCardTokenizer against the sandbox', () => {
  let env: TestEnv;
  let tokenization: Tokenization;

  before(async () => {
    env = (await (await fetch('/__test-env')).json()) as TestEnv;
    const config = (await (await fetch(`${env.relayPath}/config?offer=77BcHrY`)).json()) as { tokenization: Tokenization };
    tokenization = config.tokenization;
  });

  beforeEach(async () => {
    await fetch('/__sandbox/reset', { method: 'POST' });
  });

  it('gets a token for 4111111111111111, sending the card to the API only', async () => {
    const recorder = recordFetches();
    try {
      const tokenizer = createApiCardTokenizer(tokenization);
      const token = await tokenizer.tokenize(CARD, {});
      expect(token.token).to.match(/^tok_/);
      expect(Math.abs(Date.now() - token.issuedAt)).to.be.below(5000);
    } finally {
      recorder.stop();
    }
    expect(recorder.requests).to.have.length(1);
    const [request] = recorder.requests;
    expect(request!.url).to.equal(tokenization.url);
    expect(request!.url.startsWith(env.sandboxUrl)).to.equal(true);
    expect(request!.method).to.equal('POST');
    const toOwnOrigin = recorder.requests.filter((sent) => new URL(sent.url).origin === location.origin && sent.body !== undefined);
    expect(toOwnOrigin).to.deep.equal([]);
  });

  it('never sends a request body to the page\'s own origin, even when the card is refused', async () => {
    const recorder = recordFetches();
    try {
      await rejection(createApiCardTokenizer(tokenization).tokenize({ ...CARD, number: '4111111111111112' }, {}));
    } finally {
      recorder.stop();
    }
    expect(recorder.requests.map((sent) => new URL(sent.url).origin)).to.deep.equal([new URL(env.sandboxUrl).origin]);
    expect(recorder.requests.some((sent) => sent.body?.includes('4111111111111112') && new URL(sent.url).origin === location.origin)).to.equal(false);
  });

  it('answers the API\'s field errors on the form\'s fields for a bad number and an expired card', async () => {
    const tokenizer = createApiCardTokenizer(tokenization);
    const badNumber = await rejection(tokenizer.tokenize({ ...CARD, number: '4111111111111112' }, {}));
    expect(badNumber).to.be.instanceOf(CardTokenFieldError);
    expect(Object.keys((badNumber as CardTokenFieldError).fields)).to.deep.equal(['number']);

    const expired = await rejection(tokenizer.tokenize({ ...CARD, expMonth: '01', expYear: '2020' }, {}));
    expect(expired).to.be.instanceOf(CardTokenFieldError);
    expect(Object.keys((expired as CardTokenFieldError).fields)).to.deep.equal(['expiry']);
  });

  it('tells how long to wait when tokenizations are throttled', async () => {
    const limits = await fetch('/__sandbox/limits', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ limits: { cardTokensPerUser: { limit: 1, windowSeconds: 60 } } }),
    });
    expect(limits.status).to.equal(200);
    const tokenizer = createApiCardTokenizer(tokenization);
    await tokenizer.tokenize(CARD, {});
    const error = await rejection(tokenizer.tokenize(CARD, {}));
    expect(error).to.be.instanceOf(CardTokenRateLimitError);
    const seconds = (error as CardTokenRateLimitError).retryAfterSeconds;
    expect(seconds).to.be.within(1, 60);
  });

  it('answers an unreachable endpoint as a network error', async () => {
    const tokenizer = createApiCardTokenizer({ ...tokenization, url: 'http://127.0.0.1:9/public_api/card-tokens/' });
    const error = await rejection(tokenizer.tokenize(CARD, {}));
    expect(error).to.be.instanceOf(CardTokenNetworkError);
  });

  it('can be aborted while the request is on its way', async () => {
    await fetch('/__sandbox/faults', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: [{ method: 'POST', path: '/public_api/card-tokens/', delayMs: 2000 }] }),
    });
    const controller = new AbortController();
    const pending = createApiCardTokenizer(tokenization).tokenize(CARD, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const error = await rejection(pending);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(performance.now() - started).to.be.below(1500);
  });
});
