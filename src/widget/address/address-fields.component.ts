import { LitElement, html, nothing } from 'lit';
import { caretAfterDigits, digitsOf } from '../fields/mask.js';
import { fieldView, type FieldMessage } from '../customer/field-view.js';
import { customerFieldsStyles } from '../customer/customer-fields.styles.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { fieldGroupStyles } from '../styles/field-group.styles.js';
import { widgetTextStyles } from '../styles/widget-text.styles.js';
import {
  ADDRESS_FIELDS,
  BRAZILIAN_ADDRESS_SPECS,
  BRAZILIAN_STATES,
  FOREIGN_ADDRESS_SPECS,
  type AddressFieldName,
  type AddressFieldSpec,
} from './address-field-specs.js';
import { lookUpCep } from './cep-lookup.js';
import { countryOptions } from './countries.js';

/** The billing address as the charge's `address` and the 3DS provider take it (public-api.md, request body). */
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

type CepStatus = 'idle' | 'looking' | 'filled' | 'not-found';

const EMPTY_VALUES = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, ''])) as Record<AddressFieldName, string>;

/** The fields a found CEP fills. */
const FILLED_BY_CEP = ['street', 'neighborhood', 'city', 'state'] as const;

/**
 * @summary The billing address 3-D Secure needs, filled from the CEP: the buyer types the CEP
 * and the number, and street, district, city and state come from the relay's address lookup,
 * all still editable. A foreign-currency offer asks the country first; an address abroad has
 * no CEP lookup, a free postal code and a two-letter state.
 *
 * Fetched on demand by `<pay-customer-fields require-address>`, which reads and checks it
 * through its own methods.
 *
 * @csspart field - Each field's wrapper (also `field-<name>`).
 * @csspart label - Each label.
 * @csspart input - Each input and select.
 * @csspart hint - Each hint under a field.
 * @csspart error - Each error message under a field.
 * @csspart address - The `<fieldset>`.
 */
export class PayAddressFields extends LitElement {
  static override styles = [widgetTextStyles, fieldGroupStyles, customerFieldsStyles];
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  // `attribute: false` beside `state: true` is for the manifest analyzer, which otherwise lists the states as attributes.
  static override properties = {
    values: { state: true, attribute: false },
    errors: { state: true, attribute: false },
    cepStatus: { state: true, attribute: false },
    locale: {},
    relay: {},
    currency: {},
    disabled: { type: Boolean, reflect: true },
    prefill: { attribute: false },
  };

  private readonly localeController = new LocaleController(this, () => resolveLocale(this.locale));

  private values: Record<AddressFieldName, string> = { ...EMPTY_VALUES };
  private errors: Partial<Record<AddressFieldName, FieldMessage>> = {};
  private cepStatus: CepStatus = 'idle';
  /** Fields the buyer typed in: their errors show on blur. */
  private readonly edited = new Set<AddressFieldName>();
  /**
   * The CEP last asked for, the way to stop asking when the buyer types another, and the fields
   * the buyer typed in meanwhile, which the answer leaves as they are.
   */
  private lookup: { cep: string; controller: AbortController; typed: Set<AddressFieldName> } | undefined;

  /** `pt-BR` (default), `es` or `en`. */
  locale = 'pt-BR';

  /** Where the relay is mounted; without it the CEP fills nothing and the buyer types the address. */
  relay: string | undefined;

  /** The offer's currency: any but `BRL` asks the country (a buyer abroad may be paying). */
  currency = 'BRL';

  /** Locks the fields while a payment runs. */
  disabled = false;

  /** Values to start with (`country`, `zipcode`, `street`…); a field the buyer typed in keeps what they typed. */
  declare prefill: Partial<Record<AddressFieldName, string>> | undefined;

  /** True when the address is in Brazil: CEP lookup and the state list. */
  private get brazilian(): boolean {
    return !this.asksCountry || this.values.country === 'BR';
  }

  private get asksCountry(): boolean {
    return this.currency !== 'BRL';
  }

  private get specs(): Readonly<Record<AddressFieldName, AddressFieldSpec>> {
    return this.brazilian ? BRAZILIAN_ADDRESS_SPECS : FOREIGN_ADDRESS_SPECS;
  }

  /** The fields on screen, in order. */
  get visibleFields(): AddressFieldName[] {
    return ADDRESS_FIELDS.filter((name) => name !== 'country' || this.asksCountry);
  }

  /** The fields showing an error, in order. */
  get invalidFields(): AddressFieldName[] {
    return this.visibleFields.filter((name) => this.errors[name]);
  }

  /** Why the field's value cannot be sent, or undefined. */
  private problemOf(name: AddressFieldName): MessageKey | undefined {
    const value = this.values[name];
    if (name === 'complement') return undefined;
    if (name === 'zipcode' && this.cepStatus === 'not-found' && this.brazilian) return 'field.postalCode.error.notFound';
    const { check } = this.specs[name];
    if (check) return check(value);
    return value.trim() ? undefined : 'field.error.required';
  }

  private checkField(name: AddressFieldName): void {
    const problem = this.problemOf(name);
    this.errors = { ...this.errors, [name]: problem && { key: problem } };
  }

  private handleInput(event: Event) {
    const input = event.target as HTMLInputElement;
    const name = input.name as AddressFieldName;
    const { mask } = this.specs[name];
    let value = input.value;
    if (mask && input.setSelectionRange) {
      const caret = input.selectionStart ?? value.length;
      const digitsBefore = digitsOf(value.slice(0, caret)).length;
      value = mask(value);
      if (value !== input.value) {
        input.value = value;
        // The CEP's hyphen moves the digits; the state's capitals keep every character in place.
        const position = name === 'zipcode' ? caretAfterDigits(value, digitsBefore) : caret;
        input.setSelectionRange(position, position);
      }
    }
    this.values = { ...this.values, [name]: value };
    this.edited.add(name);
    this.lookup?.typed.add(name);
    if (name === 'country') this.countryChanged();
    if (name === 'zipcode') this.zipcodeChanged();
    // Once a field shows an error, it is checked as the buyer fixes it, so the message goes as soon as it is right.
    if (this.errors[name]) this.checkField(name);
  }

  private handleBlur(event: Event) {
    // Locking the fields blurs the focused one while drawing: that is no buyer leaving it.
    if (this.disabled) return;
    const name = (event.target as HTMLInputElement).name as AddressFieldName;
    if (this.edited.has(name)) this.checkField(name);
  }

  /** A state and a postal code written for one country mean nothing in another. */
  private countryChanged(): void {
    this.lookup?.controller.abort();
    this.lookup = undefined;
    this.cepStatus = 'idle';
    this.values = { ...this.values, state: '', zipcode: this.brazilian ? BRAZILIAN_ADDRESS_SPECS.zipcode.mask!(this.values.zipcode) : this.values.zipcode };
    this.errors = { ...this.errors, state: undefined, zipcode: undefined };
  }

  /** A whole CEP is looked up once; a changed one stops the lookup of the previous. */
  private zipcodeChanged(): void {
    const cep = digitsOf(this.values.zipcode);
    if (this.lookup?.cep === cep) return;
    this.lookup?.controller.abort();
    this.lookup = undefined;
    this.cepStatus = 'idle';
    if (!this.brazilian || cep.length !== 8 || !this.relay) return;
    const controller = new AbortController();
    const lookup = { cep, controller, typed: new Set<AddressFieldName>() };
    this.lookup = lookup;
    this.cepStatus = 'looking';
    void lookUpCep(this.relay, cep, controller.signal).then((result) => {
      if (this.lookup !== lookup) return;
      if (result.kind === 'found') this.fill(result.address, lookup.typed);
      this.cepStatus = result.kind === 'found' ? 'filled' : result.kind === 'not-found' ? 'not-found' : 'idle';
      this.checkField('zipcode');
    });
  }

  /**
   * The CEP's address in its fields. What the lookup does not know (a whole town's street) and
   * what the buyer typed while it was asked stay as they are.
   */
  private fill(address: Record<(typeof FILLED_BY_CEP)[number], string>, typed: ReadonlySet<AddressFieldName>): void {
    const values = { ...this.values };
    const errors = { ...this.errors };
    for (const name of FILLED_BY_CEP) {
      if (!address[name] || typed.has(name)) continue;
      values[name] = address[name];
      errors[name] = undefined;
    }
    this.values = values;
    this.errors = errors;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('prefill') && this.prefill) this.applyPrefill(this.prefill);
    if ((changed.has('locale') || changed.has('currency')) && this.asksCountry && !this.values.country && !this.edited.has('country')) {
      // A Brazilian Portuguese page most likely has a buyer in Brazil; other languages choose.
      this.values = { ...this.values, country: resolveLocale(this.locale) === 'pt-BR' ? 'BR' : '' };
    }
  }

  private applyPrefill(prefill: Partial<Record<AddressFieldName, string>>): void {
    const values = { ...this.values };
    for (const name of ADDRESS_FIELDS) {
      const raw = prefill[name];
      if (typeof raw !== 'string' || this.edited.has(name)) continue;
      values[name] = raw;
    }
    this.values = values;
    const { mask } = this.specs.zipcode;
    if (mask) this.values = { ...this.values, zipcode: mask(this.values.zipcode) };
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
   * Shows the API's messages on the fields they name (`address.zipcode`; `address.country` on
   * the state when the country is not asked) and answers the paths it placed.
   */
  showServerErrors(fields: Readonly<Record<string, readonly string[]>>): string[] {
    const placed: string[] = [];
    const errors = { ...this.errors };
    for (const [path, messages] of Object.entries(fields)) {
      let name = path.startsWith('address.') ? (path.slice(8) as AddressFieldName) : undefined;
      if (name === 'country' && !this.asksCountry) name = 'state';
      if (!name || !this.visibleFields.includes(name) || !messages.length) continue;
      errors[name] = { text: messages.join(' ') };
      placed.push(path);
    }
    this.errors = errors;
    return placed;
  }

  /** The billing address, or undefined while a field on screen is not valid. */
  billingAddress(): BillingAddressDetails | undefined {
    if (this.visibleFields.some((name) => this.problemOf(name))) return undefined;
    const { values } = this;
    const complement = values.complement.trim();
    return {
      zipcode: digitsOf(values.zipcode),
      street: values.street.trim(),
      number: values.number.trim(),
      neighborhood: values.neighborhood.trim(),
      city: values.city.trim(),
      state: values.state.trim().toUpperCase(),
      country: this.asksCountry ? values.country : 'BR',
      ...(complement && { complement }),
    };
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  override render() {
    if (!this.localeController.ready) return nothing;
    const locale = this.localeController.locale;
    const { specs, brazilian } = this;
    const cepStatus = this.cepStatus === 'looking' ? 'field.postalCode.looking' : this.cepStatus === 'filled' ? 'field.postalCode.filled' : undefined;
    return html`
      <fieldset part="address" ?disabled=${this.disabled}>
        <legend>${translate(locale, 'checkout.address.legend')}</legend>
        <div class="grid address">
          ${this.visibleFields.map((name) =>
            fieldView({
              name,
              look: specs[name],
              value: this.values[name],
              required: name !== 'complement',
              error: this.errors[name],
              locale,
              choices:
                name === 'country'
                  ? { prompt: 'field.country.choose', options: countryOptions(locale) }
                  : name === 'state' && brazilian
                    ? { prompt: 'field.state.choose', options: BRAZILIAN_STATES }
                    : undefined,
              // A live line under the CEP: the fields it filled change without the buyer's focus on them.
              ...(name === 'zipcode' && brazilian ? { status: cepStatus ? translate(locale, cepStatus) : '' } : {}),
              onInput: (event) => this.handleInput(event),
              onBlur: (event) => this.handleBlur(event),
            }),
          )}
        </div>
      </fieldset>
    `;
  }
}
