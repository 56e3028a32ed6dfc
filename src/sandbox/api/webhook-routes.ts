/**
 * The Public API's webhook endpoints: `POST /public_api/webhook/event_test/{id}/`
 * (public-api.md, Endpoints), the webhook app resource `GET /public_api/webhook/{id}/`
 * (supplement, "Webhook deliveries") and, as a sandbox addition, the app's event history
 * `GET /public_api/webhook/{id}/history/`, where the spec says the test is recorded.
 */
import * as z from 'zod/mini';
import { ENDPOINT_SCOPES } from '../../contract/auth.js';
import { validate } from '../../contract/errors.js';
import { webhookEventNameSchema, type WebhookApp as WebhookAppResource } from '../../contract/webhooks.js';
import { paginate } from './list-pages.js';
import { fieldErrorResponse, jsonResponse, notFound } from '../requests/responses.js';
import type { Route, RouteContext } from '../requests/router.js';
import type { WebhookApp } from '../world/world.js';

/** The `detail` of a successful test event (public-api.md: "text says the event was resent successfully"). */
export const EVENT_TEST_DETAIL = 'Evento reenviado com sucesso.';

/** A webhook app as the API shows it: the secret sits in `fields` (supplement). */
export function webhookAppResource(app: WebhookApp): WebhookAppResource {
  return {
    id: app.id,
    name: app.name,
    url: app.url,
    status: app.status,
    products: [...app.products],
    events: [...app.events] as WebhookAppResource['events'],
    fields: { secret: app.secret },
    createdAt: app.createdAt,
    updatedAt: app.updatedAt,
  };
}

/** The caller's own app named by the path `id`; another account's app is as unknown as a missing one. */
function ownedApp(context: RouteContext): WebhookApp | undefined {
  const id = context.params['id'] ?? '';
  if (!/^\d+$/.test(id)) return undefined;
  const app = context.world.webhookApps.get(Number(id));
  return app && app.accountId === context.caller?.accountId ? app : undefined;
}

const eventTestQuerySchema = z.object({ event: webhookEventNameSchema });

/**
 * `POST /public_api/webhook/event_test/{id}/?event=<name>`: a test payload to the app's URL,
 * whether or not the app subscribes to the event, recorded in its history.
 * The app is looked up before the query is read, as a detail view finds its object first.
 */
function sendTestEvent(context: RouteContext): Response {
  const app = ownedApp(context);
  if (!app) return notFound();
  const query = validate(eventTestQuerySchema, { event: context.url.searchParams.get('event') ?? undefined });
  if (!query.success) return fieldErrorResponse(query.errors);
  context.webhooks.sendTest(app, query.data.event);
  return jsonResponse(200, { detail: EVENT_TEST_DETAIL });
}

function readApp(context: RouteContext): Response {
  const app = ownedApp(context);
  return app ? jsonResponse(200, webhookAppResource(app)) : notFound();
}

/** The app's deliveries (each with its attempts), newest first, in the list envelope. */
function readHistory(context: RouteContext): Response {
  const app = ownedApp(context);
  if (!app) return notFound();
  const deliveries = context.world.deliveries.filter((delivery) => delivery.appId === app.id).reverse();
  const page = paginate(deliveries, context.url, context.baseUrl);
  return page instanceof Response ? page : jsonResponse(200, page);
}

/** The webhook routes of the Public API. */
export function webhookRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/public_api/webhook/event_test/:id/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['POST /public_api/webhook/event_test/{id}/'],
      handle: sendTestEvent,
    },
    { method: 'GET', path: '/public_api/webhook/:id/', auth: 'bearer', scope: ENDPOINT_SCOPES['GET /public_api/webhook/{id}/'], handle: readApp },
    {
      method: 'GET',
      path: '/public_api/webhook/:id/history/',
      auth: 'bearer',
      // Reading the history reads the webhook app: the same scope as the app resource.
      scope: ENDPOINT_SCOPES['GET /public_api/webhook/{id}/'],
      handle: readHistory,
    },
  ];
}
