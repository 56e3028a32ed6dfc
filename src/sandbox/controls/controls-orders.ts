/**
 * `POST /__sandbox/orders/{id}/pay`: the buyer pays. A Pix, Pix Automático or boleto order
 * awaiting payment, or a 3DS charge still pending, becomes `paid` and `purchase_approved`
 * goes to the webhook apps, as when the acquirer confirms a real payment.
 */
import type { ControlRoute } from './control-route.js';
import { orderRecordOf, payOrder } from '../api/orders.js';
import { detailResponse, jsonResponse, notFound } from '../requests/responses.js';

/** The order controls. */
export function orderControlRoutes(): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/orders/:id/pay',
      auth: 'none',
      summary: 'Paga um pedido Pix, Pix Automático ou boleto aguardando pagamento, ou um 3DS pendente; dispara purchase_approved.',
      handle({ params, world, clock, webhooks }) {
        const result = payOrder(world, clock, webhooks, params['id'] ?? '');
        if (result.ok) return jsonResponse(200, orderRecordOf(world, result.order));
        if (result.reason === 'not-found') return notFound();
        return detailResponse(409, `O pedido está com status "${result.status}" e não pode ser pago.`);
      },
    },
  ];
}
