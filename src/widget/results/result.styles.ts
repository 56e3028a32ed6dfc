import { css } from 'lit';

/** The look the three result views share: title, text, buttons, the copy field, the live region. */
export const resultStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    min-width: 0;
    line-height: 1.5;
  }

  :host([hidden]) {
    display: none;
  }

  .base {
    display: grid;
    gap: var(--pay-spacing, 1rem);
    min-width: 0;
  }

  .title {
    margin: 0;
    font-size: 1.25rem;
    line-height: 1.3;
  }

  .title:focus {
    outline: none;
  }

  p,
  ol {
    margin: 0;
  }

  .muted {
    color: var(--_muted);
  }

  .amount {
    font-size: 1.125rem;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }

  .actions {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
  }

  button {
    box-sizing: border-box;
    width: 100%;
    min-height: 44px;
    padding: 0.625rem 1.25rem;
    font: inherit;
    font-weight: 600;
    border: 2px solid var(--_primary);
    border-radius: var(--pay-radius, 8px);
    cursor: pointer;
  }

  /* The title is listed here, after .title:focus, so that its ring wins over that rule. */
  .title:focus-visible,
  button:focus-visible,
  a:focus-visible,
  textarea:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  .primary {
    color: var(--_on-primary);
    background: var(--_primary);
  }

  .secondary {
    color: var(--_primary);
    background: var(--_bg);
  }

  .copy-field {
    display: grid;
    gap: 0.5rem;
    min-width: 0;
  }

  .copy-field label {
    font-weight: 600;
  }

  .copy-input {
    box-sizing: border-box;
    width: 100%;
    min-width: 0;
    padding: 0.5rem 0.75rem;
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 0.9375rem;
    color: inherit;
    background: var(--_input-bg);
    border: 1px solid var(--_border);
    border-radius: var(--pay-radius, 8px);
    resize: none;
    overflow-wrap: anywhere;
    word-break: break-all;
  }

  .reference {
    overflow-wrap: anywhere;
  }

  @media (min-width: 30rem) {
    .actions button,
    .copy-button {
      justify-self: start;
      width: auto;
    }
  }
`;
