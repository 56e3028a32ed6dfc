/**
 * `POST|GET /__sandbox/webhooks` and `GET /__sandbox/webhooks/deliveries`: webhook apps
 * are managed in the service's dashboard (public-api.md: webhook management "not shown"),
 * so a test registers them here and reads every delivery with its attempts.
 */
import * as z from 'zod/mini';
import { validate } from '../../contract/errors.js';
import { httpUrl, nonEmptyString } from '../../contract/formats.js';
import { webhookEventNameSchema } from '../../contract/webhooks.js';
import { readControlBody } from './controls-body.js';
import type { ControlRoute } from './control-route.js';
import { MAIN_ACCOUNT_ID } from '../world/fixture.js';
import { fieldError, fieldErrorResponse, jsonResponse } from '../requests/responses.js';
import { saoPauloDateTime } from '../world/sao-paulo-time.js';
import { webhookAppResource } from '../api/webhook-routes.js';
import { nextSequence, type SandboxWorld, type WebhookApp } from '../world/world.js';

export const webhookAppRequestSchema = z.strictObject({
  url: httpUrl,
  secret: z.string().check(z.minLength(1), z.maxLength(255)),
  events: z.array(webhookEventNameSchema).check(z.minLength(1)),
  /** Product ids; left out or empty, the app receives events of every product of the account. */
  products: z.optional(z.array(nonEmptyString)),
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  accountId: z.optional(nonEmptyString),
});
export type WebhookAppRequest = z.infer<typeof webhookAppRequestSchema>;

/** The app as the controls show it: the public resource plus the account it belongs to. */
const appView = (app: WebhookApp) => ({ ...webhookAppResource(app), accountId: app.accountId });

/** Registers an app, or answers the field errors (unknown account, products not of the account). */
export function registerWebhookApp(world: SandboxWorld, request: WebhookAppRequest, nowMs: number): WebhookApp | Response {
  const accountId = request.accountId ?? MAIN_ACCOUNT_ID;
  if (!world.accounts.has(accountId)) return fieldError('accountId', `Conta "${accountId}" não existe no sandbox.`);
  const products = [...new Set(request.products ?? [])];
  const foreign = products.filter((id) => world.products.get(id)?.accountId !== accountId);
  if (foreign.length > 0) return fieldError('products', `Produtos que não existem nesta conta: ${foreign.join(', ')}.`);
  const id = nextSequence(world);
  const now = saoPauloDateTime(nowMs);
  const app: WebhookApp = {
    id,
    accountId,
    name: request.name ?? `Webhook ${id}`,
    url: request.url,
    status: 'active',
    secret: request.secret,
    products,
    events: [...new Set(request.events)],
    createdAt: now,
    updatedAt: now,
  };
  world.webhookApps.set(id, app);
  return app;
}

const deliveryFilterSchema = z.object({
  appId: z.optional(z.string().check(z.regex(/^\d+$/, 'Informe o id (inteiro) de um app de webhook.'))),
  event: z.optional(webhookEventNameSchema),
});

/** The webhook controls. */
export function webhookControlRoutes(): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/webhooks',
      auth: 'none',
      summary: 'Cadastra um app de webhook: {url, secret, events, products?, name?, accountId?}.',
      async handle({ request, world, clock }) {
        const body = await readControlBody(request, webhookAppRequestSchema);
        if (!body.ok) return body.response;
        const app = registerWebhookApp(world, body.value, clock.now());
        return app instanceof Response ? app : jsonResponse(201, appView(app));
      },
    },
    {
      method: 'GET',
      path: '/__sandbox/webhooks',
      auth: 'none',
      summary: 'Apps de webhook cadastrados.',
      handle({ world }) {
        const apps = [...world.webhookApps.values()].map(appView);
        return jsonResponse(200, { count: apps.length, results: apps });
      },
    },
    {
      method: 'GET',
      path: '/__sandbox/webhooks/deliveries',
      auth: 'none',
      summary: 'Entregas de webhook com suas tentativas, na ordem de envio; filtros ?appId e ?event.',
      handle({ url, world }) {
        const query = validate(deliveryFilterSchema, {
          appId: url.searchParams.get('appId') ?? undefined,
          event: url.searchParams.get('event') ?? undefined,
        });
        if (!query.success) return fieldErrorResponse(query.errors);
        const { appId, event } = query.data;
        const deliveries = world.deliveries.filter(
          (delivery) => (appId === undefined || delivery.appId === Number(appId)) && (event === undefined || delivery.event === event),
        );
        return jsonResponse(200, { count: deliveries.length, results: deliveries });
      },
    },
  ];
}
