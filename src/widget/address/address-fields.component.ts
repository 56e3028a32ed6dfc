import { html, nothing } from 'lit';
import { digitsOf } from '../fields/mask.js';
import { FieldGroup } from '../customer/field-group.js';
import { CARD_TEXTS, type MessageKey } from '../i18n/catalogue.js';
import { lazyCode } from '../on-demand-code.js';
import { resolveLocale, type SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { ADDRESS_FIELDS, ADDRESS_SPECS, BRAZILIAN_STATES, type AddressFieldName } from './address-field-specs.js';
import { lookUpCep, type CepAddress } from './cep-lookup.js';

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

/** What the CEP's lookup found: empty before it answers and when it failed. */
type CepStatus = '' | 'filled' | 'not-found';

/** Longer than the relay's own wait for its lookup (5 s), so its 503 comes first. */
const LOOKUP_TIMEOUT_MS = 8_000;

/** The country select and the fields abroad: fetched only for a foreign-currency offer. */
const loadAbroad = lazyCode(() => import('./abroad.js'));

/**
 * @summary The billing address 3-D Secure needs, filled from the CEP: the buyer types the CEP
 * and the number, and street, district, city and state come from the relay's address lookup,
 * all still editable. A foreign-currency offer asks the country first (its code fetched then);
 * an address abroad has no CEP lookup, a free postal code and a two-letter state.
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
export class PayAddressFields extends FieldGroup<AddressFieldName> {
  /** The address is asked only for a card going through 3-D Secure: its texts come with the card form's. */
  static override texts = CARD_TEXTS;
  static override properties = {
    cepStatus: { state: true, attribute: false },
    relay: {},
    currency: {},
    prefill: { attribute: false },
  };

  protected values = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, ''])) as Record<AddressFieldName, string>;
  private cepStatus: CepStatus = '';
  /**
   * The CEP last asked for, the way to stop asking when the buyer types another, and the fields
   * the buyer typed in meanwhile, which the answer leaves as they are.
   */
  private lookup: { cep: string; controller: AbortController; typed: Set<AddressFieldName> } | undefined;

  /** Where the relay is mounted; without it the CEP fills nothing and the buyer types the address. */
  relay: string | undefined;

  /** The offer's currency: any but `BRL` asks the country (a buyer abroad may be paying). */
  currency = 'BRL';

  /** Values to start with (`country`, `zipcode`, `street`…); a field the buyer typed in keeps what they typed. */
  declare prefill: Partial<Record<AddressFieldName, string>> | undefined;

  private get asksCountry(): boolean {
    return this.currency !== 'BRL';
  }

  /** True when the address is in Brazil: CEP lookup and the state list. */
  private get brazilian(): boolean {
    return !this.asksCountry || this.values.country === 'BR';
  }

  /** The fields on screen, in order. */
  get visibleFields(): AddressFieldName[] {
    return ADDRESS_FIELDS.filter((name) => name !== 'country' || this.asksCountry);
  }

  protected get ownFields(): AddressFieldName[] {
    return this.visibleFields;
  }

  /** The fields showing an error, in order. */
  get invalidFields(): AddressFieldName[] {
    return this.visibleFields.filter((name) => this.errors[name]);
  }

  protected specOf(name: AddressFieldName) {
    return (!this.brazilian && loadAbroad.value?.ABROAD_SPECS[name]) || ADDRESS_SPECS[name];
  }

  /** `address.zipcode`; `address.country` on the state when the country is not asked. */
  protected fieldOfPath(path: string) {
    if (!path.startsWith('address.')) return undefined;
    return path === 'address.country' && !this.asksCountry ? 'state' : (path.slice(8) as AddressFieldName);
  }

  protected problemOf(name: AddressFieldName): MessageKey | undefined {
    if (name === 'complement') return undefined;
    if (name === 'zipcode' && this.cepStatus === 'not-found') return 'field.postalCode.error.notFound';
    const value = this.values[name];
    return this.specOf(name).check?.(value) ?? (value.trim() ? undefined : 'field.error.required');
  }

  protected override changed(name: AddressFieldName): void {
    this.lookup?.typed.add(name);
    // A state and a postal code written for one country mean nothing in another.
    if (name === 'country') {
      this.values = { ...this.values, zipcode: '', state: '' };
      this.errors = { ...this.errors, zipcode: undefined, state: undefined };
    }
    if (name === 'country' || name === 'zipcode') this.zipcodeChanged();
  }

  /** A whole CEP is looked up once; a changed one stops the lookup of the previous. */
  private zipcodeChanged(): void {
    const cep = digitsOf(this.values.zipcode);
    if (this.lookup?.cep === cep) return;
    this.lookup?.controller.abort();
    this.lookup = undefined;
    this.cepStatus = '';
    if (!this.brazilian || cep.length !== 8 || !this.relay) return;
    const lookup = { cep, controller: new AbortController(), typed: new Set<AddressFieldName>() };
    this.lookup = lookup;
    setTimeout(() => lookup.controller.abort(), LOOKUP_TIMEOUT_MS);
    void lookUpCep(this.relay, cep, lookup.controller.signal).then((found) => {
      if (this.lookup !== lookup) return;
      if (typeof found === 'object') this.fill(found, lookup.typed);
      this.cepStatus = found === 'not-found' ? found : found ? 'filled' : '';
      this.checkField('zipcode');
    });
  }

  /**
   * The CEP's address in its fields. What the lookup does not know (a whole town's street) and
   * what the buyer typed while it was asked stay as they are.
   */
  private fill(address: CepAddress, typed: ReadonlySet<AddressFieldName>): void {
    const values = { ...this.values };
    const errors = { ...this.errors };
    for (const name of ['street', 'neighborhood', 'city', 'state'] as const) {
      if (!address[name] || typed.has(name)) continue;
      values[name] = address[name];
      errors[name] = undefined;
    }
    this.values = values;
    this.errors = errors;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('prefill') && this.prefill) this.prefillWith(this.prefill);
    if ((changed.has('locale') || changed.has('currency')) && this.asksCountry && !this.values.country && !this.edited.has('country')) {
      // A Brazilian Portuguese page most likely has a buyer in Brazil; other languages choose.
      this.values = { ...this.values, country: resolveLocale(this.locale) === 'pt-BR' ? 'BR' : '' };
    }
  }

  /** The billing address, or undefined while a field on screen is not valid. */
  billingAddress(): BillingAddressDetails | undefined {
    if (this.visibleFields.some((name) => this.problemOf(name))) return undefined;
    // Every field on screen is valid here; an empty complement is left out.
    const address = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, this.values[name].trim()]).filter(([, value]) => value)) as Record<AddressFieldName, string>;
    return { ...address, zipcode: digitsOf(address.zipcode), state: address.state.toUpperCase(), country: this.asksCountry ? address.country : 'BR' };
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    // A foreign-currency offer's fields are drawn once their code has come.
    if (this.asksCountry) await loadAbroad().catch(() => undefined);
    return super.getUpdateComplete();
  }

  /** The country's or the Brazilian state's select: its first, empty option, then `[code, name]`. */
  private select(name: AddressFieldName, locale: SupportedLocale, prompt: MessageKey, options: readonly (readonly [string, string])[]) {
    const value = this.values[name];
    const error = this.errors[name];
    return html`
      <select
        id="field-${name}"
        name=${name}
        part="input"
        autocomplete=${this.specOf(name).autocomplete}
        aria-describedby=${error ? `field-${name}-error` : nothing}
        aria-invalid=${String(!!error)}
        aria-required="true"
        @change=${this.handleInput}
        @blur=${this.handleBlur}
      >
        <option value="" ?selected=${value === ''}>${translate(locale, prompt)}</option>
        ${options.map(([code, text]) => html`<option value=${code} ?selected=${value === code}>${text}</option>`)}
      </select>
    `;
  }

  override render() {
    const abroad = loadAbroad.value;
    if (this.asksCountry && !abroad) {
      // Fetched once; offline, the next drawing tries again.
      loadAbroad().then(() => this.requestUpdate(), () => undefined);
      return nothing;
    }
    if (!this.localeController.ready) return nothing;
    const locale = this.localeController.locale;
    const { brazilian } = this;
    return html`
      <fieldset part="address" ?disabled=${this.disabled}>
        <legend>${translate(locale, 'checkout.address.legend')}</legend>
        <div class="grid address">
          ${this.visibleFields.map((name) =>
            this.renderField(name, locale, name !== 'complement', {
              control:
                name === 'country'
                  ? this.select(name, locale, 'field.country.choose', abroad!.countryOptions(locale))
                  : name === 'state' && brazilian
                    ? this.select(name, locale, 'field.state.choose', BRAZILIAN_STATES)
                    : undefined,
              // A live line under the CEP: the fields it filled change without the buyer's focus on them.
              after: name === 'zipcode' && brazilian ? html`<p class="hint" role="status">${this.cepStatus === 'filled' ? translate(locale, 'field.postalCode.filled') : ''}</p>` : undefined,
            }),
          )}
        </div>
      </fieldset>
    `;
  }
}
