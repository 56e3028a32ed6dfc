import { css } from 'lit';

/**
 * Mobile first: one column, inputs the full width, expiry and CVV side by side (they fit at
 * 320px). 44px targets (WCAG 2.2, 2.5.8 asks 24; 44 is the comfortable size for thumbs), 16px
 * text so phones do not zoom on focus, a 3px focus ring, and default colours with at least
 * 4.5:1 contrast for text and 3:1 for borders on white.
 */
export const cardFieldsStyles = css`
  :host {
    display: block;
  }

  :host([hidden]) {
    display: none;
  }

  .fields {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--pay-spacing, 1rem);
  }

  .pair {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: var(--pay-spacing, 1rem);
  }

  .field {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    min-width: 0;
  }

  label {
    font-weight: 600;
    font-size: 1rem;
    line-height: 1.4;
  }

  .hint,
  .brand,
  .error {
    margin: 0;
    font-size: 0.875rem;
    line-height: 1.4;
  }

  .hint {
    color: var(--pay-color-muted, #57606a);
  }

  .brand {
    font-weight: 600;
  }

  .error {
    color: var(--pay-color-error, #b3261e);
  }

  input,
  select {
    box-sizing: border-box;
    width: 100%;
    min-width: 0;
    min-height: 44px;
    margin: 0;
    padding: 0.5rem 0.75rem;
    font: inherit;
    font-size: 1rem;
    color: inherit;
    background: var(--pay-color-input-background, #ffffff);
    border: 1px solid var(--pay-color-border, #6e7781);
    border-radius: var(--pay-radius, 0.5rem);
  }

  input[inputmode='numeric'] {
    font-variant-numeric: tabular-nums;
  }

  input:focus-visible,
  select:focus-visible {
    outline: 3px solid var(--pay-color-focus, #0969da);
    outline-offset: 2px;
  }

  input[aria-invalid='true'] {
    border: 2px solid var(--pay-color-error, #b3261e);
  }

  input:disabled,
  select:disabled {
    cursor: not-allowed;
    opacity: 0.7;
  }
`;
