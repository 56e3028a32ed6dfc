/**
 * The catalogue and report endpoints of the sandbox: fees (public-api.md, "GET
 * /public_api/fees/"), the producer's additional interest (supplement,
 * `/public_api/installment-interest/`), offers, products (supplement) and their duplicate,
 * checkouts, and the two order reports. Everything is scoped to the caller's account: another
 * account's product or checkout is answered like one that does not exist (404).
 */
import { absoluteImageUrl } from '../documents/sandbox-images.js';
import { ENDPOINT_SCOPES } from '../../contract/auth.js';
import { validate } from '../../contract/errors.js';
import { additionalInterestConfigSchema } from '../../contract/fees.js';
import type { Product } from '../../contract/products.js';
import type { Checkout } from '../../contract/checkouts.js';
import { paginate } from './list-pages.js';
import { handleOfferList } from './offers-route.js';
import { duplicateProduct } from './product-duplicate.js';
import { handleAnalytics, handleInterestReport } from './reports.js';
import { readJsonBody } from '../requests/request-body.js';
import { detailResponse, fieldErrorResponse, jsonResponse, notFound } from '../requests/responses.js';
import type { Route, RouteContext } from '../requests/router.js';
import type { SandboxAccount, SandboxCheckout, SandboxProduct } from '../world/state.js';

/** Why fees are refused while the receiving registration is pending (public-api.md, Errors, 409). */
export const RECEIVING_REGISTRATION_PENDING_DETAIL =
  'A conta ainda não concluiu o cadastro de recebimento. Conclua o cadastro no painel: repetir a requisição não resolve.';

function callerAccount(context: RouteContext): SandboxAccount {
  return context.world.accounts.get(context.caller!.accountId)!;
}

/** The caller's product with that id, or undefined (absent, or another account's). */
function callerProduct(context: RouteContext, productId: string | undefined): SandboxProduct | undefined {
  const product = productId === undefined ? undefined : context.world.products.get(productId);
  return product?.accountId === context.caller!.accountId ? product : undefined;
}

/** The product as the API shows it: the fields of the Product table only. */
export function productResource(product: SandboxProduct, baseUrl: string): Product {
  return {
    id: product.id,
    name: product.name,
    image: absoluteImageUrl(product.image, baseUrl),
    description: product.description,
    price: product.price,
    currency: product.currency,
    type: product.type,
    contentDeliveries: [...product.contentDeliveries],
    emailAccessLink: product.emailAccessLink,
    salesPage: product.salesPage,
    status: product.status,
    paymentMethods: [...product.paymentMethods],
    category: { ...product.category },
  };
}

/** The checkout as the API shows it: the Checkout table's fields, without the owner product. */
export function checkoutResource(checkout: SandboxCheckout): Checkout {
  return {
    id: checkout.id,
    name: checkout.name,
    offers: checkout.offers,
    updatedAt: checkout.updatedAt,
    createdAt: checkout.createdAt,
    config: structuredClone(checkout.config),
    default: checkout.default,
    visits: checkout.visits,
  };
}

function handleFees(context: RouteContext): Response {
  const account = callerAccount(context);
  if (account.receivingRegistration === 'pending') return detailResponse(409, RECEIVING_REGISTRATION_PENDING_DETAIL);
  return jsonResponse(200, account.fees);
}

function handleInterestConfigRead(context: RouteContext): Response {
  return jsonResponse(200, callerAccount(context).installmentInterest);
}

/** PUT replaces the whole configuration; rows are kept in instalment order. Unknown keys are ignored. */
async function handleInterestConfigWrite(context: RouteContext): Promise<Response> {
  const body = await readJsonBody(context.request);
  if (!body.ok) return body.response;
  const result = validate(additionalInterestConfigSchema, body.value);
  if (!result.success) return fieldErrorResponse(result.errors);
  const config = {
    installments: [...result.data.installments].sort((a, b) => a.installments - b.installments),
    active: result.data.active,
  };
  callerAccount(context).installmentInterest = config;
  return jsonResponse(200, config);
}

/** Products in creation order; the store's order breaks ties. */
function handleProductList(context: RouteContext): Response {
  const products = [...context.world.products.values()]
    .filter((product) => product.accountId === context.caller!.accountId)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
    .map((product) => productResource(product, context.baseUrl));
  const page = paginate(products, context.url, context.baseUrl);
  return page instanceof Response ? page : jsonResponse(200, page);
}

function handleProductRead(context: RouteContext): Response {
  const product = callerProduct(context, context.params.id);
  return product ? jsonResponse(200, productResource(product, context.baseUrl)) : notFound();
}

function handleProductDuplicate(context: RouteContext): Response {
  const original = callerProduct(context, context.params.id);
  if (!original) return notFound();
  return jsonResponse(200, productResource(duplicateProduct(context.world, original, context.clock.now()), context.baseUrl));
}

/** A checkout id is an integer; `007` names checkout 7, as an integer lookup reads it. */
function handleCheckoutRead(context: RouteContext): Response {
  const product = callerProduct(context, context.params.product_pk);
  const id = context.params.id ?? '';
  if (!product || !/^\d+$/.test(id)) return notFound();
  const checkout = context.world.checkouts.get(`${product.id}/${Number(id)}`);
  return checkout ? jsonResponse(200, checkoutResource(checkout)) : notFound();
}

/**
 * The routes of this part. The report paths come before any `/public_api/orders/:id/`
 * route in the table, since the router takes the first pattern that matches.
 */
export function catalogueRoutes(): Route[] {
  return [
    { method: 'GET', path: '/public_api/fees/', auth: 'bearer', scope: ENDPOINT_SCOPES['GET /public_api/fees/'], handle: handleFees },
    {
      method: 'GET',
      path: '/public_api/installment-interest/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['GET /public_api/installment-interest/'],
      handle: handleInterestConfigRead,
    },
    {
      method: 'PUT',
      path: '/public_api/installment-interest/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['PUT /public_api/installment-interest/'],
      handle: handleInterestConfigWrite,
    },
    { method: 'GET', path: '/public_api/offers/', auth: 'bearer', scope: ENDPOINT_SCOPES['GET /public_api/offers/'], handle: handleOfferList },
    { method: 'GET', path: '/public_api/products/', auth: 'bearer', scope: ENDPOINT_SCOPES['GET /public_api/products/'], handle: handleProductList },
    { method: 'GET', path: '/public_api/products/:id/', auth: 'bearer', scope: ENDPOINT_SCOPES['GET /public_api/products/{id}/'], handle: handleProductRead },
    {
      method: 'POST',
      path: '/public_api/products/:id/duplicate/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['POST /public_api/products/{id}/duplicate/'],
      handle: handleProductDuplicate,
    },
    {
      method: 'GET',
      path: '/public_api/products/:product_pk/checkouts/:id/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['GET /public_api/products/{product_pk}/checkouts/{id}/'],
      handle: handleCheckoutRead,
    },
    {
      method: 'GET',
      path: '/public_api/orders/analytics/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['GET /public_api/orders/analytics/'],
      handle: handleAnalytics,
    },
    {
      method: 'GET',
      path: '/public_api/orders/additional_interest/',
      auth: 'bearer',
      scope: ENDPOINT_SCOPES['GET /public_api/orders/additional_interest/'],
      handle: handleInterestReport,
    },
  ];
}
