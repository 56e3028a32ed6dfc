import { css } from 'lit';

/**
 * The text every element of the widget starts from: the theme's colour and font
 * (docs/widget.md, "Theming"), with the same defaults everywhere. An element's own
 * stylesheet comes after it and sets the rest of its `:host`.
 */
export const widgetTextStyles = css`
  :host {
    color: var(--pay-color-text, #1b1b1f);
    font-family: var(--pay-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  }
`;
