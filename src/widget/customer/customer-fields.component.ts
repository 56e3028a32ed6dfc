import { LitElement, html, nothing } from 'lit';
import type { DocType } from '../../contract/charge-request.js';
import type { AddressFieldName } from '../address/address-field-specs.js';
import type { BillingAddressDetails, PayAddressFields } from '../address/address-fields.component.js';
import { lazyCode } from '../on-demand-code.js';
import * as birthDate from '../fields/birth-date.js';
import * as documentNumber from '../fields/document.js';
import * as email from '../fields/email.js';
import { caretAfterDigits, digitsOf } from '../fields/mask.js';
import * as personName from '../fields/person-name.js';
import * as phone from '../fields/phone.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { OnDemandElements } from '../on-demand-elements.js';
import { LOADING_TEXTS } from '../i18n/loading-texts.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale, type SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { CUSTOMER_FIELDS, CUSTOMER_FIELD_SPECS, fieldOfPath, type CustomerFieldName } from './customer-field-specs.js';
import { fieldView, type FieldMessage } from './field-view.js';
import { fieldGroupStyles } from '../styles/field-group.styles.js';
import { customerFieldsStyles } from './customer-fields.styles.js';
import { widgetTextStyles } from '../styles/widget-text.styles.js';

/** Values to start the fields with (a logged-in buyer, a previous order). Formatted as if typed. */
export interface CustomerPrefill {
  name?: string;
  email?: string;
  phone?: string;
  /** CPF or CNPJ, with or without punctuation. */
  document?: string;
  /** `YYYY-MM-DD` or `DD/MM/YYYY`. */
  birthDate?: string;
  address?: Partial<Record<AddressFieldName, string>>;
}

/** The buyer as the charge's `customer` takes it (without `fingerprint`, which the checkout adds). */
export interface CustomerDetails {
  name: string;
  email: string;
  phone: string;
  docType?: DocType;
  docNumber?: string;
  birthDate?: string;
}

export type { BillingAddressDetails };

const EMPTY_VALUES: Readonly<Record<CustomerFieldName, string>> = Object.fromEntries(
  CUSTOMER_FIELDS.map((name) => [name, '']),
) as Record<CustomerFieldName, string>;

/** The domain typo check, fetched when the buyer first leaves the e-mail field. */
const loadEmailDomain = lazyCode(() => import('../fields/email-domain.js'));

const PREFILL_FORMAT: Partial<Record<CustomerFieldName, (raw: string) => string>> = {
  name: personName.format,
  email: email.format,
};

/**
 * @summary The buyer's details: name, e-mail, phone, CPF or CNPJ, birth date when asked, and
 * the billing address when the payment method needs it.
 *
 * Phone, CPF/CNPJ and birth date are formatted as the buyer types, the caret staying after
 * the same digit. The billing address is `<pay-address-fields>`, fetched when first asked for
 * (only 3-D Secure needs it); this element reads and checks it with its own fields. A field's
 * error shows when the buyer leaves it (once they typed in it) and on `validate()`, beside the
 * field, tied to it with `aria-describedby` and announced politely (as the card form's are);
 * `validate()` moves focus to the first field to fix. A likely typo in the e-mail's domain gets
 * a one-tap suggestion of the address meant; nothing is blocked by it.
 *
 * @csspart field - Each field's wrapper (also `field-<name>`).
 * @csspart label - Each label.
 * @csspart input - Each input and select.
 * @csspart hint - Each hint under a field.
 * @csspart error - Each error message under a field.
 * @csspart suggestion - The button offering the e-mail address the buyer probably meant.
 * @csspart customer - The buyer's `<fieldset>`.
 * @csspart address - The billing address `<fieldset>` (inside `<pay-address-fields>`, whose parts are exported).
 *
 * @cssprop --pay-color-text - Text colour.
 * @cssprop --pay-color-muted - Colour of the hints.
 * @cssprop --pay-color-background - Background of the inputs.
 * @cssprop --pay-color-border - Border of the inputs.
 * @cssprop --pay-color-primary - Focus ring.
 * @cssprop --pay-color-error - Border and text of an error.
 * @cssprop --pay-radius - Corner radius of the inputs.
 * @cssprop --pay-spacing - Base spacing.
 * @cssprop --pay-font-family - Font.
 */
export class PayCustomerFields extends LitElement {
  static override styles = [widgetTextStyles, fieldGroupStyles, customerFieldsStyles];
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  // `attribute: false` beside `state: true` is for the manifest analyzer, which otherwise lists the states as attributes.
  static override properties = {
    values: { state: true, attribute: false },
    errors: { state: true, attribute: false },
    emailSuggestion: { state: true, attribute: false },
    locale: {},
    requireDocument: { type: Boolean, attribute: 'require-document' },
    askBirthDate: { type: Boolean, attribute: 'ask-birth-date' },
    requireAddress: { type: Boolean, attribute: 'require-address' },
    relay: {},
    currency: {},
    disabled: { type: Boolean, reflect: true },
    prefill: { attribute: false },
  };

  private readonly localeController = new LocaleController(this, () => resolveLocale(this.locale));
  private readonly onDemand = new OnDemandElements(this);

  private values: Record<CustomerFieldName, string> = { ...EMPTY_VALUES };
  private errors: Partial<Record<CustomerFieldName, FieldMessage>> = {};
  /** The address the buyer probably meant when the e-mail's domain looks mistyped, else empty. */
  private emailSuggestion = '';
  /** Fields the buyer typed in: their errors show on blur. */
  private readonly edited = new Set<CustomerFieldName>();

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these. */
  locale = 'pt-BR';

  /** CPF or CNPJ is required (Pix Automático and boleto: the acquirers need it); otherwise optional. */
  requireDocument = false;

  /** Ask for the birth date (required when asked). */
  askBirthDate = false;

  /** Ask for the billing address (3-D Secure needs it). */
  requireAddress = false;

  /** Where the relay is mounted: the billing address is filled from the CEP through its `address` route. */
  relay: string | undefined;

  /** The offer's currency: any but `BRL` asks the billing address's country. */
  currency = 'BRL';

  /** Locks the fields while a payment runs. */
  disabled = false;

  /** Values to start with; a field the buyer already typed in keeps what they typed. */
  declare prefill: CustomerPrefill | undefined;

  /** The billing address's element, once it is fetched and drawn. */
  private get addressFields(): PayAddressFields | undefined {
    return (this.requireAddress && this.renderRoot?.querySelector('pay-address-fields')) || undefined;
  }

  /** The fields on screen, in order: the buyer's, then the billing address's. */
  get visibleFields(): (CustomerFieldName | AddressFieldName)[] {
    const customer = CUSTOMER_FIELDS.filter((name) => name !== 'birthDate' || this.askBirthDate);
    return [...customer, ...(this.addressFields?.visibleFields ?? [])];
  }

  /** The fields showing an error, in order; the billing address counts as one while it is still being fetched. */
  get invalidFields(): (CustomerFieldName | AddressFieldName)[] {
    const customer = CUSTOMER_FIELDS.filter((name) => this.errors[name] && this.visibleFields.includes(name));
    const address = this.requireAddress ? (this.addressFields?.invalidFields ?? ['zipcode' as const]) : [];
    return [...customer, ...address];
  }

  private isRequired(name: CustomerFieldName): boolean {
    return name !== 'document' || this.requireDocument;
  }

  /** Why the field's value cannot be sent, or undefined. */
  private problemOf(name: CustomerFieldName): MessageKey | undefined {
    const { check } = CUSTOMER_FIELD_SPECS[name];
    const value = this.values[name];
    const empty = !value.trim();
    if (empty && !this.isRequired(name)) return undefined;
    if (check) return check(value);
    return empty ? 'field.error.required' : undefined;
  }

  private checkField(name: CustomerFieldName): void {
    const problem = this.problemOf(name);
    this.errors = { ...this.errors, [name]: problem && { key: problem } };
  }

  private handleInput(event: Event) {
    const input = event.target as HTMLInputElement;
    const name = input.name as CustomerFieldName;
    const spec = CUSTOMER_FIELD_SPECS[name];
    let value = input.value;
    if (spec.mask) {
      const caret = input.selectionStart ?? value.length;
      const digitsBefore = digitsOf(value.slice(0, caret)).length;
      value = spec.mask(value);
      if (value !== input.value) {
        input.value = value;
        const position = caretAfterDigits(value, digitsBefore);
        input.setSelectionRange(position, position);
      }
    }
    this.values = { ...this.values, [name]: value };
    this.edited.add(name);
    if (name === 'email') this.emailSuggestion = '';
    // Once a field shows an error, it is checked as the buyer fixes it, so the message goes as soon as it is right.
    if (this.errors[name]) this.checkField(name);
  }

  private handleBlur(event: Event) {
    // Locking the fields blurs the focused one while drawing: that is no buyer leaving it.
    if (this.disabled) return;
    const name = (event.target as HTMLInputElement).name as CustomerFieldName;
    if (this.edited.has(name)) this.checkField(name);
    if (name === 'email') this.suggestEmail();
  }

  /** Looks for a typo in the e-mail's domain; offline, the buyer simply gets no suggestion. */
  private suggestEmail(): void {
    const typed = this.values.email;
    loadEmailDomain().then(({ suggestEmail }) => {
      // The buyer may have typed on while the check was fetched.
      if (this.values.email === typed) this.emailSuggestion = suggestEmail(email.normalize(typed)) ?? '';
    }, () => undefined);
  }

  /** The buyer took the suggested address: it replaces theirs, and focus goes back to the field. */
  private async handleEmailSuggestion() {
    this.values = { ...this.values, email: this.emailSuggestion };
    this.emailSuggestion = '';
    this.checkField('email');
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[name="email"]')?.focus();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('prefill') && this.prefill) this.applyPrefill(this.prefill);
    if (changed.has('requireDocument') && !this.requireDocument && !this.values.document.trim()) {
      // A CPF that was required for the last method is optional now: its "required" message goes.
      this.errors = { ...this.errors, document: undefined };
    }
  }

  private applyPrefill(prefill: CustomerPrefill): void {
    const given: Partial<Record<CustomerFieldName, string | undefined>> = {
      name: prefill.name,
      email: prefill.email,
      phone: prefill.phone,
      document: prefill.document,
      birthDate: prefill.birthDate,
    };
    const values = { ...this.values };
    for (const [name, raw] of Object.entries(given) as [CustomerFieldName, string | undefined][]) {
      if (typeof raw !== 'string' || this.edited.has(name) || !(name in values)) continue;
      const format = CUSTOMER_FIELD_SPECS[name].mask ?? PREFILL_FORMAT[name];
      values[name] = format ? format(raw) : raw;
    }
    this.values = values;
  }

  /**
   * Checks every field on screen and shows each problem; moves focus to the first field to fix.
   * True when everything can be sent.
   */
  validate(): boolean {
    const customer = CUSTOMER_FIELDS.filter((name) => this.visibleFields.includes(name));
    for (const name of customer) this.checkField(name);
    const address = this.addressFields;
    const valid = customer.every((name) => !this.errors[name]) && (!this.requireAddress || (address?.validate() ?? false));
    if (!valid) void this.focusFirstInvalid();
    return valid;
  }

  /** Moves focus to the first field showing an error, once it is drawn. */
  async focusFirstInvalid(): Promise<void> {
    await this.updateComplete;
    const first = CUSTOMER_FIELDS.find((name) => this.errors[name] && this.visibleFields.includes(name));
    if (first) this.renderRoot.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else await this.addressFields?.focusFirstInvalid();
  }

  /**
   * Shows the API's messages on the fields they name (`customer.phone`, `address.zipcode`) and
   * answers the paths it placed; the others are the caller's to show.
   */
  showServerErrors(fields: Readonly<Record<string, readonly string[]>>): string[] {
    const placed: string[] = this.addressFields?.showServerErrors(fields) ?? [];
    const errors = { ...this.errors };
    for (const [path, messages] of Object.entries(fields)) {
      const name = fieldOfPath(path);
      if (!name || !this.visibleFields.includes(name) || !messages.length) continue;
      errors[name] = { text: messages.join(' ') };
      placed.push(path);
    }
    this.errors = errors;
    return placed;
  }

  /** The buyer's details ready for the charge, or undefined while a field on screen is not valid. */
  customerDetails(): CustomerDetails | undefined {
    if (CUSTOMER_FIELDS.some((name) => this.visibleFields.includes(name) && this.problemOf(name))) return undefined;
    const { values } = this;
    // Every field on screen is valid here: a birth date asked for normalizes to a date.
    return {
      name: personName.normalize(values.name),
      email: email.normalize(values.email),
      phone: phone.normalize(values.phone),
      ...documentNumber.normalize(values.document),
      ...(this.askBirthDate && { birthDate: birthDate.normalize(values.birthDate) }),
    };
  }

  /** The billing address, or undefined when it is not asked for or not valid. */
  billingAddress(): BillingAddressDetails | undefined {
    return this.addressFields?.billingAddress();
  }

  private renderField(name: CustomerFieldName, locale: SupportedLocale) {
    return fieldView({
      name,
      look: CUSTOMER_FIELD_SPECS[name],
      value: this.values[name],
      required: this.isRequired(name),
      error: this.errors[name],
      locale,
      after:
        name === 'email'
          ? // Always in the DOM, so a screen reader announces the suggestion when it appears.
            html`<p class="suggestion" aria-live="polite">
              ${this.emailSuggestion
                ? html`<button type="button" part="suggestion" @click=${this.handleEmailSuggestion}>
                    ${translate(locale, 'field.email.suggestion', { address: this.emailSuggestion })}
                  </button>`
                : nothing}
            </p>`
          : undefined,
      onInput: (event) => this.handleInput(event),
      onBlur: (event) => this.handleBlur(event),
    });
  }

  /** The billing address, once its element is fetched; if it cannot be, an error with a retry. */
  private renderAddress(locale: SupportedLocale) {
    const status = this.onDemand.require('pay-address-fields');
    if (status === 'loading') return html`<p class="hint" role="status">${LOADING_TEXTS[locale]}</p>`;
    if (status === 'failed') {
      return html`<p class="error" role="alert">${translate(locale, 'checkout.loadFailed')}</p>
        <button type="button" @click=${() => this.onDemand.retry('pay-address-fields')}>${translate(locale, 'checkout.retry')}</button>`;
    }
    return html`<pay-address-fields
      exportparts="address, field, label, input, hint, error"
      locale=${locale}
      relay=${this.relay ?? nothing}
      currency=${this.currency}
      .prefill=${this.prefill?.address}
      ?disabled=${this.disabled}
    ></pay-address-fields>`;
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  override render() {
    if (!this.localeController.ready) return nothing;
    const locale = this.localeController.locale;
    const fields = this.visibleFields;
    return html`
      <fieldset part="customer" ?disabled=${this.disabled}>
        <legend>${translate(locale, 'checkout.customer.legend')}</legend>
        <div class="grid">${CUSTOMER_FIELDS.filter((name) => fields.includes(name)).map((name) => this.renderField(name, locale))}</div>
      </fieldset>
      ${this.requireAddress ? this.renderAddress(locale) : nothing}
    `;
  }
}
