/**
 * The amounts of a new charge, all decimal strings with two places, computed in cents with
 * money.ts (never a float): `baseAmount` is the offer price times the quantity, `discount`
 * the coupon's share of it, `amount` what the buyer pays (with instalment interest for cards)
 * and `fees` the platform fee on that amount (public-api.md, "Fees response": amount x
 * percentage / 100 + fixed).
 */
import type { ChargeRequest } from '../../contract/charge-request.js';
import { feeFor } from '../../contract/fees.js';
import {
  decimalTextOfNumber,
  formatCents,
  installmentPlan,
  multiplyCents,
  parseCents,
  percentOf,
  saleFee,
  subtractCents,
  sumAmounts,
  toCents,
} from '../../contract/money.js';
import { isCardMethod } from '../../contract/payment-methods.js';
import type { SandboxAccount, SandboxAffiliate, SandboxOffer } from '../world/state.js';

export interface ChargePrice {
  baseAmount: string;
  discount: string;
  amount: string;
  fees: string;
  installments: number;
  /** The producer's additional instalment interest inside `amount` (the interest report's `charged`). */
  additionalInterest: string;
  /** The account's share of it after the affiliate's commission (`earned`). */
  additionalInterestEarned: string;
}

/**
 * Instalments of a card charge: the top-level `installments`, else the item's, else 1.
 * Other methods are paid at once.
 */
function installmentsOf(request: ChargeRequest): number {
  if (!isCardMethod(request.paymentMethod)) return 1;
  return request.installments ?? request.items[0]!.installments ?? 1;
}

/**
 * Interest of `installments` in percentage points: the service's base interest from the fees
 * table, and the producer's additional interest when its configuration is active.
 */
function interestPoints(account: SandboxAccount, installments: number): { base: number; additional: number } {
  const base = account.fees.creditCardInstallments.find((row) => row.installments === installments)?.interestPercentage ?? 0;
  const config = account.installmentInterest;
  const additional = config.active ? (config.installments.find((row) => row.installments === installments)?.interestPercentage ?? 0) : 0;
  return { base, additional };
}

/** What a price depends on besides the request; the rules' accepted charge has it all. */
export interface PricedCharge {
  account: SandboxAccount;
  offer: SandboxOffer;
  affiliate: SandboxAffiliate | undefined;
  /** Percentage points of discount from the coupon; 0 without one. */
  discountPercentage: number;
}

/** Prices a charge the rules accepted. */
export function priceCharge(request: ChargeRequest, charge: PricedCharge): ChargePrice {
  const { account, offer, affiliate } = charge;
  const base = multiplyCents(toCents(offer.price), request.items[0]!.quantity);
  const discount = percentOf(base, charge.discountPercentage);
  const net = formatCents(subtractCents(base, discount));
  const installments = installmentsOf(request);
  const interest = interestPoints(account, installments);
  // Percentage points are added as exact decimals: 4.59 + 1.5 is 6.09, not a float's 6.090000000000001.
  const combined = sumAmounts([decimalTextOfNumber(interest.base), decimalTextOfNumber(interest.additional)]);
  const total = parseCents(installmentPlan(net, installments, combined).total);
  const withBaseInterestOnly = parseCents(installmentPlan(net, installments, interest.base).total);
  const additional = subtractCents(total, withBaseInterestOnly);
  const earned = affiliate ? subtractCents(additional, percentOf(additional, affiliate.commissionPercentage)) : additional;
  const amount = formatCents(total);
  const feeEntry = feeFor(account.fees, request.paymentMethod);
  return {
    baseAmount: formatCents(base),
    discount: formatCents(discount),
    amount,
    // A method without a configured fee has no fee to report; the response needs a decimal.
    fees: (feeEntry && saleFee(amount, feeEntry)) ?? '0.00',
    installments,
    additionalInterest: formatCents(additional),
    additionalInterestEarned: formatCents(earned),
  };
}
