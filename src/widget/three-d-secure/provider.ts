/**
 * The widget's 3-D Secure provider interface (supplement, "3-D Secure"): the checkout hands
 * the card token, the amount in cents and the buyer's data to a provider, which authenticates
 * the buyer with the issuer (frictionless or through a challenge) and answers the data of the
 * charge's `threeDSecure` block (public-api.md, "POST /public_api/payments/", `threeDs`).
 */
import type { BillingAddress, ThreeDSecureResult } from '../../contract/three-d-secure.js';

export type { BillingAddress, ThreeDSecureResult };

/** What the checkout gives a provider to authenticate one payment attempt. */
export interface ThreeDSecureInput {
  /** The single-use card token from tokenization. */
  cardToken: string;
  /** The amount the buyer pays, in cents, as providers take it. */
  amountInCents: number;
  /** ISO 4217 code of one of the API's currencies. */
  currency: string;
  /** The buyer; `phone` in E.164 digits without the plus sign, as the charge's `customer.phone`. */
  customer: { name: string; email: string; phone: string };
  /** Required in practice (supplement, "3-D Secure"): issuers refuse the authentication without it. */
  billingAddress: BillingAddress;
  /** Aborting cancels the authentication and closes any challenge on screen. */
  signal?: AbortSignal;
}

/** Authenticates a card payment with the buyer's issuer. */
export interface ThreeDSecureProvider {
  /**
   * Resolves with the data for the charge's `threeDSecure` block. Rejects with
   * `ThreeDSecureCanceledError` when the buyer (or the signal) cancels, with
   * `ThreeDSecureFailedError` when the issuer refuses the authentication, and with
   * `ThreeDSecureSessionError` when the authentication could not start.
   */
  authenticate(input: ThreeDSecureInput): Promise<ThreeDSecureResult>;
}

/** The buyer closed the challenge, or the caller's signal aborted: nothing was charged. */
export class ThreeDSecureCanceledError extends Error {
  override name = 'ThreeDSecureCanceledError';

  constructor(message = 'A verificação 3-D Secure foi cancelada.', options?: ErrorOptions) {
    super(message, options);
  }
}

/** The issuer did not authenticate the buyer (a wrong challenge code: there is no second try). */
export class ThreeDSecureFailedError extends Error {
  override name = 'ThreeDSecureFailedError';

  constructor(message = 'O banco emissor não autenticou o comprador.', options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * The authentication could not start: the input was refused (by the widget's own check or
 * by the provider's 400), the provider answered an error, or it could not be reached.
 */
export class ThreeDSecureSessionError extends Error {
  override name = 'ThreeDSecureSessionError';

  /** The provider's HTTP status; undefined when no answer came (input refused before sending, network failure). */
  readonly status: number | undefined;

  /** Field errors by dotted path (`billingAddress.zipcode`), empty when the problem is not a field's. */
  readonly fields: Readonly<Record<string, readonly string[]>>;

  constructor(
    message: string,
    details: { status?: number; fields?: Readonly<Record<string, readonly string[]>> } = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.status = details.status;
    this.fields = details.fields ?? {};
  }
}
