/**
 * What is taken out of every log line before it is written. Logs are shipped to places with
 * wider access than the relay's secrets, so a line must never carry the client secret, an
 * access token, an order token, the webhook secret or card data, whatever a buyer or an error
 * message put in it. Three nets, each enough on its own for what it covers:
 * - by key: a field named like a secret or like card data is replaced whole;
 * - by value: the relay's own secrets, given when the logger is made, wherever they appear;
 * - by shape (except in `requestId`, checked where it entered): `Bearer …`, `token=…`, `secret…` pairs, 43-character base64url runs (an order
 *   token's shape), other long opaque runs (access tokens), and any text holding a card number
 *   (card-numbers.ts) is replaced whole.
 */
import { looksLikeCardNumber } from '../card-data.js';

export const REDACTED = '[redacted]';

/** Key names (lower-cased, without `_`, `-` and `.`) whose values are never logged. */
const SECRET_KEYS = /^(clientsecret|secret|webhooksecret|ordertoken|ordertokensecret|token|accesstoken|refreshtoken|authorization|cookie|setcookie|password|apikey|number|cardnumber|pan|cvv|cvv2|cvc|securitycode|expmonth|expyear|expiry|expirationmonth|expirationyear|card)$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs of token-like characters long enough to be a credential rather than a word or an id. */
const OPAQUE_RUN = /[A-Za-z0-9_\-+/=.~]{32,}/g;
const BEARER = /(bearer\s+)\S+/gi;
const NAMED_CREDENTIAL = /((?:token|secret|password|access_token|client_secret|authorization)["']?\s*[=:]\s*["']?)[^\s"'&,;}]+/gi;

function normalizedKey(key: string): string {
  return key.toLowerCase().replace(/[_\-.\s]/g, '');
}

/** Digits with the separators people write between them, long enough to hold a card number. */
const DIGIT_RUN = /\p{Nd}(?:[\p{Nd}\s.\-/_]*\p{Nd})?/gu;

/** The text with every credential-shaped part replaced. */
function scrubText(text: string, secrets: readonly string[], opaqueRuns = true): string {
  let scrubbed = text.replace(DIGIT_RUN, (run) => (looksLikeCardNumber(run) ? `${REDACTED} (card)` : run));
  // The net under the net: card digits spread in a way no single run shows are dropped with their text.
  if (looksLikeCardNumber(scrubbed)) return `${REDACTED} (card-like)`;
  for (const secret of secrets) scrubbed = scrubbed.split(secret).join(REDACTED);
  return scrubbed
    .replace(BEARER, `$1${REDACTED}`)
    .replace(NAMED_CREDENTIAL, `$1${REDACTED}`)
    .replace(OPAQUE_RUN, (run) => (!opaqueRuns || UUID.test(run) ? run : REDACTED));
}

/** Secrets shorter than this are not searched for as text: they would match ordinary words. */
const MIN_SECRET_LENGTH = 6;

/** A redactor that knows `secrets` (the client secret, webhook secret, order-token secrets). */
export function createRedactor(secrets: readonly (string | undefined)[]): (value: unknown) => unknown {
  const known = secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH);
  // Longest first, so a secret that contains another is replaced whole.
  known.sort((a, b) => b.length - a.length);

  function redact(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return scrubText(value, known);
    if (typeof value === 'number') return looksLikeCardNumber(value) ? REDACTED : value;
    if (typeof value !== 'object' || value === null) return value;
    if (depth > 8) return REDACTED;
    if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
    if (value instanceof Error) return redact({ type: value.name, message: value.message }, depth + 1);
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === 'requestId' && typeof item === 'string') {
        // Already checked where it entered (request-id.ts): a long proxy id is kept whole, to be found.
        copy[key] = scrubText(item, known, false);
        continue;
      }
      copy[scrubText(key, known)] = SECRET_KEYS.test(normalizedKey(key)) ? REDACTED : redact(item, depth + 1);
    }
    return copy;
  }

  return (value) => redact(value, 0);
}
