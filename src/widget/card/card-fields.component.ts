import { LitElement, html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { CardBrand } from '../../contract/card-tokens.js';
import type { Currency } from '../../contract/currencies.js';
import type { WidgetInstallmentOption } from '../../relay/config-route.js';
import { PayCardChangeEvent } from '../events/card-change-event.js';
import type { CardChangeDetail } from '../events/card-change-event.js';
import * as cardCvv from '../fields/card-cvv.js';
import * as cardExpiry from '../fields/card-expiry.js';
import * as cardNumber from '../fields/card-number.js';
import { caretAfterDigits, digitsOf } from '../fields/mask.js';
import * as personName from '../fields/person-name.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { formatAmount } from '../i18n/format-amount.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale } from '../i18n/locales.js';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import type { CardDetails } from '../providers/card-tokenizer.js';
import { CARD_FIELDS } from './card-field.js';
import type { CardField } from './card-field.js';
import { cardFieldsStyles } from './card-fields.styles.js';
import { widgetTextStyles } from '../styles/widget-text.styles.js';

type CardFieldError = cardNumber.CardNumberError | cardExpiry.CardExpiryError | cardCvv.CardCvvError | personName.PersonNameError;

/** An error beside a field: one of the widget's own checks, or a message the API gave. */
type ShownError = { readonly key: CardFieldError } | { readonly text: string };

interface TextFieldSpec {
  readonly label: MessageKey;
  readonly autocomplete: 'cc-number' | 'cc-exp' | 'cc-csc' | 'cc-name';
  readonly inputmode: 'numeric' | 'text';
}

const FIELD_SPECS: Readonly<Record<CardField, TextFieldSpec>> = {
  number: { label: 'field.cardNumber.label', autocomplete: 'cc-number', inputmode: 'numeric' },
  expiry: { label: 'field.cardExpiry.label', autocomplete: 'cc-exp', inputmode: 'numeric' },
  cvv: { label: 'field.cardCvv.label', autocomplete: 'cc-csc', inputmode: 'numeric' },
  holderName: { label: 'field.holderName.label', autocomplete: 'cc-name', inputmode: 'text' },
};

const BRAND_NAMES: Readonly<Record<CardBrand, MessageKey>> = {
  visa: 'card.brand.visa',
  mastercard: 'card.brand.mastercard',
  amex: 'card.brand.amex',
  elo: 'card.brand.elo',
  hipercard: 'card.brand.hipercard',
  diners: 'card.brand.diners',
  discover: 'card.brand.discover',
};

/** Fields whose separators the widget writes: deleting one deletes the digit before it. */
const SEPARATED_FIELDS: ReadonlySet<CardField> = new Set<CardField>(['number', 'expiry']);

const inputId = (field: CardField) => `card-${field}`;
const hintId = (field: CardField) => `card-${field}-hint`;
const errorId = (field: CardField) => `card-${field}-error`;
const BRAND_ID = 'card-number-brand';
const INSTALLMENTS_ID = 'card-installments';

/**
 * @summary The card form of the checkout: number (brand shown as detected), expiry, security
 * code, holder name and instalments. It validates and normalizes what the buyer types and
 * never sends nor logs it: the checkout hands `details()` to a `CardTokenizer`.
 *
 * @event pay-card-change - The brand, completeness or instalments changed by the buyer's action. `detail`: `{ brand, complete, installments }`.
 *
 * @csspart base - The grid holding every field.
 * @csspart field - One field's wrapper (also `number-field`, `expiry-field`, `cvv-field`, `holderName-field`, `installments-field`).
 * @csspart label - A field's label.
 * @csspart hint - The always-visible help under a label.
 * @csspart input - A text input.
 * @csspart select - The instalments select.
 * @csspart brand - The detected card brand.
 * @csspart error - A field's error message.
 *
 * @cssprop --pay-font-family - Font of the form.
 * @cssprop --pay-color-text - Text colour.
 * @cssprop --pay-color-muted - Hint colour.
 * @cssprop --pay-color-error - Error text and invalid border colour.
 * @cssprop --pay-color-border - Input border colour.
 * @cssprop --pay-color-focus - Focus ring colour.
 * @cssprop --pay-color-input-background - Input background.
 * @cssprop --pay-radius - Input corner radius.
 * @cssprop --pay-spacing - Space between fields.
 */
export class PayCardFields extends LitElement {
  static override styles = [widgetTextStyles, cardFieldsStyles];
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  // `attribute: false` beside `state: true` is for the manifest analyzer, which otherwise lists the states as attributes.
  static override properties = {
    values: { state: true, attribute: false },
    shownErrors: { state: true, attribute: false },
    locale: {},
    currency: {},
    installments: { attribute: false },
    selectedInstallments: { type: Number, attribute: 'selected-installments' },
    disabled: { type: Boolean, reflect: true },
  };

  private readonly localeController = new LocaleController(this, () => resolveLocale(this.locale));

  private values: Readonly<Record<CardField, string>> = { number: '', expiry: '', cvv: '', holderName: '' };
  private shownErrors: Readonly<Partial<Record<CardField, ShownError>>> = {};

  /** Fields the buyer typed in: leaving one of them shows its error. */
  private readonly editedFields = new Set<CardField>();
  private lastChange: CardChangeDetail = { brand: undefined, complete: false, installments: 1 };

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these. */
  locale = 'pt-BR';

  /** The currency of the instalment amounts. */
  currency: Currency = 'BRL';

  /** The instalment options of the config (`installments` of `GET config`); no select while empty. */
  installments: readonly WidgetInstallmentOption[] = [];

  /** The number of instalments chosen; follows the first option when not among them. */
  selectedInstallments = 1;

  /** Locks every field, e.g. while a payment attempt runs. */
  disabled = false;

  /** The brand of the number typed so far; `undefined` while unknown. */
  get brand(): CardBrand | undefined {
    return cardNumber.cardBrand(this.values.number);
  }

  private get resolvedLocale(): SupportedLocale {
    return this.localeController.locale;
  }

  private handleInput(event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    const field = input.dataset['field'] as CardField;
    const previous = this.values[field];
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    let formatted = this.format(field, raw, previous);
    let position: number;
    const digitsBefore = digitsOf(raw.slice(0, caret)).length;
    if (
      SEPARATED_FIELDS.has(field) &&
      event.inputType === 'deleteContentBackward' &&
      formatted === previous &&
      digitsOf(raw) === digitsOf(previous) &&
      digitsBefore > 0
    ) {
      // Backspace took a separator the widget wrote and formatting would put it back: the
      // buyer meant the digit before it.
      const digits = digitsOf(raw);
      formatted = this.format(field, digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore), previous);
      position = caretAfterDigits(formatted, digitsBefore - 1);
    } else if (caret >= raw.length) {
      position = formatted.length;
    } else if (field === 'holderName') {
      position = Math.min(personName.format(raw.slice(0, caret)).length, formatted.length);
    } else {
      // Masks are functions of the digits alone: the caret goes back after as many digits as before.
      position = caretAfterDigits(formatted, digitsBefore);
    }
    if (formatted !== raw) input.value = formatted;
    if (input.selectionStart !== position || input.selectionEnd !== position) input.setSelectionRange(position, position);

    this.editedFields.add(field);
    this.values = { ...this.values, [field]: formatted };
    // Reward early: an error goes as soon as the field is right (the API's, as soon as the
    // buyer edits what it judged); a new one waits for blur.
    const shown = this.shownErrors[field];
    if (shown && ('text' in shown || this.errorOf(field) === undefined)) this.shownErrors = { ...this.shownErrors, [field]: undefined };
    this.announceChange();
  }

  private handleBlur(event: FocusEvent): void {
    const field = (event.target as HTMLInputElement).dataset['field'] as CardField;
    if (!this.editedFields.has(field)) return;
    const key = this.errorOf(field);
    this.shownErrors = { ...this.shownErrors, [field]: key ? { key } : undefined };
  }

  private handleInstallmentsChange(event: Event): void {
    this.selectedInstallments = Number((event.target as HTMLSelectElement).value);
    this.announceChange();
  }

  private format(field: CardField, raw: string, previous: string): string {
    switch (field) {
      case 'number':
        return cardNumber.format(raw);
      case 'expiry':
        return cardExpiry.format(raw, previous);
      case 'cvv':
        return cardCvv.format(raw, this.brand);
      case 'holderName':
        return personName.format(raw);
    }
  }

  private errorOf(field: CardField): CardFieldError | undefined {
    const value = this.values[field];
    switch (field) {
      case 'number':
        return cardNumber.validate(value);
      case 'expiry':
        return cardExpiry.validate(value);
      case 'cvv':
        return cardCvv.validate(value, this.brand);
      case 'holderName':
        return personName.validate(value);
    }
  }

  private announceChange(): void {
    const detail: CardChangeDetail = { brand: this.brand, complete: this.details() !== undefined, installments: this.selectedInstallments };
    const last = this.lastChange;
    if (last.brand === detail.brand && last.complete === detail.complete && last.installments === detail.installments) return;
    this.lastChange = detail;
    this.dispatchEvent(new PayCardChangeEvent(detail));
  }

  private inputOf(field: CardField): HTMLInputElement | null {
    return this.renderRoot.querySelector<HTMLInputElement>(`#${inputId(field)}`);
  }

  private focusFirstError(errors: Partial<Record<CardField, ShownError>>): CardField | undefined {
    const first = CARD_FIELDS.find((field) => errors[field] !== undefined);
    if (first) this.inputOf(first)?.focus();
    return first;
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (
      (changed.has('installments') || changed.has('selectedInstallments')) &&
      this.installments.length > 0 &&
      !this.installments.some((option) => option.installments === this.selectedInstallments)
    ) {
      this.selectedInstallments = this.installments[0]!.installments;
    }
    // A property set by the page is no buyer action: no event, but the next comparison starts here.
    this.lastChange = { ...this.lastChange, installments: this.selectedInstallments };
  }

  /** Shows the error of every invalid field and focuses the first; true when the card is complete. */
  validate(): boolean {
    const errors: Partial<Record<CardField, ShownError>> = {};
    for (const field of CARD_FIELDS) {
      const key = this.errorOf(field);
      if (key) errors[field] = { key };
    }
    this.shownErrors = errors;
    return this.focusFirstError(errors) === undefined;
  }

  /**
   * Shows messages from the API (a refused tokenization's fields, see `CardTokenFieldError`)
   * beside their fields and focuses the first. Each goes as soon as the buyer edits its field.
   */
  showFieldErrors(messages: Partial<Record<CardField, readonly string[]>>): void {
    const errors: Partial<Record<CardField, ShownError>> = { ...this.shownErrors };
    for (const field of CARD_FIELDS) {
      const text = messages[field]?.join(' ');
      if (text) errors[field] = { text };
    }
    this.shownErrors = errors;
    this.focusFirstError(errors);
  }

  /** The card normalized for tokenization, or `undefined` while any field is invalid. */
  details(): CardDetails | undefined {
    if (CARD_FIELDS.some((field) => this.errorOf(field) !== undefined)) return undefined;
    const expiry = cardExpiry.normalize(this.values.expiry);
    if (!expiry) return undefined;
    return {
      number: cardNumber.normalize(this.values.number),
      holderName: personName.normalizeHolderName(this.values.holderName),
      expMonth: expiry.expMonth,
      expYear: expiry.expYear,
      cvv: cardCvv.normalize(this.values.cvv),
    };
  }

  private hintOf(field: CardField): MessageKey {
    switch (field) {
      case 'number':
        return 'field.cardNumber.hint';
      case 'expiry':
        return 'field.cardExpiry.hint';
      case 'cvv':
        return this.brand === 'amex' ? 'field.cardCvv.hintAmex' : 'field.cardCvv.hint';
      case 'holderName':
        return 'field.holderName.hint';
    }
  }

  private errorText(field: CardField, locale: SupportedLocale): string | undefined {
    const shown = this.shownErrors[field];
    if (!shown) return undefined;
    return 'key' in shown ? translate(locale, shown.key) : shown.text;
  }

  private renderBrand(locale: SupportedLocale): TemplateResult {
    const brand = this.brand;
    const text = brand ? translate(locale, 'field.cardNumber.brand', { brand: translate(locale, BRAND_NAMES[brand]) }) : '';
    // Always in the DOM, so a screen reader announces the brand when it appears.
    return html`<p id=${BRAND_ID} class="brand" part="brand" aria-live="polite">${text}</p>`;
  }

  private renderTextField(field: CardField, locale: SupportedLocale): TemplateResult {
    const spec = FIELD_SPECS[field];
    const error = this.errorText(field, locale);
    const describedBy = [hintId(field), field === 'number' && this.brand ? BRAND_ID : undefined, error ? errorId(field) : undefined]
      .filter((id) => id !== undefined)
      .join(' ');
    const isName = field === 'holderName';
    return html`
      <div class="field" part="field ${field}-field">
        <label for=${inputId(field)} part="label">${translate(locale, spec.label)}</label>
        <p id=${hintId(field)} class="hint" part="hint">${translate(locale, this.hintOf(field))}</p>
        <input
          id=${inputId(field)}
          part="input"
          data-field=${field}
          name=${spec.autocomplete}
          type="text"
          autocomplete=${spec.autocomplete}
          inputmode=${spec.inputmode}
          autocapitalize=${isName ? 'characters' : 'off'}
          autocorrect="off"
          spellcheck="false"
          enterkeyhint="next"
          required
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${describedBy}
          ?disabled=${this.disabled}
          .value=${live(this.values[field])}
          @input=${this.handleInput}
          @blur=${this.handleBlur}
        />
        ${field === 'number' ? this.renderBrand(locale) : nothing}
        <p id=${errorId(field)} class="error" part="error" aria-live="polite">${error ?? ''}</p>
      </div>
    `;
  }

  private installmentLabel(option: WidgetInstallmentOption, locale: SupportedLocale): string | undefined {
    const amount = formatAmount(option.installmentAmount, this.currency, locale);
    const total = formatAmount(option.total, this.currency, locale);
    if (amount === undefined || total === undefined) return undefined;
    const key = option.interestFree ? 'installments.option.interestFree' : 'installments.option.withInterest';
    return translate(locale, key, { count: option.installments, amount, total });
  }

  private renderInstallments(locale: SupportedLocale): TemplateResult | typeof nothing {
    const options = this.installments.flatMap((option) => {
      const label = this.installmentLabel(option, locale);
      return label === undefined ? [] : [{ count: option.installments, label }];
    });
    if (options.length === 0) return nothing;
    const most = Math.max(...options.map((option) => option.count));
    return html`
      <div class="field" part="field installments-field">
        <label for=${INSTALLMENTS_ID} part="label">${translate(locale, 'field.installments.label')}</label>
        <p id="${INSTALLMENTS_ID}-hint" class="hint" part="hint">${translate(locale, 'field.installments.hint', { count: most })}</p>
        <select
          id=${INSTALLMENTS_ID}
          part="select"
          aria-describedby="${INSTALLMENTS_ID}-hint"
          ?disabled=${this.disabled}
          @change=${this.handleInstallmentsChange}
        >
          ${options.map(
            (option) =>
              html`<option value=${String(option.count)} ?selected=${option.count === this.selectedInstallments}>${option.label}</option>`,
          )}
        </select>
      </div>
    `;
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  override render() {
    if (!this.localeController.ready) return nothing;
    const locale = this.resolvedLocale;
    return html`
      <div class="fields" part="base">
        ${this.renderTextField('number', locale)}
        <div class="pair">${this.renderTextField('expiry', locale)} ${this.renderTextField('cvv', locale)}</div>
        ${this.renderTextField('holderName', locale)} ${this.renderInstallments(locale)}
      </div>
    `;
  }
}
