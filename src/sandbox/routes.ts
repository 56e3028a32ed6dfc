/**
 * The sandbox's route table: the Public API (spec and supplement), the pages a real
 * integration talks to beside it (card tokens, 3DS challenge, profiling script, CEP table), and the
 * test controls under `/__sandbox/`.
 */
import { cardTokenRoutes } from './card/card-tokens.js';
import { catalogueRoutes } from './api/catalogue.js';
import { cepRoutes } from './documents/cep-route.js';
import { chargeAndOrderRoutes } from './api/charges.js';
import { controlRoutes } from './controls/controls.js';
import type { Route } from './requests/router.js';
import { profilerRoutes } from './card/profiler.js';
import { sandboxImageRoutes } from './documents/sandbox-images.js';
import { threeDSecureRoutes } from './card/three-d-secure.js';
import { handleTokenRequest, type TokenSigner } from './requests/tokens.js';
import { webhookRoutes } from './api/webhook-routes.js';

export interface RouteDependencies {
  signer: TokenSigner;
  /** Back to the starting fixture (`POST /__sandbox/reset`). */
  reset(): void;
}

export function sandboxRoutes(dependencies: RouteDependencies): Route[] {
  return [
    { method: 'POST', path: '/public_api/token/', auth: 'none', handle: (context) => handleTokenRequest(context, dependencies.signer) },
    ...catalogueRoutes(),
    ...webhookRoutes(),
    ...controlRoutes(dependencies),
    ...chargeAndOrderRoutes(),
    ...cardTokenRoutes(),
    ...threeDSecureRoutes(),
    ...profilerRoutes(),
    ...sandboxImageRoutes(),
    ...cepRoutes(),
  ];
}
