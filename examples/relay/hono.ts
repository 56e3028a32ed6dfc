/**
 * The relay in a Hono application (docs/relay.md, "Hono"). A Hono app is itself a
 * `fetch(Request)` handler, so the relay gets the request untouched. Serve the app with the
 * runtime of your choice; pass that runtime's `getConnInfo` so the relay knows the buyer's
 * address.
 *
 * The package is imported by its name, as in your application. In this repository tsconfig.json's
 * `paths` map that name to the sources, so the example runs and type-checks without a build.
 */
import { Hono } from 'hono';
import type { GetConnInfo } from 'hono/conninfo';
import { createRelay } from 'pay-checkout/relay';

/** Where the relay's routes live in this app. */
export const CHECKOUT_PATH = '/checkout';

/** What is not secret; the two secrets come from the environment. */
export interface CheckoutSettings {
  /** The API origin: the sandbox's URL while developing, the real API's in production. */
  apiBaseUrl: string;
  /** The secret API key's id (its secret is `PAY_CHECKOUT_CLIENT_SECRET`). */
  clientId: string;
  /** The public card-tokenization client id, which the browser uses. */
  publicClientId: string;
  /** The offers this shop sells through the widget. */
  offers: string[];
  /** The shop's page origins, e.g. `https://shop.example`. */
  allowedOrigins: string[];
}

export interface ShopAppRuntime {
  /** `process.env` on Node and Bun, `Deno.env.toObject()` on Deno. */
  env: Record<string, string | undefined>;
  /**
   * The runtime's connection info: `getConnInfo` of `@hono/node-server/conninfo`, `hono/bun`,
   * `hono/deno` or `hono/cloudflare-workers`. Without it the relay has no buyer address: every
   * buyer shares one charge rate limit and the API records the relay's address as the buyer's.
   */
  getConnInfo?: GetConnInfo;
}

/** The shop's Hono app, with the relay under `/checkout`. */
export function createShopApp(settings: CheckoutSettings, { env, getConnInfo }: ShopAppRuntime): Hono {
  const relay = createRelay({
    ...settings,
    // The same variables `pay-checkout relay` reads; an empty value counts as unset.
    clientSecret: env['PAY_CHECKOUT_CLIENT_SECRET'] || undefined,
    webhookSecret: env['PAY_CHECKOUT_WEBHOOK_SECRET'] || undefined,
    // c.req.raw keeps the full path, so the relay is told where it lives.
    basePath: CHECKOUT_PATH,
  });
  const app = new Hono();
  app.all(`${CHECKOUT_PATH}/*`, (c) => relay.fetch(c.req.raw, { remoteAddress: getConnInfo?.(c).remote.address }));
  app.get('/', (c) => c.html('<!doctype html><title>Shop</title><h1>Shop</h1>'));
  return app;
}
