/**
 * Everything the sandbox knows: the producer accounts with their API keys, catalogue,
 * orders and webhook apps, plus the bookkeeping the rules need (tokens, idempotency
 * records, card tokens, rate-limit counters, 3DS sessions, profiled references).
 * `SandboxFixture` is the JSON-serializable part a `--fixture FILE` provides.
 */
import type { Scope } from '../../contract/auth.js';
import type { Checkout } from '../../contract/checkouts.js';
import type { Currency } from '../../contract/currencies.js';
import type { AdditionalInterestConfig, FeesResponse } from '../../contract/fees.js';
import type { Offer } from '../../contract/offers.js';
import type { ChargeMethod } from '../../contract/payment-methods.js';
import type { Product } from '../../contract/products.js';

/** The banking-account states a test can set (the four-condition prerequisite). */
export const BANKING_ACCOUNT_STATES = [
  'opened',
  'in_analysis',
  'document_review',
  'approved',
  'inactive',
  'not_primary',
  'closure_requested',
  'closed',
  'none',
] as const;
export type BankingAccountState = (typeof BANKING_ACCOUNT_STATES)[number];

export interface SandboxAccount {
  id: string;
  name: string;
  bankingAccount: BankingAccountState;
  blocked: boolean;
  /** `pending` makes `GET /fees/` answer 409 (receiving registration not concluded). */
  receivingRegistration: 'done' | 'pending';
  /** Shown in Pix codes (merchant name/city) and on boleto slips. */
  merchantName: string;
  merchantCity: string;
  fees: FeesResponse;
  installmentInterest: AdditionalInterestConfig;
  /**
   * Real milliseconds a charge of this account stays "processing" at the acquirer, so a test
   * can send the concurrent duplicate of idempotency rule 3. Absent: no delay.
   */
  processingDelayMs?: number | undefined;
}

/** A secret API key of an account (client credentials). */
export interface SandboxApiKey {
  clientId: string;
  clientSecret: string;
  scopes: Scope[];
  accountId: string;
}

/** A public key for card tokenization from the browser (`X-client-id`). */
export interface SandboxPublicKey {
  clientId: string;
  scopes: Scope[];
  accountId: string;
}

/** A product with what the API hides: its owner and its limits for Pix and boleto. */
export interface SandboxProduct extends Product {
  short_id: string;
  accountId: string;
  /** Longest Pix expiry the product allows, in seconds. */
  pixExpiresInMax: number;
  /** Longest boleto term the product allows, in days (`ticketExpiration`). */
  ticketExpiration: number;
  createdAt: string;
}

export interface SandboxOffer extends Offer {
  createdAt: string;
  updatedAt: string;
}

export interface SandboxCheckout extends Checkout {
  productId: string;
}

export interface SandboxAffiliate {
  short_id: string;
  name: string;
  status: 'active' | 'inactive';
  productIds: string[];
  /** Share of the sale, in percentage points, for the interest report's `earned`. */
  commissionPercentage: number;
}

export interface SandboxOrderCustomer {
  name: string;
  email: string;
  phone: string;
  birthDate?: string | undefined;
  docType?: 'cpf' | 'cnpj' | undefined;
  docNumber?: string | undefined;
  ip?: string | undefined;
}

/** An order as the sandbox keeps it: the charge response plus what reports and webhooks need. */
export interface SandboxOrder {
  id: string;
  refId: string;
  accountId: string;
  status: string;
  paymentMethod: ChargeMethod;
  currency: Currency;
  amount: string;
  baseAmount: string;
  discount: string;
  fees: string;
  installments: number;
  externalId: string;
  checkoutUrl?: string | undefined;
  createdAt: string;
  paidAt: string | null;
  releaseDate: string | null;
  refundedAt: string | null;
  chargedbackAt: string | null;
  canceledAt: string | null;
  customer: SandboxOrderCustomer;
  offerId: string;
  productId: string;
  offer_type: 'main' | 'upsell' | 'downsell' | 'orderbump';
  metadata: Partial<Record<'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content' | 'sck', string>>;
  affiliateShortId?: string | undefined;
  coupon?: string | undefined;
  pix?: { qrCode: string; expirationDate: string; user_journey: string | null } | undefined;
  boleto?: { barcode: string; pdfUrl: string; dueDate: string } | undefined;
  card?: { brand: string; holderName: string; lastDigits: string } | undefined;
  /** Additional instalment interest paid by the buyer (the interest report's `charged`). */
  additionalInterest: string;
  /** The account's share of that interest after commission (`earned`). */
  additionalInterestEarned: string;
}

/** The JSON-serializable world a sandbox starts from (default or `--fixture FILE`). */
export interface SandboxFixture {
  accounts: SandboxAccount[];
  apiKeys: SandboxApiKey[];
  publicKeys: SandboxPublicKey[];
  products: SandboxProduct[];
  offers: SandboxOffer[];
  checkouts: SandboxCheckout[];
  affiliates: SandboxAffiliate[];
  orders: SandboxOrder[];
}
