/**
 * The checkout's form as a payment request: what the buyer filled in, checked by the fields
 * themselves, turned into the attempt's request (payment-attempt.ts). The element renders the
 * form and shows a refusal on it; this reads it.
 */
import { parseCents } from '../../contract/money.js';
import type { ChargeMethod } from '../../contract/payment-method-lists.js';
import { deviceFingerprint } from '../attempt/device-fingerprint.js';
import type { PayCardFields } from '../card/card-fields.component.js';
import type { PayCustomerFields } from '../customer/customer-fields.component.js';
import { chargeMetadata, payableAmount } from './checkout-offer.js';
import type { PaymentRequest } from './payment-attempt.js';
import type { CheckoutConfig } from './relay-connection.js';

/** What the form is made of at the moment of paying. */
export interface CheckoutFormState {
  config: CheckoutConfig;
  method: ChargeMethod;
  customerFields: PayCustomerFields;
  /** The card form, for a card method (undefined otherwise). */
  cardFields: PayCardFields | undefined;
  /** The page's traffic-source tags (`metadata`). */
  metadata: Readonly<Record<string, string>> | undefined;
}

/**
 * The request of an attempt, or the number of fields to fix (each already showing its problem,
 * focus on the first). The card is checked first: the buyer's fields come before it on screen
 * and take focus last.
 */
export function readPaymentRequest({ config, method, customerFields, cardFields, metadata }: CheckoutFormState): PaymentRequest | number {
  const cardValid = cardFields?.validate() ?? true;
  const customerValid = customerFields.validate();
  const customer = customerFields.customerDetails();
  const address = method === 'threeDs' ? customerFields.billingAddress() : undefined;
  const card = cardFields?.details();
  if (!cardValid || !customerValid || !customer || (cardFields && !card) || (method === 'threeDs' && !address)) {
    return customerFields.invalidFields.length + (cardFields?.invalidFields.length ?? 0);
  }
  // The instalments as the card form holds them now: it may have moved them to the first option itself.
  const installments = card && cardFields ? cardFields.selectedInstallments : undefined;
  return {
    method,
    offerId: config.offer.id,
    customer: { ...customer, fingerprint: deviceFingerprint().id },
    ...(address ? { address } : {}),
    metadata: chargeMetadata(metadata),
    ...(card && installments !== undefined ? { card: { details: card, installments } } : {}),
    amountInCents: Number(parseCents(payableAmount(config, installments))),
    currency: config.product.currency,
  };
}
