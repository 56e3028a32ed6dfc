import { LitElement, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { DocType } from '../../contract/charge-request.js';
import { lazyCode } from '../on-demand-code.js';
import * as birthDate from '../fields/birth-date.js';
import * as documentNumber from '../fields/document.js';
import * as email from '../fields/email.js';
import { caretAfterDigits, digitsOf } from '../fields/mask.js';
import * as personName from '../fields/person-name.js';
import * as phone from '../fields/phone.js';
import * as postalCode from '../fields/postal-code.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale, type SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import {
  ADDRESS_FIELDS,
  BRAZILIAN_STATES,
  CUSTOMER_FIELDS,
  CUSTOMER_FIELD_SPECS,
  fieldOfPath,
  type CustomerFieldName,
} from './customer-field-specs.js';
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
  address?: Partial<Record<(typeof ADDRESS_FIELDS)[number], string>>;
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

/** The billing address as the charge's `address` and the 3DS provider take it. */
export interface BillingAddressDetails {
  zipcode: string;
  street: string;
  number: string;
  complement?: string;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
}

/** A message under a field: one of the catalogue's, or the API's own text for a field it refused. */
type FieldMessage = { readonly key: MessageKey } | { readonly text: string };

const EMPTY_VALUES: Readonly<Record<CustomerFieldName, string>> = Object.fromEntries(
  [...CUSTOMER_FIELDS, ...ADDRESS_FIELDS].map((name) => [name, '']),
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
 * Phone, CPF/CNPJ, birth date and CEP are formatted as the buyer types, the caret staying after
 * the same digit. A field's error shows when the buyer leaves it (once they typed in it) and on
 * `validate()`, beside the field, tied to it with `aria-describedby` and announced politely (as the
 * card form's are); `validate()` moves focus to the first field to fix. A likely typo in the
 * e-mail's domain gets a one-tap suggestion of the address meant; nothing is blocked by it.
 *
 * @csspart field - Each field's wrapper (also `field-<name>`).
 * @csspart label - Each label.
 * @csspart input - Each input and the state's select.
 * @csspart hint - Each hint under a field.
 * @csspart error - Each error message under a field.
 * @csspart suggestion - The button offering the e-mail address the buyer probably meant.
 * @csspart customer - The buyer's `<fieldset>`.
 * @csspart address - The billing address `<fieldset>`.
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
    disabled: { type: Boolean, reflect: true },
    prefill: { attribute: false },
  };

  private readonly localeController = new LocaleController(this, () => resolveLocale(this.locale));

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

  /** Locks the fields while a payment runs. */
  disabled = false;

  /** Values to start with; a field the buyer already typed in keeps what they typed. */
  declare prefill: CustomerPrefill | undefined;

  /** The fields on screen, in order. */
  get visibleFields(): CustomerFieldName[] {
    const customer = CUSTOMER_FIELDS.filter((name) => name !== 'birthDate' || this.askBirthDate);
    return this.requireAddress ? [...customer, ...ADDRESS_FIELDS] : customer;
  }

  /** The fields showing an error, in order. */
  get invalidFields(): CustomerFieldName[] {
    return this.visibleFields.filter((name) => this.errors[name]);
  }

  private isRequired(name: CustomerFieldName): boolean {
    if (name === 'document') return this.requireDocument;
    return name !== 'complement';
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
    // Also the state's `<select>`, which has no mask: only an `<input>` reaches the caret handling.
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
      ...prefill.address,
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
    for (const name of this.visibleFields) this.checkField(name);
    const valid = this.invalidFields.length === 0;
    if (!valid) void this.focusFirstInvalid();
    return valid;
  }

  /** Moves focus to the first field showing an error, once it is drawn. */
  async focusFirstInvalid(): Promise<void> {
    await this.updateComplete;
    const first = this.invalidFields[0];
    if (first) this.renderRoot.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  /**
   * Shows the API's messages on the fields they name (`customer.phone`, `address.zipcode`) and
   * answers the paths it placed; the others are the caller's to show.
   */
  showServerErrors(fields: Readonly<Record<string, readonly string[]>>): string[] {
    const placed: string[] = [];
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
    if (this.visibleFields.some((name) => this.problemOf(name))) return undefined;
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
    if (!this.requireAddress || ADDRESS_FIELDS.some((name) => this.problemOf(name))) return undefined;
    const { values } = this;
    const complement = values.complement.trim();
    return {
      zipcode: postalCode.normalize(values.zipcode),
      street: values.street.trim(),
      number: values.number.trim(),
      neighborhood: values.neighborhood.trim(),
      city: values.city.trim(),
      state: values.state,
      country: 'BR',
      ...(complement && { complement }),
    };
  }

  private renderField(name: CustomerFieldName, locale: SupportedLocale) {
    const spec = CUSTOMER_FIELD_SPECS[name];
    const value = this.values[name];
    const required = this.isRequired(name);
    const error = this.errors[name];
    const hintId = `field-${name}-hint`;
    const errorId = `field-${name}-error`;
    const describedBy = `${spec.hint ? hintId : ''} ${error ? errorId : ''}`.trim() || nothing;
    const control =
      spec.type === 'select'
        ? html`
            <select
              id="field-${name}"
              name=${name}
              part="input"
              autocomplete=${spec.autocomplete}
              aria-describedby=${describedBy}
              aria-invalid=${String(!!error)}
              aria-required=${String(required)}
              @change=${this.handleInput}
              @blur=${this.handleBlur}
            >
              <option value="" ?selected=${value === ''}>${translate(locale, 'field.state.choose')}</option>
              ${BRAZILIAN_STATES.map((code) => html`<option value=${code} ?selected=${value === code}>${code}</option>`)}
            </select>
          `
        : html`
            <input
              id="field-${name}"
              name=${name}
              part="input"
              type=${spec.type}
              inputmode=${spec.inputMode ?? nothing}
              autocomplete=${spec.autocomplete}
              maxlength=${spec.maxLength ?? nothing}
              .value=${live(value)}
              aria-describedby=${describedBy}
              aria-invalid=${String(!!error)}
              aria-required=${String(required)}
              @input=${this.handleInput}
              @blur=${this.handleBlur}
            />
          `;
    return html`
      <div part="field field-${name}" class="field ${name}">
        <label part="label" for="field-${name}">
          ${translate(locale, spec.label)}
          ${required ? nothing : html`<span class="optional">${translate(locale, 'field.optional')}</span>`}
        </label>
        ${control}
        ${spec.hint ? html`<p part="hint" class="hint" id=${hintId}>${translate(locale, spec.hint)}</p>` : nothing}
        <p part="error" class="error" id=${errorId} aria-live="polite">${error && ('key' in error ? translate(locale, error.key) : error.text)}</p>
        ${name === 'email'
          ? // Always in the DOM, so a screen reader announces the suggestion when it appears.
            html`<p class="suggestion" aria-live="polite">
              ${this.emailSuggestion
                ? html`<button type="button" part="suggestion" @click=${this.handleEmailSuggestion}>
                    ${translate(locale, 'field.email.suggestion', { address: this.emailSuggestion })}
                  </button>`
                : nothing}
            </p>`
          : nothing}
      </div>
    `;
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
      ${this.requireAddress
        ? html`
            <fieldset part="address" ?disabled=${this.disabled}>
              <legend>${translate(locale, 'checkout.address.legend')}</legend>
              <div class="grid address">${ADDRESS_FIELDS.map((name) => this.renderField(name, locale))}</div>
            </fieldset>
          `
        : nothing}
    `;
  }
}
