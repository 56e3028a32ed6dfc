/**
 * Cross-origin rules of the widget routes: a browser page may call the relay only from an
 * origin the merchant listed. The allowed origin is echoed exactly (never `*`); any other
 * origin gets no CORS header at all, so the browser keeps the answer from that page. The
 * webhooks route is server-to-server and answers no CORS.
 */
import { errorResponse, RelayError } from './errors.js';
import { WIDGET_IDEMPOTENCY_HEADER } from './widget-request.js';

/** How long a browser may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Headers that make an answer readable by `origin`, or none when it is not allowed. */
export function corsHeaders(origin: string | null, allowedOrigins: ReadonlySet<string>): Record<string, string> {
  // The answer depends on the Origin header, so caches must keep one copy per origin.
  const vary: Record<string, string> = allowedOrigins.size > 0 ? { Vary: 'Origin' } : {};
  if (origin === null || !allowedOrigins.has(origin)) return vary;
  return {
    ...vary,
    'Access-Control-Allow-Origin': origin,
    // The widget reads Retry-After of a 429 to wait before trying again.
    'Access-Control-Expose-Headers': 'Retry-After',
  };
}

/** The answer to a preflight `OPTIONS` of a widget route allowing `methods`. */
export function preflightResponse(request: Request, allowedOrigins: ReadonlySet<string>, methods: readonly string[]): Response {
  const origin = request.headers.get('origin');
  if (origin === null || !allowedOrigins.has(origin)) {
    const refusal = errorResponse(new RelayError(403, 'origin_not_allowed', 'This origin may not call the relay.'));
    if (allowedOrigins.size > 0) refusal.headers.set('Vary', 'Origin');
    return refusal;
  }
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin, allowedOrigins),
      'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
      // Authorization carries the order token of `GET orders/{id}`.
      'Access-Control-Allow-Headers': `Content-Type, ${WIDGET_IDEMPOTENCY_HEADER}, Authorization`,
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
    },
  });
}

/** The response with the CORS headers for `origin` added. */
export function withCors(response: Response, origin: string | null, allowedOrigins: ReadonlySet<string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(corsHeaders(origin, allowedOrigins))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
