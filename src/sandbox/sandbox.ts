/**
 * `createSandbox(options)`: the local stand-in of the Public API as one fetch handler.
 * Every request passes the same steps: route, injected fault, credentials and scope,
 * rate limits, handler, late fault, CORS. Bad input never reaches a 500; only an injected
 * fault makes the sandbox answer 5xx.
 */
import { isAuthorized } from '../contract/auth.js';
import type { RateLimitName } from '../contract/constants.js';
import { createClock, type SandboxClock } from './world/clock.js';
import { applyFault, DroppedConnection, takeFault } from './requests/faults.js';
import { takeRateLimits } from './requests/rate-limits.js';
import { detailResponse, NO_PERMISSION, notFound, throttled } from './requests/responses.js';
import { createRouter, type Caller, type Route, type RouteContext } from './requests/router.js';
import { defaultFixture } from './world/fixture.js';
import { sandboxRoutes } from './routes.js';
import type { SandboxFixture } from './world/state.js';
import { authenticate, createTokenSigner } from './requests/tokens.js';
import { createWebhookDispatcher } from './world/webhooks.js';
import { createWorld, type SandboxWorld } from './world/world.js';

export interface SandboxOptions {
  /** The world to start from (and to return to on reset). Default: the built-in fixture. */
  fixture?: SandboxFixture;
  /** A clock to share with a test; default: real time that tests can advance. */
  clock?: SandboxClock;
  /** Secret that signs access tokens; random per sandbox by default. */
  tokenSecret?: string;
  /** Origin for absolute links (`checkoutUrl`, `pdfUrl`, `next`); default: the request's origin. */
  baseUrl?: string;
  /** How webhook deliveries are sent; default: the global `fetch`. */
  deliver?: typeof fetch;
  /**
   * How long a webhook receiver may take before the delivery counts as failed, in real
   * milliseconds; default 8000 (public-api.md, Events). Tests shorten it.
   */
  webhookTimeoutMs?: number;
}

export interface RequestInfo {
  /** The caller's address, for the per-IP limits and `customer.ip`. Default: 127.0.0.1. */
  remoteAddress?: string;
}

export interface Sandbox {
  fetch(request: Request, info?: RequestInfo): Promise<Response>;
  readonly clock: SandboxClock;
  /** The live state, for in-process tests that want to look inside. */
  readonly world: SandboxWorld;
  /** Back to the starting fixture: orders, keys, webhook apps, faults and limits as new. Issued tokens of keys that still exist stay valid; the clock keeps its time. */
  reset(): void;
  /** Stops scheduled work (webhook retries, pending 3DS turns). */
  close(): void;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, X-client-id',
  'Access-Control-Max-Age': '600',
  // A browser may read only exposed headers: the wait of a 429 must reach the page.
  'Access-Control-Expose-Headers': 'Retry-After',
};

function withHeaders(response: Response, headers: Record<string, string>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  return copy;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const fixture = options.fixture ?? defaultFixture();
  const clock = options.clock ?? createClock();
  const signer = createTokenSigner(options.tokenSecret);
  let world = createWorld(fixture);
  const state = { get world() { return world; } };
  const webhooks = createWebhookDispatcher(state, clock, options.deliver ?? fetch, options.webhookTimeoutMs);
  const routes: Route[] = sandboxRoutes({ signer, reset: () => sandbox.reset() });
  const route = createRouter(routes);

  /** Credentials, scope and rate limits: a refusal, or who is calling. */
  function admit(target: Route, request: Request, ip: string): { caller: Caller | undefined } | Response {
    const now = clock.now();
    const limited = (checks: Array<{ name: RateLimitName; subject: string }>) => {
      const taken = takeRateLimits(world, now, checks);
      return taken.ok ? undefined : throttled(taken.retryAfterSeconds);
    };
    // Sandbox pages and controls are not the Public API: no limits, no credentials.
    const isPublicApi = new URL(request.url).pathname.startsWith('/public_api/');
    if (target.auth === 'none') return (isPublicApi && limited([{ name: 'unauthenticatedPerIp', subject: ip }])) || { caller: undefined };

    if (target.auth === 'public-client') {
      const key = world.publicKeys.get(request.headers.get('X-client-id') ?? '');
      if (!key) return limited([{ name: 'unauthenticatedPerIp', subject: ip }]) ?? detailResponse(401, 'X-client-id ausente ou desconhecido.');
      if (target.scope && !isAuthorized(key.scopes, target.scope)) return detailResponse(403, NO_PERMISSION);
      const refusal = limited((target.limits ?? []).map((name) => ({ name, subject: key.accountId })));
      return refusal ?? { caller: { accountId: key.accountId, clientId: key.clientId, scopes: key.scopes, tokenId: key.clientId } };
    }

    const auth = authenticate(request, signer, now, (clientId) => world.apiKeys.has(clientId));
    if (!auth.ok) return limited([{ name: 'unauthenticatedPerIp', subject: ip }]) ?? auth.response;
    const { caller } = auth;
    if (target.scope && !isAuthorized(caller.scopes, target.scope)) return detailResponse(403, NO_PERMISSION);
    const checks = target.limits
      ? target.limits.map((name) => ({ name, subject: RATE_LIMIT_SUBJECT[name](caller, ip) }))
      : [{ name: 'authenticatedPerUser' as const, subject: caller.accountId }];
    return limited(checks) ?? { caller };
  }

  async function handle(request: Request, info: RequestInfo = {}): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const ip = info.remoteAddress ?? '127.0.0.1';

    if (method === 'OPTIONS') {
      // A preflight is answered for the browser-facing routes only (card tokenization).
      const corsAllowed = (['POST', 'GET'] as const).some((candidate) => {
        const found = route(candidate, url.pathname);
        return found.kind === 'found' && found.route.cors === true;
      });
      return corsAllowed ? new Response(null, { status: 204, headers: CORS_HEADERS }) : detailResponse(405, 'Método "OPTIONS" não é permitido.');
    }

    const match = route(method, url.pathname);
    if (match.kind === 'not-found') return notFound();
    if (match.kind === 'method-not-allowed') {
      return detailResponse(405, `Método "${method}" não é permitido.`, { Allow: match.allowed.join(', ') });
    }
    const target = match.route;

    const early = takeFault(world, method, url.pathname, 'before');
    if (early) {
      const injected = await applyFault(early);
      if (injected) return target.cors ? withHeaders(injected, CORS_HEADERS) : injected;
    }

    const admitted = admit(target, request, ip);
    let response: Response;
    if (admitted instanceof Response) {
      response = admitted;
    } else {
      const context: RouteContext = {
        request,
        url,
        params: match.params,
        world,
        clock,
        ip,
        baseUrl: options.baseUrl ?? url.origin,
        caller: admitted.caller,
        webhooks,
      };
      try {
        response = await target.handle(context);
      } catch (error) {
        if (error instanceof DroppedConnection) throw error;
        console.error('sandbox: unexpected error in', method, url.pathname, error);
        response = detailResponse(500, 'Erro interno do sandbox.');
        target.onServerError?.(context);
      }
    }

    const late = takeFault(world, method, url.pathname, 'after');
    if (late) response = (await applyFault(late)) ?? response;
    return target.cors ? withHeaders(response, CORS_HEADERS) : response;
  }

  const sandbox: Sandbox = {
    fetch: handle,
    clock,
    get world() {
      return world;
    },
    reset() {
      clock.cancelAll();
      world = createWorld(fixture);
    },
    close() {
      clock.cancelAll();
    },
  };
  return sandbox;
}

/** Whom each limit counts (public-api.md, Limits, "Counted per"). */
const RATE_LIMIT_SUBJECT: Record<RateLimitName, (caller: Caller, ip: string) => string> = {
  chargesPerIp: (_caller, ip) => ip,
  chargesPerToken: (caller) => caller.tokenId,
  cardTokensPerUser: (caller) => caller.accountId,
  authenticatedPerUser: (caller) => caller.accountId,
  unauthenticatedPerIp: (_caller, ip) => ip,
};
