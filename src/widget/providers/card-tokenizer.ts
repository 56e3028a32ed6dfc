/**
 * Card tokenization from the buyer's browser straight to the API's
 * `POST /public_api/card-tokens/` (supplement, "Card tokenization"): the card number, expiry
 * and CVV go to the API only, never to the merchant's relay, which gets the token.
 */
import { CARD_TOKEN_CLIENT_ID_HEADER, cardTokenOfAnswer } from '../../contract/card-tokenization.js';
import type { CardTokenRequest } from '../../contract/card-tokens.js';
import { CARD_TOKENS_PER_USER } from '../../contract/constants.js';
import { detailOf, flattenFieldErrors, isFieldErrorTree } from '../../contract/error-bodies.js';
import type { CardField } from '../card/card-field.js';
import {
  CardTokenFieldError,
  CardTokenNetworkError,
  CardTokenRateLimitError,
  CardTokenServiceError,
  type CardTokenizationError,
  type CardTokenizer,
} from './card-tokenizer-interface.js';

export * from './card-tokenizer-interface.js';

/** Where and as whom to tokenize: the config's `tokenization` block. */
export interface ApiCardTokenizerSettings {
  /** The absolute URL of the API's card-token endpoint. */
  url: string;
  /** The public client id of the tokenization key, sent as `X-client-id`; meant to be public. */
  publicClientId: string;
  /** The fetch to use; the page's `fetch` by default. */
  fetch?: typeof fetch;
}

/** The request's fields as the form names them: the expiry's two halves are one field there. */
const FORM_FIELD_OF: Readonly<Record<keyof CardTokenRequest, CardField>> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvv: 'cvv',
  holderName: 'holderName',
};

/** Sorts the API's field errors onto the form's fields; the rest goes to `otherMessages`. */
export function cardTokenFieldErrorOf(body: unknown): CardTokenFieldError | undefined {
  if (!isFieldErrorTree(body)) return undefined;
  const fields: Partial<Record<CardField, string[]>> = {};
  const otherMessages: string[] = [];
  for (const [path, messages] of Object.entries(flattenFieldErrors(body))) {
    // An own key only: the API's keys could be `constructor` or `__proto__`.
    const field = Object.hasOwn(FORM_FIELD_OF, path) ? FORM_FIELD_OF[path as keyof CardTokenRequest] : undefined;
    if (field === undefined) {
      otherMessages.push(...messages);
    } else {
      const known = (fields[field] ??= []);
      known.push(...messages.filter((message) => !known.includes(message)));
    }
  }
  return new CardTokenFieldError(fields, otherMessages);
}

const SECONDS_IN_DETAIL = /(\d+)\s*(?:segundos?|seconds?)/i;

/**
 * The wait a 429 asks for. `Retry-After` is read when the browser may see it (a cross-origin
 * answer shows it only when the API exposes it); otherwise the seconds the `detail` names
 * (public-api.md, Errors: "`detail` saying the request was throttled with the seconds to
 * wait"); otherwise the endpoint's whole window.
 */
export function retryAfterSecondsOf(retryAfter: string | null, detail: string | undefined, now: number = Date.now()): number {
  if (retryAfter !== null) {
    const text = retryAfter.trim();
    if (/^\d+$/.test(text)) return Number(text);
    const date = Date.parse(text);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const named = detail?.match(SECONDS_IN_DETAIL)?.[1];
  if (named !== undefined) return Number(named);
  return CARD_TOKENS_PER_USER.windowSeconds;
}

/** The one place an answer without a token becomes an error. */
function errorOfAnswer(response: Response, body: unknown): CardTokenizationError {
  const detail = detailOf(body);
  if (response.status === 429) return new CardTokenRateLimitError(retryAfterSecondsOf(response.headers.get('Retry-After'), detail));
  const fieldError = response.status === 400 && detail === undefined ? cardTokenFieldErrorOf(body) : undefined;
  return fieldError ?? new CardTokenServiceError(response.status, detail);
}

function checkedEndpoint(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // A relative URL would send the card to the page's own server, i.e. the merchant's.
    throw new TypeError(`createApiCardTokenizer: url must be the absolute URL of the card-token endpoint, got "${url}".`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new TypeError(`createApiCardTokenizer: url must be http(s), got "${parsed.protocol}".`);
  }
  return parsed.href;
}

/**
 * The default tokenizer: posts the card as JSON to the API with the public client id. Rejects
 * with a `CardTokenizationError` subclass, or with the signal's reason when aborted.
 */
export function createApiCardTokenizer(settings: ApiCardTokenizerSettings): CardTokenizer {
  const url = checkedEndpoint(settings.url);
  const publicClientId = settings.publicClientId.trim();
  if (!publicClientId) throw new TypeError('createApiCardTokenizer: publicClientId is required.');
  const { fetch: customFetch } = settings;

  return {
    async tokenize(card, { signal } = {}) {
      const body: CardTokenRequest = {
        holderName: card.holderName,
        number: card.number,
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvv: card.cvv,
      };
      let response: Response;
      try {
        // The page's `fetch` is looked up per call, so its current one is used, as a developer would expect.
        response = await (customFetch ?? fetch)(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', [CARD_TOKEN_CLIENT_ID_HEADER]: publicClientId },
          body: JSON.stringify(body),
          // No cookies nor cache: the request carries a card and answers a secret.
          credentials: 'omit',
          cache: 'no-store',
          signal,
        });
      } catch (error) {
        if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw signal?.reason ?? error;
        throw new CardTokenNetworkError(error);
      }
      const answer: unknown = await response.json().catch(() => undefined);
      if (signal?.aborted) throw signal.reason;
      if (!response.ok) throw errorOfAnswer(response, answer);
      const token = cardTokenOfAnswer(answer);
      if (token === undefined) throw new CardTokenServiceError(response.status, undefined);
      return { token, issuedAt: Date.now() };
    },
  };
}
