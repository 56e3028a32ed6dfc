/**
 * Pages the sandbox serves for an order beside the API, as the service's own hosts do: the
 * hosted checkout behind `checkoutUrl` and the boleto PDF behind `boleto.pdfUrl`
 * (public-api.md, "Charge (order) response"). Neither needs credentials: the order id in the
 * link is what a buyer holds.
 */
import { digitableLineToBarcode, formatDigitableLine } from './boleto.js';
import { renderBoletoPdf } from './boleto-pdf.js';
import type { Route, RouteContext } from '../requests/router.js';
import type { SandboxOrder } from '../world/state.js';
import { escapeHtml } from '../../http/html-escape.js';


/** `R$ 1.234,56` for reais, `USD 49,00` otherwise; built from the decimal string, never a float. */
function displayAmount(amount: string, currency: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${currency === 'BRL' ? 'R$' : currency} ${grouped},${fraction.padEnd(2, '0').slice(0, 2)}`;
}

const STATUS_LABELS: Record<string, string> = {
  waiting_payment: 'Aguardando pagamento',
  paid: 'Pago',
  declined: 'Recusado pelo banco',
  refused: 'Recusado',
  pending: 'Em autenticação',
};

/** Content Security Policy of the pages: no script, no outside resource. */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
};

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}` +
    `code{word-break:break-all}</style></head><body>${body}</body></html>`
  );
}

function paymentSection(order: SandboxOrder): string {
  if (order.pix) {
    return `<h2>Pix copia e cola</h2><p><code>${escapeHtml(order.pix.qrCode)}</code></p><p>Expira em ${escapeHtml(order.pix.expirationDate)}</p>`;
  }
  if (order.boleto) {
    return (
      `<h2>Boleto</h2><p><code>${escapeHtml(formatDigitableLine(order.boleto.barcode))}</code></p>` +
      `<p>Vencimento: ${escapeHtml(order.boleto.dueDate)} · <a href="${escapeHtml(order.boleto.pdfUrl)}">Baixar PDF</a></p>`
    );
  }
  return '';
}

/** The hosted checkout of an order: its reference, amount, status and how to pay. */
export function checkoutPage(order: SandboxOrder, productName: string): string {
  const status = STATUS_LABELS[order.status] ?? order.status;
  return page(
    `Pedido ${order.refId}`,
    `<p>SANDBOX — nenhum pagamento real.</p><h1>Pedido ${escapeHtml(order.refId)}</h1>` +
      `<p>${escapeHtml(productName)}</p>` +
      `<p>Valor: <strong>${escapeHtml(displayAmount(order.amount, order.currency))}</strong></p>` +
      `<p>Situação: <strong data-status="${escapeHtml(order.status)}">${escapeHtml(status)}</strong></p>` +
      paymentSection(order),
  );
}

function handleCheckoutPage(context: RouteContext): Response {
  const order = context.world.orders.get(context.params['orderId'] ?? '');
  if (order === undefined) {
    return new Response(page('Pedido não encontrado', '<h1>Pedido não encontrado.</h1>'), { status: 404, headers: PAGE_HEADERS });
  }
  const productName = context.world.products.get(order.productId)?.name ?? '';
  return new Response(checkoutPage(order, productName), { status: 200, headers: PAGE_HEADERS });
}

function handleBoletoPdf(context: RouteContext): Response {
  const match = /^(.+)\.pdf$/.exec(context.params['file'] ?? '');
  const order = match ? context.world.orders.get(match[1]!) : undefined;
  if (order?.boleto === undefined) return new Response('Boleto não encontrado.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const account = context.world.accounts.get(order.accountId);
  const pdf = renderBoletoPdf({
    digitableLine: order.boleto.barcode,
    barcode44: digitableLineToBarcode(order.boleto.barcode),
    amount: order.amount,
    dueDate: order.boleto.dueDate,
    beneficiary: { name: account?.merchantName ?? account?.name ?? 'Produtor' },
    payer: { name: order.customer.name, ...(order.customer.docNumber ? { document: order.customer.docNumber } : {}) },
    orderId: order.id,
    currency: order.currency,
  });
  // A copy typed over a plain ArrayBuffer, the body type `Response` takes.
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="boleto-${order.refId.replace(/[^A-Za-z0-9_-]/g, '')}.pdf"` },
  });
}

/** `GET /checkout/:orderId` and `GET /sandbox/boletos/:orderId.pdf`. */
export function orderPageRoutes(): Route[] {
  return [
    { method: 'GET', path: '/checkout/:orderId', auth: 'none', handle: handleCheckoutPage },
    { method: 'GET', path: '/sandbox/boletos/:file', auth: 'none', handle: handleBoletoPdf },
  ];
}
