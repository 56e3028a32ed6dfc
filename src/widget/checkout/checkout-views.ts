/**
 * The checkout's pieces that only show what they are given: the load error, the product
 * summary, the banner, the progress line and the created order. Every server string (product
 * name, API messages, order reference) is bound as text, never as HTML.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { orderStatusMessage } from './checkout-messages.js';
import type { AttemptStep } from './payment-attempt.js';
import type { PaymentBanner } from './payment-controller.js';
import type { CheckoutConfig, CheckoutOrder } from './relay-connection.js';

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

/** The product's image, name and the amount due. */
export function productView(config: CheckoutConfig, amount: string, locale: SupportedLocale): TemplateResult {
  const image = imageSource(config.product.image);
  return html`
    <header part="product" class="product">
      ${image ? html`<img part="product-image" src=${image} alt="" width="64" height="64" />` : nothing}
      <div class="product-text">
        <h2 part="product-name" class="product-name">${config.product.name}</h2>
        <pay-price part="price" amount=${amount} currency=${config.product.currency} locale=${locale}></pay-price>
      </div>
    </header>
  `;
}

/** The alert at the top of the form; `retrySafe` adds that trying again cannot charge twice. */
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
  return translate(locale, 'checkout.submitting');
}

/** The created order: its reference and status (issue 6 builds the full result views). */
export function orderView(order: CheckoutOrder, locale: SupportedLocale): TemplateResult {
  const title = order.status === 'paid' ? translate(locale, 'payment.paid') : translate(locale, 'order.created.title');
  return html`
    <section part="order" class="order" aria-labelledby="order-title">
      <h3 id="order-title" tabindex="-1">${title}</h3>
      <p>${translate(locale, 'order.reference', { reference: order.refId })}</p>
      <p>${translate(locale, 'order.status', { status: translate(locale, orderStatusMessage(order.status)) })}</p>
      ${order.status === 'pending' ? html`<p>${translate(locale, 'payment.pending')}</p>` : nothing}
    </section>
  `;
}
