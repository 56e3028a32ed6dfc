/**
 * The relay as a Next.js App Router route handler (docs/relay.md, "Next.js"). Save it as
 * `app/api/checkout/[...path]/route.ts`: the catch-all segment sends every path under
 * `/api/checkout/` here, and the relay routes by the request's URL itself.
 *
 * Settings come from the environment; the two secrets have the names `pay-checkout relay`
 * reads. Deploy it only behind a proxy that appends to X-Forwarded-For: the buyer's address
 * is read from that header.
 *
 * The package is imported by its name, as in your application. In this repository tsconfig.json's
 * `paths` map that name to the sources, so the example runs and type-checks without a build.
 */
import { createRelay, type Relay } from 'pay-checkout/relay';

/** The URL path of the route's folder, `app/api/checkout/`. */
export const CHECKOUT_PATH = '/api/checkout';

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
}

/** The relay this route serves, configured from `env`. */
export function createCheckoutRelay(env: NodeJS.ProcessEnv = process.env): Relay {
  return createRelay({
    apiBaseUrl: env['PAY_CHECKOUT_API_URL'] ?? '',
    clientId: env['PAY_CHECKOUT_CLIENT_ID'],
    clientSecret: env['PAY_CHECKOUT_CLIENT_SECRET'] || undefined,
    publicClientId: env['PAY_CHECKOUT_PUBLIC_CLIENT_ID'] ?? '',
    offers: list(env['PAY_CHECKOUT_OFFERS']),
    allowedOrigins: list(env['PAY_CHECKOUT_ALLOWED_ORIGINS']),
    webhookSecret: env['PAY_CHECKOUT_WEBHOOK_SECRET'] || undefined,
    basePath: CHECKOUT_PATH,
    // A route handler gets no socket: the relay starts from the rightmost X-Forwarded-For
    // entry, which the proxy in front of Next.js (the hosting platform, nginx) appends, and
    // walks left past the shop's own proxies listed here (a CDN or load balancer in front of
    // that one), e.g. PAY_CHECKOUT_TRUSTED_PROXIES=10.0.0.0/8,2001:db8:ff::/48.
    trustProxy: list(env['PAY_CHECKOUT_TRUSTED_PROXIES']),
  });
}

let relay: Relay | undefined;

/**
 * Made on the first request, not when the module loads: `next build` loads route modules
 * while the runtime secrets may not be set.
 */
function handle(request: Request): Promise<Response> {
  relay ??= createCheckoutRelay();
  return relay.fetch(request);
}

export const GET = handle;
export const POST = handle;
/** CORS preflights of the widget: without this export Next.js would answer them itself. */
export const OPTIONS = handle;

/** The relay keeps state in memory between requests and streams events: Node.js, never cached. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
