import { css } from 'lit';

export const methodPickerStyles = css`
  :host {
    display: block;
  }

  .options {
    display: grid;
    gap: calc(var(--pay-spacing, 1rem) / 2);
  }

  .option {
    display: flex;
    align-items: flex-start;
    gap: calc(var(--pay-spacing, 1rem) * 0.75);
    min-height: 44px;
    box-sizing: border-box;
    padding: calc(var(--pay-spacing, 1rem) * 0.75);
    border: 1px solid var(--_border);
    border-radius: var(--pay-radius, 8px);
    background: var(--_bg);
    cursor: pointer;
  }

  .option:has(input:checked) {
    border-color: var(--_primary);
    box-shadow: inset 0 0 0 1px var(--_primary);
  }

  .option:has(input:focus-visible) {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125rem 0 0;
    accent-color: var(--_primary);
  }

  input:focus-visible {
    outline: none;
  }

  .text {
    display: grid;
    gap: 0.125rem;
    min-width: 0;
  }

  .name {
    font-weight: 600;
  }

  .description {
    color: var(--_muted);
    font-size: 0.875em;
  }

  /* The card's marks: the row's height is kept before they arrive. */
  .marks {
    min-height: 20px;
  }

  .brands {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
  }

  .error {
    margin: calc(var(--pay-spacing, 1rem) / 2) 0 0;
    color: var(--_error);
  }

  fieldset:disabled .option {
    cursor: not-allowed;
  }
`;
