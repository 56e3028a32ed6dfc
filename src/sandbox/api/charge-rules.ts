/**
 * The business rules a charge meets after its body passed the schema (public-api.md,
 * "POST /public_api/payments/" and its rows of the Errors table), in the order the service
 * checks them: blocked account, offer, product and method, banking account, Pix expiry,
 * boleto due date, affiliate, coupon, card token, then the amount against what the method can
 * carry. Each refusal is a 400 in the spec's form.
 */
import type { ChargeRequest } from '../../contract/charge-request.js';
import { BANK_SETTLED_METHODS, CARD_METHODS, isCardMethod } from '../../contract/payment-methods.js';
import { CARD_TOKEN_UNKNOWN, findUsableCardToken, type CardTokenLookup } from '../card/card-tokens.js';
import { chargeAmountRefusal } from './charge-amount-limits.js';
import { priceCharge } from './charge-pricing.js';
import { detailResponse, fieldError, fieldErrorResponse } from '../requests/responses.js';
import { addCalendarDays, saoPauloDate } from '../world/sao-paulo-time.js';
import type { BankingAccountState, SandboxAccount, SandboxAffiliate, SandboxOffer, SandboxProduct } from '../world/state.js';
import type { CardTokenRecord, SandboxWorld } from '../world/world.js';

/** The only coupon the sandbox knows, and the percentage it takes off the base amount. */
export const SANDBOX_COUPON = { code: 'DESCONTO10', percentage: 10 } as const;

/** A charge the rules accepted, with everything they looked up. */
export interface AcceptedCharge {
  account: SandboxAccount;
  offer: SandboxOffer;
  product: SandboxProduct;
  affiliate: SandboxAffiliate | undefined;
  /** Percentage points of discount from the coupon; 0 without one. */
  discountPercentage: number;
  /** The token record of a card charge. */
  cardToken: CardTokenRecord | undefined;
}

export type ChargeRulesResult = { ok: true; charge: AcceptedCharge } | { ok: false; response: Response };

const METHODS_TEXT = {
  bankSettled: BANK_SETTLED_METHODS.join(', '),
  cards: CARD_METHODS.join(' e '),
};

/** Why each banking-account state fails the four conditions (public-api.md, banking-account prerequisite). */
const BANKING_ACCOUNT_PROBLEMS: Record<Exclude<BankingAccountState, 'opened'>, string> = {
  in_analysis: 'a proposta de conta bancária ainda está em análise',
  document_review: 'a proposta de conta bancária está em revisão de documentos',
  approved: 'a proposta de conta bancária foi aprovada, mas a conta ainda não foi aberta',
  inactive: 'a conta bancária não está ativa',
  not_primary: 'a conta bancária não é a conta principal do produtor',
  closure_requested: 'o encerramento da conta bancária foi solicitado',
  closed: 'a conta bancária foi encerrada',
  none: 'o produtor não tem conta bancária',
};

/** The `items` error of an offer that is missing, disabled or another account's. */
const OFFER_NOT_FOUND = 'Oferta não encontrada.';

function findOffer(world: SandboxWorld, accountId: string, offerId: string): { offer: SandboxOffer; product: SandboxProduct } | undefined {
  const offer = world.offers.get(offerId);
  if (offer === undefined || offer.status !== 'active') return undefined;
  const product = world.products.get(offer.product);
  // Another account's offer is answered like a missing one: its existence is not revealed.
  if (product === undefined || product.accountId !== accountId) return undefined;
  return { offer, product };
}

function productRefusal(product: SandboxProduct, method: string): Response | undefined {
  if (product.status !== 'active') {
    return fieldError('paymentMethod', `O produto desta oferta não está ativo para vendas (status: ${product.status}).`);
  }
  if (!product.paymentMethods.includes(method)) {
    return fieldError('paymentMethod', `O método de pagamento "${method}" não está habilitado para este produto.`);
  }
  return undefined;
}

function bankingAccountRefusal(account: SandboxAccount, method: string): Response | undefined {
  if (!(BANK_SETTLED_METHODS as readonly string[]).includes(method) || account.bankingAccount === 'opened') return undefined;
  const problem = BANKING_ACCOUNT_PROBLEMS[account.bankingAccount];
  return fieldError(
    'paymentMethod',
    `Para receber com ${METHODS_TEXT.bankSettled}, o produtor precisa de uma conta bancária aberta, ativa, principal e sem encerramento: ${problem}. ` +
      `Pagamentos com cartão (${METHODS_TEXT.cards}) continuam disponíveis.`,
  );
}

function pixExpiryRefusal(request: ChargeRequest, product: SandboxProduct): Response | undefined {
  if (request.pixExpiresIn === undefined || request.pixExpiresIn <= product.pixExpiresInMax) return undefined;
  return fieldError('pixExpiresIn', `A expiração do Pix não pode passar de ${product.pixExpiresInMax} segundos, o limite deste produto.`);
}

/** A due day from today to `ticketExpiration` days ahead, in São Paulo's calendar; today is still payable. */
function dueDateRefusal(request: ChargeRequest, product: SandboxProduct, nowMs: number): Response | undefined {
  if (request.dueDate === undefined) return undefined;
  const today = saoPauloDate(nowMs);
  const days = product.ticketExpiration;
  if (request.dueDate < today) {
    return fieldError('dueDate', `A data de vencimento não pode estar no passado: informe uma data de hoje a ${days} dias à frente (limite do produto).`);
  }
  if (request.dueDate > addCalendarDays(today, days)) {
    return fieldError('dueDate', `A data de vencimento passa do limite de ${days} dias deste produto.`);
  }
  return undefined;
}

function findAffiliate(world: SandboxWorld, shortId: string, product: SandboxProduct): SandboxAffiliate | undefined {
  const affiliate = world.affiliates.get(shortId);
  return affiliate?.status === 'active' && affiliate.productIds.includes(product.id) ? affiliate : undefined;
}

/** The coupon's discount in percentage points; a blank coupon counts as none. */
function couponDiscount(coupon: string | undefined): number | undefined {
  const code = coupon?.trim() ?? '';
  if (code === '') return 0;
  return code.toUpperCase() === SANDBOX_COUPON.code ? SANDBOX_COUPON.percentage : undefined;
}

/**
 * The token behind `card.token`: usable (card/card-tokens.ts: issued, not used, younger than 15
 * minutes) and issued to this account; another account's token is answered like an unknown one.
 */
function findCardToken(world: SandboxWorld, accountId: string, token: string, nowMs: number): CardTokenLookup {
  const owner = world.cardTokens.get(token)?.accountId;
  if (owner !== undefined && owner !== accountId) return { ok: false, message: CARD_TOKEN_UNKNOWN };
  return findUsableCardToken(world, token, nowMs);
}

/**
 * Pix Automático recurrence contracts and boleto invoices are issued in the payer's name, so
 * the acquirers need the payer's CPF or CNPJ (public-api.md, `customer.docType`: "needed in
 * practice"). The sandbox answers as the acquirer's refusal would reach the API: a field error.
 */
function payerDocumentRefusal(request: ChargeRequest): Response | undefined {
  if (request.paymentMethod !== 'pix_auto' && request.paymentMethod !== 'boleto') return undefined;
  if (request.customer.docType !== undefined && request.customer.docNumber !== undefined) return undefined;
  const method = request.paymentMethod === 'boleto' ? 'boleto' : 'Pix Automático';
  return fieldErrorResponse({
    customer: { docNumber: [`O CPF ou CNPJ do pagador (docType e docNumber) é exigido pelo adquirente para ${method}.`] },
  });
}

/** Checks a schema-valid charge against the account, catalogue and tokens, in the service's order. */
export function checkChargeRules(world: SandboxWorld, accountId: string, request: ChargeRequest, nowMs: number): ChargeRulesResult {
  const refuse = (response: Response): ChargeRulesResult => ({ ok: false, response });
  const account = world.accounts.get(accountId);
  if (account === undefined || account.blocked) {
    return refuse(detailResponse(400, 'A conta do produtor está bloqueada e não pode criar cobranças. Fale com o suporte.'));
  }
  const found = findOffer(world, accountId, request.items[0]!.offerId);
  if (found === undefined) return refuse(fieldErrorResponse({ items: [OFFER_NOT_FOUND] }));
  const { offer, product } = found;
  const method = request.paymentMethod;
  const refusal =
    productRefusal(product, method) ??
    bankingAccountRefusal(account, method) ??
    payerDocumentRefusal(request) ??
    pixExpiryRefusal(request, product) ??
    dueDateRefusal(request, product, nowMs);
  if (refusal) return refuse(refusal);

  let affiliate: SandboxAffiliate | undefined;
  if (request.affiliateShortId !== undefined) {
    affiliate = findAffiliate(world, request.affiliateShortId, product);
    if (affiliate === undefined) return refuse(fieldError('affiliateShortId', 'Afiliado não encontrado, inativo ou não cadastrado neste produto.'));
  }
  const discountPercentage = couponDiscount(request.coupon);
  if (discountPercentage === undefined) return refuse(fieldError('coupon', 'Cupom inválido ou expirado.'));

  let cardToken: CardTokenRecord | undefined;
  if (isCardMethod(method)) {
    // The schema already refused a card method without `card`.
    const token = findCardToken(world, accountId, request.card!.token, nowMs);
    if (!token.ok) return refuse(fieldError('card', token.message));
    cardToken = token.record;
  }
  const charge: AcceptedCharge = { account, offer, product, affiliate, discountPercentage, cardToken };
  const amountRefusal = chargeAmountRefusal(method, priceCharge(request, charge).amount);
  if (amountRefusal) return refuse(amountRefusal);
  return { ok: true, charge };
}
