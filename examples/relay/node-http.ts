/**
 * The relay on Node's own `http` server, next to the shop's other routes (docs/relay.md,
 * "Plain Node http"). Everything under `/checkout` goes to the relay; the rest is the shop's.
 *
 * The package is imported by its name, as in your application. In this repository tsconfig.json's
 * `paths` map that name to the sources, so the example runs and type-checks without a build.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRelay, toNodeHandler } from 'pay-checkout/relay';

/** Where the relay's routes live on this server. */
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

/** The shop's own routes; here a single page. */
function shopPages(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'GET' && req.url === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Shop</title><h1>Shop</h1>');
    return;
  }
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}

/** The shop's server, not yet listening. */
export function createShopServer(settings: CheckoutSettings, env: NodeJS.ProcessEnv = process.env): Server {
  const relay = createRelay({
    ...settings,
    // The same variables `pay-checkout relay` reads; an empty value counts as unset.
    clientSecret: env['PAY_CHECKOUT_CLIENT_SECRET'] || undefined,
    webhookSecret: env['PAY_CHECKOUT_WEBHOOK_SECRET'] || undefined,
    // http.createServer hands the handler the full path, so the relay is told where it lives.
    basePath: CHECKOUT_PATH,
  });
  const checkout = toNodeHandler(relay);
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === CHECKOUT_PATH || path.startsWith(`${CHECKOUT_PATH}/`)) checkout(req, res);
    else shopPages(req, res);
  });
}
