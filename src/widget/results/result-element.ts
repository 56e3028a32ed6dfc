/**
 * What the three result views share: the order they show, the language and currency, a polite
 * live region of their own (for "copied", the countdown's marks, the expiry), the buttons'
 * action event, and focus on their title.
 */
import { LitElement, html, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { Currency } from '../../contract/currencies.js';
import type { CheckoutOrder } from '../checkout/relay-connection.js';
import { PayResultActionEvent, type PayResultAction } from '../events/result-action-event.js';
import { formatAmount } from '../i18n/format-amount.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale, type SupportedLocale } from '../i18n/locales.js';

export class PayResultElement extends LitElement {
  // Declared here rather than with decorators, so the script-tag build carries no decorator
  // runtime. A view's own `static properties` add to these: Lit reads those of every class in the chain.
  // `state` implies no attribute; `attribute: false` says so to the manifest's analyser, which does not read `state`.
  static override properties: PropertyDeclarations = {
    announcement: { state: true, attribute: false },
    order: { attribute: false },
    locale: {},
    currency: {},
  };

  /** Fetches the catalogue of `locale`: a view renders nothing until `ready`. */
  protected readonly localeController = new LocaleController(this, () => resolveLocale(this.locale));

  protected announcement = '';

  /** The order as the relay shows it (`{ id, refId, status, paymentMethod, amount, createdAt, pix?, boleto? }`). */
  declare order: CheckoutOrder | undefined;

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these. */
  locale = 'pt-BR';

  /** The currency of `order.amount` (the product's). */
  currency: Currency = 'BRL';

  protected get resolvedLocale(): SupportedLocale {
    return this.localeController.locale;
  }

  /** The order's amount in the buyer's language; empty while there is no order. */
  protected get formattedAmount(): string {
    return this.order ? (formatAmount(this.order.amount, this.currency, this.resolvedLocale) ?? this.order.amount) : '';
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  /** Moves focus to the view's title. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>('[part~="title"]')?.focus(options);
  }

  /** Says `text` in the view's polite live region (emptied first, so the same text is read again). */
  protected announce(text: string): void {
    this.announcement = '';
    void this.updateComplete.then(() => {
      this.announcement = text;
    });
  }

  /** Tells the checkout (or the page) what the buyer asked for. */
  protected requestAction(action: PayResultAction): void {
    if (this.order) this.dispatchEvent(new PayResultActionEvent({ action, order: this.order }));
  }

  /**
   * Called before a change that may remove what has focus (the copy button of a code that
   * expired): once drawn, focus goes to the title if it was in the view and was lost. Focus
   * elsewhere on the page is left alone.
   */
  protected keepFocusAfterChange(): void {
    if (!this.matches(':focus-within')) return;
    void this.updateComplete.then(() => {
      if (!this.shadowRoot?.activeElement) this.focus();
    });
  }

  protected renderLiveRegion(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>`;
  }
}
