/**
 * What a card tokenizer is, for the checkout and for a merchant's own implementation: the card it
 * takes, the token it gives, how long that token may be used and the errors it rejects with. The
 * API's tokenizer is card-tokenizer.ts; the payment's code needs only this module, so the
 * script-tag build ships the tokenizer with the card form (vite.build-cdn.config.ts).
 */
import { CARD_TOKEN_VALIDITY_SECONDS } from '../../contract/constants.js';
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
    super('Card tokenization refused the card.');
    this.name = 'CardTokenFieldError';
    this.fields = fields;
    this.otherMessages = otherMessages;
  }
}

/** Too many tokenizations (429): try again after `retryAfterSeconds`. */
export class CardTokenRateLimitError extends CardTokenizationError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(`Card tokenization rate limited; retry after ${retryAfterSeconds} s.`);
    this.name = 'CardTokenRateLimitError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The endpoint could not be reached (offline, DNS, CORS refused). */
export class CardTokenNetworkError extends CardTokenizationError {
  constructor(cause: unknown) {
    super('Card tokenization unreachable.', { cause });
    this.name = 'CardTokenNetworkError';
  }
}

/** Any other answer: an unknown client id (401), a 5xx, a body without a token. */
export class CardTokenServiceError extends CardTokenizationError {
  readonly status: number;
  /** The API's `detail`, when it gave one. */
  readonly detail: string | undefined;

  constructor(status: number, detail: string | undefined) {
    super(`Card tokenization answered HTTP ${status}${detail ? `: ${detail}` : ''}.`);
    this.name = 'CardTokenServiceError';
    this.status = status;
    this.detail = detail;
  }
}

