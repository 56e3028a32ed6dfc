/**
 * The copy-and-paste field of a Pix code or a boleto line: the text in a read-only field and
 * a button that copies it. The field is as tall as its whole text (`.copy-box` below), so no
 * line shows cut in half and nothing scrolls inside it. The Clipboard API needs a secure context
 * and may be refused; then the field's text is selected, so the buyer's own "Copy" (long press,
 * Ctrl+C) takes it. Either way the outcome is said in the host's live region and shown on the button.
 */
import { css, html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { MessageKey } from '../i18n/catalogue.js';
import type { SupportedLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';

/** The copy field's look, for the views that show one: here, in their chunk, so a card buyer never fetches it. */
export const copyFieldStyles = css`
  .copy-field {
    display: grid;
    gap: 0.5rem;
    min-width: 0;
  }

  .copy-field label {
    font-weight: 600;
  }

  /*
   * The field grows to its whole text: a hidden copy of the text (::after, laid out by the same
   * rules) sits in the same grid cell and sets the height, so every line shows whole. A Pix code
   * breaks anywhere; a boleto line (.groups) only at the spaces between its groups, unless one
   * group alone is wider than the field.
   */
  .copy-box {
    display: grid;
    min-width: 0;
  }

  .copy-box::after {
    content: attr(data-text) ' ';
    visibility: hidden;
    white-space: pre-wrap;
  }

  .copy-input,
  .copy-box::after {
    grid-area: 1 / 1;
    box-sizing: border-box;
    width: 100%;
    min-width: 0;
    margin: 0;
    padding: 0.5rem 0.75rem;
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 0.9375rem;
    line-height: 1.5;
    border: 1px solid var(--_border);
    overflow-wrap: anywhere;
    word-break: break-all;
  }

  .groups > .copy-input,
  .groups::after {
    word-break: normal;
  }

  .copy-input {
    overflow: hidden;
    color: inherit;
    background: var(--_input-bg);
    border-radius: var(--pay-radius, 8px);
    resize: none;
  }

  textarea:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  @media (min-width: 30rem) {
    .copy-button {
      justify-self: start;
      width: auto;
    }
  }
`;

/** `copied`: the text is on the clipboard. `selected`: the text is selected for the buyer to copy. */
export type CopyOutcome = 'copied' | 'selected';

/** What the live region says of a copy. */
export type CopyMessage = 'copy.announce.copied' | 'copy.announce.selected';

/** How long the button says "Copied" before it reads "Copy" again. */
export const COPIED_LABEL_MS = 3000;

/** Puts `text` on the clipboard, or selects the field's text when the clipboard cannot be written. */
export async function copyText(text: string, field: HTMLTextAreaElement | HTMLInputElement | null): Promise<CopyOutcome> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    // No clipboard (not a secure context) or refused (no permission, document not focused): selecting is what is left.
  }
  if (field) {
    field.focus();
    field.select();
    // iOS Safari ignores select() on a read-only field; an explicit range works there.
    field.setSelectionRange(0, field.value.length);
  }
  return 'selected';
}

/** What a copy field shows and copies. */
export interface CopyField {
  /** The field's id, unique in the host's shadow root; the label and the button point at it. */
  id: string;
  /** The catalogue's label of the field. */
  label: MessageKey;
  /** The text shown in the field (a boleto line with its dots and spaces). */
  shown: string;
  /** The text the button copies (the boleto line's digits only). */
  text: string;
  /** Lines break only at the spaces between groups (a boleto line), not anywhere (a Pix code). */
  groups?: boolean;
  /** The catalogue's label of the button; right after a copy it reads `copy.copied`. */
  copyLabel: 'copy.copyCode' | 'copy.copyLine';
}

/** Draws a copy field for its host and copies from it, keeping the last outcome for the button's label a few seconds. */
export class CopyController implements ReactiveController {
  /** The outcome of the last copy while the button shows it. */
  outcome: CopyOutcome | undefined;

  private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode };
  private readonly announce: (message: CopyMessage) => void;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `announce` says the outcome's message in the host's live region. */
  constructor(host: ReactiveControllerHost & { readonly renderRoot: ParentNode }, announce: (message: CopyMessage) => void) {
    this.host = host;
    this.announce = announce;
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.outcome = undefined;
  }

  /** Copies `text` (selecting `field`'s text when the clipboard refuses) and says how it went. */
  async copy(text: string, field: HTMLTextAreaElement | HTMLInputElement | null): Promise<void> {
    const outcome = await copyText(text, field);
    this.outcome = outcome;
    this.announce(outcome === 'copied' ? 'copy.announce.copied' : 'copy.announce.selected');
    this.host.requestUpdate();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.outcome = undefined;
      this.host.requestUpdate();
    }, COPIED_LABEL_MS);
  }

  /** A label, the read-only field and its copy button, in `locale`. */
  render(field: CopyField, locale: SupportedLocale): TemplateResult {
    return html`
      <div part="copy-field" class="copy-field">
        <label part="copy-label" for=${field.id}>${translate(locale, field.label)}</label>
        <div class=${field.groups ? 'copy-box groups' : 'copy-box'} data-text=${field.shown}>
          <textarea
            part="copy-input"
            id=${field.id}
            class="copy-input"
            readonly
            rows="1"
            spellcheck="false"
            autocomplete="off"
            .value=${field.shown}
          ></textarea>
        </div>
        <button
          part="copy-button"
          class="primary copy-button"
          type="button"
          aria-controls=${field.id}
          @click=${() => void this.copy(field.text, this.host.renderRoot.querySelector<HTMLTextAreaElement>(`#${field.id}`))}
        >
          ${translate(locale, this.outcome === 'copied' ? 'copy.copied' : field.copyLabel)}
        </button>
      </div>
    `;
  }
}
