/**
 * Card tokenization from the buyer's browser straight to the API's
 * `POST /public_api/card-tokens/` (supplement, "Card tokenization"): the card number, expiry
 * and CVV go to the API only, never to the merchant's relay, which gets the token.
 */
import { CARD_TOKEN_CLIENT_ID_HEADER, cardTokenOfAnswer } from '../../contract/card-tokenization.js';
import type { CardTokenRequest } from '../../contract/card-tokens.js';
import { CARD_TOKEN_VALIDITY_SECONDS, RATE_LIMITS } from '../../contract/constants.js';
import { detailOf, flattenFieldErrors, isFieldErrorTree } from '../../contract/error-bodies.js';
import type { CardField } from '../card/card-field.js';

/** The card as tokenization takes it: digits only, the holder's name as embossed, `expMonth` "MM", `expYear` "YYYY". */
export interface CardDetails {
  number: string;
  holderName: string;
  expMonth: string;
  expYear: string;
  cvv: string;
}

/** A card token and when this browser received it (`Date.now()`), to know when to tokenize again. */
export interface CardToken {
  token: string;
  issuedAt: number;
}

/** Turns a card into a single-use token. A merchant may plug its own implementation into the checkout. */
export interface CardTokenizer {
  tokenize(card: CardDetails, options: { signal?: AbortSignal }): Promise<CardToken>;
}

/** Where and as whom to tokenize: the config's `tokenization` block. */
export interface ApiCardTokenizerSettings {
  /** The absolute URL of the API's card-token endpoint. */
  url: string;
  /** The public client id of the tokenization key, sent as `X-client-id`; meant to be public. */
  publicClientId: string;
  /** The fetch to use; the page's `fetch` by default. */
  fetch?: typeof fetch;
}

const SAFETY_MARGIN_MS = 60_000;

/**
 * How long the checkout may use a token after `issuedAt`: the API's 15 minutes (public-api.md,
 * "Other constants") minus a minute for clock drift and the time the charge takes to arrive.
 */
export const CARD_TOKEN_TTL_MS = CARD_TOKEN_VALIDITY_SECONDS * 1000 - SAFETY_MARGIN_MS;

/** True while `token` may still be sent with a charge; past `CARD_TOKEN_TTL_MS`, tokenize again. */
export function isCardTokenFresh(token: Pick<CardToken, 'issuedAt'>, now: number = Date.now()): boolean {
  return now - token.issuedAt < CARD_TOKEN_TTL_MS;
}

/** Why tokenization failed; one subclass per kind. */
export class CardTokenizationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CardTokenizationError';
  }
}

/** The API refused the card (400): its messages, by field of the card form. */
export class CardTokenFieldError extends CardTokenizationError {
  /** The API's messages (pt-BR) for each field of `<pay-card-fields>`. */
  readonly fields: Partial<Record<CardField, string[]>>;
  /** Messages tied to no card field (`non_field_errors`, an unknown key). */
  readonly otherMessages: string[];

  constructor(fields: Partial<Record<CardField, string[]>>, otherMessages: string[]) {
    super('The card was refused by the tokenization endpoint.');
    this.name = 'CardTokenFieldError';
    this.fields = fields;
    this.otherMessages = otherMessages;
  }
}

/** Too many tokenizations (429): try again after `retryAfterSeconds`. */
export class CardTokenRateLimitError extends CardTokenizationError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(`Card tokenization is rate limited; retry after ${retryAfterSeconds} s.`);
    this.name = 'CardTokenRateLimitError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The endpoint could not be reached (offline, DNS, CORS refused). */
export class CardTokenNetworkError extends CardTokenizationError {
  constructor(cause: unknown) {
    super('The card tokenization endpoint could not be reached.', { cause });
    this.name = 'CardTokenNetworkError';
  }
}

/** Any other answer: an unknown client id (401), a 5xx, a body without a token. */
export class CardTokenServiceError extends CardTokenizationError {
  readonly status: number;
  /** The API's `detail`, when it gave one. */
  readonly detail: string | undefined;

  constructor(status: number, detail: string | undefined) {
    super(`The card tokenization endpoint answered HTTP ${status}${detail ? `: ${detail}` : ''}.`);
    this.name = 'CardTokenServiceError';
    this.status = status;
    this.detail = detail;
  }
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
  return RATE_LIMITS.cardTokensPerUser.windowSeconds;
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
