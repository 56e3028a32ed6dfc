/**
 * Access tokens and scopes (public-api.md, "POST /public_api/token/", "Access token response",
 * "Authentication", and the Endpoints table; supplement for the endpoints the spec leaves out).
 * The token endpoint's error body is `tokenErrorSchema` of errors.ts.
 */
import * as z from 'zod/mini';
import type { TokenError } from './errors.js';
import { nonEmptyString } from './formats.js';

/** The token endpoint takes a form, not JSON. */
export const TOKEN_REQUEST_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The form fields of `POST /public_api/token/`. */
export const tokenRequestSchema = z.strictObject({
  client_id: nonEmptyString,
  client_secret: nonEmptyString,
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** The form body of a token request; no scope parameter exists, the key's scopes apply. */
export function tokenRequestBody(clientId: string, clientSecret: string): URLSearchParams {
  return new URLSearchParams({ client_id: clientId, client_secret: clientSecret });
}

/** The HTTP status of each token endpoint error code (public-api.md, "POST /public_api/token/"). */
export const TOKEN_ERROR_STATUS = {
  invalid_client: 401,
  invalid_scope: 400,
} as const satisfies Record<TokenError['error'], number>;

/** Permission levels: `read` for GET, `write` for POST, PUT and DELETE. */
export const PERMISSION_LEVELS = ['read', 'write'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** Resource scopes: which resources a key reaches. */
export const RESOURCE_SCOPES = [
  'products',
  'offers',
  'orders',
  'subscriptions',
  'webhooks',
  'card_tokens',
  'payments',
] as const;
export type ResourceScope = (typeof RESOURCE_SCOPES)[number];

/** Every scope of the Authentication section, in its order. */
export const SCOPES = [...PERMISSION_LEVELS, ...RESOURCE_SCOPES] as const;
export type Scope = (typeof SCOPES)[number];

/** True for a scope of the Authentication section, spelled exactly (scopes are case-sensitive). */
export function isScope(text: string): text is Scope {
  return (SCOPES as readonly string[]).includes(text);
}

function scopeWords(text: string): string[] {
  return text.split(/[\s,]+/).filter((word) => word !== '');
}

function unknownScopeMessage(word: string): string {
  return `Escopo desconhecido: "${word}". Escopos válidos: ${SCOPES.join(', ')}.`;
}

/**
 * Reads a scope list written with spaces (the token response) or commas (configuration).
 * Throws an `Error` naming the first unknown scope. Repeated scopes appear once.
 */
export function parseScopes(text: string): Scope[] {
  const scopes: Scope[] = [];
  for (const word of scopeWords(text)) {
    if (!isScope(word)) throw new Error(unknownScopeMessage(word));
    if (!scopes.includes(word)) scopes.push(word);
  }
  return scopes;
}

// A JWT is three base64url parts. A regex rather than z.jwt(): z.jwt() decodes the header
// with `atob`, which refuses the `-` and `_` of base64url that a valid header may hold.
const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The 200 answer of the token endpoint. */
export const accessTokenResponseSchema = z.object({
  access_token: z.string().check(z.regex(JWT_PATTERN, 'O access_token deve ser um JWT (três partes base64url).')),
  expires_in: z.int().check(z.gte(1)),
  token_type: z.literal('Bearer'),
  scope: z.string().check(
    z.superRefine((text, ctx) => {
      for (const word of scopeWords(text)) {
        if (!isScope(word)) ctx.issues.push({ code: 'custom', message: unknownScopeMessage(word), input: text });
      }
    }),
  ),
});
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/** What an endpoint needs. `level` absent: the resource scope alone grants it. */
export interface ScopeRequirement {
  readonly level?: PermissionLevel;
  readonly resource: ResourceScope;
}

/** The level the spec's rule gives an HTTP method: GET reads, POST/PUT/DELETE write. */
export function permissionLevelFor(method: 'GET' | 'POST' | 'PUT' | 'DELETE'): PermissionLevel {
  return method === 'GET' ? 'read' : 'write';
}

/**
 * The scope each endpoint needs, keyed `METHOD path` with the spec's path templates.
 * `null`: no token needed (the token endpoint itself).
 */
export const ENDPOINT_SCOPES = {
  'POST /public_api/token/': null,
  'POST /public_api/payments/': { level: 'write', resource: 'payments' },
  'GET /public_api/fees/': { level: 'read', resource: 'payments' },
  'GET /public_api/offers/': { level: 'read', resource: 'offers' },
  'POST /public_api/products/{id}/duplicate/': { level: 'write', resource: 'products' },
  'GET /public_api/products/{product_pk}/checkouts/{id}/': { level: 'read', resource: 'products' },
  'GET /public_api/orders/analytics/': { level: 'read', resource: 'orders' },
  'POST /public_api/orders/{id}/resend_access/': { level: 'write', resource: 'orders' },
  'POST /public_api/webhook/event_test/{id}/': { level: 'write', resource: 'webhooks' },
  // Supplement, "Lists, orders, products".
  'GET /public_api/orders/{id}/': { level: 'read', resource: 'orders' },
  'GET /public_api/products/': { level: 'read', resource: 'products' },
  'GET /public_api/products/{id}/': { level: 'read', resource: 'products' },
  'GET /public_api/installment-interest/': { level: 'read', resource: 'payments' },
  'PUT /public_api/installment-interest/': { level: 'write', resource: 'payments' },
  // Supplement, "Webhook deliveries": the webhook app resource.
  'GET /public_api/webhook/{id}/': { level: 'read', resource: 'webhooks' },
  // The browser tokenizes with a public key that holds the card-tokenization scope (supplement,
  // "Card tokenization"); no read/write level is documented for it.
  'POST /public_api/card-tokens/': { resource: 'card_tokens' },
  // The report's path and scope are not public: the path is the sandbox's, and `read orders`
  // is a project choice (the report aggregates paid orders, like analytics).
  'GET /public_api/orders/additional_interest/': { level: 'read', resource: 'orders' },
} as const satisfies Record<string, ScopeRequirement | null>;
export type Endpoint = keyof typeof ENDPOINT_SCOPES;

/**
 * True when the granted scopes satisfy the requirement: the resource scope, and the level
 * when one is required. `write` does not imply `read`: the spec gives each its own methods.
 */
export function isAuthorized(grantedScopes: readonly string[], requirement: ScopeRequirement | null): boolean {
  if (requirement === null) return true;
  if (!grantedScopes.includes(requirement.resource)) return false;
  return requirement.level === undefined || grantedScopes.includes(requirement.level);
}
