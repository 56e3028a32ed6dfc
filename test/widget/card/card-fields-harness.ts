// Shared by the <pay-card-fields> browser tests: reading the element the way a buyer sees it.
import { sendKeys } from '@web/test-runner-commands';
import type { PayCardFields } from '../../../src/widget/card/card-fields.component.js';
import type { CardField } from '../../../src/widget/card/card-field.js';

export function inputOf(el: PayCardFields, field: CardField): HTMLInputElement {
  const input = el.shadowRoot?.querySelector<HTMLInputElement>(`#card-${field}`);
  if (!input) throw new Error(`no input for ${field}`);
  return input;
}

/** The visible text of an element of the shadow root, spaces made plain. */
export function textOf(el: PayCardFields, selector: string): string {
  return (el.shadowRoot?.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function errorText(el: PayCardFields, field: CardField): string {
  return textOf(el, `#card-${field}-error`);
}

/** The texts an input's `aria-describedby` points at, in order. */
export function descriptionOf(el: PayCardFields, field: CardField): string[] {
  const ids = (inputOf(el, field).getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => textOf(el, `#${id}`));
}

/** Focuses the field and types on the keyboard, as a buyer does. */
export async function typeInto(el: PayCardFields, field: CardField, text: string): Promise<void> {
  inputOf(el, field).focus();
  await sendKeys({ type: text });
  await el.updateComplete;
}

export async function press(el: PayCardFields, key: string): Promise<void> {
  await sendKeys({ press: key });
  await el.updateComplete;
}

/** The id of the element focused inside the component. */
export function focusedId(el: PayCardFields): string | undefined {
  return el.shadowRoot?.activeElement?.id;
}

/** Two digits of a year a few years ahead, so the expiry stays valid whenever the tests run. */
export const FUTURE_YY = String((new Date().getFullYear() + 4) % 100).padStart(2, '0');
export const FUTURE_YYYY = String(new Date().getFullYear() + 4);
