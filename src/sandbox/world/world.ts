/**
 * The sandbox's live state, built from a fixture and reset to it by `POST /__sandbox/reset`.
 * The fixture's lists become maps by id; the runtime stores start empty.
 */
import type { RateLimitName } from '../../contract/constants.js';
import type { ChargeResponse } from '../../contract/charge-response.js';
import type {
  SandboxAccount,
  SandboxAffiliate,
  SandboxApiKey,
  SandboxCheckout,
  SandboxFixture,
  SandboxOffer,
  SandboxOrder,
  SandboxProduct,
  SandboxPublicKey,
} from './state.js';

/** What `X-Idempotency-Key` remembers for one account and key (public-api.md, idempotency rules). */
export type IdempotencyRecord =
  | { state: 'processing'; fingerprint: string; startedAt: number }
  | { state: 'done'; fingerprint: string; status: number; body: ChargeResponse; storedAt: number };

/** A card token issued by `POST /public_api/card-tokens/`: single use, 15 minutes. */
export interface CardTokenRecord {
  token: string;
  accountId: string;
  number: string;
  holderName: string;
  expMonth: string;
  expYear: string;
  brand: string;
  issuedAt: number;
  usedAt: number | undefined;
}

/** A 3DS session started by the sandbox 3DS provider for one card token. */
export interface ThreeDsSession {
  referenceId: string;
  cardToken: string;
  /** The origin allowed to receive the challenge's result (`postMessage` target). */
  parentOrigin: string;
  challenge: boolean;
  outcome: 'pending' | 'authenticated' | 'failed' | 'canceled';
  result?: { cavv: string; eci: string; xid: string; referenceId: string; version: string };
  createdAt: number;
  /** The language the session was started in (the checkout's), which the challenge page speaks. */
  locale?: string;
}

/** A webhook app registered through `/__sandbox/webhooks` (supplement, webhook app resource). */
export interface WebhookApp {
  id: number;
  accountId: string;
  name: string;
  url: string;
  status: 'active' | 'inactive';
  secret: string;
  /** Product ids it receives events of; empty means every product of the account. */
  products: string[];
  events: string[];
  createdAt: string;
  updatedAt: string;
}

/** One attempt to deliver one event to one app. */
export interface WebhookDeliveryAttempt {
  at: string;
  status: number | null;
  error?: string | undefined;
  durationMs: number;
}

export interface WebhookDelivery {
  id: string;
  appId: number;
  event: string;
  orderId: string | null;
  test: boolean;
  body: unknown;
  attempts: WebhookDeliveryAttempt[];
  state: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: string | null;
}

/** A fault rule from `PUT /__sandbox/faults`. */
export interface FaultRule {
  method?: string | undefined;
  /** Matched against the request path: exact, or a prefix when it ends with `*`. */
  path: string;
  /**
   * `before`: instead of handling (the request never reached the service);
   * `acquirer`: charges only, the charge fails inside the service after its idempotency key
   * was taken (a backend 5xx: the key is released, no order is made, rule 4);
   * `after`: the service completed and stored its answer, which is then replaced or dropped on
   * the way back (a proxy error or a lost connection: the retry gets the stored answer).
   */
  phase: 'before' | 'acquirer' | 'after';
  status?: number | undefined;
  delayMs?: number | undefined;
  drop?: boolean | undefined;
  /** The body of an injected error: JSON `{detail}`, plain text or an HTML page. */
  body?: 'json' | 'text' | 'html' | undefined;
  retryAfter?: number | undefined;
  probability?: number | undefined;
  /** How many more times the rule fires; unlimited when absent. */
  remaining?: number | undefined;
}

/** Overrides of the Limits table from `PUT /__sandbox/limits`. */
export interface LimitSettings {
  disabled: boolean;
  overrides: Partial<Record<RateLimitName, { limit?: number | undefined; windowSeconds?: number | undefined }>>;
}

export interface SandboxWorld {
  fixture: SandboxFixture;
  accounts: Map<string, SandboxAccount>;
  apiKeys: Map<string, SandboxApiKey>;
  publicKeys: Map<string, SandboxPublicKey>;
  products: Map<string, SandboxProduct>;
  offers: Map<string, SandboxOffer>;
  checkouts: Map<string, SandboxCheckout>;
  affiliates: Map<string, SandboxAffiliate>;
  orders: Map<string, SandboxOrder>;
  idempotency: Map<string, IdempotencyRecord>;
  cardTokens: Map<string, CardTokenRecord>;
  threeDsSessions: Map<string, ThreeDsSession>;
  /** Anti-fraud attempt references the profiling script reported, with when. */
  profiledReferences: Map<string, { at: number; userAgent: string | null }>;
  webhookApps: Map<number, WebhookApp>;
  deliveries: WebhookDelivery[];
  faults: FaultRule[];
  limits: LimitSettings;
  /** Fixed-window counters: `${limit}:${subject}` → window start and count. */
  counters: Map<string, { windowStart: number; count: number }>;
  /** Sequence for ids the sandbox makes (webhook apps, checkouts, order refs). */
  sequence: number;
}

function byKey<T>(items: readonly T[], key: (item: T) => string | number): Map<string, T> {
  return new Map(items.map((item) => [String(key(item)), item]));
}

/** A fresh world from a fixture; the fixture is deep-copied so a reset restores it exactly. */
export function createWorld(fixture: SandboxFixture): SandboxWorld {
  const copy = structuredClone(fixture);
  return {
    fixture,
    accounts: byKey(copy.accounts, (account) => account.id),
    apiKeys: byKey(copy.apiKeys, (key) => key.clientId),
    publicKeys: byKey(copy.publicKeys, (key) => key.clientId),
    products: byKey(copy.products, (product) => product.id),
    offers: byKey(copy.offers, (offer) => offer.id),
    checkouts: byKey(copy.checkouts, (checkout) => `${checkout.productId}/${checkout.id}`),
    affiliates: byKey(copy.affiliates, (affiliate) => affiliate.short_id),
    orders: byKey(copy.orders, (order) => order.id),
    idempotency: new Map(),
    cardTokens: new Map(),
    threeDsSessions: new Map(),
    profiledReferences: new Map(),
    webhookApps: new Map(),
    deliveries: [],
    faults: [],
    limits: { disabled: false, overrides: {} },
    counters: new Map(),
    sequence: 1000,
  };
}

/** The next number of the world's sequence. */
export function nextSequence(world: SandboxWorld): number {
  world.sequence += 1;
  return world.sequence;
}
