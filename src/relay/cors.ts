/**
 * Cross-origin rules of the widget routes: a browser page may call the relay only from an
 * origin the merchant listed. The allowed origin is echoed exactly (never `*`); any other
 * origin gets no CORS header at all, so the browser keeps the answer from that page. The
 * webhooks route is server-to-server and answers no CORS.
 */
import { errorAnswer, RelayError } from './errors.js';
import type { RelayAnswer, RelayRequest } from './relay-exchange.js';
import { WIDGET_IDEMPOTENCY_HEADER } from './widget-request.js';

/** How long a browser may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Headers that make an answer readable by `origin`, or none when it is not allowed. */
export function corsHeaders(origin: string | null, allowedOrigins: ReadonlySet<string>): Record<string, string> {
  // The answer depends on the Origin header, so caches must keep one copy per origin.
  const vary: Record<string, string> = allowedOrigins.size > 0 ? { vary: 'Origin' } : {};
  if (origin === null || !allowedOrigins.has(origin)) return vary;
  return {
    ...vary,
    'access-control-allow-origin': origin,
    // The widget reads Retry-After of a 429 to wait before trying again.
    'access-control-expose-headers': 'Retry-After',
  };
}

/** The answer to a preflight `OPTIONS` of a widget route allowing `methods`. */
export function preflightAnswer(request: RelayRequest, allowedOrigins: ReadonlySet<string>, methods: readonly string[]): RelayAnswer {
  const origin = request.headers.get('origin');
  if (origin === null || !allowedOrigins.has(origin)) {
    const refusal = errorAnswer(new RelayError(403, 'origin_not_allowed', 'This origin may not call the relay.'));
    if (allowedOrigins.size > 0) refusal.headers['vary'] = 'Origin';
    return refusal;
  }
  return {
    status: 204,
    headers: {
      ...corsHeaders(origin, allowedOrigins),
      'access-control-allow-methods': [...methods, 'OPTIONS'].join(', '),
      // Authorization carries the order token of `GET orders/{id}`.
      'access-control-allow-headers': `Content-Type, ${WIDGET_IDEMPOTENCY_HEADER}, Authorization`,
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    },
    body: null,
  };
}

/** The answer with the CORS headers for `origin` added. */
export function withCors(answer: RelayAnswer, origin: string | null, allowedOrigins: ReadonlySet<string>): RelayAnswer {
  Object.assign(answer.headers, corsHeaders(origin, allowedOrigins));
  return answer;
}
