/**
 * The checkout's pieces that only show what they are given: the load error, the product
 * summary, the banner, the progress line and the created order's result view. Every server
 * string (product name, API messages, order reference) is bound as text, never as HTML.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Currency } from '../../contract/currencies.js';
import { isCardMethod, type ChargeMethod } from '../../contract/payment-method-lists.js';
import type { PayResultActionEvent } from '../events/result-action-event.js';
import type { SupportedLocale } from '../i18n/locales.js';
import type { OnDemandTag } from '../on-demand-elements.js';
import { translate } from '../i18n/translate.js';
import type { AttemptStep } from './payment-attempt.js';
import type { CheckoutConfig, CheckoutOrder } from './relay-connection.js';

/** An image that cannot load is decoration the buyer can do without: no broken-image icon. */
function hideBrokenImage(event: Event): void {
  (event.target as HTMLImageElement).hidden = true;
}

/** Only a web address may become the product image's source. */
function imageSource(url: string): string | undefined {
  try {
    const parsed = new URL(url, document.baseURI);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The error state of a configuration that could not be loaded, with its retry button. */
export function loadErrorView(message: string, retryLabel: string, onRetry: () => void): TemplateResult {
  return html`
    <div part="load-error" class="load-error" role="alert">
      <p>${message}</p>
      <button part="retry-button" class="secondary" type="button" @click=${onRetry}>${retryLabel}</button>
    </div>
  `;
}

/** The product's image, name and the amount due, written as the region of `tag` writes amounts. */
export function productView(config: CheckoutConfig, amount: string, tag: string): TemplateResult {
  const image = imageSource(config.product.image);
  return html`
    <header part="product" class="product">
      ${image ? html`<img part="product-image" src=${image} alt="" width="64" height="64" @error=${hideBrokenImage} />` : nothing}
      <div class="product-text">
        <h2 part="product-name" class="product-name">${config.product.name}</h2>
        <pay-price part="price" amount=${amount} currency=${config.product.currency} locale=${tag}></pay-price>
      </div>
    </header>
  `;
}

/**
 * A banner: a catalogue text in the current language, and the API's messages that belong to no
 * field on screen. The payment controller (payment-controller.ts) decides which one shows.
 */
export interface PaymentBanner {
  readonly text: (locale: SupportedLocale) => string;
  readonly details: readonly string[];
}

/** The alert above the pay button; `retrySafe` adds that trying again cannot charge twice. */
export function bannerView(banner: PaymentBanner | undefined, retrySafe: boolean, locale: SupportedLocale): TemplateResult | typeof nothing {
  if (!banner) return nothing;
  return html`
    <div part="banner" class="banner" role="alert">
      <p>${banner.text(locale)}</p>
      ${banner.details.length > 0 ? html`<ul>${banner.details.map((detail) => html`<li>${detail}</li>`)}</ul>` : nothing}
      ${retrySafe ? html`<p class="reassurance">${translate(locale, 'checkout.retrySafe')}</p>` : nothing}
    </div>
  `;
}

/** What the payment is doing, under the pay button. */
export function progressText(step: AttemptStep | undefined, locale: SupportedLocale): string {
  if (step?.step === 'tokenizing') return translate(locale, 'checkout.step.tokenizing');
  if (step?.step === 'authenticating') return translate(locale, 'threeDs.authenticating');
  if (step?.step === 'waiting') return translate(locale, 'error.rateLimited', { count: step.seconds });
  if (step?.step === 'queued') return translate(locale, 'checkout.queued', { count: step.seconds });
  return translate(locale, 'checkout.submitting');
}

/**
 * Every part of the result views, exported from the checkout under the same names
 * (`pay-checkout::part(qr-code)`): each view matches the ones it has. Their `base` stays
 * theirs, the checkout has its own.
 */
const RESULT_PARTS =
  'title, amount, reference, change-method-button, copy-field, copy-label, copy-input, copy-button, ' +
  'journey, qr, qr-code, countdown, steps, waiting, new-charge-button, due-date, pdf-link, clearing, ' +
  'message, spinner, another-card-button, try-again-button, terms, success-mark';

/** What a result view is given besides the order. */
export interface ResultViewOptions {
  /** The buyer's tag: the view speaks its language and writes amounts and dates as its region does. */
  locale: string;
  currency: Currency;
  /** Milliseconds the API's clock is ahead of the buyer's (the Pix countdown runs on the API's clock). */
  clockOffsetMs: number;
  onAction: (event: PayResultActionEvent) => void;
  /** The merchant's text of what comes after a paid order; empty for the views' default. */
  paidMessage: string;
  /** The offer's recurrence and price: the terms a Pix Automático buyer authorizes. */
  recurrence: CheckoutConfig['recurrence'];
  price: string;
}

/**
 * The element that shows a created order's next step: a Pix code (Pix, Pix Automático), a
 * boleto, or a card outcome (paid, declined, refused, pending). Chosen by what the order
 * carries, so an order whose method names one thing and whose data another still shows.
 */
export function resultTagOf(order: CheckoutOrder): OnDemandTag {
  if (order.pix) return 'pay-pix-result';
  return order.boleto ? 'pay-boleto-result' : 'pay-card-result';
}

/** The element that will show the order a `method` creates: fetched while the charge is on its way. */
export function resultTagOfMethod(method: ChargeMethod): OnDemandTag {
  if (isCardMethod(method)) return 'pay-card-result';
  return method === 'boleto' ? 'pay-boleto-result' : 'pay-pix-result';
}

/** The created order's next step, in the element `resultTagOf` names. */
export function resultView(order: CheckoutOrder, options: ResultViewOptions): TemplateResult {
  const { locale, currency, clockOffsetMs, onAction, paidMessage } = options;
  const tag = resultTagOf(order);
  if (tag === 'pay-pix-result') {
    return html`<pay-pix-result
      part="result"
      exportparts=${RESULT_PARTS}
      .order=${order}
      locale=${locale}
      currency=${currency}
      clock-offset=${clockOffsetMs}
      paid-message=${paidMessage}
      .recurrence=${options.recurrence}
      .recurringAmount=${options.price}
      @pay-result-action=${onAction}
    ></pay-pix-result>`;
  }
  if (tag === 'pay-boleto-result') {
    return html`<pay-boleto-result
      part="result"
      exportparts=${RESULT_PARTS}
      .order=${order}
      locale=${locale}
      currency=${currency}
      paid-message=${paidMessage}
      @pay-result-action=${onAction}
    ></pay-boleto-result>`;
  }
  return html`<pay-card-result
    part="result"
    exportparts=${RESULT_PARTS}
    .order=${order}
    locale=${locale}
    currency=${currency}
    paid-message=${paidMessage}
    @pay-result-action=${onAction}
  ></pay-card-result>`;
}
