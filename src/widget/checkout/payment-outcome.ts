/**
 * What an attempt's outcome means for the buyer, an interruption aside: the created order handed
 * to its result view, a refusal's messages on their fields (the customer's, the method choice)
 * and the rest in the banner, a card the API does not take, 3-D Secure stopped or failed; and
 * the page's `pay-order-created` and `pay-failed`. Every such outcome comes from an attempt, so
 * this comes with the attempt's code (payment-code.ts) rather than with the form; an interruption
 * may come without it (the buyer was offline when it was to be fetched), and payment-controller.ts
 * handles that one itself.
 */
import type { ReactiveControllerHost } from 'lit';
import type { PayCardFields } from '../card/card-fields.component.js';
import type { PayCustomerFields } from '../customer/customer-fields.component.js';
import { PayFailedEvent, type PayFailedReason } from '../events/failed-event.js';
import { PayOrderCreatedEvent } from '../events/order-created-event.js';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { refusalMessage } from './checkout-messages.js';
import type { PaymentBanner } from './checkout-views.js';
import type { AttemptOutcome } from './payment-attempt.js';
import type { CheckoutOrder } from './relay-connection.js';

/** Where the buyer is: filling in the form, paying, asked to try again, or looking at the created order's result. */
export type PaymentPhase = 'form' | 'paying' | 'interrupted' | 'created';

/** The element the controller belongs to: it is updated, fires the payment's events, and holds the form's fields. */
export type PaymentHost = ReactiveControllerHost & EventTarget & { readonly isConnected: boolean; readonly renderRoot: ParentNode };

/** What the controller needs from the checkout's form and screen. */
export interface PaymentView {
  /** The language of announcements. */
  locale(): SupportedLocale;
  /** Says `text` in the polite live region. */
  announce(text: string): void;
  /** Shows a refusal's message about the method on the method choice. */
  showMethodError(message: string): void;
  /**
   * Shows the created order's result; `receivedAtMs` is the buyer's clock when the relay's answer
   * came, `orderToken` what reads the order's status.
   */
  showOrder(order: CheckoutOrder, receivedAtMs: number, orderToken: string | undefined): void;
}

/** Every outcome but an interruption. */
export type SettledOutcome = Exclude<AttemptOutcome, { outcome: 'interrupted' }>;

/** The payment controller, as an outcome changes it. */
export interface SettledPayment {
  phase: PaymentPhase;
  banner: PaymentBanner | undefined;
  readonly host: PaymentHost;
  readonly view: PaymentView;
}

/** Shows what `outcome` means on the checkout, and tells the page. */
export function settleOutcome(payment: SettledPayment, outcome: SettledOutcome): void {
  const { host, view } = payment;
  const banner = (text: PaymentBanner['text'], details: readonly string[] = []) => (payment.banner = { text, details });
  const fail = (reason: PayFailedReason, errorType?: string) => host.dispatchEvent(new PayFailedEvent({ reason, order: undefined, errorType }));
  switch (outcome.outcome) {
    case 'created': {
      // The token stays with the result view: the page's events get the order without it.
      const { orderToken, ...order } = outcome.order;
      const receivedAtMs = Date.now();
      host.dispatchEvent(new PayOrderCreatedEvent({ order }));
      // Every created order has a result to show, a declined or refused card included: its view
      // says what the buyer can do (another card, another try), and leads back to the form.
      payment.phase = 'created';
      view.showOrder(order, receivedAtMs, orderToken);
      return;
    }
    case 'refused': {
      // The API explains an unavailable method to the producer (its account, internal method
      // ids); the buyer gets the widget's own words on the method choice instead.
      const { errorType } = outcome;
      const given = inBuyersLanguage(view.locale(), outcome.fields);
      const fields =
        errorType === 'payment_method_unavailable' && given['paymentMethod'] !== undefined
          ? { ...given, paymentMethod: [translate(view.locale(), 'error.methodUnavailableHere')] }
          : given;
      // The refusal's messages beside their fields where the form has them; the rest, and a summary, in the banner.
      const placed = showFieldErrors(payment, fields);
      // In another language (`inBuyersLanguage` gave new messages, not the refusal's own), the messages
      // that have no field to go on add nothing to the banner's own words.
      const others = given === outcome.fields ? Object.entries(fields).flatMap(([path, messages]) => (placed.has(path) ? [] : messages)) : [];
      const message = refusalMessage(errorType, placed.size > 0);
      banner((locale) => translate(locale, message), others);
      fail('request-refused', errorType);
      return;
    }
    case 'card-not-accepted': {
      const fields = inBuyersLanguage(view.locale(), outcome.fields);
      host.renderRoot.querySelector<PayCardFields>('pay-card-fields')?.showFieldErrors(fields);
      banner((locale) => translate(locale, 'error.cardNotAccepted'), fields === outcome.fields ? (fields['card'] ?? []) : []);
      fail('card-not-accepted');
      return;
    }
    case 'three-d-secure-canceled':
      // The buyer chose to stop: no alert, their data stays as it was.
      view.announce(translate(view.locale(), 'threeDs.cancelled'));
      return;
    case 'three-d-secure-failed':
      banner((locale) => translate(locale, 'threeDs.failed'));
      fail('three-d-secure-failed');
      return;
    case 'aborted':
      return;
  }
}

/**
 * A refusal's messages as the buyer is shown them. The API, the relay and the 3-D Secure
 * provider word them in Brazilian Portuguese; a buyer in another language gets the checkout's
 * own words on each field they name, and loses nothing they could act on: the field is still
 * marked, and the banner still says what to do.
 */
function inBuyersLanguage(locale: SupportedLocale, fields: Readonly<Record<string, readonly string[]>>): Readonly<Record<string, readonly string[]>> {
  if (locale === 'pt-BR') return fields;
  const text = translate(locale, 'error.fieldNotAccepted');
  return Object.fromEntries(Object.keys(fields).map((path) => [path, [text]]));
}

/** Puts a refusal's messages on the buyer's fields and on the method choice, focus on the first; answers the paths placed. */
function showFieldErrors({ host, view }: SettledPayment, fields: Readonly<Record<string, readonly string[]>>): Set<string> {
  const customerFields = host.renderRoot.querySelector<PayCustomerFields>('pay-customer-fields');
  const placed = new Set(customerFields?.showServerErrors(fields) ?? []);
  const methodMessages = fields['paymentMethod'];
  if (methodMessages && methodMessages.length > 0) {
    view.showMethodError(methodMessages.join(' '));
    placed.add('paymentMethod');
  }
  if (placed.has('paymentMethod') && placed.size === 1) void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>('pay-method-picker')?.focus());
  else if (placed.size > 0) void customerFields?.focusFirstInvalid();
  return placed;
}
