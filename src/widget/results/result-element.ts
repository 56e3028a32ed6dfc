/**
 * What the three result views share: the order they show, the language and currency, a polite
 * live region of their own (for "copied", the countdown's marks, the expiry), the buttons'
 * action event, focus on their title, and the pieces of markup they draw alike.
 */
import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { Currency } from '../../contract/currencies.js';
import type { CheckoutOrder } from '../checkout/relay-connection.js';
import { PayResultActionEvent, type PayResultAction } from '../events/result-action-event.js';
import { FORM_TEXTS, type CatalogueSource, type MessageKey, type MessageParams, type ResultMessages } from '../i18n/catalogue.js';
import { formatAmount } from '../i18n/format-amount.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale, type SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';

export class PayResultElement extends LitElement {
  // Declared here rather than with decorators, so the script-tag build carries no decorator
  // runtime. A view's own `static properties` add to these: Lit reads those of every class in the chain.
  // `state` implies no attribute; `attribute: false` says so to the manifest's analyser, which does not read `state`.
  static override properties: PropertyDeclarations = {
    announcement: { state: true, attribute: false },
    order: { attribute: false },
    locale: {},
    currency: {},
    paidMessage: { attribute: 'paid-message' },
  };

  /** The parts of the catalogue the view's texts are in: the form's, and for the Pix and boleto views their own. */
  static texts: CatalogueSource = FORM_TEXTS;

  /** Fetches the texts of `locale`: a view renders nothing until `ready`. */
  protected readonly localeController = new LocaleController(this, () => resolveLocale(this.locale), (this.constructor as typeof PayResultElement).texts);

  protected announcement = '';

  /** The id of the order whose height the view keeps (`willUpdate`). */
  private heldOrder: string | undefined;

  /** The order as the relay shows it (`{ id, refId, status, paymentMethod, amount, createdAt, pix?, boleto? }`). */
  declare order: CheckoutOrder | undefined;

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these, and their region writes amounts and dates (`es-MX`: `$1,234.50`). */
  locale = 'pt-BR';

  /** The currency of `order.amount` (the product's). */
  currency: Currency = 'BRL';

  /**
   * What the buyer reads under a paid order about what comes next (access, delivery), as plain
   * text; empty for the default, "you will receive access by e-mail" in the buyer's language.
   */
  paidMessage = '';

  protected get resolvedLocale(): SupportedLocale {
    return this.localeController.locale;
  }

  protected get isPaid(): boolean {
    return this.order?.status === 'paid';
  }

  /** The order's amount as the buyer's region writes it; empty while there is no order. */
  protected get formattedAmount(): string {
    return this.order ? (formatAmount(this.order.amount, this.currency, this.locale, this.resolvedLocale) ?? this.order.amount) : '';
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  /** Moves focus to the view's title. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>('#title')?.focus(options);
  }

  /**
   * Says the catalogue's `key` in the view's polite live region (emptied first, so the same text
   * is read again). A view still waiting for its catalogue shows nothing, so it says nothing either.
   */
  protected announce<K extends MessageKey>(key: K, params?: MessageParams<K>): void {
    if (!this.localeController.ready) return;
    const text = translate(this.resolvedLocale, key, params);
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

  /**
   * Before each drawing, two things a change the buyer did not make (the order paid from a phone,
   * the code expired) must not do:
   * - move the shop's page: while the view shows one order it never gets shorter, so the text
   *   under the checkout stays where the buyer had it (a layout shift). It keeps the tallest height
   *   it has had, the reference at its foot and a paid view in its middle (result.styles.ts);
   *   another order starts from its own height;
   * - lose the buyer's place: when the order has just turned paid, what the buyer was using (a
   *   copy button) goes with the view that showed it, and focus goes to the title.
   */
  protected override willUpdate(changed: PropertyValues<this>): void {
    const id = this.order?.id;
    this.style.minHeight = id === this.heldOrder ? `${this.offsetHeight}px` : '';
    this.heldOrder = id;
    if (changed.has('order') && this.isPaid && (changed.get('order') as this['order'])?.status !== 'paid') this.keepFocusAfterChange();
  }

  protected renderHeading(text: string, className = 'title'): TemplateResult {
    return html`<h3 part="title" id="title" class=${className} tabindex="-1">${text}</h3>`;
  }

  /** The amount paid (every view), or due (a text of the results part, which the Pix and boleto views have). */
  protected renderAmount(locale: SupportedLocale, key: 'result.amountPaid' | Extract<keyof ResultMessages, `result.${string}`>): TemplateResult {
    return html`<p part="amount" class="amount">${translate(locale, key, { amount: this.formattedAmount })}</p>`;
  }

  protected renderChangeMethodButton(locale: SupportedLocale): TemplateResult {
    return html`<button part="change-method-button" class="secondary" type="button" @click=${() => this.requestAction('change-method')}>
      ${translate(locale, 'result.changeMethod')}
    </button>`;
  }

  /**
   * A paid order: a check mark (decoration: the title says it) beside the title, what `note`
   * adds, the amount paid and what happens next.
   */
  protected renderPaid(locale: SupportedLocale, title: MessageKey, note?: MessageKey): TemplateResult {
    return html`
      <div class="paid-title">
        <svg part="success-mark" class="success-mark" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="12" /><path d="m6.5 12.5 3.5 3.5 7.5-7.5" /></svg>
        ${this.renderHeading(translate(locale, title))}
      </div>
      ${note ? html`<p>${translate(locale, note)}</p>` : nothing}
      ${this.renderAmount(locale, 'result.amountPaid')}
      <p part="message">${this.paidMessage || translate(locale, 'result.paid.next')}</p>
    `;
  }

  /**
   * The view: what `content` draws of the order, its reference under it, and the live region;
   * nothing until there is an order and the catalogue of its language.
   */
  protected renderView(content: (locale: SupportedLocale) => TemplateResult): TemplateResult | typeof nothing {
    const { order } = this;
    if (!order || !this.localeController.ready) return nothing;
    const locale = this.resolvedLocale;
    return html`
      <section part="base" class="base" lang=${locale} aria-labelledby="title">
        ${content(locale)}
        <p part="reference" class="reference muted">${translate(locale, 'order.reference', { reference: order.refId })}</p>
      </section>
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>
    `;
  }
}
