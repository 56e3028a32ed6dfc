/**
 * Which catalogue text tells the buyer about a failure: the relay's error types (src/relay/
 * errors.ts) and the order statuses (public-api.md, "States and transitions") as words a buyer
 * can act on. The relay's own `message` is English for developers and never shown.
 */
import type { MessageKey } from '../i18n/catalogue.js';
import { RelayAnswerError } from './relay-connection.js';

/** The text of the error state when the configuration could not be loaded. */
export function loadFailureMessage(error: unknown): MessageKey {
  if (!(error instanceof RelayAnswerError)) return 'checkout.loadFailed';
  // The relay answered: the offer is gone, or the service failed (not the buyer's connection).
  return error.type === 'offer_not_found' || error.type === 'offer_not_allowed' ? 'error.offerUnavailable' : 'checkout.loadFailedService';
}

/**
 * The banner of a refused charge. `placedFields` says whether some of the refusal's messages
 * were shown beside their fields, which then carry the details.
 */
export function refusalMessage(errorType: string, placedFields: boolean): MessageKey {
  switch (errorType) {
    case 'offer_not_found':
    case 'offer_not_allowed':
      return 'error.offerUnavailable';
    case 'payment_method_unavailable':
      return placedFields ? 'error.methodUnavailable' : 'error.paymentUnavailable';
    case 'invalid_request':
    case 'three_d_secure_refused':
      return placedFields ? 'error.checkFields' : 'error.unexpected';
    default:
      return 'error.unexpected';
  }
}

const STATUS_TEXTS: Readonly<Record<string, MessageKey>> = {
  waiting_payment: 'order.status.waiting_payment',
  paid: 'order.status.paid',
  declined: 'order.status.declined',
  refused: 'order.status.refused',
  pending: 'order.status.pending',
};

/** The buyer's name for an order status; statuses the spec does not list read as "processing". */
export function orderStatusMessage(status: string): MessageKey {
  return STATUS_TEXTS[status] ?? 'order.status.other';
}
