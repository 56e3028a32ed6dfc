/**
 * The relay in an Express application (docs/relay.md, "Express"). It is mounted before any
 * body parser: the relay reads and size-limits the raw body itself, and a parser that ran
 * first would leave it an empty stream.
 *
 * The package is imported by its name, as in your application. In this repository tsconfig.json's
 * `paths` map that name to the sources, so the example runs and type-checks without a build.
 */
import express, { type Express } from 'express';
import { createRelay, toNodeHandler } from 'pay-checkout/relay';

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

/** The shop's Express application, with the relay under `/checkout`. */
export function createShopApp(settings: CheckoutSettings, env: NodeJS.ProcessEnv = process.env): Express {
  const relay = createRelay({
    ...settings,
    // The same variables `pay-checkout relay` reads; an empty value counts as unset.
    clientSecret: env['PAY_CHECKOUT_CLIENT_SECRET'] || undefined,
    webhookSecret: env['PAY_CHECKOUT_WEBHOOK_SECRET'] || undefined,
    // No basePath: app.use('/checkout', ...) strips '/checkout' from the path the relay sees.
  });
  const app = express();
  app.use('/checkout', toNodeHandler(relay));

  // The shop's own JSON routes come after the relay, so their parser never touches its requests.
  app.use(express.json());
  app.post('/api/newsletter', (req, res) => {
    const email: unknown = req.body?.email;
    if (typeof email !== 'string' || !email.includes('@')) {
      res.status(400).json({ error: 'email required' });
      return;
    }
    res.status(201).json({ subscribed: email });
  });
  return app;
}
