/**
 * `--fixture FILE`: a JSON file that replaces the sandbox's default fixture entirely.
 * The file is checked in two passes: the shape of every entity (the contract's resource
 * schemas where the sandbox keeps the API's resource, strict objects so a misspelt key is
 * named rather than ignored), then the links between entities (unique ids, owners and
 * products that exist). Every problem names its JSON path (`products[2].currency`).
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod/mini';
import { SCOPES } from '../../contract/auth.js';
import { checkoutSchema } from '../../contract/checkouts.js';
import { PIX_EXPIRES_IN_MIN_SECONDS, CHARGE_INSTALLMENTS_MAX, CHARGE_INSTALLMENTS_MIN } from '../../contract/constants.js';
import { currencySchema } from '../../contract/currencies.js';
import { flattenFieldErrors, validate } from '../../contract/errors.js';
import { additionalInterestConfigSchema, feesResponseSchema } from '../../contract/fees.js';
import { apiDateTime, calendarDate, decimalString, httpUrl, nonEmptyString } from '../../contract/formats.js';
import { offerSchema } from '../../contract/offers.js';
import { KNOWN_ORDER_STATUSES } from '../../contract/orders.js';
import { chargeMethodSchema } from '../../contract/payment-methods.js';
import { productSchema } from '../../contract/products.js';
import { BANKING_ACCOUNT_STATES, type SandboxFixture } from './state.js';

/** A strict object: a key the sandbox does not know is most likely misspelt, so it is named, not ignored. */
function fixtureObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Campo desconhecido no fixture.' : undefined) });
}

const accountSchema = fixtureObject({
  id: nonEmptyString,
  name: z.string(),
  bankingAccount: z.enum(BANKING_ACCOUNT_STATES),
  blocked: z.boolean(),
  receivingRegistration: z.enum(['done', 'pending']),
  // Written into Pix codes and boleto slips, which need a recebedor.
  merchantName: nonEmptyString,
  merchantCity: nonEmptyString,
  fees: feesResponseSchema,
  installmentInterest: additionalInterestConfigSchema,
  // The test knob of api/charges.ts (`AcquirerLatency`): how long the stand-in acquirer takes, in ms.
  processingDelayMs: z.optional(z.number().check(z.gte(0))),
});

const scopeList = z.array(z.enum(SCOPES));

const apiKeySchema = fixtureObject({
  clientId: nonEmptyString,
  clientSecret: nonEmptyString,
  scopes: scopeList,
  accountId: nonEmptyString,
});

const publicKeySchema = fixtureObject({
  clientId: nonEmptyString,
  scopes: scopeList,
  accountId: nonEmptyString,
});

/**
 * An image: an absolute http(s) URL, or a path on the sandbox (`/sandbox/images/…`) that it
 * answers as an absolute URL of its own, as the default fixture does.
 */
const fixtureImage = z.union([httpUrl, z.string().check(z.regex(/^\/[^/]/, 'Informe uma URL http(s) ou um caminho começando com /.'))]);

const productFixtureSchema = fixtureObject({
  ...productSchema.shape,
  image: fixtureImage,
  short_id: nonEmptyString,
  accountId: nonEmptyString,
  // A product cannot allow less than the spec's minimum `pixExpiresIn`.
  pixExpiresInMax: z.int().check(z.gte(PIX_EXPIRES_IN_MIN_SECONDS)),
  // A boleto `dueDate` must be in the future, so a product allows at least one day.
  ticketExpiration: z.int().check(z.gte(1)),
  createdAt: apiDateTime,
});

const offerFixtureSchema = fixtureObject({
  ...offerSchema.shape,
  image: fixtureImage,
  // The offers list filters and orders by these, so every fixture offer has them.
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
});

const checkoutFixtureSchema = fixtureObject({ ...checkoutSchema.shape, productId: nonEmptyString });

const affiliateSchema = fixtureObject({
  short_id: nonEmptyString,
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  productIds: z.array(nonEmptyString),
  commissionPercentage: z.number().check(z.gte(0), z.lte(100)),
});

const moment = z.nullable(apiDateTime);

const orderSchema = fixtureObject({
  id: nonEmptyString,
  refId: nonEmptyString,
  accountId: nonEmptyString,
  status: z.enum(KNOWN_ORDER_STATUSES),
  paymentMethod: chargeMethodSchema,
  currency: currencySchema,
  amount: decimalString,
  baseAmount: decimalString,
  discount: decimalString,
  fees: decimalString,
  installments: z.int().check(z.gte(CHARGE_INSTALLMENTS_MIN), z.lte(CHARGE_INSTALLMENTS_MAX)),
  externalId: z.string(),
  checkoutUrl: z.optional(z.string()),
  createdAt: apiDateTime,
  paidAt: moment,
  // The settlement day: the default fixture writes a calendar date; a date-time is accepted too.
  releaseDate: z.nullable(z.union([calendarDate, apiDateTime], { error: 'Informe uma data AAAA-MM-DD ou uma data e hora com fuso.' })),
  refundedAt: moment,
  chargedbackAt: moment,
  canceledAt: moment,
  customer: fixtureObject({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    birthDate: z.optional(calendarDate),
    docType: z.optional(z.enum(['cpf', 'cnpj'])),
    docNumber: z.optional(z.string()),
    ip: z.optional(z.string()),
  }),
  offerId: nonEmptyString,
  productId: nonEmptyString,
  offer_type: z.enum(['main', 'upsell', 'downsell', 'orderbump']),
  // Only the utm_* keys and sck exist in metadata (supplement, "Known behaviour").
  metadata: fixtureObject({
    utm_source: z.optional(z.string()),
    utm_medium: z.optional(z.string()),
    utm_campaign: z.optional(z.string()),
    utm_term: z.optional(z.string()),
    utm_content: z.optional(z.string()),
    sck: z.optional(z.string()),
  }),
  affiliateShortId: z.optional(z.string()),
  coupon: z.optional(z.string()),
  pix: z.optional(fixtureObject({ qrCode: z.string(), expirationDate: apiDateTime, user_journey: z.nullable(z.string()) })),
  boleto: z.optional(fixtureObject({ barcode: z.string(), pdfUrl: z.string(), dueDate: calendarDate })),
  card: z.optional(fixtureObject({ brand: z.string(), holderName: z.string(), lastDigits: z.string() })),
  additionalInterest: decimalString,
  additionalInterestEarned: decimalString,
});

type FixtureShape = {
  accounts: Array<{ id: string }>;
  apiKeys: Array<{ clientId: string; accountId: string }>;
  publicKeys: Array<{ clientId: string; accountId: string }>;
  products: Array<{ id: string; accountId: string }>;
  offers: Array<{ id: string; product: string }>;
  checkouts: Array<{ id: number; productId: string }>;
  affiliates: Array<{ short_id: string; productIds: string[] }>;
  orders: Array<{ id: string; accountId: string; productId: string; offerId: string; affiliateShortId?: string | undefined }>;
};

type Issue = { path: PropertyKey[]; message: string };

/** Ids that repeat within one list: the second and later ones are reported. */
function repeatedIds<T>(list: keyof FixtureShape, items: readonly T[], idOf: (item: T) => string, field: string): Issue[] {
  const firstIndex = new Map<string, number>();
  const issues: Issue[] = [];
  items.forEach((item, index) => {
    const id = idOf(item);
    const first = firstIndex.get(id);
    if (first === undefined) firstIndex.set(id, index);
    else issues.push({ path: [list, index, field], message: `Identificador repetido: "${id}" já aparece em ${list}[${first}].` });
  });
  return issues;
}

/** Links between entities that the sandbox follows (owners, products, offers, affiliates). */
function referenceIssues(fixture: FixtureShape): Issue[] {
  const accounts = new Set(fixture.accounts.map((account) => account.id));
  const products = new Set(fixture.products.map((product) => product.id));
  // A repeated offer id is reported as such; orders are checked against its first offer.
  const offers = new Map([...fixture.offers].reverse().map((offer) => [offer.id, offer]));
  const affiliates = new Set(fixture.affiliates.map((affiliate) => affiliate.short_id));
  const missing = (kind: string, id: string) => `Não existe ${kind} "${id}" no fixture.`;
  const issues: Issue[] = [
    ...repeatedIds('accounts', fixture.accounts, (account) => account.id, 'id'),
    ...repeatedIds('apiKeys', fixture.apiKeys, (key) => key.clientId, 'clientId'),
    ...repeatedIds('publicKeys', fixture.publicKeys, (key) => key.clientId, 'clientId'),
    ...repeatedIds('products', fixture.products, (product) => product.id, 'id'),
    ...repeatedIds('offers', fixture.offers, (offer) => offer.id, 'id'),
    // A checkout is addressed by product and id (`/products/{product_pk}/checkouts/{id}/`).
    ...repeatedIds('checkouts', fixture.checkouts, (checkout) => `${checkout.productId}/${checkout.id}`, 'id'),
    ...repeatedIds('affiliates', fixture.affiliates, (affiliate) => affiliate.short_id, 'short_id'),
    ...repeatedIds('orders', fixture.orders, (order) => order.id, 'id'),
  ];
  const needAccount = (list: 'apiKeys' | 'publicKeys' | 'products' | 'orders', items: ReadonlyArray<{ accountId: string }>) =>
    items.forEach((item, index) => {
      if (!accounts.has(item.accountId)) issues.push({ path: [list, index, 'accountId'], message: missing('a conta', item.accountId) });
    });
  needAccount('apiKeys', fixture.apiKeys);
  needAccount('publicKeys', fixture.publicKeys);
  needAccount('products', fixture.products);
  needAccount('orders', fixture.orders);
  fixture.offers.forEach((offer, index) => {
    if (!products.has(offer.product)) issues.push({ path: ['offers', index, 'product'], message: missing('o produto', offer.product) });
  });
  fixture.checkouts.forEach((checkout, index) => {
    if (!products.has(checkout.productId)) issues.push({ path: ['checkouts', index, 'productId'], message: missing('o produto', checkout.productId) });
  });
  fixture.affiliates.forEach((affiliate, index) => {
    affiliate.productIds.forEach((productId, position) => {
      if (!products.has(productId)) issues.push({ path: ['affiliates', index, 'productIds', position], message: missing('o produto', productId) });
    });
  });
  fixture.orders.forEach((order, index) => {
    if (!products.has(order.productId)) issues.push({ path: ['orders', index, 'productId'], message: missing('o produto', order.productId) });
    const offer = offers.get(order.offerId);
    if (!offer) issues.push({ path: ['orders', index, 'offerId'], message: missing('a oferta', order.offerId) });
    // An offer whose own product is missing is reported once, on the offer.
    else if (products.has(offer.product) && offer.product !== order.productId) {
      issues.push({ path: ['orders', index, 'offerId'], message: `A oferta "${order.offerId}" é do produto "${offer.product}", não de "${order.productId}".` });
    }
    if (order.affiliateShortId !== undefined && !affiliates.has(order.affiliateShortId)) {
      issues.push({ path: ['orders', index, 'affiliateShortId'], message: missing('o afiliado', order.affiliateShortId) });
    }
  });
  return issues;
}

/** The whole fixture file: every list present (an empty list is allowed, but not for accounts). */
export const sandboxFixtureSchema = fixtureObject({
  accounts: z.array(accountSchema).check(z.minLength(1)),
  apiKeys: z.array(apiKeySchema),
  publicKeys: z.array(publicKeySchema),
  products: z.array(productFixtureSchema),
  offers: z.array(offerFixtureSchema),
  checkouts: z.array(checkoutFixtureSchema),
  affiliates: z.array(affiliateSchema),
  orders: z.array(orderSchema),
}).check(
  z.superRefine((fixture, ctx) => {
    for (const issue of referenceIssues(fixture)) ctx.issues.push({ code: 'custom', ...issue, input: fixture });
  }),
);

/** `products.2.currency` → `products[2].currency`; a problem with the whole file is `(raiz)`. */
function jsonPath(dotted: string): string {
  const segments = dotted.split('.').filter((segment) => segment !== 'non_field_errors');
  if (segments.length === 0) return '(raiz)';
  return segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

/** Problems of a fixture by JSON path: `{'products[2].currency': ['"XYZ" não é uma escolha válida.']}`. */
export type FixtureProblems = Record<string, string[]>;

export type FixtureParse = { success: true; fixture: SandboxFixture } | { success: false; problems: FixtureProblems };

/** Checks parsed JSON as a sandbox fixture. */
export function parseFixture(json: unknown): FixtureParse {
  const result = validate(sandboxFixtureSchema, json);
  if (result.success) {
    const fixture: SandboxFixture = result.data;
    return { success: true, fixture };
  }
  const problems: FixtureProblems = {};
  for (const [path, messages] of Object.entries(flattenFieldErrors(result.errors))) {
    const key = jsonPath(path);
    problems[key] = [...(problems[key] ?? []), ...messages];
  }
  return { success: false, problems };
}

/** A broken file can have hundreds of problems; the message lists the first ones (`problems` has all). */
const MAX_LISTED_PROBLEMS = 20;

/** A fixture file that cannot be used: unreadable, not JSON, or not a valid fixture. */
export class InvalidFixtureFileError extends Error {
  readonly file: string;
  readonly problems: FixtureProblems;

  constructor(file: string, problems: FixtureProblems) {
    const entries = Object.entries(problems);
    const lines = entries.slice(0, MAX_LISTED_PROBLEMS).map(([path, messages]) => `  ${path}: ${messages.join(' ')}`);
    const more = entries.length - lines.length;
    super([`Fixture inválido em ${file}:`, ...lines, ...(more > 0 ? [`  ... e mais ${more} problema(s).`] : [])].join('\n'));
    this.name = 'InvalidFixtureFileError';
    this.file = file;
    this.problems = problems;
  }
}

/** Reads and checks a `--fixture FILE`; throws `InvalidFixtureFileError` naming each problem's path. */
export async function loadFixtureFile(file: string): Promise<SandboxFixture> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InvalidFixtureFileError(file, { '(arquivo)': [`Não foi possível ler o arquivo: ${(error as Error).message}`] });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InvalidFixtureFileError(file, { '(arquivo)': [`JSON malformado: ${(error as Error).message}`] });
  }
  const parsed = parseFixture(json);
  if (!parsed.success) throw new InvalidFixtureFileError(file, parsed.problems);
  return parsed.fixture;
}
