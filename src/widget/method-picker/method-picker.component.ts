import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { isCardMethod } from '../../contract/payment-method-lists.js';
import type { ChargeMethod } from '../../contract/payment-methods.js';
import { PayMethodChangeEvent } from '../events/method-change-event.js';
import type { MessageKey } from '../i18n/catalogue.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { fieldGroupStyles } from '../styles/field-group.styles.js';
import { methodPickerStyles } from './method-picker.styles.js';
import { widgetTextStyles } from '../styles/widget-text.styles.js';

/**
 * Each method's name and explanation, as whole catalogue keys so every key the widget uses appears in the source.
 * The card reads the same however it is charged: the buyer has one card choice (checkout-offer.ts).
 */
const METHOD_TEXTS: Readonly<Record<ChargeMethod, readonly [name: MessageKey, description: MessageKey]>> = {
  pix: ['method.pix.name', 'method.pix.description'],
  pix_auto: ['method.pix_auto.name', 'method.pix_auto.description'],
  boleto: ['method.boleto.name', 'method.boleto.description'],
  credit_card: ['method.credit_card.name', 'method.credit_card.description'],
  threeDs: ['method.credit_card.name', 'method.credit_card.description'],
};

/**
 * @summary The payment methods of the offer as an accessible radio group: each method's name
 * and a short explanation of how it works.
 *
 * Native radio buttons in a `<fieldset>` with a `<legend>`: arrow keys move between methods,
 * Tab leaves the group, and screen readers announce the group's question, each name and its
 * explanation, once each: the label wraps both (the whole option is the touch target), so the
 * radio is named by the name alone and described by the explanation.
 *
 * The card's choice has a row under its explanation for the accepted brands' marks
 * (`cardMarks`), one picture named by the list of brands, which describes the radio after the
 * explanation. The row's height is kept while they are on their way (`''`), so nothing moves
 * when they arrive: the checkout asks for it once the card form's code is, and passes the marks
 * once that code is here. A buyer whose code never comes (Pix chosen) sees no empty row.
 *
 * @event pay-method-change - `PayMethodChangeEvent`: the buyer picked another method. `detail`: `{ method, previous }`.
 *
 * @csspart base - The `<fieldset>`.
 * @csspart legend - The group's question.
 * @csspart option - One method (its label, the whole touch target).
 * @csspart option-name - A method's name.
 * @csspart option-description - A method's explanation.
 * @csspart error - The message when the chosen method was refused.
 *
 * @cssprop --pay-color-primary - Border and ring of the chosen method.
 * @cssprop --pay-color-text - Text colour.
 * @cssprop --pay-color-muted - Colour of the explanations.
 * @cssprop --pay-color-background - Background of each option.
 * @cssprop --pay-color-border - Border of each option.
 * @cssprop --pay-color-error - Colour of the error message.
 * @cssprop --pay-radius - Corner radius of each option.
 * @cssprop --pay-spacing - Base spacing.
 */
export class PayMethodPicker extends LitElement {
  static override styles = [widgetTextStyles, fieldGroupStyles, methodPickerStyles];
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  // Declared here rather than with decorators, so the script-tag build carries no decorator runtime.
  static override properties = {
    methods: { attribute: false },
    value: {},
    locale: {},
    error: {},
    disabled: { type: Boolean, reflect: true },
    cardMarks: { attribute: false },
  };

  private readonly localeController = new LocaleController(this, () => resolveLocale(this.locale));

  /** The methods to offer, in the order shown. */
  methods: readonly ChargeMethod[] = [];

  /** The chosen method. */
  declare value: ChargeMethod | undefined;

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these. */
  locale = 'pt-BR';

  /** A message about the chosen method (the API refused it), shown under the group; shown as text. */
  error = '';

  /** Locks the choice while a payment runs. */
  disabled = false;

  /**
   * The accepted card brands' marks shown under the card's explanation (`PayCardFields.brandMarks`);
   * `''` keeps their row's height while they are on their way; no row while undefined.
   */
  declare cardMarks: TemplateResult | '' | undefined;

  private handleChange(event: Event) {
    // The radios carry the offered methods as their values.
    const method = (event.target as HTMLInputElement).value as ChargeMethod;
    if (method === this.value) return;
    const previous = this.value;
    this.value = method;
    this.dispatchEvent(new PayMethodChangeEvent({ method, previous }));
  }

  /** Focuses the chosen method (a radio group is entered at its checked option), or the first one. */
  override focus(options?: FocusOptions): void {
    const root = this.renderRoot;
    (root.querySelector<HTMLInputElement>('input:checked') ?? root.querySelector('input'))?.focus(options);
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  override render() {
    if (!this.localeController.ready) return nothing;
    const locale = this.localeController.locale;
    const invalid = this.error !== '';
    return html`
      <fieldset part="base" ?disabled=${this.disabled}>
        <legend part="legend">${translate(locale, 'checkout.methods.legend')}</legend>
        <div class="options">
          ${this.methods.map((method) => {
            const id = `method-${method}`;
            const [nameKey, descriptionKey] = METHOD_TEXTS[method];
            const marks = isCardMethod(method) && this.cardMarks !== undefined;
            return html`
              <label part="option" class="option">
                <input
                  type="radio"
                  name="method"
                  .value=${method}
                  .checked=${live(this.value === method)}
                  aria-labelledby="${id}-name"
                  aria-describedby="${id}-description${marks ? ` ${id}-marks` : ''}${invalid ? ' method-error' : ''}"
                  aria-invalid=${invalid && this.value === method ? 'true' : nothing}
                  @change=${this.handleChange}
                />
                <span class="text">
                  <span part="option-name" class="name" id="${id}-name">${translate(locale, nameKey)}</span>
                  <span part="option-description" class="description" id="${id}-description">
                    ${translate(locale, descriptionKey)}
                  </span>
                  ${marks ? html`<span class="marks" id="${id}-marks">${this.cardMarks}</span>` : nothing}
                </span>
              </label>
            `;
          })}
        </div>
        ${invalid ? html`<p part="error" class="error" id="method-error">${this.error}</p>` : nothing}
      </fieldset>
    `;
  }
}
