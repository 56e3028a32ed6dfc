import { LitElement, html, nothing } from 'lit';
import type { PropertyValues } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { isCardMethod, type ChargeMethod } from '../../contract/payment-method-lists.js';
import type { PayCardFields } from '../card/card-fields.component.js';
import type { PayCustomerFields, CustomerPrefill } from '../customer/customer-fields.component.js';
import type { PayMethodChangeEvent } from '../events/method-change-event.js';
import { CARD_TEXTS } from '../i18n/catalogue.js';
import { formatAmount } from '../i18n/format-amount.js';
import { CATALOGUE_FAILURE_TEXTS, LOADING_TEXTS } from '../i18n/loading-texts.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { formatTag, resolveLocale, type SupportedLocale } from '../i18n/locales.js';
import { whenIdle } from '../idle.js';
import { translate } from '../i18n/translate.js';
import type { PayMethodPicker } from '../method-picker/method-picker.component.js';
import type { AntifraudProfiler } from '../providers/antifraud-profiler.js';
import type { CardTokenizer } from '../providers/card-tokenizer-interface.js';
import type { ThreeDSecureProvider } from '../three-d-secure/provider.js';
import { checkoutStyles } from './checkout.styles.js';
import { fieldGroupStyles } from '../styles/field-group.styles.js';
import { buttonStyles } from '../styles/button.styles.js';
import { widgetTextStyles } from '../styles/widget-text.styles.js';
import { loadFailureMessage } from './checkout-messages.js';
import { readPaymentRequest } from './checkout-form.js';
import { offeredMethods, parseMethodList, payableAmount } from './checkout-offer.js';
import { defaultCardTokenizer, defaultProviders } from './checkout-providers.js';
import { OnDemandElements } from '../on-demand-elements.js';
import { bannerView, loadErrorView, productView, progressText, resultTagOf, resultTagOfMethod, resultView } from './checkout-views.js';
import { ConfigController } from './config-controller.js';
import { peekDeviceFingerprint } from '../attempt/device-fingerprint.js';
import { OrderSlot } from './order-slot.js';
import type { PaymentRequest } from './payment-attempt.js';
import { loadPaymentCode } from './lazy-code.js';
import { PaymentController } from './payment-controller.js';
import { ReadyController } from './ready-controller.js';
import { RelayConnection, type CheckoutConfig, type CheckoutOrder } from './relay-connection.js';

/**
 * @summary The checkout: loads an offer from the merchant's relay and takes the buyer from the
 * choice of payment method to a created charge (Pix, Pix Automático, boleto, card: one choice, charged as `threeDs`
 * when the offer, `methods` and a 3-D Secure provider allow it, else as `credit_card`),
 * then shows what to do next and follows the order until it is paid.
 *
 * A waiting order (a Pix code, a boleto, a pending card) is kept in the tab's `sessionStorage`
 * under the relay and offer, so a checkout on the same relay and offer shows it again after a reload.
 *
 * @event pay-ready - `PayReadyEvent`: configuration loaded, form on screen. `detail`: `{ offer, currency, methods }`.
 * @event pay-method-change - `PayMethodChangeEvent`: the buyer picked a method. `detail`: `{ method, previous }`; for the card, the method it is charged with.
 * @event pay-before-submit - `PayBeforeSubmitEvent` (cancelable): about to pay. `detail`: `{ method, offerId, amount, currency, installments }`.
 * @event pay-order-created - `PayOrderCreatedEvent`: the relay created the order. `detail`: `{ order }`.
 * @event pay-paid - `PayPaidEvent`: the order is paid. `detail`: `{ order }`.
 * @event pay-failed - `PayFailedEvent`: the payment failed. `detail`: `{ reason, order, errorType }`.
 * @event pay-status-change - `PayStatusChangeEvent`: a created order's status changed. `detail`: `{ order, status, previousStatus }`.
 * @event pay-antifraud-fallback - `PayAntifraudFallbackEvent`: a card charge went on without a completed profile. `detail`: `{ reference, reason }`.
 * @event pay-result-action - `PayResultActionEvent`: the buyer pressed a button of the result view. `detail`: `{ action, order }`.
 *
 * @csspart base - The wrapper of everything.
 * @csspart loading - The loading message.
 * @csspart load-error - The error state when the offer, or the texts of the buyer's language, could not be loaded.
 * @csspart retry-button - Its "try again" button.
 * @csspart product - The product summary (image, name, price).
 * @csspart product-image - The product image.
 * @csspart product-name - The product name.
 * @csspart price - The `<pay-price>` of the amount due.
 * @csspart form - The payment form.
 * @csspart banner - The error message of an attempt, above the pay button.
 * @csspart methods - The `<pay-method-picker>`.
 * @csspart customer - The `<pay-customer-fields>`.
 * @csspart card - The `<pay-card-fields>`.
 * @csspart submit - The pay button.
 * @csspart progress - What the payment is doing, under the button.
 * @csspart result - The created order's result view (`<pay-pix-result>`, `<pay-boleto-result>`, `<pay-card-result>`);
 *   their parts are exported under their own names (`qr-code`, `copy-button`, `countdown`, `pdf-link`…).
 *
 * @cssprop --pay-color-primary - Pay button, chosen method, focus ring.
 * @cssprop --pay-color-on-primary - Text on the pay button.
 * @cssprop --pay-color-text - Text colour.
 * @cssprop --pay-color-muted - Secondary text (hints, explanations).
 * @cssprop --pay-color-background - Background.
 * @cssprop --pay-color-input-background - Background of the inputs.
 * @cssprop --pay-color-border - Borders of inputs and options.
 * @cssprop --pay-color-error - Error text and borders.
 * @cssprop --pay-color-success - The check mark of a paid order.
 * @cssprop --pay-color-focus - Focus ring.
 * @cssprop --pay-radius - Corner radius.
 * @cssprop --pay-font-family - Font.
 * @cssprop --pay-spacing - Base spacing.
 * @cssprop --pay-reserved-height - The least height until an order shows: the space the page reserves for the form (docs/widget.md, "Keeping the page still").
 */
export class PayCheckout extends LitElement {
  static override styles = [widgetTextStyles, fieldGroupStyles, buttonStyles, checkoutStyles];
  // Declared here rather than with decorators, so the script-tag build carries no decorator runtime.
  // `state` implies no attribute; `attribute: false` says so to the manifest's analyser, which does not read `state`.
  static override properties = {
    method: { state: true, attribute: false },
    methodError: { state: true, attribute: false },
    announcement: { state: true, attribute: false },
    installments: { state: true, attribute: false },
    cardFormKey: { state: true, attribute: false },
    relay: {},
    offer: {},
    locale: {},
    methods: {},
    askBirthDate: { type: Boolean, attribute: 'ask-birth-date' },
    paidMessage: { attribute: 'paid-message' },
    inlineConfig: { attribute: 'inline-config' },
    customer: { attribute: false },
    metadata: { attribute: false },
    cardTokenizer: { attribute: false },
    antifraudProfiler: { attribute: false },
    threeDSecureProvider: { attribute: false },
  };

  private readonly localeController = new LocaleController(this, () => resolveLocale(this.locale));
  private readonly configController = new ConfigController(
    this,
    (signal) => (this.relay && this.offer ? this.loadConfig(this.offer, signal) : undefined),
    (config) => this.handleConfigReady(config),
  );
  private readonly payment = new PaymentController(this, {
    locale: () => this.resolvedLocale,
    announce: (text) => this.announce(text),
    showMethodError: (message) => (this.methodError = message),
    showOrder: (order, receivedAtMs, orderToken) => this.orders.show(order, receivedAtMs, orderToken),
  });
  private readonly orders = new OrderSlot(this, {
    locale: () => this.resolvedLocale,
    announce: (text) => this.announce(text),
    source: () => (this.relay && this.offer ? { relay: this.connection(), offer: this.offer } : undefined),
    backToForm: (newCard) => {
      this.payment.reset();
      if (newCard) {
        // A new card form starts empty, at one instalment.
        this.cardFormKey += 1;
        this.installments = 1;
      }
    },
  });
  /** The result views, fetched when a payment starts (or an order comes back) rather than with the form. */
  private readonly onDemand = new OnDemandElements(this);
  /** Last, so that it speaks of a render the other controllers have seen. */
  private readonly ready = new ReadyController(this, {
    config: () => this.configController,
    offeredMethods: () => this.offeredMethods,
    drawnForm: () => (this.formDrawn ? Promise.all([this.methodPicker?.updateComplete, this.customerFields?.updateComplete]) : undefined),
    providers: () => ({ profiler: this.profiler, threeDSecure: this.threeDSecure }),
  });

  private declare method: ChargeMethod | undefined;
  private methodError = '';
  private announcement = '';
  private installments = 1;
  /** Changed to draw a new, empty card form (after a declined card). */
  private cardFormKey = 0;
  /**
   * The card's option, pressed, not yet picked: the card form is drawn, hidden, so the click only
   * shows it, and the billing address too when that card goes through 3-D Secure.
   */
  private pressedCard: ChargeMethod | undefined;
  /** The card form's code was asked for (renderCardFields): the picker keeps a row for the brands' marks it brings. */
  private cardAsked?: boolean;

  private get methodPicker(): PayMethodPicker | undefined {
    return this.renderRoot?.querySelector<PayMethodPicker>('pay-method-picker') ?? undefined;
  }
  private get customerFields(): PayCustomerFields | undefined {
    return this.renderRoot?.querySelector<PayCustomerFields>('pay-customer-fields') ?? undefined;
  }
  private get cardFields(): PayCardFields | undefined {
    return this.renderRoot?.querySelector<PayCardFields>('pay-card-fields') ?? undefined;
  }

  private relayConnection: { relay: string; connection: RelayConnection } | undefined;
  /** The providers the configuration names, used where the page set none. */
  private defaults: ReturnType<typeof defaultProviders> | undefined;

  /** Where the merchant mounted the relay: `/checkout`, or an absolute URL. */
  relay = '';

  /** The offer id to sell. */
  offer = '';

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these, and their region writes amounts and dates (`es-MX`: `$1,234.50`). */
  locale = 'pt-BR';

  /**
   * The methods to offer and their order, comma-separated (`pix,credit_card,boleto`); all the offer takes by default.
   * The card is one choice: listing `credit_card` without `threeDs` charges it without 3-D Secure.
   */
  methods = '';

  /** Ask the buyer's birth date (sent as `customer.birthDate`). */
  askBirthDate = false;

  /**
   * What the buyer reads once the order is paid about what comes next (access, delivery), as
   * plain text in the buyer's language; by default "you will receive access by e-mail".
   */
  paidMessage = '';

  /**
   * The id of a `<script type="application/json">` in the page holding the offer's configuration,
   * as the relay's `inlineCheckoutConfig` writes it: while it is fresh, the form draws without
   * asking the relay for it.
   */
  inlineConfig = '';

  /** Prefill of the buyer's fields. */
  declare customer: CustomerPrefill | undefined;

  /** Traffic-source tags (`utm_*`, `sck`) over those read from the page URL; other keys are dropped. */
  declare metadata: Readonly<Record<string, string>> | undefined;

  /** Tokenizes the card; by default the API's endpoint from the relay's configuration. */
  declare cardTokenizer: CardTokenizer | undefined;

  /** Profiles the device for anti-fraud; by default the one the relay's configuration names. */
  declare antifraudProfiler: AntifraudProfiler | undefined;

  /** Authenticates `threeDs` payments; by default the one the relay's configuration names. */
  declare threeDSecureProvider: ThreeDSecureProvider | undefined;

  private get resolvedLocale(): SupportedLocale {
    return this.localeController.locale;
  }

  private get config(): CheckoutConfig | undefined {
    return this.configController.config;
  }

  /** The profiler whose start is asked for (updated). */
  private profiling: AntifraudProfiler | undefined;

  private get profiler(): AntifraudProfiler | undefined {
    return this.antifraudProfiler ?? this.defaults?.profiler;
  }

  private get threeDSecure(): ThreeDSecureProvider | undefined {
    return this.threeDSecureProvider ?? this.defaults?.threeDSecure;
  }

  /**
   * Whether the form is drawn (hidden while an order shows): its texts and the configuration are
   * here (a load that is `ready` has one), and no order is being looked up.
   */
  private get formDrawn(): boolean {
    return this.localeController.ready && this.configController.status === 'ready' && !this.orders.resuming;
  }

  /** The methods on screen. */
  get offeredMethods(): ChargeMethod[] {
    const config = this.config;
    if (!config) return [];
    return offeredMethods(config, parseMethodList(this.methods), (method) => {
      if (isCardMethod(method) && !this.profiler) return false;
      return method !== 'threeDs' || this.threeDSecure !== undefined;
    });
  }

  private get isCard(): boolean {
    return this.method !== undefined && isCardMethod(this.method);
  }

  /** What the buyer pays now, a decimal string. */
  private amountDue(config: CheckoutConfig): string {
    return payableAmount(config, this.isCard ? this.installments : undefined);
  }

  private connection(): RelayConnection {
    if (this.relayConnection?.relay !== this.relay) {
      this.relayConnection = { relay: this.relay, connection: new RelayConnection({ relay: this.relay }) };
    }
    return this.relayConnection.connection;
  }

  private handleConfigReady(config: CheckoutConfig): void {
    this.defaults = defaultProviders(config, this.renderRoot as ShadowRoot, () => this.resolvedLocale);
    this.ready.configReady();
  }

  private handleMethodChange(event: PayMethodChangeEvent): void {
    this.pressedCard = undefined;
    this.method = event.detail.method;
    this.methodError = '';
  }

  /**
   * A press on the card's option (a finger down, a mouse button down): the card form is drawn
   * hidden at once, which starts its code on its way while the press lasts (renderCardFields)
   * rather than at the click that picks the card once it is released, and so is the billing
   * address when the card goes through 3-D Secure (`prepareAddress` of `<pay-customer-fields>`,
   * which starts its code); the click has then only to show them. A press on another
   * option, or a choice made from the keyboard, fetches nothing ahead.
   */
  private handleMethodPress(event: PointerEvent): void {
    const option = event.composedPath().find((node) => node instanceof HTMLLabelElement) as HTMLLabelElement | undefined;
    const method = (option?.control as HTMLInputElement | null | undefined)?.value as ChargeMethod | undefined;
    if (!method || !isCardMethod(method)) return;
    this.pressedCard = method;
    this.requestUpdate();
  }

  private handleCardChange(): void {
    this.installments = this.cardFields?.selectedInstallments ?? 1;
  }

  /**
   * The buyer starts on the form. Focus on the method choice fetches no result view: the buyer may
   * be passing through it to another method, whose view would be bytes for nothing. On a card that
   * goes through 3-D Secure, the sandbox's provider, when it is the one in use, fetches its code too,
   * so its challenge opens at "Pay" without a fetch first; a page's own provider fetches nothing of it.
   */
  private handleFormFocus(event: FocusEvent): void {
    const method = event.composedPath().includes(this.methodPicker as EventTarget) ? undefined : this.method;
    this.payment.prepare(method);
    if (method === 'threeDs' && !this.threeDSecureProvider) this.defaults?.threeDSecure?.prepare();
    // "Pay" checks the buyer's fields and reads the device's id: run ahead, in an idle moment, a page's
    // first run of them (the checks' code and patterns compiled, the storage opened) is not the click's.
    // Nothing is shown or stored; each run after the first costs microseconds.
    whenIdle(() => {
      this.customerFields?.customerDetails();
      peekDeviceFingerprint();
    });
  }

  /**
   * Enter in a text field pays, as in any web form. The fields live in shadow roots, where they
   * belong to no form, so the browser's implicit submission (HTML, "Implicit submission") never
   * reaches this one. A select, a button or a radio keep what Enter means for them.
   */
  private handleFormKeydown(event: KeyboardEvent): void {
    const field = event.composedPath()[0];
    if (event.key === 'Enter' && !event.isComposing && field instanceof HTMLInputElement && field.type !== 'radio') {
      event.preventDefault();
      (event.currentTarget as HTMLFormElement).requestSubmit();
    }
  }

  private handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    const { payment } = this;
    // Checked before anything awaits: the second click of a double click finds the payment running.
    if (payment.phase === 'paying' || payment.phase === 'created') return;
    if (payment.canRetry) {
      payment.retry();
      return;
    }
    const config = this.config;
    const request = this.paymentRequest();
    if (!config || !request) return;
    const started = payment.start(request, payableAmount(config, request.card?.installments), {
      relay: this.connection(),
      cardTokenizer: this.cardTokenizer ?? defaultCardTokenizer(config),
      antifraudProfiler: this.profiler,
      threeDSecureProvider: this.threeDSecure,
    });
    if (!started) return;
    this.methodError = '';
    // The view of the order is fetched while the charge is on its way, so it is there when the order is.
    this.onDemand.require(resultTagOfMethod(request.method));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const sourceChanged = changed.has('relay') || changed.has('offer');
    if (sourceChanged && (this.hasUpdated || this.configController.status === 'idle')) {
      this.configController.reload();
    }
    // Another relay or offer: the order on screen is not this one's; the one kept for it, if any, comes back.
    if (sourceChanged && !this.payment.locked && this.orders.sourceChanged()) this.payment.reset();
    this.orders.resumeWhen(this.localeController.ready);
    const methods = this.offeredMethods;
    if (this.method === undefined || !methods.includes(this.method)) this.method = methods[0];
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  protected override updated(): void {
    // Only a card charge carries the anti-fraud reference: profiling starts once the card form is
    // on screen, when the page is next idle, so the provider's script never delays the form (the
    // sandbox's then waits for a pause in the buyer's typing to gather its signals).
    const profiler = this.profiler;
    if (profiler && profiler !== this.profiling && this.isCard && customElements.get('pay-card-fields')) {
      this.profiling = profiler;
      whenIdle(() => profiler.start());
    }
  }

  /** Says `text` in the polite live region (emptied first, so the same text is read again). */
  private announce(text: string): void {
    this.announcement = '';
    void this.updateComplete.then(() => {
      this.announcement = text;
    });
  }

  /** Checks the form; the request for an attempt, or undefined with the problems shown and focus on the first. */
  private paymentRequest(): PaymentRequest | undefined {
    const { config, method, customerFields } = this;
    if (!config || !method || !customerFields) return undefined;
    // A card form still on its way (or that could not be fetched) has nothing to pay with yet: its status is on screen.
    if (this.isCard && this.onDemand.require('pay-card-fields') !== 'ready') return undefined;
    const request = readPaymentRequest({ config, method, customerFields, cardFields: this.isCard ? this.cardFields : undefined, metadata: this.metadata });
    if (typeof request !== 'number') return request;
    this.announce(translate(this.resolvedLocale, 'checkout.fieldsToFix', { count: request }));
    return undefined;
  }

  /** Loads the configuration again (the error state's retry). */
  reload(): void {
    this.configController.reload();
  }

  /** The retry of a catalogue that could not be fetched; the configuration too if it could not be loaded either. */
  private handleCatalogueRetry(): void {
    this.localeController.retry();
    if (this.configController.status === 'failed') this.reload();
  }

  /**
   * The pay button, with an attempt's error above it: the buyer just pressed it, and it now offers
   * to try again; on a phone the top of the form is screens away.
   */
  private renderSubmit(config: CheckoutConfig, locale: SupportedLocale) {
    const { phase, banner } = this.payment;
    const paying = phase === 'paying';
    const interrupted = phase === 'interrupted';
    const amount = formatAmount(this.amountDue(config), config.product.currency, this.locale, locale) ?? '';
    let label = translate(locale, 'checkout.submit', { amount });
    if (paying) label = translate(locale, 'checkout.submitting');
    else if (interrupted) label = translate(locale, 'checkout.retry');
    return html`
      ${bannerView(banner, interrupted, locale)}
      <button part="submit" class="submit" type="submit" aria-disabled=${paying ? 'true' : 'false'}>${label}</button>
      ${paying ? html`<p part="progress" class="progress">${progressText(this.payment.step, locale)}</p>` : nothing}
    `;
  }

  /** The form; kept, hidden, while a result shows, so the buyer's details are still there when they come back to it. */
  private renderForm(config: CheckoutConfig, locale: SupportedLocale, hidden: boolean) {
    const methods = this.offeredMethods;
    const method = this.method;
    // The form is locked while an attempt runs or waits to be tried again: its request is fixed.
    const { locked } = this.payment;
    if (!method) return hidden ? nothing : html`<p class="empty">${translate(locale, 'checkout.noMethods')}</p>`;
    // The card form is fetched when the buyer picks a card (renderCardFields): a buyer paying by Pix
    // or boleto, most of them, never fetches its 4 KB. The picker's card brand marks come with that code.
    return html`
      <form part="form" class="form" novalidate ?hidden=${hidden} @submit=${this.handleSubmit} @focusin=${this.handleFormFocus} @keydown=${this.handleFormKeydown}>
        <pay-method-picker
          part="methods"
          exportparts="option: method-option, option-name: method-name, option-description: method-description"
          .methods=${methods}
          .value=${method}
          .error=${this.methodError}
          .cardMarks=${this.cardMarks(locale)}
          locale=${locale}
          ?disabled=${locked}
          @pay-method-change=${this.handleMethodChange}
          @pointerdown=${this.handleMethodPress}
        ></pay-method-picker>
        <pay-customer-fields
          part="customer"
          exportparts="input: field-input, label: field-label, error: field-error, hint: field-hint"
          .prefill=${this.customer}
          locale=${locale}
          ?require-document=${method === 'pix_auto' || method === 'boleto'}
          ?ask-birth-date=${this.askBirthDate}
          ?require-address=${method === 'threeDs'}
          .prepareAddress=${this.pressedCard === 'threeDs'}
          relay=${this.relay}
          currency=${config.product.currency}
          ?disabled=${locked}
        ></pay-customer-fields>
        ${this.isCard || this.pressedCard
          ? html`
              <fieldset class="card" ?hidden=${!this.isCard}>
                <legend>${translate(locale, 'checkout.card.legend')}</legend>
                ${this.renderCardFields(config, locale, locked)}
              </fieldset>
            `
          : nothing}
        ${this.renderSubmit(config, locale)}
      </form>
    `;
  }

  /** The offer's configuration: the page's own while it is fresh (inline-config.ts), else the relay's answer. */
  private async loadConfig(offer: string, signal: AbortSignal): Promise<CheckoutConfig> {
    const id = this.inlineConfig;
    // A chunk that cannot be fetched leaves the relay to answer.
    const inline = id && (await import('./inline-config.js').then((reader) => reader.readInlineConfig(this, id, offer), () => undefined));
    return inline || this.connection().getConfig(offer, { signal });
  }

  /**
   * The accepted brands' marks for the method choice, once the card form's code and the texts that
   * name them are both here; the checkout draws again when the texts arrive after the code. While
   * they are on their way (a card chosen, or its code asked for before), `''` keeps their row;
   * a buyer who never chose a card gets no row.
   */
  private cardMarks(locale: SupportedLocale) {
    const cardFields = customElements.get('pay-card-fields') as typeof PayCardFields | undefined;
    if (!cardFields) return this.isCard || this.cardAsked ? '' : undefined;
    if (CARD_TEXTS.has(locale)) return cardFields.brandMarks(locale);
    CARD_TEXTS.load(locale).then(() => this.requestUpdate(), () => undefined);
    return '';
  }

  /** The card form, once its element is fetched (a shop that takes no card never fetches it). */
  private renderCardFields(config: CheckoutConfig, locale: SupportedLocale, locked: boolean) {
    this.cardAsked = true;
    const status = this.onDemand.require('pay-card-fields');
    if (status === 'loading') {
      // Its own texts come beside its code, not after it. So does the payment's code, which the card
      // form's imports in the script-tag build (its chunk carries the API's card tokenizer and the
      // card's result view): fetched at once rather than found when the card form's code arrives.
      CARD_TEXTS.load(locale).catch(() => undefined);
      loadPaymentCode().catch(() => undefined);
      return html`<p class="loading" role="status">${LOADING_TEXTS[locale]}</p>`;
    }
    if (status === 'failed') {
      return loadErrorView(translate(locale, 'checkout.loadFailed'), translate(locale, 'checkout.retry'), () => this.onDemand.retry('pay-card-fields'));
    }
    return keyed(
      this.cardFormKey,
      html`<pay-card-fields
        part="card"
        locale=${formatTag(this.locale, locale)}
        currency=${config.product.currency}
        .installments=${config.installments}
        ?disabled=${locked}
        @pay-card-change=${this.handleCardChange}
      ></pay-card-fields>`,
    );
  }

  /** The order's result view; until its element is fetched it shows empty, and if it cannot be, an error with a retry. */
  private renderResult(order: CheckoutOrder, config: CheckoutConfig, locale: SupportedLocale) {
    const tag = resultTagOf(order);
    if (this.onDemand.require(tag) === 'failed') {
      return loadErrorView(translate(locale, 'checkout.loadFailed'), translate(locale, 'checkout.retry'), () => {
        this.onDemand.retry(tag);
        // The retry button goes away with the error: focus follows to the view.
        this.orders.status?.focusResult();
      });
    }
    return resultView(order, {
      locale: formatTag(this.locale, locale),
      currency: config.product.currency,
      clockOffsetMs: this.orders.status?.clockOffsetMs ?? 0,
      onAction: (event) => void this.orders.status?.handleAction(event.detail.action),
      paidMessage: this.paidMessage,
      recurrence: config.recurrence,
      price: config.offer.price,
    });
  }

  override render() {
    const locale = this.resolvedLocale;
    // Until the buyer's catalogue is here the checkout stays in its loading state, and if it cannot come it shows an
    // error: both from texts every language has at hand, as no catalogue may be on the page.
    const textsReady = this.localeController.ready;
    const textsFailed = this.localeController.failed;
    const { status } = this.configController;
    const config = this.config;
    const order = this.orders.status?.order;
    let content;
    if (textsFailed) {
      const texts = CATALOGUE_FAILURE_TEXTS[locale];
      content = loadErrorView(texts.message, texts.retry, () => this.handleCatalogueRetry());
    }
    else if (textsReady && status === 'failed') {
      const message = translate(locale, loadFailureMessage(this.configController.error));
      content = loadErrorView(message, translate(locale, 'checkout.retry'), () => this.reload());
    }
    else if (!this.formDrawn || !config) content = html`<p part="loading" class="loading">${LOADING_TEXTS[locale]}</p>`;
    else {
      content = html`
        ${productView(config, this.amountDue(config), formatTag(this.locale, locale))}
        ${order ? this.renderResult(order, config, locale) : nothing}
        ${this.renderForm(config, locale, order !== undefined)}
      `;
    }
    return html`
      <div part="base" class="checkout ${order ? '' : 'reserve'}" lang=${locale} aria-busy=${!textsFailed && (status === 'loading' || !textsReady || this.orders.resuming) ? 'true' : 'false'}>
        <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>
        ${content}
      </div>
    `;
  }
}
