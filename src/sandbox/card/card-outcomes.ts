/**
 * What the sandbox's stand-in acquirer answers a card charge, decided by the test card behind
 * the token (the list is in docs/sandbox.md). The statuses are those of
 * public-api.md, "States and transitions": `paid`, `declined` (refused by the bank: limit,
 * block, fraud), `refused` (technical failure at the acquirer), `pending` (3DS in progress).
 */
import { ECI_ATTEMPT, ECI_FULLY_AUTHENTICATED, type ThreeDSecure } from '../../contract/charge-request.js';
import type { CardMethod } from '../../contract/payment-methods.js';

/** The test cards with a fixed outcome; any other valid number is approved. */
export const TEST_CARDS = {
  /** Approved; its 3DS authentication is frictionless. */
  approved: '4111111111111111',
  /** Approved after a 3DS challenge done in the browser before the charge. */
  challenge: '5555555555554444',
  declined: '4000000000000002',
  refused: '4000000000000119',
  /** A `threeDs` charge stays `pending`, then turns `paid` after `PENDING_THREE_DS_SECONDS`. */
  pendingThreeDs: '4000000000003220',
} as const;

/** Sandbox seconds a pending 3DS charge waits before it turns paid. */
export const PENDING_THREE_DS_SECONDS = 10;

export type CardOutcome = 'paid' | 'declined' | 'refused' | 'pending';

const AUTHENTICATED_ECIS: readonly string[] = [ECI_FULLY_AUTHENTICATED, ECI_ATTEMPT];

/**
 * The acquirer's answer for a card charge.
 *
 * The challenge card proves its challenge through the 3DS result sent with a `threeDs`
 * charge: without an ECI of an authenticated buyer (`05`) or an accepted attempt (`06`) the
 * issuer declines it. A `credit_card` charge has no 3DS step, so the challenge card and the
 * pending-3DS card are approved there like any other card.
 */
export function cardOutcome(method: CardMethod, cardNumber: string, threeDSecure: Pick<ThreeDSecure, 'eci'> | undefined): CardOutcome {
  switch (cardNumber) {
    case TEST_CARDS.declined:
      return 'declined';
    case TEST_CARDS.refused:
      return 'refused';
    case TEST_CARDS.challenge:
      if (method !== 'threeDs') return 'paid';
      return AUTHENTICATED_ECIS.includes(threeDSecure?.eci ?? '') ? 'paid' : 'declined';
    case TEST_CARDS.pendingThreeDs:
      return method === 'threeDs' ? 'pending' : 'paid';
    default:
      return 'paid';
  }
}
