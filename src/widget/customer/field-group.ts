/**
 * What the buyer's forms (`<pay-customer-fields>`, `<pay-address-fields>`) share, so the
 * billing address, fetched on demand, brings only what is its own: the values and errors of
 * the fields, the mask applied as the buyer types (the caret kept after the same digits), a
 * field's error shown when the buyer leaves it and checked again as they fix it, the API's
 * messages on the fields they name, focus on the first field to fix, and each field's look.
 */
import { LitElement, type PropertyDeclarations } from 'lit';
import { caretAfterDigits, digitsOf } from '../fields/mask.js';
import { FORM_TEXTS, type CatalogueSource, type MessageKey } from '../i18n/catalogue.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale, type SupportedLocale } from '../i18n/locales.js';
import { fieldGroupStyles } from '../styles/field-group.styles.js';
import { inputStyles } from '../styles/input.styles.js';
import { widgetTextStyles } from '../styles/widget-text.styles.js';
import { customerFieldsStyles } from './customer-fields.styles.js';
import { fieldView, type FieldLook, type FieldMessage, type FieldViewOptions } from './field-view.js';

export interface FieldSpec extends FieldLook {
  /** Formats as the buyer types (digits into a mask); the caret is kept after the same digits. */
  readonly mask?: (raw: string) => string;
  /**
   * Why the value cannot be sent, an empty one included (in the field's own words). Without it,
   * any text goes and an empty value gets the plain "required" message.
   */
  readonly check?: (raw: string) => MessageKey | undefined;
}

export abstract class FieldGroup<Name extends string> extends LitElement {
  static override styles = [widgetTextStyles, fieldGroupStyles, inputStyles, customerFieldsStyles];
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  // `attribute: false` beside `state: true` is for the manifest analyzer, which otherwise lists the states as attributes.
  static override properties: PropertyDeclarations = {
    values: { state: true, attribute: false },
    errors: { state: true, attribute: false },
    locale: {},
    disabled: { type: Boolean, reflect: true },
  };

  /** Where the group's texts are: the form's part of the catalogue, unless a group needs another. */
  static texts: CatalogueSource = FORM_TEXTS;

  protected readonly localeController = new LocaleController(this, () => resolveLocale(this.locale), (this.constructor as typeof FieldGroup).texts);

  protected abstract values: Record<Name, string>;
  protected errors: Partial<Record<Name, FieldMessage>> = {};
  /** Fields the buyer typed in: their errors show on blur. */
  protected readonly edited = new Set<Name>();

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these. */
  locale = 'pt-BR';

  /** Locks the fields while a payment runs. */
  disabled = false;

  /** The fields this element draws, in order. */
  protected abstract get ownFields(): Name[];

  protected abstract specOf(name: Name): FieldSpec;

  /** Why the field's value cannot be sent, or undefined. */
  protected abstract problemOf(name: Name): MessageKey | undefined;

  /** The field of this element a request path (`customer.phone`) names, if any. */
  protected abstract fieldOfPath(path: string): Name | undefined;

  /** What follows the buyer's change of a field's value. */
  protected changed(_name: Name): void {}

  protected checkField(name: Name): void {
    const problem = this.problemOf(name);
    this.errors = { ...this.errors, [name]: problem && { key: problem } };
  }

  /** Checks every field drawn and shows each problem; true when all can be sent. */
  protected checkOwnFields(): boolean {
    for (const name of this.ownFields) this.checkField(name);
    return this.ownFields.every((name) => !this.errors[name]);
  }

  /** Moves focus to the first field drawn that shows an error; false when there is none. */
  protected focusOwnField(): boolean {
    const first = this.ownFields.find((name) => this.errors[name]);
    if (first) this.renderRoot.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return !!first;
  }

  protected handleInput(event: Event) {
    const input = event.target as HTMLInputElement;
    const name = input.name as Name;
    const { mask } = this.specOf(name);
    let value = input.value;
    if (mask) {
      const caret = input.selectionStart ?? value.length;
      const digitsBefore = digitsOf(value.slice(0, caret)).length;
      value = mask(value);
      if (value !== input.value) {
        input.value = value;
        // The mask's punctuation moves the digits; a code put in capitals keeps every letter in place.
        const position = digitsBefore ? caretAfterDigits(value, digitsBefore) : caret;
        input.setSelectionRange(position, position);
      }
    }
    this.values = { ...this.values, [name]: value };
    this.edited.add(name);
    this.changed(name);
    // Once a field shows an error, it is checked as the buyer fixes it, so the message goes as soon as it is right.
    if (this.errors[name]) this.checkField(name);
  }

  protected handleBlur(event: Event) {
    // Locking the fields blurs the focused one while drawing: that is no buyer leaving it.
    if (this.disabled) return;
    const name = (event.target as HTMLInputElement).name as Name;
    if (this.edited.has(name)) this.checkField(name);
  }

  /** Starts the fields the buyer did not type in with the values given, formatted as if typed. */
  protected prefillWith(given: object): void {
    const values = { ...this.values };
    for (const name of Object.keys(values) as Name[]) {
      const raw = (given as Partial<Record<Name, unknown>>)[name];
      if (typeof raw === 'string' && !this.edited.has(name)) values[name] = this.formatted(name, raw);
    }
    this.values = values;
  }

  protected formatted(name: Name, raw: string): string {
    return this.specOf(name).mask?.(raw) ?? raw;
  }

  /**
   * Checks every field on screen and shows each problem; moves focus to the first field to fix,
   * unless `quiet` (a group checked with others, by one that gives focus itself).
   * True when everything can be sent.
   */
  validate(quiet?: boolean): boolean {
    const valid = this.checkOwnFields();
    if (!(valid || quiet)) void this.focusFirstInvalid();
    return valid;
  }

  /** Moves focus to the first field showing an error, once it is drawn. */
  async focusFirstInvalid(): Promise<void> {
    await this.updateComplete;
    this.focusOwnField();
  }

  /**
   * Shows the API's messages on the fields they name (`customer.phone`, `address.zipcode`) and
   * answers the paths it placed; the others are the caller's to show.
   */
  showServerErrors(fields: Readonly<Record<string, readonly string[]>>): string[] {
    const placed: string[] = [];
    const errors = { ...this.errors };
    for (const [path, messages] of Object.entries(fields)) {
      const name = this.fieldOfPath(path);
      if (!name || !this.ownFields.includes(name) || !messages.length) continue;
      errors[name] = { text: messages.join(' ') };
      placed.push(path);
    }
    this.errors = errors;
    return placed;
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  /** One field, its value, error and handlers this element's; `more` its choices, live status or what follows it. */
  protected renderField(name: Name, locale: SupportedLocale, required: boolean, more?: Partial<FieldViewOptions>) {
    return fieldView({
      name,
      look: this.specOf(name),
      value: this.values[name],
      required,
      error: this.errors[name],
      locale,
      // Lit calls the handlers with this element as `this`.
      onInput: this.handleInput,
      onBlur: this.handleBlur,
      ...more,
    });
  }
}
