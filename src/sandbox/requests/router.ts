/**
 * Routes of the sandbox: a method, a path pattern with `:name` segments, who may call it
 * and with which scope, which rate limits count it, and the handler.
 */
import type { ScopeRequirement } from '../../contract/auth.js';
import type { RateLimitName } from '../../contract/constants.js';
import type { SandboxClock } from '../world/clock.js';
import type { WebhookDispatcher } from '../world/webhook-dispatcher.js';
import type { SandboxWorld } from '../world/world.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who called: set for bearer-authenticated routes. */
export interface Caller {
  accountId: string;
  clientId: string;
  scopes: string[];
  /** The token's id (`jti`): the subject of the per-token charge limit. */
  tokenId: string;
}

export interface RouteContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  world: SandboxWorld;
  clock: SandboxClock;
  /** The caller's IP address (the socket's, in the Node adapter). */
  ip: string;
  /** Origin of absolute links the sandbox writes (`checkoutUrl`, `pdfUrl`, `next`). */
  baseUrl: string;
  caller: Caller | undefined;
  /** Webhook deliveries of this sandbox. */
  webhooks: WebhookDispatcher;
}

export interface Route {
  method: HttpMethod;
  /** `/public_api/orders/:id/`; a trailing slash is part of the path, as in the spec. */
  path: string;
  /**
   * `bearer`: an access token with `scope`; `none`: no credentials (the token endpoint,
   * sandbox pages and controls); `public-client`: the `X-client-id` of a public key.
   */
  auth: 'bearer' | 'none' | 'public-client';
  scope?: ScopeRequirement;
  /** Rate limits this route counts against besides the default one of its kind. */
  limits?: RateLimitName[];
  /** Answers CORS requests from any origin (browser-facing endpoints). */
  cors?: boolean;
  handle(context: RouteContext): Response | Promise<Response>;
  /**
   * Called when the handler threw (the service failed: 500), so the route can give back what a
   * failed request must not keep: a charge's idempotency key is released and its card token
   * returned (public-api.md, idempotency rule 4).
   */
  onServerError?(context: RouteContext): void;
}

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

/**
 * A route table that finds the route for a method and path. Fixed segments win over
 * `:name` ones whatever the order of the table, so `/orders/analytics/` is never read as
 * the order `analytics`.
 */
export function createRouter(routes: readonly Route[]): (method: string, path: string) => RouteMatch {
  const compiled = routes.map(compile).sort((a, b) => a.names.length - b.names.length);
  return (method, path) => {
    const allowed: HttpMethod[] = [];
    for (const { route, pattern, names } of compiled) {
      const match = pattern.exec(path);
      if (!match) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      names.forEach((name, index) => {
        params[name] = decodeURIComponent(match[index + 1]!);
      });
      return { kind: 'found', route, params };
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  };
}
