import { html, nothing } from 'lit';
import type { DocType } from '../../contract/charge-request.js';
import type { AddressFieldName } from '../address/address-field-specs.js';
import type { BillingAddressDetails, PayAddressFields } from '../address/address-fields.component.js';
import { lazyCode } from '../on-demand-code.js';
import * as birthDate from '../fields/birth-date.js';
import * as documentNumber from '../fields/document.js';
import * as email from '../fields/email.js';
import * as personName from '../fields/person-name.js';
import * as phone from '../fields/phone.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { OnDemandElements } from '../on-demand-elements.js';
import { LOADING_TEXTS } from '../i18n/loading-texts.js';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { CUSTOMER_FIELDS, CUSTOMER_FIELD_SPECS, fieldOfPath, type CustomerFieldName } from './customer-field-specs.js';
import { FieldGroup } from './field-group.js';

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
export class PayCustomerFields extends FieldGroup<CustomerFieldName> {
  static override properties = {
    emailSuggestion: { state: true, attribute: false },
    requireDocument: { type: Boolean, attribute: 'require-document' },
    askBirthDate: { type: Boolean, attribute: 'ask-birth-date' },
    requireAddress: { type: Boolean, attribute: 'require-address' },
    prepareAddress: { attribute: false },
    relay: {},
    currency: {},
    prefill: { attribute: false },
  };

  private readonly onDemand = new OnDemandElements(this);

  protected values: Record<CustomerFieldName, string> = { ...EMPTY_VALUES };
  /** The address the buyer probably meant when the e-mail's domain looks mistyped, else empty. */
  private emailSuggestion = '';

  /** CPF or CNPJ is required (Pix Automático and boleto: the acquirers need it); otherwise optional. */
  requireDocument = false;

  /** Ask for the birth date (required when asked). */
  askBirthDate = false;

  /** Ask for the billing address (3-D Secure needs it). */
  requireAddress = false;

  /**
   * Draw the billing address hidden, without asking for it, once its element is here: `<pay-checkout>`
   * sets it while a card that goes through 3-D Secure is pressed, so that asking for it only shows it.
   */
  prepareAddress = false;

  /** Where the relay is mounted: the billing address is filled from the CEP through its `address` route. */
  relay: string | undefined;

  /** The offer's currency: any but `BRL` asks the billing address's country. */
  currency = 'BRL';

  /** Values to start with; a field the buyer already typed in keeps what they typed. */
  declare prefill: CustomerPrefill | undefined;

  /** The billing address's element, once it is fetched and drawn. */
  private get addressFields(): PayAddressFields | undefined {
    return (this.requireAddress && this.renderRoot?.querySelector('pay-address-fields')) || undefined;
  }

  protected get ownFields(): CustomerFieldName[] {
    return CUSTOMER_FIELDS.filter((name) => name !== 'birthDate' || this.askBirthDate);
  }

  /** The fields on screen, in order: the buyer's, then the billing address's. */
  get visibleFields(): (CustomerFieldName | AddressFieldName)[] {
    return [...this.ownFields, ...(this.addressFields?.visibleFields ?? [])];
  }

  /** The fields showing an error, in order; the billing address counts as one while it is still being fetched. */
  get invalidFields(): (CustomerFieldName | AddressFieldName)[] {
    const address = this.requireAddress ? (this.addressFields?.invalidFields ?? ['zipcode' as const]) : [];
    return [...this.ownFields.filter((name) => this.errors[name]), ...address];
  }

  protected specOf(name: CustomerFieldName) {
    return CUSTOMER_FIELD_SPECS[name];
  }

  protected fieldOfPath(path: string) {
    return fieldOfPath(path);
  }

  private isRequired(name: CustomerFieldName): boolean {
    return name !== 'document' || this.requireDocument;
  }

  protected problemOf(name: CustomerFieldName): MessageKey | undefined {
    const { check } = CUSTOMER_FIELD_SPECS[name];
    const value = this.values[name];
    const empty = !value.trim();
    if (empty && !this.isRequired(name)) return undefined;
    if (check) return check(value);
    return empty ? 'field.error.required' : undefined;
  }

  protected override changed(name: CustomerFieldName): void {
    if (name === 'email') this.emailSuggestion = '';
  }

  protected override handleBlur(event: Event) {
    super.handleBlur(event);
    if (!this.disabled && (event.target as HTMLInputElement).name === 'email') this.suggestEmail();
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
    if (changed.has('prefill') && this.prefill) this.prefillWith(this.prefill);
    if (changed.has('requireDocument') && !this.requireDocument && !this.values.document.trim()) {
      // A CPF that was required for the last method is optional now: its "required" message goes.
      this.errors = { ...this.errors, document: undefined };
    }
  }

  protected override formatted(name: CustomerFieldName, raw: string): string {
    return (CUSTOMER_FIELD_SPECS[name].mask ?? PREFILL_FORMAT[name])?.(raw) ?? raw;
  }

  override validate(): boolean {
    // Both checked in one round, so the buyer learns every field to fix at once.
    // The address element is there only when asked for: while it is still fetched, it is not valid
    // yet. It checks its fields without moving focus: this element gives focus to the first field.
    const address = this.addressFields?.validate(true) ?? !this.requireAddress;
    const valid = this.checkOwnFields() && address;
    if (!valid) void this.focusFirstInvalid();
    return valid;
  }

  override async focusFirstInvalid(): Promise<void> {
    await this.updateComplete;
    if (!this.focusOwnField()) await this.addressFields?.focusFirstInvalid();
  }

  override showServerErrors(fields: Readonly<Record<string, readonly string[]>>): string[] {
    return [...(this.addressFields?.showServerErrors(fields) ?? []), ...super.showServerErrors(fields)];
  }

  /** The buyer's details ready for the charge, or undefined while a field on screen is not valid. */
  customerDetails(): CustomerDetails | undefined {
    if (this.ownFields.some((name) => this.problemOf(name))) return undefined;
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

  /** The billing address, once its element is fetched; if it cannot be, an error with a retry. */
  private renderAddress(locale: SupportedLocale) {
    const status = this.onDemand.require('pay-address-fields');
    const hidden = !this.requireAddress;
    // Drawn ahead, it says nothing until it is asked for.
    if (hidden && status !== 'ready') return nothing;
    if (status === 'loading') return html`<p class="hint" role="status">${LOADING_TEXTS[locale]}</p>`;
    if (status === 'failed') {
      return html`<p class="error" role="alert">${translate(locale, 'checkout.loadFailed')}</p>
        <button type="button" @click=${() => this.onDemand.retry('pay-address-fields')}>${translate(locale, 'checkout.retry')}</button>`;
    }
    return html`<pay-address-fields
      exportparts="address, field, label, input, hint, error"
      ?hidden=${hidden}
      locale=${locale}
      relay=${this.relay ?? nothing}
      currency=${this.currency}
      .prefill=${this.prefill?.address}
      ?disabled=${this.disabled}
    ></pay-address-fields>`;
  }

  override render() {
    if (!this.localeController.ready) return nothing;
    const locale = this.localeController.locale;
    return html`
      <fieldset part="customer" ?disabled=${this.disabled}>
        <legend>${translate(locale, 'checkout.customer.legend')}</legend>
        <div class="grid">
          ${this.ownFields.map((name) =>
            this.renderField(name, locale, this.isRequired(name), {
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
            }),
          )}
        </div>
      </fieldset>
      ${this.requireAddress || this.prepareAddress ? this.renderAddress(locale) : nothing}
    `;
  }
}
