import { LitElement, html, nothing } from 'lit';
import { LocaleController } from '../i18n/locale-controller.js';
import { resolveLocale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import { PayThreeDSecureCancelEvent } from '../events/three-d-secure-cancel-event.js';
import { challengePageUrl } from './challenge-page.js';
import { threeDSecureDialogStyles } from './three-d-secure-dialog.styles.js';
import { buttonStyles } from '../styles/button.styles.js';
import { widgetTextStyles } from '../styles/widget-text.styles.js';

/**
 * @summary A modal dialog showing the card issuer's 3-D Secure challenge page.
 *
 * A native modal `<dialog>`: the rest of the page is inert while it is open, so focus stays
 * inside; Escape closes it. It opens with focus on its heading (which names the dialog; the
 * explanation describes it), so a screen reader starts at the top and the first Tab goes
 * into the bank's page. Its button is the one cancel: keys pressed in the bank's page stay in
 * that page, which reports a cancel of its own (the sandbox's does on Escape) to the provider.
 *
 * @event pay-3ds-cancel - `PayThreeDSecureCancelEvent`: the buyer closed the dialog (cancel button, Escape). No `detail`.
 *
 * @csspart dialog - The `<dialog>` element.
 * @csspart title - The heading.
 * @csspart description - The explanation under the heading.
 * @csspart frame - The iframe with the issuer's challenge page.
 * @csspart cancel-button - The button that cancels the verification.
 *
 * @cssprop --pay-color-text - Text colour.
 * @cssprop --pay-color-background - Background of the dialog.
 * @cssprop --pay-color-primary - Colour of the cancel button's text and border.
 * @cssprop --pay-color-focus - Focus ring.
 * @cssprop --pay-color-border - Border around the challenge frame.
 * @cssprop --pay-color-backdrop - What covers the page behind the dialog.
 * @cssprop --pay-radius - Corner radius.
 * @cssprop --pay-font-family - Font of the dialog.
 * @cssprop --pay-spacing - Base spacing.
 */
export class PayThreeDSecureDialog extends LitElement {
  static override styles = [widgetTextStyles, buttonStyles, threeDSecureDialogStyles];
  // Declared here rather than with decorators, so the script-tag build carries no decorator runtime.
  static override properties = { challengeUrl: { attribute: 'challenge-url' }, locale: {} };

  private readonly localeController = new LocaleController(this, () => resolveLocale(this.locale));

  private get dialog(): HTMLDialogElement | null | undefined {
    return this.renderRoot?.querySelector('dialog');
  }

  /** Whether the dialog is being closed by `close()`, which is not the buyer canceling. */
  private closingOnRequest = false;

  /** Absolute `http(s)` URL of the issuer's challenge page; any other URL shows no frame. */
  challengeUrl = '';

  /** `pt-BR` (default), `es` or `en`; other tags fall back to the closest of these. */
  locale = 'pt-BR';

  /** Whether the dialog is on screen. */
  get open(): boolean {
    return this.dialog?.open ?? false;
  }

  private handleCancelClick(): void {
    this.dialog?.close();
  }

  // Every way the buyer can close the modal ends in `close`: the button, and Escape, whose
  // `cancel` event browsers may skip (so a page cannot trap the buyer) but whose close they do not.
  private handleClose(): void {
    if (this.closingOnRequest) return;
    this.dispatchEvent(new PayThreeDSecureCancelEvent());
  }

  /** Opens the dialog as a modal once rendered; does nothing if the element left the page meanwhile. */
  async show(): Promise<void> {
    await this.updateComplete;
    const { dialog } = this;
    if (!this.isConnected || !dialog || dialog.open) return;
    this.closingOnRequest = false;
    dialog.showModal();
  }

  /** Closes the dialog without reporting a cancel (the challenge ended, or the caller gave up). */
  close(): void {
    const { dialog } = this;
    if (!dialog?.open) return;
    this.closingOnRequest = true;
    dialog.close();
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.localeController.updateComplete(() => super.getUpdateComplete());
  }

  override render() {
    if (!this.localeController.ready) return nothing;
    const locale = this.localeController.locale;
    const source = challengePageUrl(this.challengeUrl)?.href;
    // The frame may run the issuer's script and post its form, as its own origin (so its
    // `postMessage` carries that origin), and nothing else: no popups, no navigation of the
    // shop's page. The frame is always of another origin than the shop, so keeping its origin
    // does not let it reach the shop's page.
    return html`
      <dialog
        part="dialog"
        lang=${locale}
        aria-labelledby="title"
        aria-describedby="description"
        @close=${this.handleClose}
      >
        <h2 id="title" part="title" tabindex="-1" autofocus>${translate(locale, 'threeDs.dialog.title')}</h2>
        <p id="description" part="description">${translate(locale, 'threeDs.dialog.description')}</p>
        ${source === undefined
          ? nothing
          : html`<iframe
              part="frame"
              src=${source}
              title=${translate(locale, 'threeDs.dialog.frameTitle')}
              sandbox="allow-scripts allow-forms allow-same-origin"
            ></iframe>`}
        <button class="secondary" type="button" part="cancel-button" @click=${this.handleCancelClick}>${translate(locale, 'threeDs.dialog.cancel')}</button>
      </dialog>
    `;
  }
}
