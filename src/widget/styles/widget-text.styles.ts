import { css } from 'lit';

/**
 * The text every element of the widget starts from: the theme's colour and font
 * (docs/widget.md, "Theming"), with the same defaults everywhere. An element's own
 * stylesheet comes after it and sets the rest of its `:host`.
 *
 * The colours every stylesheet reads are the `--_*` properties here: each one is the
 * merchant's `--pay-color-*` when set (on the element or any ancestor), else the widget's
 * default, light or, when the buyer's system asks for it, dark. The dark defaults are
 * docs/widget.md's dark theme (every text pair at least 4.5:1, borders 3:1).
 */
export const widgetTextStyles = css`
  :host {
    --_primary: var(--pay-color-primary, #0b57d0);
    --_on-primary: var(--pay-color-on-primary, #fff);
    --_text: var(--pay-color-text, #1b1b1f);
    --_muted: var(--pay-color-muted, #45464f);
    --_bg: var(--pay-color-background, #fff);
    --_border: var(--pay-color-border, #6b6b70);
    --_error: var(--pay-color-error, #b3261e);
    --_backdrop: var(--pay-color-backdrop, rgb(0 0 0 / 0.6));
    --_input-bg: var(--pay-color-input-background, var(--_bg));
    --_focus: var(--pay-color-focus, var(--_primary));
    color: var(--_text);
    font-family: var(--pay-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }

  /* An element's own display would otherwise win over the browser's [hidden]. */
  :host([hidden]) {
    display: none !important;
  }

  /* Read by screen readers, not shown (the live regions). */
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }

  @media (prefers-color-scheme: dark) {
    :host {
      --_primary: var(--pay-color-primary, #a8c7fa);
      --_on-primary: var(--pay-color-on-primary, #062e6f);
      --_text: var(--pay-color-text, #e3e2e6);
      --_muted: var(--pay-color-muted, #c4c6d0);
      --_bg: var(--pay-color-background, #1b1b1f);
      --_border: var(--pay-color-border, #8e9099);
      --_error: var(--pay-color-error, #ffb4ab);
      --_backdrop: var(--pay-color-backdrop, rgb(0 0 0 / 0.75));
    }
  }
`;
