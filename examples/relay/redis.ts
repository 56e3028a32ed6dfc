/**
 * The relay on several instances (docs/relay.md, "Several instances: Redis"). Every instance
 * creates its relay with a store on the same Redis, so together they share one access token,
 * one set of pacing counters, the orders and their status, webhook de-duplication, the
 * per-IP charge limit and the fan-out of status changes: an order created on one instance is
 * known to all, and a webhook taken by one reaches the event streams open on the others.
 *
 * The package is imported by its name, as in your application. In this repository tsconfig.json's
 * `paths` map that name to the sources, so the example runs and type-checks without a build.
 */
import { createRelay, type Relay } from 'pay-checkout/relay';
import { createRedisStore } from 'pay-checkout/store/redis';

/** What is not secret; the two secrets and the Redis URL come from the environment. */
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

export interface SharedRelay {
  /** Mount it as in the other examples (here its routes live under `/checkout`). */
  relay: Relay;
  /** Closes the store's Redis connections: call it when the instance shuts down. */
  close(): Promise<void>;
}

/** One instance's relay, its state in the Redis at `REDIS_URL` (`redis://` or `rediss://`). */
export function createSharedRelay(settings: CheckoutSettings, env: NodeJS.ProcessEnv = process.env): SharedRelay {
  const store = createRedisStore({ url: env['REDIS_URL'], keyPrefix: 'shop-checkout:' });
  try {
    const relay = createRelay({
      ...settings,
      store,
      clientSecret: env['PAY_CHECKOUT_CLIENT_SECRET'] || undefined,
      webhookSecret: env['PAY_CHECKOUT_WEBHOOK_SECRET'] || undefined,
      basePath: '/checkout',
    });
    return { relay, close: () => store.close() };
  } catch (error) {
    // A bad option: the relay was not made, so its connections are closed here.
    void store.close();
    throw error;
  }
}
