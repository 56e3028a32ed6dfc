/**
 * What the browser needs to call card tokenization (supplement, "Card tokenization") without
 * the schemas: the header of the public client id, and the token read from the answer with
 * the rules of card-tokens.ts's `cardTokenResponseSchema`.
 */
import { isNonEmptyString, isPlainObject } from './json-values.js';

/** The header carrying the public client id of the tokenization key. */
export const CARD_TOKEN_CLIENT_ID_HEADER = 'X-client-id';

/**
 * The card token of the endpoint's answer: `{token}`, or `{cardToken}` in some versions of the
 * service (`token` wins). `undefined` when the answer has neither, or either is there but is
 * not a non-empty string.
 */
export function cardTokenOfAnswer(body: unknown): string | undefined {
  if (!isPlainObject(body)) return undefined;
  const { token, cardToken } = body;
  const fits = (value: unknown) => value === undefined || isNonEmptyString(value);
  if (!fits(token) || !fits(cardToken)) return undefined;
  return (token ?? cardToken) as string | undefined;
}
