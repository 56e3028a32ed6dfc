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
import { CARD_TEXTS, type MessageKey } from '../i18n/catalogue.js';
import { formatAmount } from '../i18n/format-amount.js';
import { CATALOGUE_FAILURE_TEXTS } from '../i18n/loading-texts.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale } from '../i18n/locales.js';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import type { CardDetails } from '../providers/card-tokenizer-interface.js';
import { BRAND_MARKS, MARKED_BRANDS } from './card-brand-marks.js';
import { CARD_FIELDS } from './card-field.js';
import type { CardField } from './card-field.js';
import { cardFieldsStyles } from './card-fields.styles.js';
import { inputStyles } from '../styles/input.styles.js';
import { widgetTextStyles } from '../styles/widget-text.styles.js';

type CardFieldError = cardNumber.CardNumberError | cardExpiry.CardExpiryError | cardCvv.CardCvvError | personName.PersonNameError;

/** An error beside a field: one of the widget's own checks, or a message the API gave. */
type ShownError = { readonly key: CardFieldError } | { readonly text: string };

interface TextFieldSpec {
  readonly label: MessageKey;
  readonly hint: MessageKey;
  /** Also the input's `name`, so autofill recognizes the field by either. */
  readonly autocomplete: 'cc-number' | 'cc-exp' | 'cc-csc' | 'cc-name';
  /** What the input shows for what the buyer typed; `previous` is what it showed before. */
  readonly format: (raw: string, previous: string, brand: CardBrand | undefined) => string;
  readonly validate: (value: string, brand: CardBrand | undefined) => CardFieldError | undefined;
}

const FIELD_SPECS: Readonly<Record<CardField, TextFieldSpec>> = {
  number: {
    label: 'field.cardNumber.label',
    hint: 'field.cardNumber.hint',
    autocomplete: 'cc-number',
    format: cardNumber.format,
    validate: cardNumber.validate,
  },
  expiry: {
    label: 'field.cardExpiry.label',
    hint: 'field.cardExpiry.hint',
    autocomplete: 'cc-exp',
    format: cardExpiry.format,
    // Its second parameter is the date to judge by (today), not the brand.
    validate: (value) => cardExpiry.validate(value),
  },
  cvv: {
    label: 'field.cardCvv.label',
    hint: 'field.cardCvv.hint',
    autocomplete: 'cc-csc',
    format: (raw, _previous, brand) => cardCvv.format(raw, brand),
    validate: cardCvv.validate,
  },
  holderName: {
    label: 'field.holderName.label',
    hint: 'field.holderName.hint',
    autocomplete: 'cc-name',
    format: personName.format,
    validate: personName.validate,
  },
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

const inputId = (field: CardField | 'installments') => `card-${field}`;
const hintId = (field: CardField | 'installments') => `card-${field}-hint`;
const errorId = (field: CardField) => `card-${field}-error`;
const BRAND_ID = 'card-number-brand';

/** "Bandeiras aceitas: Visa, Mastercard, … e Diners": the name of the accepted brands' marks, wherever they show. */
function acceptedBrands(locale: SupportedLocale): string {
  const names = MARKED_BRANDS.map((marked) => translate(locale, BRAND_NAMES[marked]));
  // pt-BR's list as Intl.ListFormat writes it, without loading Intl's data before the card form can be used (format-amount.ts).
  const brands = locale === 'pt-BR' ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  return translate(locale, 'field.cardNumber.brands', { brands });
}

/** Fields whose separators the widget writes: deleting one deletes the digit before it. */
const SEPARATED_FIELDS: ReadonlySet<CardField> = new Set<CardField>(['number', 'expiry']);

/**
 * @summary The card form of the checkout: number (with the accepted brands' marks, the detected
 * one highlighted, and its name), expiry, security
 * code, holder name and instalments. It validates and normalizes what the buyer types and
 * never sends nor logs it: the checkout hands `details()` to a `CardTokenizer`.
 *
 * @event pay-card-change - The brand, completeness or instalments changed by the buyer's action (for a key, once the key is drawn). `detail`: `{ brand, complete, installments }`.
 *
 * @csspart base - The grid holding every field.
 * @csspart field - One field's wrapper (also `number-field`, `expiry-field`, `cvv-field`, `holderName-field`, `installments-field`).
 * @csspart label - A field's label.
 * @csspart hint - The always-visible help under a label.
 * @csspart input - A text input.
 * @csspart select - The instalments select as drawn: the chosen option's whole text.
 * @csspart brand - The detected card brand; the line keeps its height (a no-break space) until a brand is detected, so nothing below it moves.
 * @csspart brand-marks - The row of the accepted brands' marks beside the number.
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
  static override styles = [widgetTextStyles, inputStyles, cardFieldsStyles];
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

  /** The form's texts and the card form's own, a part of the catalogue fetched with this element's code. */
  private readonly localeController = new LocaleController(this, () => resolveLocale(this.locale), CARD_TEXTS);

  private values: Readonly<Record<CardField, string>> = { number: '', expiry: '', cvv: '', holderName: '' };
  private shownErrors: Readonly<Partial<Record<CardField, ShownError>>> = {};

  /** Fields the buyer typed in: leaving one of them shows its error. */
  private readonly editedFields = new Set<CardField>();
  /** Set by a key in a field: the update it asks for waits until the key is drawn (scheduleUpdate). */
  private keyWaitsForFrame = false;
  private lastChange: CardChangeDetail = { brand: undefined, complete: false, installments: 1 };
  /**
   * The instalment options' texts and the brands' list, kept from the last render: each key in a
   * card number re-renders the fields, and two dozen amounts, a dozen texts and a list format
   * each time were most of a keystroke's work on a slow phone.
   */
  private textsOf: { key: string; list: readonly WidgetInstallmentOption[]; rows: Array<{ count: number; label: string }>; brands: string } | undefined;

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these, and their region writes the amounts (`es-MX`: `$1,234.50`). */
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

  private handleInput(event: InputEvent): void {
    const input = event.target as HTMLInputElement;
    const field = input.dataset['field'] as CardField;
    const previous = this.values[field];
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    const format = (text: string) => FIELD_SPECS[field].format(text, previous, this.brand);
    let formatted = format(raw);
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
      formatted = format(digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore));
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
    this.keyWaitsForFrame = true;
    this.values = { ...this.values, [field]: formatted };
    // Reward early: an error goes as soon as the field is right (the API's, as soon as the
    // buyer edits what it judged); a new one waits for blur.
    const shown = this.shownErrors[field];
    if (shown && ('text' in shown || this.errorOf(field) === undefined)) this.shownErrors = { ...this.shownErrors, [field]: undefined };
  }

  /**
   * A key in a field is drawn first, on its own: the update it asks for (the brand's line and
   * marks, the errors, the `pay-card-change` event) runs in a task after the next frame, the one
   * that shows the key's character, so that frame holds the character and no more, as in a plain
   * form. The value is formatted in the input at once, and `values`, `brand`, `details()` and the
   * next key see it at once. Not in an idle moment: a page at work (a phone's CPU, the shop's own
   * scripts) is often not idle before the next key, and the update then ran as that key came. On
   * a page that draws no frames (a hidden tab), the update waits 100 ms at most.
   */
  protected override async scheduleUpdate(): Promise<void> {
    if (this.keyWaitsForFrame) {
      this.keyWaitsForFrame = false;
      await new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve));
        setTimeout(resolve, 100);
      });
      this.announceChange();
    }
    super.scheduleUpdate();
  }

  private handleBlur(event: FocusEvent): void {
    const field = (event.target as HTMLInputElement).dataset['field'] as CardField;
    if (this.editedFields.has(field)) this.shownErrors = { ...this.shownErrors, [field]: this.problemOf(field) };
  }

  private handleInstallmentsChange(event: Event): void {
    this.selectedInstallments = Number((event.target as HTMLSelectElement).value);
    this.announceChange();
  }

  private errorOf(field: CardField): CardFieldError | undefined {
    return FIELD_SPECS[field].validate(this.values[field], this.brand);
  }

  /** The field's error as it is shown, or undefined. */
  private problemOf(field: CardField): ShownError | undefined {
    const key = this.errorOf(field);
    return key && { key };
  }

  private announceChange(): void {
    const detail: CardChangeDetail = { brand: this.brand, complete: this.details() !== undefined, installments: this.selectedInstallments };
    const last = this.lastChange;
    if (last.brand === detail.brand && last.complete === detail.complete && last.installments === detail.installments) return;
    this.lastChange = detail;
    this.dispatchEvent(new PayCardChangeEvent(detail));
  }

  /** The fields showing an error, in order. */
  get invalidFields(): CardField[] {
    return CARD_FIELDS.filter((field) => this.shownErrors[field]);
  }

  /** Shows `errors` and focuses the first field with one; true when there is none. */
  private showErrors(errors: Partial<Record<CardField, ShownError>>): boolean {
    this.shownErrors = errors;
    const [first] = this.invalidFields;
    if (first) this.renderRoot.querySelector<HTMLInputElement>(`#${inputId(first)}`)?.focus();
    return !first;
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
    for (const field of CARD_FIELDS) errors[field] = this.problemOf(field);
    return this.showErrors(errors);
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
    this.showErrors(errors);
  }

  /** The card normalized for tokenization, or `undefined` while any field is invalid. */
  details(): CardDetails | undefined {
    const { number, expiry, cvv, holderName } = this.values;
    const expiryParts = cardExpiry.normalize(expiry);
    if (!expiryParts || CARD_FIELDS.some((field) => this.errorOf(field))) return undefined;
    return {
      number: cardNumber.normalize(number),
      holderName: personName.normalizeHolderName(holderName),
      ...expiryParts,
      cvv: cardCvv.normalize(cvv),
    };
  }

  /** A field's wrapper: its label and always-visible hint, then the control and what goes with it. */
  private renderField(name: CardField | 'installments', label: string, hint: string, control: TemplateResult): TemplateResult {
    return html`
      <div class="field" part="field ${name}-field">
        <label for=${inputId(name)} part="label">${label}</label>
        <p id=${hintId(name)} class="hint" part="hint">${hint}</p>
        ${control}
      </div>
    `;
  }

  private renderTextField(field: CardField, locale: SupportedLocale): TemplateResult {
    const spec = FIELD_SPECS[field];
    const brand = this.brand;
    const shown = this.shownErrors[field];
    const error = shown && ('key' in shown ? translate(locale, shown.key) : shown.text);
    const hint = field === 'cvv' && brand === 'amex' ? 'field.cardCvv.hintAmex' : spec.hint;
    const isNumber = field === 'number';
    const isName = field === 'holderName';
    const describedBy = [hintId(field), isNumber && brand && BRAND_ID, error && errorId(field)].filter(Boolean).join(' ');
    // Until a brand is known the line holds a no-break space, so it keeps its height: the fields
    // below do not move as the first digit shows the brand, nor as the number is cleared.
    const brandText = isNumber && brand ? translate(locale, 'field.cardNumber.brand', { brand: translate(locale, BRAND_NAMES[brand]) }) : '\u00a0';
    return this.renderField(
      field,
      translate(locale, spec.label),
      translate(locale, hint),
      html`
        ${isNumber ? this.renderBrandMarks(locale, brand) : nothing}
        <input
          id=${inputId(field)}
          part="input"
          data-field=${field}
          name=${spec.autocomplete}
          type="text"
          autocomplete=${spec.autocomplete}
          inputmode=${isName ? 'text' : 'numeric'}
          autocapitalize=${isName ? 'characters' : 'off'}
          autocorrect="off"
          spellcheck="false"
          enterkeyhint="next"
          required
          aria-invalid=${!!error}
          aria-describedby=${describedBy}
          ?disabled=${this.disabled}
          .value=${live(this.values[field])}
          @input=${this.handleInput}
          @blur=${this.handleBlur}
        />
        ${isNumber
          ? // Always in the DOM, so a screen reader announces the brand when it appears.
            html`<p id=${BRAND_ID} class="brand" part="brand" aria-live="polite">${brandText}</p>`
          : nothing}
        <p id=${errorId(field)} class="error" part="error" aria-live="polite">${error}</p>
      `,
    );
  }

  /**
   * The marks of the accepted brands: one picture for screen readers, named by the list of
   * brands (the detected one is announced by the brand line); on screen the detected brand
   * stands out and the others fade.
   */
  private renderBrandMarks(locale: SupportedLocale, brand: CardBrand | undefined): TemplateResult {
    return html`
      <div class="marks" part="brand-marks" role="img" aria-label=${this.texts(locale).brands}>
        ${MARKED_BRANDS.map((marked) => html`<span class=${marked === brand ? 'mark detected' : brand ? 'mark faded' : 'mark'}>${BRAND_MARKS[marked]}</span>`)}
      </div>
    `;
  }

  /**
   * The accepted brands' marks for the method choice (`<pay-method-picker>`'s `cardMarks`): one
   * picture named by the list of brands. They come with this element's code, so the checkout
   * hands them to the picker once the card form is fetched, and the marks add nothing to the
   * code every buyer fetches before the form.
   */
  static brandMarks(locale: SupportedLocale): TemplateResult {
    return html`<span class="brands" role="img" aria-label=${acceptedBrands(locale)}>${MARKED_BRANDS.map((marked) => BRAND_MARKS[marked])}</span>`;
  }

  /** The texts that change only with the locale, the currency or the options: made again only then. */
  private texts(locale: SupportedLocale): NonNullable<typeof this.textsOf> {
    const { currency, installments } = this;
    const key = `${locale} ${this.locale} ${currency}`;
    if (this.textsOf?.key === key && this.textsOf.list === installments) return this.textsOf;
    const rows = installments.flatMap(({ installments: count, installmentAmount, total, interestFree }) => {
      const amount = formatAmount(installmentAmount, currency, this.locale, locale);
      const totalAmount = formatAmount(total, currency, this.locale, locale);
      // An option whose amounts cannot be read is left out rather than shown wrong.
      if (amount === undefined || totalAmount === undefined) return [];
      const text = interestFree ? 'installments.option.interestFree' : 'installments.option.withInterest';
      return [{ count, label: translate(locale, text, { count, amount, total: totalAmount }) }];
    });
    return (this.textsOf = { key, list: installments, rows, brands: acceptedBrands(locale) });
  }

  private renderInstallments(locale: SupportedLocale): TemplateResult | typeof nothing {
    const { rows } = this.texts(locale);
    if (rows.length === 0) return nothing;
    const most = Math.max(...rows.map((row) => row.count));
    const chosen = rows.find((row) => row.count === this.selectedInstallments)?.label ?? '';
    const options = rows.map(({ count, label }) => html`<option value=${count} ?selected=${count === this.selectedInstallments}>${label}</option>`);
    return this.renderField(
      'installments',
      translate(locale, 'field.installments.label'),
      translate(locale, 'field.installments.hint', { count: most }),
      // A closed select shows one line, cut at its width: "3 installments of R$34.90,
      // interest-free (total R$104.70)" loses its total on a phone. The chosen option is drawn
      // whole, on as many lines as it needs, under a transparent select that takes the taps,
      // the keys and the screen reader.
      html`
        <div class="choice">
          <span class="face" part="select" aria-hidden="true">${chosen}</span>
          <select
            id=${inputId('installments')}
            aria-describedby=${hintId('installments')}
            ?disabled=${this.disabled}
            @change=${this.handleInstallmentsChange}
          >
            ${options}
          </select>
        </div>
      `,
    );
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  override render() {
    if (this.localeController.failed) {
      // Its texts could not be fetched (the buyer is offline): said from the few the first chunk carries, with a retry.
      const failure = CATALOGUE_FAILURE_TEXTS[resolveLocale(this.locale)];
      return html`<p part="load-error" role="alert">${failure.message} <button type="button" @click=${() => this.localeController.retry()}>${failure.retry}</button></p>`;
    }
    if (!this.localeController.ready) return nothing;
    const locale = this.localeController.locale;
    return html`
      <div class="fields" part="base">
        ${this.renderTextField('number', locale)}
        <div class="pair">${this.renderTextField('expiry', locale)} ${this.renderTextField('cvv', locale)}</div>
        ${this.renderTextField('holderName', locale)} ${this.renderInstallments(locale)}
      </div>
    `;
  }
}
