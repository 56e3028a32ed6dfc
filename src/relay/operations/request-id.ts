/**
 * Each request's id: the one a proxy in front sent in `X-Request-Id`, when it is a plausible
 * id, else a new UUID. It is answered in the same header and is in every log line and every
 * `onError` call about the request, so a buyer's "it failed at 14:02" can be found.
 *
 * The header comes from the network, so it is echoed and logged only when it is 1 to 128
 * characters of letters, digits and `._:-` (no spaces, no line breaks, no markup) and does not
 * look like a card number; anything else is replaced, never repaired.
 */
import { looksLikeCardNumber } from '../card-data.js';
import { type RelayRequest } from '../relay-exchange.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';
export const MAX_REQUEST_ID_LENGTH = 128;

const REQUEST_ID_CHARACTERS = /^[A-Za-z0-9._:-]+$/;

/** True when `value` may be kept as a request's id. */
export function isAcceptableRequestId(value: string): boolean {
  return (
    value.length >= 1 &&
    value.length <= MAX_REQUEST_ID_LENGTH &&
    REQUEST_ID_CHARACTERS.test(value) &&
    !looksLikeCardNumber(value.replace(/[._:-]/g, ''))
  );
}

/** The id of `request`: its acceptable `X-Request-Id`, else a new one. */
export function requestIdOf(request: RelayRequest): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given !== null && isAcceptableRequestId(given) ? given : crypto.randomUUID();
}
