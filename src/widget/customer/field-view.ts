/**
 * One labelled field of the buyer's forms (`<pay-customer-fields>`, `<pay-address-fields>`):
 * its input or select, its hint and its error, tied to the control with `aria-describedby`; the
 * error's line is always there, so a screen reader announces a message as it appears (as the
 * card form's are).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { MessageKey } from '../i18n/catalogue.js';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';

/** A message under a field: one of the catalogue's, or the API's own text for a field it refused. */
export type FieldMessage = { readonly key: MessageKey } | { readonly text: string };

/** How a field looks; the checks are the element's. */
export interface FieldLook {
  readonly label: MessageKey;
  readonly hint?: MessageKey;
  readonly type: 'text' | 'email' | 'tel' | 'select';
  readonly inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  readonly autocomplete: string;
  readonly maxLength?: number;
}

export interface FieldViewOptions {
  name: string;
  look: FieldLook;
  value: string;
  required: boolean;
  error: FieldMessage | undefined;
  locale: SupportedLocale;
  /** The control in place of the input: the address's selects, which only it draws. */
  control?: TemplateResult;
  /** What else goes under the field (the e-mail's suggestion, the CEP lookup's live status). */
  after?: TemplateResult;
  onInput(event: Event): void;
  onBlur(event: Event): void;
}

export function fieldView(options: FieldViewOptions): TemplateResult {
  const { name, look, value, required, error, locale } = options;
  const hintId = `field-${name}-hint`;
  const errorId = `field-${name}-error`;
  const describedBy = `${look.hint ? hintId : ''} ${error ? errorId : ''}`.trim() || nothing;
  const control =
    options.control ??
    html`
      <input
        id="field-${name}"
        name=${name}
        part="input"
        type=${look.type}
        inputmode=${look.inputMode ?? nothing}
        autocomplete=${look.autocomplete}
        maxlength=${look.maxLength ?? nothing}
        .value=${live(value)}
        aria-describedby=${describedBy}
        aria-invalid=${String(!!error)}
        aria-required=${String(required)}
        @input=${options.onInput}
        @blur=${options.onBlur}
      />
    `;
  return html`
    <div part="field field-${name}" class="field ${name}">
      <label part="label" for="field-${name}">
        ${translate(locale, look.label)}
        ${required ? nothing : html`<span class="optional">${translate(locale, 'field.optional')}</span>`}
      </label>
      ${control}
      ${look.hint ? html`<p part="hint" class="hint" id=${hintId}>${translate(locale, look.hint)}</p>` : nothing}
      <p part="error" class="error" id=${errorId} aria-live="polite">${error && ('key' in error ? translate(locale, error.key) : error.text)}</p>
      ${options.after ?? nothing}
    </div>
  `;
}
