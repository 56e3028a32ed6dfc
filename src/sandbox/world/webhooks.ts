/**
 * Webhook deliveries (supplement, "Webhook deliveries"): each event about an order goes as
 * `POST {secret, event, data}` to every active app of the order's account that subscribes
 * to the event and to the order's product. A receiver that does not answer 2xx within 8
 * seconds is tried again after 5 s, 1 min, 2.5 min, 6 min and 30 min of sandbox time, so a
 * test can walk the whole schedule with `POST /__sandbox/clock`.
 */
import { randomUUID } from 'node:crypto';
import { WEBHOOK_RESPONSE_TIMEOUT_SECONDS, WEBHOOK_RETRY_DELAYS_SECONDS } from '../../contract/constants.js';
import type { OrderEventData } from '../../contract/webhooks.js';
import type { SandboxClock } from './clock.js';
import { orderSummary } from './order-views.js';
import type { SandboxOrder } from './state.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';
import type { SandboxWorld, WebhookApp, WebhookDelivery } from './world.js';

/** The order as an event's `data` (supplement: the fields an order event carries). */
export function orderEventData(world: SandboxWorld, order: SandboxOrder): OrderEventData {
  return {
    ...orderSummary(world, order),
    installments: order.installments,
    customer: { name: order.customer.name, email: order.customer.email, phone: order.customer.phone, birthDate: order.customer.birthDate ?? null },
    offer_type: order.offer_type,
    checkoutUrl: order.checkoutUrl ?? null,
    paidAt: order.paidAt,
    createdAt: order.createdAt,
    ...(order.pix ? { pix: { qrCode: order.pix.qrCode, expirationDate: order.pix.expirationDate } } : {}),
    ...(order.boleto ? { boleto: order.boleto } : {}),
    ...(order.card ? { card: order.card } : {}),
  } as OrderEventData;
}

function receives(app: WebhookApp, event: string, order: SandboxOrder): boolean {
  return (
    app.status === 'active' &&
    app.accountId === order.accountId &&
    app.events.includes(event) &&
    (app.products.length === 0 || app.products.includes(order.productId))
  );
}

export function createWebhookDispatcher(
  state: { readonly world: SandboxWorld },
  clock: SandboxClock,
  deliver: typeof fetch,
  timeoutMs: number = WEBHOOK_RESPONSE_TIMEOUT_SECONDS * 1000,
): WebhookDispatcher {
  async function attempt(delivery: WebhookDelivery, app: WebhookApp): Promise<void> {
    const started = Date.now();
    let status: number | null = null;
    let error: string | undefined;
    try {
      const response = await deliver(app.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'pay-checkout-sandbox/webhooks' },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (reason) {
      error = (reason as Error).name === 'TimeoutError' ? `sem resposta em ${timeoutMs} ms` : String((reason as Error).message ?? reason);
    }
    delivery.attempts.push({ at: new Date(clock.now()).toISOString(), status, error, durationMs: Date.now() - started });
    if (status !== null && status >= 200 && status < 300) {
      delivery.state = 'delivered';
      delivery.nextAttemptAt = null;
      return;
    }
    const delay = WEBHOOK_RETRY_DELAYS_SECONDS[delivery.attempts.length - 1];
    if (delay === undefined) {
      delivery.state = 'failed';
      delivery.nextAttemptAt = null;
      return;
    }
    const at = clock.now() + delay * 1000;
    delivery.nextAttemptAt = new Date(at).toISOString();
    clock.schedule(at, () => attempt(delivery, app));
  }

  function send(app: WebhookApp, event: string, data: unknown, orderId: string | null, test: boolean): WebhookDelivery {
    const delivery: WebhookDelivery = {
      id: randomUUID(),
      appId: app.id,
      event,
      orderId,
      test,
      body: { secret: app.secret, event, data },
      attempts: [],
      state: 'pending',
      nextAttemptAt: new Date(clock.now()).toISOString(),
    };
    state.world.deliveries.push(delivery);
    clock.schedule(clock.now(), () => attempt(delivery, app));
    return delivery;
  }

  return {
    emit(event, order) {
      const data = orderEventData(state.world, order);
      for (const app of state.world.webhookApps.values()) {
        if (receives(app, event, order)) send(app, event, data, order.id, false);
      }
    },
    sendTest(app, event) {
      // A test payload: a made-up order of the app's account, marked as a test.
      const data = { id: `test_${randomUUID()}`, refId: 'TESTE', status: 'paid', paymentMethod: 'pix', amount: '10.00', test: true };
      return send(app, event, data, null, true);
    },
  };
}
