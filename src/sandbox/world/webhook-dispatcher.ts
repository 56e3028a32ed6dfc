import type { SandboxOrder } from './state.js';
import type { WebhookApp, WebhookDelivery } from './world.js';

/**
 * Sends webhook events (supplement, "Webhook deliveries"): `POST {secret, event, data}` to
 * each app of the order's account that subscribes to the event and the order's product,
 * retried on the documented schedule when the receiver fails or takes over 8 seconds.
 */
export interface WebhookDispatcher {
  /** Delivers `event` about `order` to every app that should receive it. */
  emit(event: string, order: SandboxOrder): void;
  /** Sends a test payload of `event` to one app and records it in its history. */
  sendTest(app: WebhookApp, event: string): WebhookDelivery;
}
